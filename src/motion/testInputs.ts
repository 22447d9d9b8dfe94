/**
 * The probe `motion`: a test's handle on the clock and the pointer. Its `takeOver()`
 * puts a test's clock and pointer in place of the page's; a test asks for it at start with
 * `?motion-test` (src/testing/probes.ts, docs/motion.md "Test mode").
 */
import { installClock, motionStore, setClockTime, settableClock, inputActions } from './store';
import type { MotionInputs } from './inputs';
import { nextFrame } from '../title/frames';
import { exposeProbe } from '../testing/probes';

/** Test mode's handle on the clock and the pointer (the probe `motion`). */
interface MotionTestApi {
  /** Hands the clock and the pointer to the test: a settable clock at 0, no window pointer. */
  takeOver(): void;
  setTime(ms: number): void;
  setPointer(x: number | null, y?: number): void;
  frame(): Promise<void>;
  state(): { canvas: string; sweepStart: number | null };
}

declare module '../testing/probes' {
  interface Probes {
    /** The clock and pointer controls a test drives the title with. */
    motion?: MotionTestApi;
  }
}

/**
 * Exposes the probe `motion` over the page's started `inputs`. Taking over also runs
 * `endFirstSweep`, so a light the test drives starts at the test clock's 0.
 */
export function exposeMotionControls(inputs: MotionInputs, endFirstSweep: () => void): void {
  exposeProbe('motion', {
    takeOver: () => {
      installClock(settableClock());
      inputs.stopPointer();
      endFirstSweep();
    },
    setTime: setClockTime,
    setPointer: (x, y = 0) =>
      inputActions.point(
        x === null
          ? { x: 0, y: 0, inside: false, kind: 'mouse' }
          : { x, y, inside: true, kind: 'mouse' },
      ),
    frame: nextFrame,
    state: () => {
      const s = motionStore.getState();
      return { canvas: s.canvas, sweepStart: s.sweepStart };
    },
  });
}
