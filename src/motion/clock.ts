/**
 * The animation clock: the page's own, or one that a test hands in at start and sets
 * (src/motion/testInputs.ts). Nothing else reads the time of the title's motion.
 */
export interface Clock {
  /** The time in ms, on the page's timeline (`performance.now()`'s). */
  now(): number;
  /** Calls `fn` once the clock has moved on by `ms`; returns the cancel. */
  after(ms: number, fn: () => void): () => void;
}

export function runningClock(): Clock {
  return {
    now: () => performance.now(),
    after: (ms, fn) => {
      const timer = setTimeout(fn, ms);
      return () => clearTimeout(timer);
    },
  };
}
