/**
 * The one store between the DOM and the canvas. Listeners write raw inputs here and nothing else;
 * everything visible is derived from these by the pure motion model. Hot values stay outside
 * React: readers call getState() in a frame callback or subscribe and write styles directly.
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
  scrollY: number;
  /** Null until measured in the browser. */
  viewport: Viewport | null;
  pointer: PointerState;
  /** Whether a button, pen or finger is down (a finger lights the page's edges only then). */
  pointerDown: boolean;
  /**
   * Clock time (ms, the page's clock) at which the intro sweep starts; null until the title is
   * first shown lit (the DOM title's light sets it as soon as the app runs on the home page).
   */
  sweepStart: number | null;
  reducedMotion: boolean;
  canvas: CanvasStatus;
  /** Measured width of the title text in ems. */
  titleEm: number;
  /** Measured width of each word of the title in ems (guessed until measured): the layout of a two-line title. */
  titleWordsEm: readonly number[];
  /** Whether the page showing is the home page (the only one with the title). */
  onHome: boolean;
  /** Deterministic test mode: the clock and the pointer belong to the test. */
  testMode: boolean;
  testTime: number;
  /** Event mode (`/?event`): attract loop when idle, back to top, adaptive pixel ratio. */
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
