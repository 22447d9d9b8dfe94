import type { Ref } from 'react';
import { motionStore } from '../motion/store';
import { LineIcon } from '../layout/LineIcon';

/**
 * The pulsing circle at the bottom of the first viewport. It scrolls exactly one viewport down,
 * smoothly (instantly under reduced motion), and shrinks away as the page scrolls; at size 0 it
 * is hidden and out of the tab order.
 */
export function ScrollDownButton({ ref }: { ref: Ref<HTMLButtonElement> }) {
  function scrollDown() {
    const reduced = motionStore.getState().reducedMotion;
    window.scrollTo({
      top: window.scrollY + window.innerHeight,
      behavior: reduced ? 'instant' : 'smooth',
    });
  }
  return (
    <button
      ref={ref}
      type="button"
      className="scroll-down"
      aria-label="Scroll down"
      onClick={scrollDown}
    >
      <LineIcon d="M12 5v14M6 13l6 6 6-6" stroke={2.2} />
    </button>
  );
}
