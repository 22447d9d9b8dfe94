/** The messages between the page (canvas/workerTitle.ts) and the title's worker (title.worker.ts). */
import type { CanvasStatus, MotionState } from '../../motion/store';
import type { canvasLight } from '../model/canvasLight';

/** The inputs the page mirrors into the worker (the worker reports the canvas status). */
export type MirroredState = Omit<MotionState, 'canvas'>;

export type ToWorker =
  | {
      type: 'init';
      canvas: OffscreenCanvas;
      width: number;
      height: number;
      dpr: number;
      state: MirroredState;
      /** The page's clock's time: the worker reads no clock of its own. */
      time: number;
    }
  | { type: 'state'; state: Partial<MirroredState>; time: number }
  /** The page's time on its next animation frame, while the worker's light is on its way. */
  | { type: 'time'; time: number }
  | { type: 'resize'; width: number; height: number; dpr: number };

export type FromWorker =
  /** A frame is drawn: where its light is, and whether it is on its way. */
  | { type: 'frame'; light: typeof canvasLight }
  | { type: 'status'; canvas: CanvasStatus }
  | { type: 'unavailable'; reason: string };
