/** The light's part of the motion model, which the first-paint script shares with the app. */

/** The light's radius in ems of the title's font size (CSS: --light-r, written by the build). */
export const LIGHT_RADIUS_EM = 1.3;

/** Intro sweep: 2 px per ms on windows wider than 1024 px, otherwise 1 px per ms. */
const SWEEP_WIDE_BREAKPOINT = 1024;
const SWEEP_STEP_WIDE = 2;
const SWEEP_STEP_NARROW = 1;

/** How long the light takes back from the sweep's end to its resting place (CSS `ease-out`). */
export const SWEEP_RETURN_MS = 600;

/**
 * How long the title's animations (the sweep, the handover's fade) hold their last value. When a
 * Web Animation ends by itself, Chromium runs its timeline every frame for its last ~40 ms, which
 * costs the page about four main-thread frames. A timer ends the animation instead, once its
 * motion is done: one frame, for the style it writes.
 */
export const ANIMATION_HOLD_MS = 1000;

/** Sweep speed in px per ms for a window of this width. */
export function sweepStep(windowWidth: number): number {
  return windowWidth > SWEEP_WIDE_BREAKPOINT ? SWEEP_STEP_WIDE : SWEEP_STEP_NARROW;
}

/** The light's radius in px: the sweep starts and ends this far beyond the heading. */
export function lightRadius(fontPx: number): number {
  return fontPx * LIGHT_RADIUS_EM;
}

/** The intro sweep's path in px (from, to) and its length in ms, entering and leaving dark. */
export function sweepPath(
  centerX: number,
  widthPx: number,
  fontPx: number,
  windowWidth: number,
): [from: number, to: number, ms: number] {
  const reach = widthPx / 2 + lightRadius(fontPx);
  return [centerX - reach, centerX + reach, (2 * reach) / sweepStep(windowWidth)];
}

/** Where the light rests when nothing leads it: over the title, a third of the way in. */
export function restX(centerX: number, widthPx: number): number {
  return centerX - widthPx / 6;
}

/** As the page scrolls the light sinks from above the title to below it and dims a little. */

export function lightScrollOffset(p: number, fontPx: number): { dy: number; intensity: number } {
  return { dy: (-0.35 + 0.7 * p) * fontPx, intensity: 1 - 0.3 * p };
}
