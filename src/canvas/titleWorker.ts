let worker: Worker | null = null;

/**
 * Starts the title's worker, once: it fetches and evaluates three.js and R3F off the main thread
 * while the page fetches the canvas's own chunk (CanvasHost.tsx); the canvas is handed over later
 * (workerTitle.ts).
 */
export function startTitleWorker(): void {
  worker ??= new Worker(new URL('./title.worker.ts', import.meta.url), { type: 'module' });
}

/** The started worker, for the one canvas that takes it. */
export function takeTitleWorker(): Worker {
  startTitleWorker();
  const taken = worker!;
  worker = null;
  return taken;
}
