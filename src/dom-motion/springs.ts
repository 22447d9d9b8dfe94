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

/** Sections rising into view; the pause between one card's and the next's, ms; the rise, px. */
export const REVEAL: SpringConfig = { tension: 190, friction: 26 };
export const REVEAL_STAGGER_MS = 90;
export const REVEAL_RISE_PX = 28;
/** A card lifting under the pointer or the keyboard. */
export const LIFT: SpringConfig = { tension: 320, friction: 22 };
/** How far a card lifts, px. */
export const LIFT_PX = 6;
/** The page's fade out and in on a route change. */
export const ROUTE: SpringConfig = { duration: 140 };
/** The form's banner, Send's width and icons; then its counter's quick pulse, which overshoots. */
export const FORM: SpringConfig = { tension: 300, friction: 30 };
export const COUNTER_MARK: SpringConfig = { tension: 420, friction: 14 };
