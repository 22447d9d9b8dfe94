import { afterEach, describe, expect, it } from 'vitest';
import { runningClock, type Clock } from '../../src/motion/clock';
import { installClock, now, pageClock } from '../../src/motion/store';

afterEach(() => installClock(runningClock()));

describe('the animation clock', () => {
  it("is the page's own until another is handed in", () => {
    const before = performance.now();
    expect(now()).toBeGreaterThanOrEqual(before);
  });

  it('is the one handed in, for every reader of the time', () => {
    const handed: Clock = { now: () => 1234, after: () => () => {} };
    installClock(handed);
    expect(now()).toBe(1234);
    expect(pageClock()).toBe(handed);
  });
});
