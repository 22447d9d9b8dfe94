/** The messages between the page (canvas/workerTitle.ts) and the title's worker (title.worker.ts). */
import type { CanvasStatus, MotionState } from '../../motion/store';
import type { lightProbe } from '../model/lightProbe';

/** The inputs the page mirrors into the worker (the worker reports the canvas status). */
export type MirroredState = Omit<MotionState, 'canvas'>;

/** The page's messages to the worker. */
export type ToWorker =
  | {
      type: 'init';
      canvas: OffscreenCanvas;
      width: number;
      height: number;
      dpr: number;
      state: MirroredState;
      /** The page's clock: running from the page's time origin, or set (the store's `clockTime`). */
      clock: { runs: true; timeOrigin: number } | { runs: false };
    }
  | { type: 'state'; state: Partial<MirroredState>; version: number }
  | { type: 'resize'; width: number; height: number; dpr: number }
  | { type: 'lose-context' }
  | { type: 'restore-context' };

/** The worker's messages to the page. */
export type FromWorker =
  | {
      type: 'frame';
      frames: number;
      light: typeof lightProbe;
      version: number;
      /** Sent twice per frame: once drawn, and once committed to the compositor. */
      onScreen: boolean;
    }
  | { type: 'status'; canvas: CanvasStatus }
  | { type: 'unavailable'; reason: string };
