/**
 * Marks the chunks every page load runs with V8's explicit compile hint (Chromium 136+): such a
 * file is compiled whole on a background thread as it downloads, instead of function by function
 * on the main thread as each first runs. Other engines read a comment. The plugin adds one line at
 * the top of our output chunks and changes no code (docs/build.md).
 */
import type { Plugin, Rollup } from 'vite';

const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** What the build's plugins read of a chunk: its name and its place in the chunk graph. */
export type Chunk = Pick<Rollup.OutputChunk, 'fileName' | 'isEntry' | 'imports' | 'dynamicImports'>;

/**
 * What a page load runs after its first paint: what the entry (src/boot.ts) imports dynamically, the
 * app and React's runtime, with everything those import statically. The entry itself is small (not
 * streamed, so nothing to gain) and stays as it is.
 */
function chunksRunOnLoad(chunks: Chunk[]): Set<string> {
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const run = new Set<string>();
  const visit = (name: string) => {
    if (run.has(name) || !byName.has(name)) return;
    run.add(name);
    byName.get(name)!.imports.forEach(visit);
  };
  const entries = chunks.filter((c) => c.isEntry).map((c) => c.fileName);
  for (const entry of entries) byName.get(entry)!.dynamicImports.forEach(visit);
  entries.forEach((entry) => run.delete(entry));
  return run;
}

export function compileHintsPlugin(): Plugin {
  return {
    name: 'compile-hints',
    apply: 'build',
    // After Vite's own rewriting of the chunks that import dynamically, which would drop the line.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((o) => o.type === 'chunk');
        for (const name of chunksRunOnLoad(chunks)) {
          const chunk = bundle[name] as Rollup.OutputChunk;
          chunk.code = COMPILE_HINT + chunk.code;
          // One line more at the top: a source map's lines start one later (its file is already
          // an asset of its own by now).
          const map = bundle[`${name}.map`];
          if (map?.type !== 'asset') continue;
          const json = JSON.parse(String(map.source)) as { mappings: string };
          map.source = JSON.stringify({ ...json, mappings: `;${json.mappings}` });
        }
      },
    },
  };
}
