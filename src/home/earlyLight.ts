/**
 * The intro sweep from the first paint, before the app has loaded: src/boot.ts starts it on the
 * prerendered title with the Web Animations API, as transforms of the lit copies' windows, which
 * the compositor plays with no main-thread work. The app's CSS light (titleLight.ts) takes it over
 * at the same time and place, and the canvas continues it.
 */
import { lightRadius, lightScrollOffset, sweepStep } from '../motion/light';

let running: Animation[] = [];

/** Lights the prerendered title and sweeps it; nothing under reduced motion or in test mode. */
export function startEarlyLight(doc: Document = document): void {
  const win = doc.defaultView;
  const box = doc.querySelector<HTMLElement>('.hero__title-box');
  const text = box?.querySelector<HTMLElement>('.hero__title-text');
  if (!win || !box || !text || typeof box.animate !== 'function') return;
  // Test mode (`?motion-test`, motion/testMode.ts, kept out of this early chunk) runs its own clock.
  if (new URLSearchParams(win.location.search).has('motion-test')) return;
  if (win.matchMedia('(prefers-reduced-motion: reduce)').matches) return;

  // In the box's own px (its scale is 1 before the app runs), as titleLight.ts places the light.
  const fontPx = parseFloat(win.getComputedStyle(box).fontSize);
  const boxRect = box.getBoundingClientRect();
  const textRect = text.getBoundingClientRect();
  if (!(fontPx > 0) || textRect.width <= 0) return;
  const r = lightRadius(fontPx);
  const centre = textRect.left + textRect.width / 2 - boxRect.left;
  const from = centre - textRect.width / 2 - r;
  const to = centre + textRect.width / 2 + r;
  const y = boxRect.height / 2 + lightScrollOffset(0, fontPx).dy - 1.5 * r;
  const duration = (to - from) / sweepStep(win.innerWidth);
  const timing: KeyframeAnimationOptions = { duration, easing: 'linear', fill: 'forwards' };
  const at = (x: number, sign: 1 | -1) =>
    `translate(${(sign * (x - 1.5 * r)).toFixed(1)}px, ${(sign * y).toFixed(1)}px)`;

  for (const window of box.querySelectorAll<HTMLElement>('.hero__lit')) {
    const words = window.firstElementChild as HTMLElement | null;
    if (!words) continue;
    window.style.opacity = '1';
    running.push(
      window.animate([{ transform: at(from, 1) }, { transform: at(to, 1) }], timing),
      words.animate([{ transform: at(from, -1) }, { transform: at(to, -1) }], timing),
    );
  }
}

/**
 * Ends the early sweep, for the app's light to continue it; returns when it started on the
 * page's clock (performance.now()), or null if there was none.
 */
export function takeEarlyLight(): number | null {
  if (running.length === 0) return null;
  const started = running[0]!.startTime;
  for (const animation of running) animation.cancel();
  running = [];
  return typeof started === 'number' ? started : performance.now();
}
