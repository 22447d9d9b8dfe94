/** The title's light from the first paint, played by the compositor until the app takes it over. */
import { lightRadius, lightScrollOffset, restX, sweepPath } from '../motion/light';
import { animateSweep, litWindows, placeLitWords, windowTransforms } from './litWindows';

let running: Animation[] = [];
let pane: HTMLElement | null = null;

export interface EarlyLight {
  /** On the page's clock (performance.now()). */
  readonly start: number;
  readonly x: number;
  readonly y: number;
}

/** Lights the prerendered title and sweeps it; nothing in test mode. */
export function startEarlyLight(doc: Document = document): void {
  const win = doc.defaultView;
  const box = doc.querySelector<HTMLElement>('.hero__title-box');
  const text = box?.querySelector<HTMLElement>('.hero__title-text');
  if (!win || !box || !text || typeof box.animate !== 'function') return;
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
  if (!still) running = animateSweep(windows, { from, to, rest, y, ms: sweepMs }, r);
}

/** Ends the early light where it is and says where (null: none), before the title box moves. */
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
