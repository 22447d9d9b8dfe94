import type { CanvasStatus, MotionState } from '../motion/store';
import type { lightProbe } from '../motion/lightProbe';

/** The inputs the page mirrors into the worker (all but the canvas status, which the worker owns). */
export type MirroredState = Omit<MotionState, 'canvas'>;

export type ToWorker =
  | {
      type: 'init';
      canvas: OffscreenCanvas;
      width: number;
      height: number;
      dpr: number;
      state: MirroredState;
      /** The page's performance.timeOrigin: the worker's clock reads the page's. */
      timeOrigin: number;
      /** Test only (`?worker-webgl=0`): act as if the worker got no WebGL context. */
      refuseContext: boolean;
    }
  | { type: 'state'; state: Partial<MirroredState>; version: number }
  | { type: 'resize'; width: number; height: number; dpr: number }
  | { type: 'lose-context' }
  | { type: 'restore-context' };

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
  /** The worker got no WebGL context (WebKit, Safari before WebGL in workers): the page takes over. */
  | { type: 'unavailable'; reason: string };
