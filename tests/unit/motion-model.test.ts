import { describe, expect, it } from 'vitest';
import {
  GUESSED_SIZE,
  GUESSED_STROKE,
  scrollButtonDiameter,
  scrollProgress,
  sweepPosition,
  titleLayout,
} from '../../src/title/model/model';

/** A name 10.5 em wide, on one line: the model's numbers below are for it. */
const NAME_EM = 10.5;

describe('scroll progress', () => {
  it('is scrollY over the viewport height, clamped to 0..1', () => {
    expect(scrollProgress(0, 800)).toBe(0);
    expect(scrollProgress(400, 800)).toBe(0.5);
    expect(scrollProgress(2400, 800)).toBe(1);
    expect(scrollProgress(-50, 800)).toBe(0);
  });
});

describe('title size', () => {
  const sizeAt = (p: number) =>
    titleLayout(p, { width: 1440, height: 900 }, NAME_EM, [NAME_EM]).size;
  it('is 48 at p = 0', () => expect(sizeAt(0)).toBe(48));
  it('is about 40 at p = 0.5 (half way to the pin)', () =>
    expect(sizeAt(0.5)).toBeCloseTo(48 - 16 * (0.5 / 0.98), 10));
  it('is 32 at p = 0.98, when it pins', () => expect(sizeAt(0.98)).toBe(32));
  it('stays 32 at p = 1', () => expect(sizeAt(1)).toBe(32));
});

describe('outline width', () => {
  const desktop = { width: 1440, height: 900 };
  it('scales with the size: 6 at 48, 5 at 40, 4 at 32', () => {
    expect(titleLayout(0, desktop, NAME_EM, [NAME_EM])).toMatchObject({ size: 48, stroke: 6 });
    expect(titleLayout(0.49, desktop, NAME_EM, [NAME_EM])).toMatchObject({ size: 40, stroke: 5 });
    expect(titleLayout(0.98, desktop, NAME_EM, [NAME_EM])).toMatchObject({ size: 32, stroke: 4 });
  });
  it('never goes below 4', () => {
    for (let p = 0; p <= 1; p += 0.01) {
      expect(titleLayout(p, desktop, NAME_EM, [NAME_EM]).stroke).toBeGreaterThanOrEqual(4);
    }
  });
  it('before measurement the title is guessed at size 48 with outline 4', () => {
    const unmeasured = titleLayout(0, null, NAME_EM, [NAME_EM]);
    expect(unmeasured.size).toBe(GUESSED_SIZE);
    expect(unmeasured.stroke).toBe(GUESSED_STROKE);
    expect([GUESSED_SIZE, GUESSED_STROKE]).toEqual([48, 4]);
  });
});

describe('pinning', () => {
  const pinned = (p: number) =>
    titleLayout(p, { width: 1440, height: 900 }, NAME_EM, [NAME_EM]).pinned;
  it('is not pinned below 98 percent of scroll progress', () => {
    expect(pinned(0)).toBe(false);
    expect(pinned(0.5)).toBe(false);
    expect(pinned(0.979)).toBe(false);
  });
  it('is pinned from 98 percent on', () => {
    expect(pinned(0.98)).toBe(true);
    expect(pinned(1)).toBe(true);
  });
  it('starts centred and rises to just under the top bar', () => {
    const viewport = { width: 1440, height: 900 };
    const top = titleLayout(0, viewport, NAME_EM, [NAME_EM]);
    const half = titleLayout(0.5, viewport, NAME_EM, [NAME_EM]);
    const pinned = titleLayout(0.98, viewport, NAME_EM, [NAME_EM]);
    const after = titleLayout(1, viewport, NAME_EM, [NAME_EM]);
    expect(top.centerX).toBe(720);
    expect(top.centerY).toBeCloseTo(900 * 0.46, 6);
    expect(half.centerY).toBeLessThan(top.centerY);
    expect(half.centerY).toBeGreaterThan(pinned.centerY);
    expect(pinned.centerY - (pinned.fontPx * 1.2) / 2).toBeCloseTo(64 + 10, 6);
    expect(after.centerY).toBe(pinned.centerY);
    expect(pinned.fontPx / top.fontPx).toBeCloseTo(32 / 48, 10);
  });
  it('fills the width with margins, capped on very wide screens', () => {
    const phone = titleLayout(0, { width: 390, height: 844 }, NAME_EM, [NAME_EM]);
    expect(phone.widthPx).toBeLessThanOrEqual(390 - 2 * 16);
    expect(phone.widthPx).toBeGreaterThan(390 * 0.8);
    const huge = titleLayout(0, { width: 3840, height: 2160 }, NAME_EM, [NAME_EM]);
    expect(huge.fontPx).toBe(168);
  });
});

describe('scroll-down button', () => {
  it('is 3rem across at the top', () => expect(scrollButtonDiameter(0, 800)).toBe(3));
  it('is half as big after a quarter viewport', () =>
    expect(scrollButtonDiameter(200, 800)).toBe(1.5));
  it('is gone after half a viewport', () => {
    expect(scrollButtonDiameter(400, 800)).toBe(0);
    expect(scrollButtonDiameter(1200, 800)).toBe(0);
  });
});

describe('intro sweep', () => {
  it('moves 2 px per ms on a 1440 px window', () => {
    expect(sweepPosition(0, 1440, 100, 1300)).toEqual({ x: 100, done: false });
    expect(sweepPosition(250, 1440, 100, 1300)).toEqual({ x: 600, done: false });
    expect(sweepPosition(600, 1440, 100, 1300)).toEqual({ x: 1300, done: false });
  });
  it('moves 1 px per ms on an 800 px window', () => {
    expect(sweepPosition(250, 800, 40, 760)).toEqual({ x: 290, done: false });
  });
  it('uses 1 px at exactly 1024 px and 2 px at 1025 px', () => {
    expect(sweepPosition(100, 1024, 0, 900).x).toBe(100);
    expect(sweepPosition(100, 1025, 0, 900).x).toBe(200);
  });
  it('starts left of the heading and is done once past its right edge', () => {
    expect(sweepPosition(0, 1440, 100, 1300, 50).x).toBe(50);
    expect(sweepPosition(650, 1440, 100, 1300, 50)).toEqual({ x: 1350, done: false });
    expect(sweepPosition(651, 1440, 100, 1300, 50)).toEqual({ x: 1350, done: true });
  });
  it('depends on elapsed time only, not on how many frames were drawn', () => {
    const oneStep = sweepPosition(160, 1440, 0, 2000).x;
    let x = 0;
    for (let t = 0; t <= 160; t += 16) x = sweepPosition(t, 1440, 0, 2000).x;
    expect(x).toBe(oneStep);
  });
});
