import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The build's calendar year, used only for the prerendered footer; the client shows the visitor's year.
const buildYear = new Date().getFullYear();

export default defineConfig({
  plugins: [react()],
  define: { __BUILD_YEAR__: JSON.stringify(buildYear) },
  server: { port: 5173, strictPort: true, host: '127.0.0.1' },
  preview: { port: 4173, strictPort: true },
  // The title's canvas worker imports chunks of its own (ES module worker, allowed by worker-src 'self').
  worker: { format: 'es' },
  build: {
    outDir: process.env.DIST_DIR ?? 'dist',
    assetsInlineLimit: 0,
    // The chunk graph, for the bench (scripts/bench/bytes.ts). Under .vite/: Hosting's `ignore`
    // ("**/.*") keeps it off the site and the service worker precaches no .json.
    manifest: true,
    // The canvas chunk must never be preloaded on the first-paint path. Every browser the site
    // supports (WebGL2 era) has modulepreload, so the polyfill would only cost first-paint bytes.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps) => deps.filter((d) => !/canvas|three|troika/i.test(d)),
    },
  },
});
