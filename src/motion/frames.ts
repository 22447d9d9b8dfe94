/**
 * Counts the frames the canvas draws, so tests and the bench can see that a still page draws
 * none. Exposed read-only as `window.__titleFrames`.
 */
export const frameStats = { frames: 0 };
let waiters: ((n: number) => void)[] = [];

declare global {
  interface Window {
    __titleFrames?: { readonly frames: number };
  }
}

if (typeof window !== 'undefined') window.__titleFrames = frameStats;

/** Called by the canvas after each drawn frame. */
export function frameDrawn(): void {
  frameStats.frames++;
  const ready = waiters;
  waiters = [];
  for (const w of ready) w(frameStats.frames);
}

/** Resolves after the next frame is drawn. */
export function nextFrame(): Promise<number> {
  return new Promise((resolve) => waiters.push(resolve));
}
