/** The page's one script: fetches the app after the first paint (docs/pages.md). */
import { earlyPresses } from './earlyPresses';
import { firstContentfulPaint } from './firstPaint';
import { startEarlyLight } from './title/dom/earlyLight';

const root = document.getElementById('root');
const early = root ? earlyPresses(root) : null;
// The light sweeps over the title from the first paint on; the app takes it over (title/dom/earlyLight.ts).
if (location.pathname === '/') startEarlyLight();

async function start() {
  try {
    void import('./domRuntime').catch(() => {}); // fetched beside the app; main.tsx reports a failure
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
