/**
 * What Vite's preload helper fetches beside a lazy chunk (`import()`): the chunks it imports that
 * are not loaded already, and never the canvas's (three.js, R3F), which must stay off the
 * first-paint path. Vite leaves out only the importer itself, so the app's lazy chunks asked again
 * for React's runtime, the store and the first-paint script, all loaded with the app, and for the
 * lazy chunk itself, which its `import()` fetches at once anyway: each such
 * `<link rel=modulepreload>` added to the head was a style recalculation and a frame on the page
 * (docs/pages.md, "Preloads").
 */
import type { Plugin } from 'vite';
import { chunksRunOnLoad, type Chunk } from './compileHintsPlugin.ts';

/**
 * The chunks loaded before `host`'s code runs: itself and what it imports statically; and, for a
 * chunk of the app (not the first-paint script, which starts the app), the first-paint script and
 * the app at start too.
 */
function loadedBefore(host: string, chunks: Chunk[]): Set<string> {
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const loaded = new Set<string>();
  const visit = (name: string) => {
    if (loaded.has(name)) return;
    loaded.add(name);
    byName.get(name)?.imports.forEach(visit);
  };
  visit(host);
  if (byName.get(host)?.isEntry) return loaded;
  chunks.filter((c) => c.isEntry).forEach((c) => visit(c.fileName));
  chunksRunOnLoad(chunks).forEach(visit);
  return loaded;
}

/** The chunks of the bundle being written, read by `preloadDependencies` (Vite asks after). */
let bundleChunks: Chunk[] = [];

/** `build.modulePreload.resolveDependencies`: what to preload beside `file`, imported by `hostId`. */
export function preloadDependencies(
  file: string,
  deps: string[],
  { hostId }: { hostId: string },
): string[] {
  const loaded = loadedBefore(hostId, bundleChunks);
  return deps.filter((d) => d !== file && !loaded.has(d) && !/canvas|three/i.test(d));
}

/** Hands the bundle's chunk graph to `preloadDependencies` before Vite writes the preloads. */
export function preloadPlugin(): Plugin {
  return {
    name: 'preload-graph',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        bundleChunks = Object.values(bundle).filter((o) => o.type === 'chunk');
      },
    },
  };
}
