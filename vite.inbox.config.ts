/**
 * The studio's inbox (`inbox.html`, `src/inbox/`), built apart from the visitors' pages: its
 * chunks go to `dist/studio/`, so no visitor's page names or shares one, and the service worker
 * never precaches them. `npm run build` runs it after the site's build.
 */
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: process.env.DIST_DIR ?? 'dist',
    // The site's build is already there.
    emptyOutDir: false,
    assetsDir: 'studio',
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    rolldownOptions: { input: 'inbox.html' },
  },
});
