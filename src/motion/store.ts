/**
 * The one store between the DOM and the canvas: the page's inputs and a few facts about the
 * title, each field changed only through the named actions below, by the one module named beside
 * it (lint refuses `motionStore.setState` elsewhere). Everything visible is derived from these by
 * the pure motion model (titleFrame.ts). Hot values stay outside React: readers call getState()
 * in a frame callback or subscribe and write styles directly.
 */
import { createStore } from 'zustand/vanilla';
import { subscribeWithSelector } from 'zustand/middleware';
import { company } from '../content/company';
import { DEFAULT_TITLE_EM_WIDTH, guessWordsEm, type Viewport } from './model';

export type CanvasStatus = 'loading' | 'ready' | 'unavailable' | 'lost';
export type PointerKind = 'mouse' | 'pen' | 'touch';

export interface PointerState {
  readonly x: number;
  readonly y: number;
  /** Whether the pointer is over the page (a mouse that left the window is not). */
  readonly inside: boolean;
  readonly kind: PointerKind;
}

export interface MotionState {
  /** Written by motion/inputs.ts: the window's scroll, size, pointer and preference. */
  scrollY: number;
  /** Null until measured in the browser. */
  viewport: Viewport | null;
  pointer: PointerState;
  /** Whether a button, pen or finger is down (a finger lights the page's edges only then). */
  pointerDown: boolean;
  reducedMotion: boolean;
  /**
   * Written by home/titleLight.ts: clock time (ms, the page's clock) at which the intro sweep
   * starts; null until the title is first shown lit.
   */
  sweepStart: number | null;
  /** Written by canvas/CanvasHost.tsx: where the canvas title stands. */
  canvas: CanvasStatus;
  /** Written by home/Hero.tsx: measured width of the title text in ems. */
  titleEm: number;
  /** Measured width of each word of the title in ems (guessed until measured): the layout of a two-line title. */
  titleWordsEm: readonly number[];
  /** Written by app/App.tsx: whether the page showing is the home page (the only one with the title). */
  onHome: boolean;
  /** Written by motion/inputs.ts: deterministic test mode, the clock and the pointer belong to the test. */
  testMode: boolean;
  testTime: number;
  /** Written by event/eventMode.tsx: event mode (`/?event`), attract loop when idle, back to top. */
  eventMode: boolean;
  /** Clock time (`now()`) of the last pointer, touch or key input; event mode's idle timer. */
  lastInput: number;
  /** Event mode only: nobody has touched anything for the attract delay, the light plays its loop. */
  idle: boolean;
}

export const initialMotionState: MotionState = {
  scrollY: 0,
  viewport: null,
  pointer: { x: 0, y: 0, inside: false, kind: 'mouse' },
  pointerDown: false,
  sweepStart: null,
  reducedMotion: false,
  canvas: 'loading',
  titleEm: DEFAULT_TITLE_EM_WIDTH,
  titleWordsEm: guessWordsEm(titleWords(company.name)),
  onHome: false,
  testMode: false,
  testTime: 0,
  eventMode: false,
  lastInput: 0,
  idle: false,
};

/** The words of the title, in order (the DOM title wraps each in its own element). */
export function titleWords(name: string): string[] {
  return name.split(/\s+/).filter(Boolean);
}

/**
 * Subscribe to what you read: `motionStore.subscribe(selector, listener, { equalityFn: shallow })`
 * calls the listener only when the selected inputs change.
 */
export const motionStore = createStore<MotionState>()(
  subscribeWithSelector(() => ({ ...initialMotionState })),
);

let clockOffset = 0;

/**
 * In a worker: make now() read the page's clock. Times in the store (sweepStart, lastInput) are
 * the page's, and a worker's performance.now() counts from its own, later, origin.
 */
export function alignClock(pageTimeOrigin: number): void {
  clockOffset = performance.timeOrigin - pageTimeOrigin;
}

/** The animation clock in ms: the page's own, or the test's in test mode. */
export function now(state: MotionState = motionStore.getState()): number {
  return state.testMode ? state.testTime : performance.now() + clockOffset;
}

const set = motionStore.setState;

/** The actions of motion/inputs.ts, the window's and the test's inputs. */
export const inputActions = {
  measure: (viewport: Viewport, scrollY: number) => set({ viewport, scrollY }),
  scroll: (scrollY: number) => set({ scrollY }),
  point: (pointer: PointerState) => set({ pointer }),
  leave: () => set((s) => ({ pointer: { ...s.pointer, inside: false } })),
  press: (pointerDown: boolean) => set({ pointerDown }),
  reduceMotion: (reducedMotion: boolean) => set({ reducedMotion }),
  enterTestMode: () => set({ testMode: true, testTime: 0 }),
  setTestTime: (testTime: number) => set({ testTime }),
};

/** home/Hero.tsx: the title's text, measured once its font is in. */
export const measureTitle = (titleEm: number, titleWordsEm: readonly number[]) =>
  set({ titleEm, titleWordsEm });

/** app/App.tsx: the route changed. */
export const showHome = (onHome: boolean) => set({ onHome });

/** home/titleLight.ts: the intro sweep starts at `at` (once: a later call changes nothing). */
export const startSweep = (at: number) =>
  set((s) => (s.sweepStart === null ? { sweepStart: at } : s));

/** canvas/CanvasHost.tsx: the canvas title's status, as its renderer reports it. */
export const setCanvasStatus = (canvas: CanvasStatus) => set({ canvas });

/** The actions of event/eventMode.tsx. */
export const eventActions = {
  start: () => set({ eventMode: true }),
  stop: () => set({ eventMode: false, idle: false }),
  input: (lastInput: number) => set({ lastInput }),
  idle: (idle: boolean) => set({ idle }),
};

/** canvas/title.worker.ts: the worker's copy of the page's store takes the page's changes. */
export const mirrorPage = (state: Partial<Omit<MotionState, 'canvas'>>) => set(state);
