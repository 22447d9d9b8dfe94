/**
 * Builds the offline service worker into the finished build (after the prerender, so the routes'
 * HTML is the real, prerendered one): a Workbox precache manifest of every page, chunk, style,
 * font and icon, and src/offline/sw.ts bundled around it into sw.js.
 * Env: DIST_DIR (default dist).
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { build } from 'esbuild';

const dist = resolve(process.env.DIST_DIR ?? 'dist');

export interface PrecacheEntry {
  url: string;
  /** Null for Vite's hashed files (the name is the version); a content hash for the rest. */
  revision: string | null;
}

const PRECACHED = /\.(html|js|css|woff2?|ttf|svg|png|ico|webp|webmanifest)$/;
// The social preview image is for link crawlers, never shown by the site itself.
const LEFT_OUT = /^(sw\.js|og-image\.[a-z]+)$|\.map$/;
// The canvas chunk (three, R3F, troika) is about 1 MB before compression.
const MAX_FILE_BYTES = 8 * 1024 * 1024;

/**
 * The precache manifest, as Workbox's getManifest makes it (workbox-build is not used: it pulls
 * in rollup, whose platform packages the registry here does not all carry, which breaks npm ci).
 */
export async function precacheManifest(
  dir: string,
): Promise<{ entries: PrecacheEntry[]; size: number; warnings: string[] }> {
  const entries: PrecacheEntry[] = [];
  const warnings: string[] = [];
  let size = 0;
  for (const dirent of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!dirent.isFile()) continue;
    const path = relative(dir, join(dirent.parentPath, dirent.name)).split('\\').join('/');
    if (!PRECACHED.test(path) || LEFT_OUT.test(path)) continue;
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

const { entries: manifestEntries, size, warnings } = await precacheManifest(dist);
for (const w of warnings) console.warn(`service worker: ${w}`);
for (const needed of ['/', '/privacypolicy', '/terms']) {
  if (!manifestEntries.some((e) => e.url === needed))
    throw new Error(`The precache has no ${needed}`);
}

const buildId = createHash('sha256')
  .update(JSON.stringify(manifestEntries.map((e) => [e.url, e.revision])))
  .digest('hex')
  .slice(0, 12);

await build({
  entryPoints: ['src/offline/sw.ts'],
  outfile: `${dist}/sw.js`,
  bundle: true,
  format: 'iife',
  target: 'es2020',
  minify: true,
  legalComments: 'none',
  define: {
    __PRECACHE_MANIFEST__: JSON.stringify(manifestEntries),
    __BUILD_ID__: JSON.stringify(buildId),
    // Workbox's development logging is left out.
    'process.env.NODE_ENV': '"production"',
  },
  logLevel: 'warning',
});
console.log(
  `service worker: sw.js, build ${buildId}, ${manifestEntries.length} files (${(size / 1024).toFixed(0)} KiB) precached`,
);
