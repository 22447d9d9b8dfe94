import { motionStore } from '../motion/store';
import { TITLE_CROSSFADE_MS } from './model/model';
import { ANIMATION_HOLD_MS } from './model/light';
import { endInRest } from '../dom-motion/endInRest';

/** A side of the title's handover (box or canvas): a linear fade, no start time given (docs/title-light.md). */
interface Side {
  el: HTMLElement;
  /** This side's opacity with the canvas hidden and shown. */
  hidden: number;
  shown: number;
  animation: Animation | null;
  /** Clears the timer that ends the fade once it has played (endInRest). */
  clearEnd: () => void;
  /** Carries `data-crossfading` while the fade plays, when given. */
  marked?: HTMLElement;
}
const sides = new Set<Side>();
/** Told when the handover's fade has played and both its sides are ended (onCrossfaded). */
const crossfaded = new Set<() => void>();

function stop(side: Side): void {
  side.clearEnd();
  side.animation?.cancel();
  side.animation = null;
  if (side.marked) delete side.marked.dataset.crossfading;
}

/** A side's fade has been ended in its rest: once both have, the fade is over. */
function sideEnded(): void {
  if (crossfading()) return;
  for (const fn of crossfaded) fn();
}

function show(side: Side, ready: boolean, fade: boolean): void {
  stop(side);
  const to = ready ? side.shown : side.hidden;
  side.el.style.opacity = String(to);
  if (!fade || typeof side.el.animate !== 'function') return;
  // The fade, then its last value held (the style under it has that value), ended by a timer
  // before the effect's own end: ANIMATION_HOLD_MS.
  const length = TITLE_CROSSFADE_MS + ANIMATION_HOLD_MS;
  side.animation = side.el.animate(
    [
      { opacity: side.hidden },
      { opacity: side.shown, offset: TITLE_CROSSFADE_MS / length },
      { opacity: side.shown },
    ],
    { duration: length, easing: 'linear' },
  );
  const { marked } = side;
  if (marked) {
    marked.dataset.crossfading = '';
    // Cancelled at its rest (endInRest) or by stop(): `finished` rejects then. A newer fade, begun
    // in the same task as the cancel, keeps its mark.
    const animation = side.animation;
    const unmark = () => {
      if (side.animation === animation) delete marked.dataset.crossfading;
    };
    animation.finished.then(unmark, unmark);
  }
  side.clearEnd = endInRest(side.animation, sideEnded);
}

/**
 * Fades in over TITLE_CROSSFADE_MS once the canvas is ready; back at once otherwise, and at once
 * under reduced motion.
 */
function follow(ready: boolean): void {
  const fade = ready && !motionStore.getState().reducedMotion;
  for (const side of sides) show(side, ready, fade);
}

/** Whether the handover's fade is still playing (the DOM light keeps pace with the canvas's). */
export function crossfading(): boolean {
  for (const side of sides) if (side.animation?.playState === 'running') return true;
  return false;
}

/**
 * Runs `fn` each time the handover's fade has played to its rest and been ended, in the same task
 * as the last side's end: what `fn` writes is drawn in the frame the end restyles anyway. Returns
 * the unsubscribe.
 */
export function onCrossfaded(fn: () => void): () => void {
  crossfaded.add(fn);
  return () => {
    crossfaded.delete(fn);
  };
}

let unsubscribe: (() => void) | null = null;

/**
 * Lets the crossfade set `el`'s opacity to `hidden` or `shown` with the canvas; returns the detach.
 * `marked`, when given, carries `data-crossfading` while the fade plays.
 */
export function crossfadeSide(
  el: HTMLElement,
  hidden: number,
  shown: number,
  marked?: HTMLElement,
): () => void {
  const side: Side = { el, hidden, shown, animation: null, clearEnd: () => {}, marked };
  sides.add(side);
  show(side, motionStore.getState().canvas === 'ready', false);
  unsubscribe ??= motionStore.subscribe((s) => s.canvas === 'ready', follow);
  return () => {
    stop(side);
    sides.delete(side);
    if (sides.size === 0) {
      unsubscribe?.();
      unsubscribe = null;
    }
  };
}
