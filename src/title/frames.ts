import { exposeProbe } from '../testing/probes';
import { canvasLight } from './model/canvasLight';

/** The frames the canvas has drawn (the probe `titleFrames`): a still page draws none. */
export const frameStats = { frames: 0 };
declare module '../testing/probes' {
  interface Probes {
    titleFrames?: { readonly frames: number };
    titleLight?: Readonly<typeof canvasLight>;
  }
}

let waiters: ((n: number) => void)[] = [];

exposeProbe('titleFrames', frameStats);
exposeProbe('titleLight', canvasLight);

let listener: ((frames: number) => void) | null = null;

/** In the canvas worker: told of every drawn frame, to report it to the page. */
export function setFrameListener(fn: (frames: number) => void): void {
  listener = fn;
}

/** Called by the canvas after each drawn frame. */
export function frameDrawn(): void {
  frameStats.frames++;
  listener?.(frameStats.frames);
  const ready = waiters;
  waiters = [];
  for (const w of ready) w(frameStats.frames);
}

/** The canvas worker drew frame n (reports arrive out of order: the count never goes back). */
export function frameCounted(n: number): void {
  frameStats.frames = Math.max(frameStats.frames, n);
}

/** The canvas worker's frame n is drawn; waiters resolve once it can be on screen. */
export function frameDrawnInWorker(n: number, showsLatestInputs = true): void {
  frameCounted(n);
  if (!showsLatestInputs) return;
  if (waiters.length === 0) return;
  const ready = waiters;
  waiters = [];
  // A worker's frame reaches the screen on the compositor's next frame, not at once.
  requestAnimationFrame(() => requestAnimationFrame(() => ready.forEach((w) => w(n))));
}

/** Resolves after the next frame is drawn. */
export function nextFrame(): Promise<number> {
  return new Promise((resolve) => waiters.push(resolve));
}

/** The DOM title's light wrote a frame's styles: waiters resolve once it is painted. */

export function domFrameDrawn(): void {
  if (waiters.length === 0) return;
  const ready = waiters;
  waiters = [];
  requestAnimationFrame(() => ready.forEach((w) => w(frameStats.frames)));
}
