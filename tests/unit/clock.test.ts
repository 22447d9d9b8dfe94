import { afterEach, describe, expect, it } from 'vitest';
import { runningClock } from '../../src/motion/clock';
import {
  installClock,
  motionStore,
  now,
  setClockTime,
  settableClock,
} from '../../src/motion/store';

afterEach(() => {
  installClock(runningClock());
  setClockTime(motionStore.getInitialState().clockTime);
});

describe('the animation clock', () => {
  it("is the page's own until another is handed in", () => {
    const before = performance.now();
    expect(now()).toBeGreaterThanOrEqual(before);
  });

  it('shows the time it is set to, through the store', () => {
    installClock(settableClock());
    setClockTime(1234);
    expect(now()).toBe(1234);
    expect(motionStore.getState().clockTime).toBe(1234);
  });

  it('runs a timer of a set clock when a setting reaches it, once', () => {
    const clock = settableClock();
    installClock(clock);
    setClockTime(100);
    const fired: number[] = [];
    clock.after(50, () => fired.push(now()));
    setClockTime(149);
    expect(fired).toEqual([]);
    setClockTime(150);
    setClockTime(400);
    expect(fired).toEqual([150]);
  });

  it('runs no timer of a set clock that was cancelled', () => {
    const clock = settableClock();
    installClock(clock);
    const cancel = clock.after(10, () => expect.unreachable('the timer was cancelled'));
    cancel();
    setClockTime(20);
  });
});
