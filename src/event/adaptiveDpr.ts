/**
 * Adaptive device pixel ratio for big screens (event mode): a small frame-time monitor in the
 * spirit of drei's PerformanceMonitor, as a pure reducer so its rules are unit-tested. It only
 * learns from frames drawn back to back while the title animates (a rAF-paced stretch); a pause
 * between frames tells nothing about how fast the screen can draw.
 */

/** Lower the ratio when the median frame takes longer than this (under ~40 fps). */
export const SLOW_FRAME_MS = 25;
/** Raise it again when the median frame is faster than this (over ~55 fps). */
export const FAST_FRAME_MS = 18;
/** Frames per verdict. */
export const DPR_WINDOW = 20;
/** Frames to skip after a change: the resize itself costs a frame or two. */
export const DPR_SETTLE_FRAMES = 4;
/** Each step multiplies or divides the ratio by this. */
export const DPR_STEP = 0.75;
/** Never coarser than this (a 4K canvas at 0.5 is still 1920 px across). */
export const DPR_MIN = 0.5;
/** After this many changes of direction it stops climbing back: it settles instead of flickering. */
export const DPR_MAX_FLIPS = 3;
/** Longer gaps between frames are pauses, not frames. */
export const MAX_SAMPLE_MS = 250;

export interface DprMonitor {
  readonly dpr: number;
  /** The most the screen wants (its own ratio, capped at 2 as the canvas is). */
  readonly max: number;
  readonly samples: readonly number[];
  readonly settle: number;
  readonly flips: number;
  readonly lastDirection: -1 | 0 | 1;
}

export function createDprMonitor(deviceRatio: number): DprMonitor {
  const max = Math.min(2, Math.max(1, deviceRatio || 1));
  return { dpr: max, max, samples: [], settle: 0, flips: 0, lastDirection: 0 };
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

const round = (v: number) => Math.round(v * 1000) / 1000;

/** Feeds one frame interval (ms between two frames drawn back to back); returns the new state. */
export function recordFrame(m: DprMonitor, intervalMs: number): DprMonitor {
  if (!(intervalMs > 0) || intervalMs > MAX_SAMPLE_MS) return m;
  if (m.settle > 0) return { ...m, settle: m.settle - 1 };
  const samples = [...m.samples, intervalMs];
  if (samples.length < DPR_WINDOW) return { ...m, samples };
  const typical = median(samples);
  let direction: -1 | 0 | 1 = 0;
  let dpr = m.dpr;
  if (typical > SLOW_FRAME_MS && m.dpr > DPR_MIN) {
    direction = -1;
    dpr = Math.max(DPR_MIN, round(m.dpr * DPR_STEP));
  } else if (typical < FAST_FRAME_MS && m.dpr < m.max && m.flips < DPR_MAX_FLIPS) {
    direction = 1;
    dpr = Math.min(m.max, round(m.dpr / DPR_STEP));
  }
  if (direction === 0) return { ...m, samples: [] };
  const flipped = m.lastDirection !== 0 && m.lastDirection !== direction;
  return {
    ...m,
    dpr,
    samples: [],
    settle: DPR_SETTLE_FRAMES,
    flips: m.flips + (flipped ? 1 : 0),
    lastDirection: direction,
  };
}
