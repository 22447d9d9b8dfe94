/**
 * The service worker's precache manifest of a finished build, as Workbox's getManifest makes it
 * (not workbox-build: its rollup's platform packages are missing here, which breaks npm ci).
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { PrecacheEntry } from 'workbox-precaching';
import { routes } from '../../src/content/site';

export type { PrecacheEntry };

// WOFF2 only: every browser the site supports (WebGL2 era) takes it, so the .woff beside each
// (@fontsource's fallback) is never loaded; nor is a font file no stylesheet of the build names.
const PRECACHED = /\.(html|js|css|woff2|ttf|svg|png|ico|webp|webmanifest)$/;
// The social preview image is for link crawlers; the PNG icons are fetched by the browser itself
// (home screen, install, a tab without SVG favicons), online, never by a page (favicon.svg is).
// The studio's inbox (inbox.html and studio/) is never a visitor's: it is left out too.
const LEFT_OUT =
  /^(sw\.js|og-image\.[a-z]+|apple-touch-icon\.png|favicon-\d+\.png|icon-[\w-]+\.png|inbox\.html)$|^studio\/|\.map$/;
/** A hashed script name as Vite writes it, e.g. three.module-CeVBJVoU.js. */
const ASSET_SCRIPT = /[\w.-]+-[\w-]{8}\.js/g;
// No file of the build comes near it; a safeguard against a stray large file.
const MAX_FILE_BYTES = 8 * 1024 * 1024;

/**
 * Modules a browser loads only as it needs them, kept by the service worker once loaded (the files
 * a page loaded): the canvas (one of its two paths, worker or page, after the first paint) and the
 * card arrow's Lottie player (once a card comes near the viewport; ~52 KB gzip).
 */
const ON_DEMAND_SOURCES =
  /^src\/(title\/canvas\/|projects\/(LottieAnimation\.tsx|arrow\.lottie\.json)$)/;

/** A chunk of Vite's build manifest (dist/.vite/manifest.json). */
interface ViteChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  assets?: string[];
}

/**
 * The files the pages load apart from those on demand: from the entries, never into an on-demand
 * module, nor into what one imports statically (the app asks for that ahead, in idle slices).
 */
function pageFiles(manifest: Record<string, ViteChunk>): Set<string> {
  const keys = Object.keys(manifest);
  const closure = (
    seeds: string[],
    follow: (from: string, to: string, dynamic: boolean) => boolean,
  ) => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      const { imports = [], dynamicImports = [] } = manifest[key];
      for (const to of imports) if (follow(key, to, false)) visit(to);
      for (const to of dynamicImports) if (follow(key, to, true)) visit(to);
    };
    seeds.forEach(visit);
    return seen;
  };
  const onDemandStatic = closure(
    keys.filter((k) => ON_DEMAND_SOURCES.test(k)),
    (_from, _to, dynamic) => !dynamic,
  );
  const pages = closure(
    keys.filter((k) => manifest[k]!.isEntry),
    (from, to, dynamic) =>
      !ON_DEMAND_SOURCES.test(to) &&
      !(dynamic && !manifest[from]!.isEntry && onDemandStatic.has(to)),
  );
  // A script among a chunk's assets is a worker's bundle: the title worker, a canvas path of its own
  // (kept by the browsers that run it, as the files they loaded).
  return new Set(
    [...pages].flatMap((k) => [
      manifest[k]!.file,
      ...(manifest[k]!.assets ?? []).filter((a) => !a.endsWith('.js')),
    ]),
  );
}

/**
 * What every visit needs, from the build in `dir`: the pages, the app's chunks and styles (not
 * those loaded on demand: each browser keeps what it used, see src/offline/register.ts), the WOFF2
 * fonts, the SVG icon and the web manifest. Hashed files have no revision.
 */
export async function precacheManifest(
  dir: string,
): Promise<{ entries: PrecacheEntry[]; size: number; warnings: string[] }> {
  const entries: PrecacheEntry[] = [];
  const warnings: string[] = [];
  const viteManifest = join(dir, '.vite/manifest.json');
  const chunks = existsSync(viteManifest)
    ? (JSON.parse(await readFile(viteManifest, 'utf8')) as Record<string, ViteChunk>)
    : null;
  const scripts = chunks ? pageFiles(chunks) : null;
  if (chunks) await checkWorkersStandAlone(dir, chunks);
  const inlined = await inlinedStylesheets(dir);
  let size = 0;
  for (const dirent of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!dirent.isFile()) continue;
    const path = relative(dir, join(dirent.parentPath, dirent.name)).split('\\').join('/');
    if (!PRECACHED.test(path) || LEFT_OUT.test(path)) continue;
    if (scripts && path.endsWith('.js') && !scripts.has(path)) continue;
    if (inlined.has(path)) continue;
    const body = await readFile(join(dir, path));
    if (body.length > MAX_FILE_BYTES) {
      warnings.push(`${path} is ${body.length} bytes, over the precache limit: left out`);
      continue;
    }
    size += body.length;
    const revision = path.startsWith('assets/')
      ? null
      : createHash('md5').update(body).digest('hex');
    entries.push({ url: path, revision });
  }
  entries.sort((a, b) => a.url.localeCompare(b.url));
  return { entries: pagesAsRoutes(entries), size, warnings };
}

/**
 * Stylesheets every page has inline (scripts/build/firstPaintHtmlPlugin.ts): their `disabled` link is never
 * fetched, so neither is the file.
 */
async function inlinedStylesheets(dir: string): Promise<Set<string>> {
  const pages = (await readdir(dir)).filter((f) => f.endsWith('.html') && !LEFT_OUT.test(f));
  const perPage = await Promise.all(
    pages.map(async (f) => {
      const html = await readFile(join(dir, f), 'utf8');
      const links = [...html.matchAll(/<link rel="stylesheet"[^>]*>/g)].map((m) => m[0]);
      const href = (tag: string) => /href="\/([^"]+)"/.exec(tag)?.[1];
      return {
        disabled: links.filter((l) => /\sdisabled\b/.test(l)).map(href),
        enabled: links.filter((l) => !/\sdisabled\b/.test(l)).map(href),
      };
    }),
  );
  const enabled = new Set(perPage.flatMap((p) => p.enabled));
  return new Set(
    perPage
      .flatMap((p) => p.disabled)
      .filter(
        (h): h is string => !!h && !enabled.has(h) && perPage.every((p) => p.disabled.includes(h)),
      ),
  );
}

/**
 * The service worker keeps a worker's bundle because the page names it among the files it loaded;
 * a chunk the bundle imported would be named by no one, and missing offline.
 */
async function checkWorkersStandAlone(dir: string, chunks: Record<string, ViteChunk>) {
  const bundles = new Set(
    Object.values(chunks).flatMap((c) => (c.assets ?? []).filter((a) => a.endsWith('.js'))),
  );
  for (const bundle of bundles) {
    const path = join(dir, bundle);
    if (!existsSync(path)) continue;
    const own = bundle.split('/').pop();
    const named = [...new Set((await readFile(path, 'utf8')).match(ASSET_SCRIPT))].filter(
      (n) => n !== own && existsSync(join(dir, 'assets', n)),
    );
    if (named.length)
      throw new Error(`${bundle} imports ${named.join(', ')}: a worker's bundle must stand alone`);
  }
}

/** Pages are precached under the URLs they are served at (clean URLs): "/", "/terms", "/404". */
function pagesAsRoutes(entries: PrecacheEntry[]): PrecacheEntry[] {
  return entries.map((entry) => {
    let url = entry.url.replace(/^\/?/, '/');
    if (url.endsWith('.html')) url = url.replace(/(\/index)?\.html$/, '') || '/';
    return { ...entry, url };
  });
}

/** The route table's pages the manifest lacks (a build that would not work offline). */
export function missingRoutes(entries: PrecacheEntry[]): string[] {
  return Object.values(routes)
    .map((r) => r.path)
    .filter((path) => !entries.some((e) => e.url === path));
}

/** A build's id: changes whenever any precached file does. */
export function buildId(entries: PrecacheEntry[]): string {
  return createHash('sha256')
    .update(JSON.stringify(entries.map((e) => [e.url, e.revision])))
    .digest('hex')
    .slice(0, 12);
}
