/**
 * "The canvas has taken the title over", as tests read it: the one place that knows
 * the flag (`#hero-title`'s `data-mode`, written by src/home/Hero.tsx from the store).
 * The functions given to a page are serialised into it: keep them self-contained.
 */
import type { Page } from 'playwright-core';

/** Runs in the page: whether the canvas shows the title now. */
export const canvasTookOver = (): boolean =>
  document.getElementById('hero-title')?.dataset.mode === 'canvas';

/**
 * Waits until the canvas shows the title. That is also a drawn frame: the canvas is `ready` only
 * once its first frame with the text is on screen (docs/canvas.md).
 */
export async function waitForCanvas(
  page: Pick<Page, 'waitForFunction'>,
  { timeout = 30_000 }: { timeout?: number } = {},
): Promise<void> {
  await page.waitForFunction(canvasTookOver, null, { timeout });
}

/** Runs in the page: calls `noted(ms)` once, when `tookOver()` first holds (watched from the start). */
function watchTakeover(tookOver: () => boolean, noted: (ms: number) => void) {
  let done = false;
  // No named function inside: a bundler's name helper would not exist in the page.
  new MutationObserver(() => {
    if (done || !tookOver()) return;
    done = true;
    noted(performance.now());
  }).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['data-mode'],
  });
}

/**
 * Notes in `window[key]` (performance.now()) when the canvas took over, from before the page's
 * scripts run: for tests that need the moment, not just the wait.
 */
export async function noteCanvasTakeover(
  page: Pick<Page, 'addInitScript'>,
  key = '__canvasAt',
): Promise<void> {
  const noted = `(ms) => { window[${JSON.stringify(key)}] = ms; }`;
  await page.addInitScript({ content: `(${watchTakeover})(${canvasTookOver}, ${noted});` });
}
