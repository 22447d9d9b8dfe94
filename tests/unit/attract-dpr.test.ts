import { describe, expect, it } from 'vitest';
import {
  createDprMonitor,
  DPR_MAX_FLIPS,
  DPR_MIN,
  DPR_SETTLE_FRAMES,
  DPR_WINDOW,
  median,
  recordFrame,
  type DprMonitor,
} from '../../src/event/adaptiveDpr';

function feed(m: DprMonitor, intervalMs: number, frames: number): DprMonitor {
  for (let i = 0; i < frames; i++) m = recordFrame(m, intervalMs);
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

  it('lowers the ratio by a quarter when the median frame is slower than 40 fps', () => {
    const m = feed(createDprMonitor(2), 40, DPR_WINDOW);
    expect(m.dpr).toBe(1.5);
  });

  it('judges by the median, so a few long frames do not lower it', () => {
    let m = createDprMonitor(2);
    for (let i = 0; i < DPR_WINDOW; i++) m = recordFrame(m, i % 5 === 0 ? 120 : 16);
    expect(m.dpr).toBe(2);
  });

  it('goes on lowering while frames stay slow, but not below 0.5', () => {
    let m = createDprMonitor(1);
    for (let i = 0; i < 10; i++) m = verdict(m, 80);
    expect(m.dpr).toBe(DPR_MIN);
  });

  it('raises it again when there is room, up to the screen’s ratio', () => {
    let m = feed(createDprMonitor(2), 40, DPR_WINDOW);
    expect(m.dpr).toBe(1.5);
    m = verdict(m, 10);
    expect(m.dpr).toBe(2);
    m = verdict(m, 10);
    expect(m.dpr).toBe(2);
  });

  it('ignores pauses between frames (no animation running) and nonsense intervals', () => {
    const m = createDprMonitor(2);
    expect(feed(m, 1000, 100)).toEqual(m);
    expect(recordFrame(m, 0)).toEqual(m);
    expect(recordFrame(m, Number.NaN)).toEqual(m);
  });

  it('skips the frames right after a change', () => {
    const lowered = feed(createDprMonitor(2), 40, DPR_WINDOW);
    const after = feed(lowered, 40, DPR_SETTLE_FRAMES + DPR_WINDOW - 1);
    expect(after.dpr).toBe(1.5);
    expect(recordFrame(after, 40).dpr).toBe(1.125);
  });

  it('stops climbing back after flipping direction too often, so it settles instead of flickering', () => {
    let m = createDprMonitor(2);
    for (let i = 0; i < DPR_MAX_FLIPS + 2; i++) {
      m = verdict(m, 40);
      m = verdict(m, 10);
    }
    const settled = m.dpr;
    expect(m.flips).toBeGreaterThanOrEqual(DPR_MAX_FLIPS);
    expect(verdict(m, 10).dpr).toBe(settled);
    // Slow frames still lower it.
    expect(feed(m, 40, 2 * DPR_WINDOW).dpr).toBeLessThan(settled);
  });

  it('median of an even and an odd count', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });
});
