/**
 * The animation clock: the page's own, or one that a test hands in at start and sets
 * (src/motion/testInputs.ts). Nothing else reads the time of the title's motion.
 */
export interface Clock {
  /** The time in ms, on the page's timeline (`performance.now()`'s). */
  now(): number;
  /** Calls `fn` once the clock has moved on by `ms`; returns the cancel. */
  after(ms: number, fn: () => void): () => void;
  /**
   * Whether time runs by itself. A clock that is set instead shows each setting at once: between
   * two settings nothing eases, nothing plays on the compositor and no frame is asked for.
   */
  readonly runs: boolean;
}

/** The page's own clock; in a worker, `offset` shifts it onto the page's timeline. */
export function runningClock(offset = 0): Clock {
  return {
    now: () => performance.now() + offset,
    after: (ms, fn) => {
      const timer = setTimeout(fn, ms);
      return () => clearTimeout(timer);
    },
    runs: true,
  };
}
