/** The page's inputs, or a test's clock and pointer under `?motion-test` (docs/motion.md). */
import { inputActions as act, motionStore, type PointerKind } from './store';
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

/** Set by whichever canvas is running (in the page or in its worker). */
export const contextControls = { lose: () => {}, restore: () => {} };

const testMode = () => motionStore.getState().testMode;

/** Starts the inputs at the app's start: test mode if the address asks, then the listeners. */
export function startMotionInputs(win: Window = window): () => void {
  if (new URLSearchParams(win.location.search).has('motion-test')) installTestMode();
  return attachMotionListeners(win);
}

function installTestMode(): void {
  act.enterTestMode();
  exposeProbe('motion', {
    setTime: act.setTestTime,
    setPointer: (x, y = 0) =>
      act.point(
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
}

/** Passive window listeners; the real pointer is ignored in test mode. Returns their removal. */
function attachMotionListeners(win: Window): () => void {
  const measure = () =>
    act.measure({ width: win.innerWidth, height: win.innerHeight }, win.scrollY);
  const onScroll = () => act.scroll(win.scrollY);
  const onPointer = (e: PointerEvent) => {
    if (testMode()) return;
    act.point({ x: e.clientX, y: e.clientY, inside: true, kind: e.pointerType as PointerKind });
  };
  const onDown = (e: PointerEvent) => {
    onPointer(e);
    act.press(true);
  };
  const onUp = () => act.press(false);
  // A finger that scrolls the page ends its pointer events (pointercancel); its touch events go on.
  const onTouch = (e: TouchEvent) => {
    const touch = e.touches[0];
    if (!touch || testMode()) return;
    act.touch({ x: touch.clientX, y: touch.clientY, inside: true, kind: 'touch' });
  };
  const onTouchEnd = (e: TouchEvent) => {
    if (e.touches.length === 0) onUp();
  };
  const onLeave = (e: MouseEvent) => {
    if (e.relatedTarget || testMode()) return;
    act.leave();
  };
  const reduced = win.matchMedia('(prefers-reduced-motion: reduce)');
  const onReduced = () => act.reduceMotion(reduced.matches);

  const passive = { passive: true } as const;
  measure();
  onReduced();
  win.addEventListener('scroll', onScroll, passive);
  win.addEventListener('resize', measure, passive);
  win.addEventListener('pointermove', onPointer, passive);
  win.addEventListener('pointerdown', onDown, passive);
  win.addEventListener('pointerup', onUp, passive);
  win.addEventListener('pointercancel', onUp, passive);
  win.addEventListener('touchmove', onTouch, passive);
  win.addEventListener('touchend', onTouchEnd, passive);
  win.addEventListener('touchcancel', onTouchEnd, passive);
  win.document.addEventListener('mouseout', onLeave, passive);
  reduced.addEventListener('change', onReduced);
  return () => {
    win.removeEventListener('scroll', onScroll);
    win.removeEventListener('resize', measure);
    win.removeEventListener('pointermove', onPointer);
    win.removeEventListener('pointerdown', onDown);
    win.removeEventListener('pointerup', onUp);
    win.removeEventListener('pointercancel', onUp);
    win.removeEventListener('touchmove', onTouch);
    win.removeEventListener('touchend', onTouchEnd);
    win.removeEventListener('touchcancel', onTouchEnd);
    win.document.removeEventListener('mouseout', onLeave);
    reduced.removeEventListener('change', onReduced);
  };
}
