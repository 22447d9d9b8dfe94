/** The one store between DOM and canvas. Each field is written by one module, through a named action. */
import { createStore } from 'zustand/vanilla';
import { subscribeWithSelector } from 'zustand/middleware';
import titleMetrics from 'virtual:title-metrics';
import { runningClock, type Clock } from './clock';

/** The window's inner size in CSS px. */
export interface Viewport {
  readonly width: number;
  readonly height: number;
}

export type CanvasStatus = 'loading' | 'ready' | 'unavailable' | 'lost';
export type PointerKind = 'mouse' | 'pen' | 'touch';

/** The pointer in viewport px; `inside` is false once a mouse has left the window. */
export interface PointerState {
  readonly x: number;
  readonly y: number;
  readonly inside: boolean;
  readonly kind: PointerKind;
}

/** The page's inputs and the title's facts; everything visible is derived from them. */
export interface MotionState {
  scrollY: number;
  /** Null until measured in the browser. */
  viewport: Viewport | null;
  pointer: PointerState;
  pointerDown: boolean;
  reducedMotion: boolean;
  /** Page clock time (ms) the intro sweep starts at; null until the title is first shown lit. */
  sweepStart: number | null;
  canvas: CanvasStatus;
  /** The widths of the title and of each word, in ems: the build's, or the page's own measure
   * when another font draws the title (home/Hero.tsx). */
  titleEm: number;
  titleWordsEm: readonly number[];
  onHome: boolean;
  eventMode: boolean;
  /** Clock time (`now()`) of the last pointer, touch or key input; event mode's idle timer. */
  lastInput: number;
  idle: boolean;
}

const initialMotionState: MotionState = {
  scrollY: 0,
  viewport: null,
  pointer: { x: 0, y: 0, inside: false, kind: 'mouse' },
  pointerDown: false,
  sweepStart: null,
  reducedMotion: false,
  canvas: 'loading',
  titleEm: titleMetrics.titleEm,
  titleWordsEm: titleMetrics.wordsEm,
  onHome: false,
  eventMode: false,
  lastInput: 0,
  idle: false,
};

/** The words of the title, in order (the DOM title wraps each in its own element). */
export function titleWords(name: string): string[] {
  return name.split(/\s+/).filter(Boolean);
}

/** The store; subscribe with a selector and `shallow` to hear only what you read. */
export const motionStore = createStore<MotionState>()(
  subscribeWithSelector(() => ({ ...initialMotionState })),
);

let clock: Clock = runningClock();

/** Hands in the animation clock: once, at start, before anything reads the time. */
export function installClock(next: Clock): void {
  clock = next;
}

/** The animation clock that was handed in (the page's own by default). */
export const pageClock = (): Clock => clock;

/** The animation clock's time in ms. */
export const now = (): number => clock.now();

const set = motionStore.setState;

/** The actions of motion/inputs.ts: scroll, viewport, pointer and preference. */
export const inputActions = {
  measure: (viewport: Viewport, scrollY: number) => set({ viewport, scrollY }),
  scroll: (scrollY: number) => set({ scrollY }),
  // The pointer where it already was (a click after a move) is no change: the title draws no frame.
  point: (pointer: PointerState) => {
    const was = motionStore.getState().pointer;
    const same =
      was.x === pointer.x &&
      was.y === pointer.y &&
      was.inside === pointer.inside &&
      was.kind === pointer.kind;
    if (!same) set({ pointer });
  },
  leave: () => set((s) => ({ pointer: { ...s.pointer, inside: false } })),
  press: (pointerDown: boolean) => {
    if (motionStore.getState().pointerDown !== pointerDown) set({ pointerDown });
  },
  touch: (pointer: PointerState) => set({ pointer, pointerDown: true }),
  reduceMotion: (reducedMotion: boolean) => set({ reducedMotion }),
};

/** home/Hero.tsx: the title's text, measured once its font is in. */
export const measureTitle = (titleEm: number, titleWordsEm: readonly number[]) =>
  set({ titleEm, titleWordsEm });

/** app/App.tsx: the route changed. */
export const showHome = (onHome: boolean) => set({ onHome });

/** title/dom/titleLight.ts: the intro sweep starts at `at` (once: a later call changes nothing). */
export const startSweep = (at: number) =>
  set((s) => (s.sweepStart === null ? { sweepStart: at } : s));

/** title/canvas/CanvasHost.tsx: the canvas title's status, as its renderer reports it. */
export const setCanvasStatus = (canvas: CanvasStatus) => set({ canvas });

/** The actions of event/eventMode.tsx: event mode, last input, idle. */

export const eventActions = {
  start: () => set({ eventMode: true }),
  stop: () => set({ eventMode: false, idle: false }),
  input: (lastInput: number) => set({ lastInput }),
  idle: (idle: boolean) => set({ idle }),
};

/** title/worker/title.worker.ts: the worker's copy of the page's store takes the page's changes. */
export const mirrorPage = (state: Partial<Omit<MotionState, 'canvas'>>) => set(state);
