/** The title's light from the first paint, played by the compositor until the app takes it over. */
import { lightRadius, lightScrollOffset, restX, sweepPath } from '../model/light';
import { animateSweep, litWindows, placeLitWords } from './litWindows';
import { windowTransforms } from '../model/litWindow';

/** Lights the prerendered title and sweeps it. */
export function startEarlyLight(doc: Document = document): void {
  const win = doc.defaultView;
  const box = doc.querySelector<HTMLElement>('.hero__title-box');
  const text = box?.querySelector<HTMLElement>('.hero__title-text');
  if (!win || !box || !text || typeof box.animate !== 'function') return;

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
  // Only then: once settled, `fonts.ready` costs Chromium a layout to answer.
  if (doc.fonts?.status === 'loading')
    void doc.fonts.ready.then(() => {
      if (!('live' in box.dataset)) placeLitWords(box);
    });
  const windows = litWindows(box);
  const atRest = still ? windowTransforms(rest, y, r) : null;
  for (const w of windows) {
    w.pane.style.opacity = '1';
    if (!atRest) continue;
    w.pane.style.transform = atRest.pane;
    w.words.style.transform = atRest.words;
  }
  if (!still) animateSweep(windows, { from, to, rest, y, ms: sweepMs }, r);
}
