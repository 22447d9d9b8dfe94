import { median } from '../../shared/stats';

/** The median frame time above which the ratio goes down, and below which it goes up again. */
const SLOW_FRAME_MS = 25;
const FAST_FRAME_MS = 18;
const TARGET_FRAME_MS = 1000 / 60;
const DPR_WINDOW = 20;
const DPR_MIN_FRAMES = 5;
const DPR_VERDICT_MS = 1000;
/** Frames to skip after a change: the resize itself costs a frame or two. */
const DPR_SETTLE_FRAMES = 4;
/** Raising divides by this; lowering multiplies by this or less, as a frame's cost goes by dpr². */
const DPR_STEP = 0.75;
const DPR_BIGGEST_CUT = 0.5;
/** Never coarser than this (a 4K canvas at 0.5 is still 1920 px across). */
const DPR_MIN = 0.5;
/** After this many changes of direction it stops climbing back: it settles instead of flickering. */
const DPR_MAX_FLIPS = 3;
/** A cut that does not bring the frame time under this share is undone for good: the CPU limits. */
const DPR_MIN_GAIN = 0.85;
/** Longer gaps are not frames (a hidden tab); a 4K canvas in software GL takes 500 ms a frame. */
const MAX_SAMPLE_MS = 5000;

export interface DprMonitor {
  readonly dpr: number;
  /** The most the screen wants (its own ratio, capped at 2 as the canvas is). */
  readonly max: number;
  readonly samples: readonly number[];
  readonly settle: number;
  readonly flips: number;
  readonly lastDirection: -1 | 0 | 1;
  /** Never lower than this: DPR_MIN, or the ratio a useless cut was undone to. */
  readonly floor: number;
  readonly cutFrom: { readonly dpr: number; readonly typical: number } | null;
}

export function createDprMonitor(deviceRatio: number): DprMonitor {
  const max = Math.min(2, Math.max(1, deviceRatio || 1));
  return {
    dpr: max,
    max,
    samples: [],
    settle: 0,
    flips: 0,
    lastDirection: 0,
    floor: DPR_MIN,
    cutFrom: null,
  };
}

const round = (v: number) => Math.round(v * 1000) / 1000;

/** Feeds one frame interval (ms between two frames drawn back to back); returns the new state. */
export function recordFrame(m: DprMonitor, intervalMs: number): DprMonitor {
  if (!(intervalMs > 0) || intervalMs > MAX_SAMPLE_MS) return m;
  if (m.settle > 0) return { ...m, settle: m.settle - 1 };
  const samples = [...m.samples, intervalMs];
  const total = samples.reduce((a, b) => a + b, 0);
  const enough =
    samples.length >= DPR_WINDOW || (samples.length >= DPR_MIN_FRAMES && total >= DPR_VERDICT_MS);
  if (!enough) return { ...m, samples };
  const typical = median(samples);
  if (m.cutFrom && typical > m.cutFrom.typical * DPR_MIN_GAIN) {
    const back = m.cutFrom.dpr;
    return {
      ...m,
      dpr: back,
      floor: back,
      samples: [],
      settle: DPR_SETTLE_FRAMES,
      cutFrom: null,
      lastDirection: 1,
    };
  }
  let direction: -1 | 0 | 1 = 0;
  let dpr = m.dpr;
  if (typical > SLOW_FRAME_MS && m.dpr > m.floor) {
    direction = -1;
    const cut = Math.min(DPR_STEP, Math.max(DPR_BIGGEST_CUT, Math.sqrt(TARGET_FRAME_MS / typical)));
    dpr = Math.max(m.floor, round(m.dpr * cut));
  } else if (typical < FAST_FRAME_MS && m.dpr < m.max && m.flips < DPR_MAX_FLIPS) {
    direction = 1;
    dpr = Math.min(m.max, round(m.dpr / DPR_STEP));
  }
  if (direction === 0) return { ...m, samples: [], cutFrom: null };
  const flipped = m.lastDirection !== 0 && m.lastDirection !== direction;
  return {
    ...m,
    dpr,
    samples: [],
    settle: DPR_SETTLE_FRAMES,
    flips: m.flips + (flipped ? 1 : 0),
    lastDirection: direction,
    cutFrom: direction === -1 ? { dpr: m.dpr, typical } : null,
  };
}
