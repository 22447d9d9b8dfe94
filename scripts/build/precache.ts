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
// The social preview image is for link crawlers, never shown by the site itself.
const LEFT_OUT = /^(sw\.js|og-image\.[a-z]+)$|\.map$/;
// The canvas chunk (three, R3F) is about 1 MB before compression.
const MAX_FILE_BYTES = 8 * 1024 * 1024;

/** The canvas's own modules: a browser loads one of its two paths (worker or page), after the first paint. */
const CANVAS_SOURCES = /^src\/canvas\//;

/** A chunk of Vite's build manifest (dist/.vite/manifest.json). */
export interface ViteChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  assets?: string[];
}

/**
 * The files the pages load apart from the canvas: from the entries, never into a canvas module,
 * nor into what the canvas imports statically (the app asks for that ahead, in idle slices).
 */
export function pageFiles(manifest: Record<string, ViteChunk>): Set<string> {
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
  const canvasStatic = closure(
    keys.filter((k) => CANVAS_SOURCES.test(k)),
    (_from, _to, dynamic) => !dynamic,
  );
  const pages = closure(
    keys.filter((k) => manifest[k]!.isEntry),
    (from, to, dynamic) =>
      !CANVAS_SOURCES.test(to) && !(dynamic && !manifest[from]!.isEntry && canvasStatic.has(to)),
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
 * the canvas's: each browser caches the path it used, see src/offline/register.ts), fonts, icons
 * and the web manifest. Hashed files have no revision.
 */
export async function precacheManifest(
  dir: string,
): Promise<{ entries: PrecacheEntry[]; size: number; warnings: string[] }> {
  const entries: PrecacheEntry[] = [];
  const warnings: string[] = [];
  const viteManifest = join(dir, '.vite/manifest.json');
  const scripts = existsSync(viteManifest)
    ? pageFiles(JSON.parse(await readFile(viteManifest, 'utf8')) as Record<string, ViteChunk>)
    : null;
  let size = 0;
  for (const dirent of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!dirent.isFile()) continue;
    const path = relative(dir, join(dirent.parentPath, dirent.name)).split('\\').join('/');
    if (!PRECACHED.test(path) || LEFT_OUT.test(path)) continue;
    if (scripts && path.endsWith('.js') && !scripts.has(path)) continue;
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

/** Pages are precached under the URLs they are served at (clean URLs): "/", "/terms", "/404". */
export function pagesAsRoutes(entries: PrecacheEntry[]): PrecacheEntry[] {
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
