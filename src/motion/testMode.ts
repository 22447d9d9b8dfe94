/**
 * Deterministic test mode (`?motion-test`), like the pmndrs examples' snapshot flag. It only takes
 * over the animation clock and the pointer, so it is harmless in production:
 *
 *   window.__motion.setTime(ms)        the animation clock
 *   window.__motion.setPointer(x, y)   the pointer, in viewport px (null: off the page)
 *   await window.__motion.frame()      resolves after the next frame has been drawn
 */
import { motionStore } from './store';
import { frameStats, nextFrame } from './frames';

export interface MotionTestApi {
  setTime(ms: number): void;
  setPointer(x: number | null, y?: number): void;
  frame(): Promise<number>;
  state(): { canvas: string; sweepStart: number | null; frames: number };
  /** Forces a WebGL context loss (WEBGL_lose_context), wherever the canvas renders. */
  loseContext(): void;
  restoreContext(): void;
}

/** Set by whichever canvas is running (in the page or in its worker). */
export const contextControls = { lose: () => {}, restore: () => {} };

declare global {
  interface Window {
    __motion?: MotionTestApi;
  }
}

export function isTestMode(search: string): boolean {
  return new URLSearchParams(search).has('motion-test');
}

export function installTestMode(win: Window = window): void {
  motionStore.setState({ testMode: true, testTime: 0 });
  win.__motion = {
    setTime: (ms) => motionStore.setState({ testTime: ms }),
    setPointer: (x, y = 0) =>
      motionStore.setState({
        pointer:
          x === null
            ? { x: 0, y: 0, inside: false, kind: 'mouse' }
            : { x, y, inside: true, kind: 'mouse' },
      }),
    frame: nextFrame,
    loseContext: () => contextControls.lose(),
    restoreContext: () => contextControls.restore(),
    state: () => {
      const s = motionStore.getState();
      return { canvas: s.canvas, sweepStart: s.sweepStart, frames: frameStats.frames };
    },
  };
}
