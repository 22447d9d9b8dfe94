/**
 * Test mode (`?motion-test`, docs/motion.md): the one place that hands a test's clock and pointer
 * to the page in place of the real ones. The test drives them through the probe `motion`.
 */
import { installClock, motionStore, setClockTime, settableClock, inputActions } from './store';
import { contextControls, startMotionInputs } from './inputs';
import { frameStats, nextFrame } from './frames';
import { exposeProbe } from '../testing/probes';

/** Test mode's handle on the clock, the pointer and the canvas (the probe `motion`). */
export interface MotionTestApi {
  setTime(ms: number): void;
  setPointer(x: number | null, y?: number): void;
  frame(): Promise<number>;
  state(): { canvas: string; sweepStart: number | null; frames: number };
  loseContext(): void;
  restoreContext(): void;
}

declare module '../testing/probes' {
  interface Probes {
    /** Test mode's clock, pointer and canvas controls (only under `?motion-test`). */
    motion?: MotionTestApi;
  }
}

/** Starts the page's inputs with a test's clock and pointer; returns their removal. */
export function startTestInputs(win: Window = window): () => void {
  installClock(settableClock());
  exposeProbe('motion', {
    setTime: setClockTime,
    setPointer: (x, y = 0) =>
      inputActions.point(
        x === null
          ? { x: 0, y: 0, inside: false, kind: 'mouse' }
          : { x, y, inside: true, kind: 'mouse' },
      ),
    frame: nextFrame,
    loseContext: () => contextControls.lose(),
    restoreContext: () => contextControls.restore(),
    state: () => {
      const s = motionStore.getState();
      return { canvas: s.canvas, sweepStart: s.sweepStart, frames: frameStats.frames };
    },
  });
  return startMotionInputs(win, { pointer: 'test' });
}
