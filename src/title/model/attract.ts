import type { TitleLayout } from './model';

/** No pointer, touch or key for this long: the light plays the attract loop. */
export const ATTRACT_AFTER_MS = 20_000;
/** No input for this long: the page goes back to its top (once per idle stretch). */
export const RETURN_TO_TOP_AFTER_MS = 60_000;
/** The cursor hides after this much stillness: a kiosk shows no parked arrow. */
const CURSOR_HIDE_AFTER_MS = 3_000;
/** One lap of the attract loop. */
const ATTRACT_PERIOD_MS = 9_000;
/** How far the loop reaches: a share of the title's half-width, and of its font size. */
const ATTRACT_REACH_X = 0.92;
const ATTRACT_REACH_Y = 0.32;

/** Which of event mode's idle thresholds have passed. */
export interface IdleState {
  readonly attract: boolean;
  readonly returnToTop: boolean;
  readonly cursorHidden: boolean;
}

/** What idleness means after `idleMs` without input (a clock that went back counts as active). */
export function idleState(idleMs: number): IdleState {
  return {
    attract: idleMs >= ATTRACT_AFTER_MS,
    returnToTop: idleMs >= RETURN_TO_TOP_AFTER_MS,
    cursorHidden: idleMs >= CURSOR_HIDE_AFTER_MS,
  };
}

/** The next idle threshold after `idleMs`, in ms from now, or null when all have passed. */
export function msToNextIdleThreshold(idleMs: number): number | null {
  const next = [CURSOR_HIDE_AFTER_MS, ATTRACT_AFTER_MS, RETURN_TO_TOP_AFTER_MS].find(
    (t) => t > idleMs,
  );
  return next === undefined ? null : next - Math.max(0, idleMs);
}

/** The attract loop at `tMs`: a figure of eight across the title, sines only, so it never jerks. */

export function attractPosition(tMs: number, layout: TitleLayout): { x: number; y: number } {
  const phase = (2 * Math.PI * Math.max(0, tMs)) / ATTRACT_PERIOD_MS;
  const halfWidth = layout.widthPx / 2;
  return {
    x: layout.centerX + ATTRACT_REACH_X * halfWidth * Math.sin(phase),
    // Twice the frequency across: the two loops of the eight, one over each half of the name.
    y: layout.centerY + ATTRACT_REACH_Y * layout.fontPx * Math.sin(2 * phase),
  };
}
