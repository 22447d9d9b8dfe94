import type { CanvasStatus, MotionState } from '../motion/store';
import type { lightProbe } from '../motion/lightProbe';

/** The inputs the page mirrors into the worker (everything but what the worker itself owns). */
export type MirroredState = Omit<MotionState, 'canvas' | 'sweepStart'>;

export type ToWorker =
  | {
      type: 'init';
      canvas: OffscreenCanvas;
      width: number;
      height: number;
      dpr: number;
      /** The page's performance.timeOrigin: the worker keeps the page's clock. */
      timeOrigin: number;
      state: Partial<MotionState>;
    }
  | { type: 'state'; state: Partial<MirroredState>; version: number }
  | { type: 'resize'; width: number; height: number; dpr: number }
  | { type: 'lose-context' }
  | { type: 'restore-context' };

export type FromWorker =
  | { type: 'frame'; frames: number; light: typeof lightProbe; version: number }
  | { type: 'status'; canvas: CanvasStatus; sweepStart: number | null };
