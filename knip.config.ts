import type { KnipConfig } from 'knip';

/**
 * Unused files, exports and dependencies, and undeclared ones: `npm run lint` runs knip with this
 * (docs/layers.md). Knip finds most entry points itself, from package.json's scripts and the
 * Vite and Vitest configs; the ones below are started some other way.
 */
const config: KnipConfig = {
  workspaces: {
    '.': {
      entry: [
        // Run by hand: npx tsx scripts/make-share-image.ts.
        'scripts/make-share-image.ts',
        // Bundled by scripts/service-worker.ts with esbuild, not imported.
        'src/offline/sw.ts',
        // Built by Vite as the prerender's server bundle, which scripts/prerender.ts loads.
        'src/entry-server.tsx',
      ],
      // Spawned as a program: the X server for the browsers (tests/browser/display.ts).
      ignoreBinaries: ['Xvfb'],
      // Read as a file, node_modules/vnu-jar/build/dist/vnu.jar (tests/unit/html-checkers.test.ts).
      ignoreDependencies: [
        'vnu-jar',
        // The types of smtp-server, which functions/test/harness.ts imports. Knip credits a
        // package's types only in the workspace of the import, and functions/ declares no tests' tools.
        '@types/smtp-server',
      ],
    },
  },
  // Stylesheets import packages too (the fonts): knip reads their @import lines.
  compilers: {
    css: (text: string) => [...text.matchAll(/(?<=@)import[^;]+/g)].join('\n'),
  },
};

export default config;
