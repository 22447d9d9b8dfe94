/**
 * The intro sweep's speed and the light's size and place: the part of the motion model (model.ts,
 * which re-exports it) that the page's first script needs for the sweep from the first paint.
 */

/** Intro sweep: 2 px per ms on windows wider than 1024 px, otherwise 1 px per ms. */
export const SWEEP_WIDE_BREAKPOINT = 1024;
export const SWEEP_STEP_WIDE = 2;
export const SWEEP_STEP_NARROW = 1;

/** Sweep speed in px per ms for a window of this width. */
export function sweepStep(windowWidth: number): number {
  return windowWidth > SWEEP_WIDE_BREAKPOINT ? SWEEP_STEP_WIDE : SWEEP_STEP_NARROW;
}

/** How far beyond the heading the light starts and ends: its own radius, so it enters and leaves dark. */
export function lightRadius(fontPx: number): number {
  return fontPx * 1.3;
}

/**
 * The light's answer to scroll: as the page scrolls it sinks from above the title's centre to
 * below it and dims a little, so the lettering reads as lit from a lamp the page moves past.
 */
export function lightScrollOffset(p: number, fontPx: number): { dy: number; intensity: number } {
  return { dy: (-0.35 + 0.7 * p) * fontPx, intensity: 1 - 0.3 * p };
}
