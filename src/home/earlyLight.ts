/**
 * The title's light from the first paint, before the app has loaded: src/boot.ts starts it on the
 * prerendered title with the Web Animations API, as transforms of the lit copies' windows, which
 * the compositor plays with no main-thread work: the intro sweep, then the way back to the light's
 * resting place (at rest at once under reduced motion), on the model's path (motion/light.ts).
 * The app's CSS light (titleLight.ts) takes it over where it is.
 */
import { lightRadius, lightScrollOffset, restX, sweepPath } from '../motion/light';
import { animateWindows, litWindows, placeLitWords, windowTransforms } from './litWindows';

/** How long the light takes back from the sweep's end to its resting place (eased out). */
const RETURN_MS = 600;

let running: Animation[] = [];
let pane: HTMLElement | null = null;

export interface EarlyLight {
  /** When the sweep started, on the page's clock (performance.now()). */
  readonly start: number;
  /** Where the light is now, in viewport px. */
  readonly x: number;
  readonly y: number;
}

/** Lights the prerendered title and sweeps it; nothing in test mode. */
export function startEarlyLight(doc: Document = document): void {
  const win = doc.defaultView;
  const box = doc.querySelector<HTMLElement>('.hero__title-box');
  const text = box?.querySelector<HTMLElement>('.hero__title-text');
  if (!win || !box || !text || typeof box.animate !== 'function') return;
  // Test mode (`?motion-test`, motion/inputs.ts, kept out of this early chunk) runs its own clock.
  if (new URLSearchParams(win.location.search).has('motion-test')) return;

  // In the box's own px (its scale is 1 before the app runs), as titleLight.ts places the light.
  const fontPx = parseFloat(win.getComputedStyle(box).fontSize);
  const boxRect = box.getBoundingClientRect();
  const textRect = text.getBoundingClientRect();
  if (!(fontPx > 0) || textRect.width <= 0) return;
  const r = lightRadius(fontPx);
  const centre = textRect.left + textRect.width / 2 - boxRect.left;
  const [from, to, sweepMs] = sweepPath(centre, textRect.width, fontPx, win.innerWidth);
  const rest = restX(centre, textRect.width);
  const y = boxRect.height / 2 + lightScrollOffset(0, fontPx).dy;
  const still = win.matchMedia('(prefers-reduced-motion: reduce)').matches;

  placeLitWords(box);
  // A web font that comes later moves the <h1>'s words: the copies follow until the app runs.
  void doc.fonts?.ready.then(() => {
    if (!('live' in box.dataset)) placeLitWords(box);
  });
  const windows = litWindows(box);
  pane = windows[0]?.pane ?? null;
  const atRest = still ? windowTransforms(rest, y, r) : null;
  for (const w of windows) {
    w.pane.style.opacity = '1';
    if (!atRest) continue;
    w.pane.style.transform = atRest.pane;
    w.words.style.transform = atRest.words;
  }
  if (!still)
    running = animateWindows(
      windows,
      [
        { x: from, y, easing: 'linear' },
        { x: to, y, offset: sweepMs / (sweepMs + RETURN_MS), easing: 'ease-out' },
        { x: rest, y },
      ],
      r,
      { duration: sweepMs + RETURN_MS, fill: 'forwards' },
    );
}

/**
 * Ends the early light for the app's light to go on from it: leaves each copy where the light is
 * now and returns when the sweep started and where the light is, or null if there was none. Call
 * it before the app moves the title box.
 */
export function takeEarlyLight(): EarlyLight | null {
  if (running.length === 0 || !pane) return null;
  const started = running[0]!.startTime;
  const rect = pane.getBoundingClientRect();
  for (const animation of running) {
    try {
      animation.commitStyles(); // the copy stays where it was drawn until the app moves it
    } catch {
      // not rendered (a hidden hero): nothing to keep
    }
    animation.cancel();
  }
  running = [];
  return {
    start: typeof started === 'number' ? started : performance.now(),
    x: rect.left + rect.width / 2,
    y: rect.top + rect.height / 2,
  };
}
