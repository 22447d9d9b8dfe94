/** react-spring for the DOM: reduced motion's one switch and the springs' settings. */
import { Globals, type SpringConfig } from '@react-spring/web';
import { motionStore } from '../motion/store';

/** Makes every spring jump to its end while the store says reduced motion, live. Call once. */
export function followReducedMotion(): void {
  motionStore.subscribe(
    (s) => s.reducedMotion,
    (reduced) => Globals.assign({ skipAnimation: reduced }),
    { fireImmediately: true },
  );
}

/** Sections rising into view. */
export const REVEAL: SpringConfig = { tension: 190, friction: 26 };
/** The pause between one card's reveal and the next's, ms. */
export const REVEAL_STAGGER_MS = 90;
/** How far a held-back section sits below its place, px. */
export const REVEAL_RISE_PX = 28;
/** A card lifting under the pointer or the keyboard. */
export const LIFT: SpringConfig = { tension: 320, friction: 22 };
/** How far a card lifts, px. */
export const LIFT_PX = 6;
/** The page's fade out and in on a route change. */
export const ROUTE: SpringConfig = { duration: 140 };
/** The form's banner, Send's width and its icons changing with the form's state. */
export const FORM: SpringConfig = { tension: 300, friction: 30 };
/** The counter's pulse when the message reaches its minimum: quick, with an overshoot. */
export const COUNTER_MARK: SpringConfig = { tension: 420, friction: 14 };
