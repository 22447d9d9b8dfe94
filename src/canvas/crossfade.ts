import { SpringValue } from '@react-spring/web';
import { motionStore } from '../motion/store';
import { TITLE_CROSSFADE_MS } from '../motion/model';

/**
 * The handover from the DOM title to the canvas: one spring, written to both sides in the same
 * frame, so the two always add up to one title (docs/title-light.md, "The handover"). With a clock
 * per side, the canvas's started ~110 ms after the title's and the title dipped by a quarter.
 */
const shown = new SpringValue(0);

interface Side {
  el: HTMLElement;
  /** This side's opacity when the canvas is shown by `v` (0…1). */
  opacity: (v: number) => number;
}
const sides = new Set<Side>();

function write(v: number): void {
  for (const side of sides) side.el.style.opacity = String(side.opacity(v));
}

/** Fades in linearly over TITLE_CROSSFADE_MS once the canvas is ready; back at once otherwise. */
function follow(ready: boolean): void {
  const s = motionStore.getState();
  if (!ready || s.testMode || s.reducedMotion) {
    shown.set(ready ? 1 : 0);
    write(ready ? 1 : 0);
  } else {
    void shown.start({
      to: 1,
      config: { duration: TITLE_CROSSFADE_MS },
      onChange: ({ value }) => write(value),
    });
  }
}

let unsubscribe: (() => void) | null = null;

/**
 * Lets the crossfade write `el`'s opacity: `(v) => v` for the canvas, `(v) => 1 - v` for the DOM
 * title. Returns the detach.
 */
export function crossfadeSide(el: HTMLElement, opacity: Side['opacity']): () => void {
  const side = { el, opacity };
  sides.add(side);
  unsubscribe ??= motionStore.subscribe((s) => s.canvas === 'ready', follow, {
    fireImmediately: true,
  });
  write(shown.get());
  return () => {
    sides.delete(side);
    if (sides.size === 0) {
      unsubscribe?.();
      unsubscribe = null;
      shown.set(0);
    }
  };
}
