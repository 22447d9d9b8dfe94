/** The title's drawn frames: the worker's reports, and the waiters of the `motion` probe's frame(). */

let waiters: (() => void)[] = [];

let listener: (() => void) | null = null;

/** Resolves the waiters so far, at once or when `later` runs its callback. */
function release(later = (run: () => void) => run()): void {
  if (waiters.length === 0) return;
  const ready = waiters;
  waiters = [];
  later(() => ready.forEach((w) => w()));
}

/** In the canvas worker: told of every drawn frame, to report it to the page. */
export function setFrameListener(fn: () => void): void {
  listener = fn;
}

/** Called by the canvas after each drawn frame. */
export function frameDrawn(): void {
  listener?.();
  release();
}

/** The worker's frame is drawn; waiters resolve on the compositor's next frame, which shows it. */
export function frameDrawnInWorker(showsLatestInputs: boolean): void {
  if (showsLatestInputs) release((run) => requestAnimationFrame(() => requestAnimationFrame(run)));
}

/** Resolves after the next frame is drawn. */
export function nextFrame(): Promise<void> {
  return new Promise((resolve) => waiters.push(resolve));
}

/** The DOM title's light wrote a frame's styles: waiters resolve once it is painted. */
export function domFrameDrawn(): void {
  release((run) => requestAnimationFrame(run));
}
