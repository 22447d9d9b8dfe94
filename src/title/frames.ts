/** The title's drawn frames: the worker's reports, and the waiters of the `motion` probe's frame(). */

let waiters: (() => void)[] = [];

let listener: (() => void) | null = null;

/** In the canvas worker: told of every drawn frame, to report it to the page. */
export function setFrameListener(fn: () => void): void {
  listener = fn;
}

/** Called by the canvas after each drawn frame. */
export function frameDrawn(): void {
  listener?.();
  const ready = waiters;
  waiters = [];
  for (const w of ready) w();
}

/** The canvas worker's frame is drawn; waiters resolve once it can be on screen. */
export function frameDrawnInWorker(showsLatestInputs: boolean): void {
  if (!showsLatestInputs) return;
  if (waiters.length === 0) return;
  const ready = waiters;
  waiters = [];
  // A worker's frame reaches the screen on the compositor's next frame, not at once.
  requestAnimationFrame(() => requestAnimationFrame(() => ready.forEach((w) => w())));
}

/** Resolves after the next frame is drawn. */
export function nextFrame(): Promise<void> {
  return new Promise((resolve) => waiters.push(resolve));
}

/** The DOM title's light wrote a frame's styles: waiters resolve once it is painted. */
export function domFrameDrawn(): void {
  if (waiters.length === 0) return;
  const ready = waiters;
  waiters = [];
  requestAnimationFrame(() => ready.forEach((w) => w()));
}
