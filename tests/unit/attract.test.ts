import { describe, expect, it } from 'vitest';
import {
  ATTRACT_AFTER_MS,
  attractPosition,
  idleState,
  msToNextIdleThreshold,
  RETURN_TO_TOP_AFTER_MS,
} from '../../src/title/model/attract';
import { titleLayout } from '../../src/title/model/model';

/** A name 10.5 em wide, on one line: the model's numbers below are for it. */
const NAME_EM = 10.5;

/** One lap of the attract loop, and when the cursor hides (docs/requirements.md). */
const ATTRACT_PERIOD_MS = 9_000;
const CURSOR_HIDE_AFTER_MS = 3_000;

const layout = titleLayout(0, { width: 1440, height: 900 }, NAME_EM, [NAME_EM]);
const left = layout.centerX - layout.widthPx / 2;
const right = layout.centerX + layout.widthPx / 2;

describe('idle thresholds', () => {
  it('are 20 s for the attract loop and 60 s for the way back to the top', () => {
    expect(ATTRACT_AFTER_MS).toBe(20_000);
    expect(RETURN_TO_TOP_AFTER_MS).toBe(60_000);
  });

  it('after 19.999 s nothing but the cursor has changed', () => {
    expect(idleState(19_999)).toEqual({ attract: false, returnToTop: false, cursorHidden: true });
  });

  it('at 20 s the attract loop plays, at 60 s the page goes back to the top', () => {
    expect(idleState(20_000)).toEqual({ attract: true, returnToTop: false, cursorHidden: true });
    expect(idleState(60_000)).toEqual({ attract: true, returnToTop: true, cursorHidden: true });
  });

  it('right after an input (or a clock that went back) nothing is idle', () => {
    expect(idleState(0)).toEqual({ attract: false, returnToTop: false, cursorHidden: false });
    expect(idleState(-500)).toEqual({ attract: false, returnToTop: false, cursorHidden: false });
  });

  it('the cursor hides after 3 s of stillness', () => {
    expect(idleState(CURSOR_HIDE_AFTER_MS - 1).cursorHidden).toBe(false);
    expect(idleState(CURSOR_HIDE_AFTER_MS).cursorHidden).toBe(true);
  });

  it('says when the next threshold comes, and nothing after the last', () => {
    expect(msToNextIdleThreshold(0)).toBe(CURSOR_HIDE_AFTER_MS);
    expect(msToNextIdleThreshold(5_000)).toBe(15_000);
    expect(msToNextIdleThreshold(20_000)).toBe(40_000);
    expect(msToNextIdleThreshold(60_000)).toBeNull();
  });
});

describe('attract loop', () => {
  it('starts at the title centre', () => {
    const p = attractPosition(0, layout);
    expect(p.x).toBeCloseTo(layout.centerX, 6);
    expect(p.y).toBeCloseTo(layout.centerY, 6);
  });

  it('comes back to where it started after one period, and repeats', () => {
    for (const t of [0, 1234, 4567]) {
      const a = attractPosition(t, layout);
      const b = attractPosition(t + ATTRACT_PERIOD_MS, layout);
      expect(b.x).toBeCloseTo(a.x, 6);
      expect(b.y).toBeCloseTo(a.y, 6);
    }
  });

  it('reaches across nearly the whole title, staying over it', () => {
    const xs = Array.from(
      { length: 360 },
      (_, i) => attractPosition((i / 360) * ATTRACT_PERIOD_MS, layout).x,
    );
    expect(Math.min(...xs)).toBeLessThan(left + layout.widthPx * 0.1);
    expect(Math.max(...xs)).toBeGreaterThan(right - layout.widthPx * 0.1);
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(left);
    expect(Math.max(...xs)).toBeLessThanOrEqual(right);
  });

  it('rises and dips within the letters’ height', () => {
    const ys = Array.from(
      { length: 360 },
      (_, i) => attractPosition((i / 360) * ATTRACT_PERIOD_MS, layout).y,
    );
    expect(Math.max(...ys) - Math.min(...ys)).toBeGreaterThan(layout.fontPx * 0.4);
    for (const y of ys) expect(Math.abs(y - layout.centerY)).toBeLessThanOrEqual(layout.fontPx / 2);
  });

  it('moves smoothly: no step between 60 fps frames is bigger than the title is wide / 40', () => {
    let prev = attractPosition(0, layout);
    for (let t = 16; t < ATTRACT_PERIOD_MS * 2; t += 16) {
      const p = attractPosition(t, layout);
      expect(Math.hypot(p.x - prev.x, p.y - prev.y)).toBeLessThan(layout.widthPx / 40);
      prev = p;
    }
  });

  it('follows the title when it shrinks and pins on scroll', () => {
    const pinned = titleLayout(1, { width: 1440, height: 900 }, NAME_EM, [NAME_EM]);
    const p = attractPosition(ATTRACT_PERIOD_MS / 4, pinned);
    expect(p.x).toBeCloseTo(pinned.centerX + 0.92 * (pinned.widthPx / 2), 6);
    expect(p.y).toBeCloseTo(pinned.centerY, 6);
  });

  it('holds still at the start for a negative time', () => {
    expect(attractPosition(-1000, layout)).toEqual(attractPosition(0, layout));
  });
});
