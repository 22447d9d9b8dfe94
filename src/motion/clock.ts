/**
 * The animation clock: the page's own, or in the title's worker the time the page's messages
 * carry (src/title/worker/title.worker.ts). Nothing else reads the time of the title's motion.
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
