import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { AUTH_EMULATOR_ROUTE, LOCAL_CALLABLE_ROUTE } from './src/contract/callable.ts';
import { titleGlyphsPlugin } from './scripts/build/titleGlyphsPlugin.ts';
import { titleCssPlugin } from './scripts/build/titleCssPlugin.ts';
import { threeShaderChunksPlugin } from './scripts/build/threeShaderChunksPlugin.ts';
import { compileHintsPlugin } from './scripts/build/compileHintsPlugin.ts';
import { firstPaintHtmlPlugin } from './scripts/build/firstPaintHtmlPlugin.ts';
import { reactRouterProduction } from './scripts/build/reactRouterProduction.ts';
import { modulePreloads } from './scripts/build/preloads.ts';
import { buildRetention } from './scripts/build/retention.ts';
import { inboxPagePlugin } from './scripts/build/inboxPage.ts';

// The build's calendar year, used only for the prerendered footer; the client shows the visitor's year.
const buildYear = new Date().getFullYear();

export default defineConfig(({ command, mode, isSsrBuild }) => {
  const preloads = modulePreloads();
  return {
    plugins: [
      // Fast Refresh's runtime reads `window`: the modules the title's worker also runs go without
      // it (the worker has no window), as the plugin's `exclude` option is meant for.
      react({
        exclude: [
          /\/node_modules\//,
          /\/src\/title\/canvas\/(titleRenderer|TitleScene|EventModeDpr)\.tsx$/,
        ],
      }),
      titleGlyphsPlugin(),
      titleCssPlugin(),
      threeShaderChunksPlugin(),
      compileHintsPlugin(),
      firstPaintHtmlPlugin(),
      preloads.plugin,
      inboxPagePlugin(),
    ],
    define: {
      __BUILD_YEAR__: JSON.stringify(buildYear),
      // The privacy policy states the retention the backend applies (src/contract/retention.ts).
      __RETENTION_DAYS__: JSON.stringify(buildRetention(mode)),
    },
    // The browser's bundle only. The prerender's server bundle leaves packages to Node, which would
    // load react-router-dom's own copy beside this one, with contexts of its own.
    resolve: { alias: command === 'build' && !isSsrBuild ? reactRouterProduction : [] },
    server: {
      port: Number(process.env.DEV_PORT || 5173),
      strictPort: true,
      host: '127.0.0.1',
      // The contact call goes to the page's own origin; the local backend (npm start) answers it.
      proxy: {
        [LOCAL_CALLABLE_ROUTE]: {
          target: `http://127.0.0.1:${process.env.BACKEND_PORT || 5001}`,
          xfwd: true,
        },
        // The inbox's sign-in, to the Auth emulator the local backend started (npm start).
        ...(process.env.FIREBASE_AUTH_EMULATOR_HOST && {
          [AUTH_EMULATOR_ROUTE]: { target: `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}` },
        }),
      },
    },
    preview: { port: 4173, strictPort: true },
    // The title's canvas worker: an ES module worker (worker-src 'self'), one bundle that imports no
    // chunk (the service worker could not keep one; scripts/build/precache.ts checks).
    worker: { format: 'es', plugins: () => [titleGlyphsPlugin(), threeShaderChunksPlugin()] },
    // Dev server: find every dependency at start, those of lazy chunks and the title's worker too
    // (firebase loads when a form field is first focused). One found later makes Vite re-bundle and
    // reload the page, which loses what the visitor was typing.
    optimizeDeps: { entries: ['index.html', 'src/**/*.{ts,tsx}'] },
    build: {
      outDir: process.env.DIST_DIR ?? 'dist',
      // Source maps beside the chunks with SOURCEMAP=true, for profiling: never in a build to deploy.
      sourcemap: process.env.SOURCEMAP === 'true',
      assetsInlineLimit: 0,
      // dist/.vite/manifest.json: the chunk graph read by the service worker's build.
      // Under .vite/, so never deployed (firebase.json ignores dotfiles) nor precached.
      manifest: true,
      // Every browser the site supports (WebGL2 era) has modulepreload, so the polyfill would only
      // cost first-paint bytes. What is preloaded: scripts/build/preloads.ts.
      modulePreload: { polyfill: false, resolveDependencies: preloads.resolveDependencies },
      // The first-paint script (src/boot.ts) under a name that says what it is.
      rolldownOptions: isSsrBuild ? {} : { output: { entryFileNames: 'assets/boot-[hash].js' } },
    },
  };
});
