/**
 * What Vite's preload helper fetches beside each `import()` of the app
 * (`build.modulePreload.resolveDependencies`). By default it adds a `<link rel=modulepreload>` for
 * the imported chunk and every chunk it imports, and each link added to the head costs the page a
 * style recalculation. The helper links each URL once per page, so the rule reads from the file
 * names alone:
 *
 * - The first-paint script's imports (the app and React's runtime) preload all they need, the
 *   imported chunk included, so the helper knows the app's chunks as loaded from then on.
 * - Any later `import()` does not preload its own chunk, which the import fetches at once anyway.
 * - No import preloads the first-paint script, which the page loaded with a `<script>`, nor the
 *   canvas's chunks (three.js, R3F), which stay off the first paint and start.
 */
import type { ResolveModulePreloadDependenciesFn } from 'vite';

/** The first-paint script's chunk (src/boot.ts), as `entryFileNames` in vite.config.ts names it. */
export const FIRST_PAINT_SCRIPT = 'assets/boot-[hash].js';
const isFirstPaintScript = (file: string) => /^assets\/boot-[\w-]+\.js$/.test(file);
const isCanvas = (file: string) => /canvas|three/i.test(file);

export const preloadDependencies: ResolveModulePreloadDependenciesFn = (file, deps, { hostId }) =>
  deps.filter(
    (dep) =>
      !isFirstPaintScript(dep) && !isCanvas(dep) && (dep !== file || isFirstPaintScript(hostId)),
  );
