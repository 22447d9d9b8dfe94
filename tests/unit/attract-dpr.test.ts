import { describe, expect, it } from 'vitest';
import { createDprMonitor, recordFrame, type DprMonitor } from '../../src/title/canvas/adaptiveDpr';

/** Frames in one verdict's window, and the fewest that give a verdict for a very slow frame. */
const DPR_WINDOW = 20;
const DPR_MIN_FRAMES = 5;
/** Frames skipped after a change. */
const DPR_SETTLE_FRAMES = 4;
/** The coarsest ratio. */
const DPR_MIN = 0.5;
/** Changes of direction after which the ratio stops climbing back. */
const DPR_MAX_FLIPS = 3;

function feed(m: DprMonitor, intervalMs: number, frames: number): DprMonitor {
  for (let i = 0; i < frames; i++) m = recordFrame(m, intervalMs);
  return m;
}
/** Frames whose time follows the ratio, as a fill-bound canvas's does: `base` ms at ratio 1. */
function run(m: DprMonitor, frames: number, base: number): DprMonitor {
  for (let i = 0; i < frames; i++) m = recordFrame(m, base * m.dpr * m.dpr);
  return m;
}
/** One full verdict: the frames skipped after a change, then a window. */
const verdict = (m: DprMonitor, ms: number) => feed(m, ms, DPR_SETTLE_FRAMES + DPR_WINDOW);

describe('adaptive pixel ratio (event mode)', () => {
  it('starts at the screen’s ratio, capped at 2 and never under 1', () => {
    expect(createDprMonitor(1).dpr).toBe(1);
    expect(createDprMonitor(1.5).dpr).toBe(1.5);
    expect(createDprMonitor(3).dpr).toBe(2);
    expect(createDprMonitor(0).dpr).toBe(1);
  });

  it('keeps the ratio while frames come at 60 fps', () => {
    expect(verdict(createDprMonitor(2), 16.7).dpr).toBe(2);
  });

  it('lowers the ratio by a quarter when the median frame is a little slower than 40 fps', () => {
    const m = feed(createDprMonitor(2), 27, DPR_WINDOW);
    expect(m.dpr).toBe(1.5);
  });

  it('lowers it further in one step the slower the frames, at most by half', () => {
    // 40 ms: sqrt(16.7 / 40) = 0.645 of the ratio; 200 ms: half.
    expect(feed(createDprMonitor(2), 40, DPR_WINDOW).dpr).toBeCloseTo(1.291, 3);
    expect(feed(createDprMonitor(2), 200, DPR_MIN_FRAMES).dpr).toBe(1);
  });

  it('decides within about a second when frames are very slow (a 4K canvas in software GL)', () => {
    let m = createDprMonitor(1);
    for (let i = 0; i < DPR_MIN_FRAMES - 1; i++) m = recordFrame(m, 500);
    expect(m.dpr).toBe(1);
    m = recordFrame(m, 500);
    expect(m.dpr).toBe(DPR_MIN);
  });

  it('judges by the median, so a few long frames do not lower it', () => {
    let m = createDprMonitor(2);
    for (let i = 0; i < DPR_WINDOW; i++) m = recordFrame(m, i % 5 === 0 ? 120 : 16);
    expect(m.dpr).toBe(2);
  });

  it('goes on lowering while frames stay slow, but not below 0.5', () => {
    // 4K in software GL: 500 ms a frame at ratio 1, still 125 ms at 0.5.
    expect(run(createDprMonitor(1), 200, 500).dpr).toBe(DPR_MIN);
  });

  it('raises it again when there is room, up to the screen’s ratio', () => {
    let m = feed(createDprMonitor(2), 27, DPR_WINDOW);
    expect(m.dpr).toBe(1.5);
    m = verdict(m, 10);
    expect(m.dpr).toBe(2);
    m = verdict(m, 10);
    expect(m.dpr).toBe(2);
  });

  it('ignores pauses between frames (no animation running) and nonsense intervals', () => {
    const m = createDprMonitor(2);
    expect(feed(m, 6000, 100)).toEqual(m);
    expect(recordFrame(m, 0)).toEqual(m);
    expect(recordFrame(m, Number.NaN)).toEqual(m);
  });

  it('skips the frames right after a change', () => {
    const lowered = feed(createDprMonitor(2), 27, DPR_WINDOW);
    expect(lowered.dpr).toBe(1.5);
    const settled = feed(lowered, 1000, DPR_SETTLE_FRAMES);
    expect(settled.samples).toEqual([]);
    expect(settled.dpr).toBe(1.5);
    expect(recordFrame(settled, 27).samples).toEqual([27]);
  });

  it('stops climbing back after flipping direction too often, so it settles instead of flickering', () => {
    let m = createDprMonitor(2);
    for (let i = 0; i < DPR_MAX_FLIPS + 2; i++) {
      m = verdict(m, 27);
      m = verdict(m, 10);
    }
    const settled = m.dpr;
    expect(m.flips).toBeGreaterThanOrEqual(DPR_MAX_FLIPS);
    expect(verdict(m, 10).dpr).toBe(settled);
    // Slow frames still lower it.
    expect(feed(m, 27, 2 * DPR_WINDOW).dpr).toBeLessThan(settled);
  });

  it('undoes a cut that did not make frames faster (the CPU is the limit) and never cuts again', () => {
    let m = feed(createDprMonitor(1), 33, DPR_WINDOW);
    expect(m.dpr).toBeCloseTo(0.711, 3);
    m = verdict(m, 33);
    expect(m.dpr).toBe(1);
    m = verdict(m, 33);
    m = verdict(m, 33);
    expect(m.dpr).toBe(1);
  });

  it('keeps a cut that paid, and goes on cutting while still slow', () => {
    let m = createDprMonitor(2);
    m = feed(m, 40, DPR_WINDOW); // 2 -> 1.291
    expect(m.dpr).toBeCloseTo(1.291, 3);
    m = verdict(m, 30); // paid (30 < 0.85 x 40), still slow: cut again
    expect(m.dpr).toBeLessThan(1.291);
    expect(m.dpr).toBeGreaterThanOrEqual(DPR_MIN);
  });
});
