/** The title's drawn frames, told to the canvas worker so it can report each one to the page. */

let listener: (() => void) | null = null;

/** In the canvas worker: told of every drawn frame, to report it to the page. */
export function setFrameListener(fn: () => void): void {
  listener = fn;
}

/** Called by the canvas after each drawn frame. */
export function frameDrawn(): void {
  listener?.();
}
