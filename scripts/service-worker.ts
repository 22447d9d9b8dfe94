/**
 * Builds the offline service worker into the finished build (after the prerender, so the pages
 * are the prerendered ones): src/offline/sw.ts bundled around the build's precache manifest
 * (scripts/build/precache.ts) into sw.js. Env: DIST_DIR (default dist).
 */
import { resolve } from 'node:path';
import { build } from 'esbuild';
import { buildId, missingRoutes, precacheManifest } from './build/precache';

const dist = resolve(process.env.DIST_DIR ?? 'dist');

const { entries, size, warnings } = await precacheManifest(dist);
for (const w of warnings) console.warn(`service worker: ${w}`);
const missing = missingRoutes(entries);
if (missing.length) throw new Error(`The precache has no ${missing.join(', ')}`);
const id = buildId(entries);

await build({
  entryPoints: ['src/offline/sw.ts'],
  outfile: `${dist}/sw.js`,
  bundle: true,
  format: 'iife',
  target: 'es2020',
  minify: true,
  legalComments: 'none',
  define: {
    __PRECACHE_MANIFEST__: JSON.stringify(entries),
    __BUILD_ID__: JSON.stringify(id),
    // Workbox's development logging is left out.
    'process.env.NODE_ENV': '"production"',
  },
  logLevel: 'warning',
});
console.log(
  `service worker: sw.js, build ${id}, ${entries.length} files (${(size / 1024).toFixed(0)} KiB) precached`,
);
