/**
 * The page's entry. The prerendered HTML paints on its own (its stylesheet, linked from
 * index.html, is inlined by scripts/prerender.ts, and its fonts are preloaded), so the app (React,
 * the router, hydration) is fetched once that first paint is recorded: on a slow line its download
 * never competes with the first screen, and the first screen never waits for it. The links work
 * and the text reads in the meantime, as with JavaScript off, and a button pressed before the app
 * has hydrated is held for it and pressed again once it has (see `earlyPresses`). A page with
 * nothing prerendered (the dev server) or a tab in the background (which does not paint) starts
 * the app at once.
 */
import { earlyPresses } from './earlyPresses';
import { firstContentfulPaint } from './firstPaint';
import { startEarlyLight } from './home/earlyLight';

const root = document.getElementById('root');
const early = root ? earlyPresses(root) : null;
// The title's light sweeps from the first paint on; the app takes it over (home/earlyLight.ts).
if (location.pathname === '/') startEarlyLight();

async function start() {
  try {
    const { hydrated } = await import('./main');
    await hydrated;
    early?.release();
  } catch (error) {
    early?.stop();
    throw error;
  }
}

const started =
  root?.firstElementChild && document.visibilityState === 'visible'
    ? firstContentfulPaint().then(start)
    : start();
started.catch((error: unknown) => {
  // Offline before the app was cached, or a deploy that replaced it: the page still reads.
  console.error('The app could not start; the page stays readable without it.', error);
});
