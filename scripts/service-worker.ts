/**
 * Builds the offline service worker into the finished build (after the prerender, so the routes'
 * HTML is the real, prerendered one): Workbox's precache manifest of every page, chunk, style,
 * font and icon, and src/offline/sw.ts bundled around it into sw.js.
 * Env: DIST_DIR (default dist).
 */
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { build } from 'esbuild';
import { getManifest, type ManifestTransform } from 'workbox-build';

const dist = resolve(process.env.DIST_DIR ?? 'dist');

/** Pages are precached under the URLs they are served at (clean URLs): "/", "/terms", "/404". */
export const pagesAsRoutes: ManifestTransform = (entries) => ({
  manifest: entries.map((entry) => {
    let url = entry.url.replace(/^\/?/, '/');
    if (url.endsWith('.html')) url = url.replace(/(\/index)?\.html$/, '') || '/';
    return { ...entry, url };
  }),
  warnings: [],
});

const { manifestEntries = [], size, warnings } = await getManifest({
  globDirectory: dist,
  globPatterns: ['**/*.{html,js,css,woff,woff2,ttf,svg,png,ico,webp,webmanifest}'],
  // The social preview image is for link crawlers, never shown by the site itself.
  globIgnores: ['sw.js', '**/*.map', 'og-image.*'],
  // Vite's hashed files are their own version; the rest get a revision (content hash).
  dontCacheBustURLsMatching: /^assets\//,
  // The canvas chunk (three, R3F, troika) is about 1 MB before compression.
  maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
  manifestTransforms: [pagesAsRoutes],
});
for (const w of warnings) console.warn(`service worker: ${w}`);
for (const needed of ['/', '/privacypolicy', '/terms']) {
  if (!manifestEntries.some((e) => e.url === needed)) throw new Error(`The precache has no ${needed}`);
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
console.log(`service worker: sw.js, build ${buildId}, ${manifestEntries.length} files (${(size / 1024).toFixed(0)} KiB) precached`);
