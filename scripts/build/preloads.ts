/**
 * What Vite's preload helper fetches beside each `import()` of the app
 * (`build.modulePreload.resolveDependencies`). By default it adds a `<link rel=modulepreload>` for
 * the imported chunk and every chunk it imports, and each link added to the head costs the page a
 * style recalculation. The helper links each URL once per page, so the rule reads the bundle's
 * chunk graph, which the plugin records before Vite writes the preload tables:
 *
 * - The entry's imports (the first-paint script imports the app and React's runtime) preload all
 *   they need, the imported chunk included, so the helper knows the app's chunks as loaded from
 *   then on.
 * - Any later `import()` does not preload its own chunk, which the import fetches at once anyway.
 * - No import preloads an entry, which the page loaded with a `<script>`, nor a chunk that is
 *   itself imported dynamically elsewhere (three.js, the canvas's renderer): the code that
 *   imports it asks for it when it needs it, off the first paint and the start.
 */
import type { Plugin, ResolveModulePreloadDependenciesFn } from 'vite';
import type { Chunk } from './compileHintsPlugin.ts';

/** What the rule reads of the bundle: its entries and the chunks imported dynamically. */
interface ChunkGraph {
  entries: Set<string>;
  dynamicEntries: Set<string>;
}

function chunkGraph(chunks: (Chunk & { isDynamicEntry: boolean })[]): ChunkGraph {
  return {
    entries: new Set(chunks.filter((c) => c.isEntry).map((c) => c.fileName)),
    dynamicEntries: new Set(chunks.filter((c) => c.isDynamicEntry).map((c) => c.fileName)),
  };
}

/** The preloads of an import of `file` from `hostId`, by the rule above. */
function preloadsOf(graph: ChunkGraph, file: string, deps: string[], hostId: string): string[] {
  if (graph.entries.has(hostId)) return deps.filter((dep) => !graph.entries.has(dep));
  return deps.filter(
    (dep) => dep !== file && !graph.entries.has(dep) && !graph.dynamicEntries.has(dep),
  );
}

/** The plugin that records the chunk graph, and the rule for `modulePreload.resolveDependencies`. */
export function modulePreloads(): {
  plugin: Plugin;
  resolveDependencies: ResolveModulePreloadDependenciesFn;
} {
  let graph: ChunkGraph = { entries: new Set(), dynamicEntries: new Set() };
  return {
    plugin: {
      name: 'module-preloads',
      apply: 'build',
      // Before Vite's own generateBundle, which asks the rule for each import's preloads.
      generateBundle: {
        order: 'pre',
        handler(_options, bundle) {
          graph = chunkGraph(Object.values(bundle).filter((o) => o.type === 'chunk'));
        },
      },
    },
    resolveDependencies: (file, deps, { hostId }) => preloadsOf(graph, file, deps, hostId),
  };
}
