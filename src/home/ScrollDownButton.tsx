import type { Ref } from 'react';
import { motionStore } from '../motion/store';
import { LineIcon } from '../layout/LineIcon';
import { words } from '../content/words';

/** The pulsing circle that scrolls one viewport down and shrinks away as the page scrolls. */
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
      aria-label={words.scrollDown}
      onClick={scrollDown}
    >
      <LineIcon d="M12 5v14M6 13l6 6 6-6" stroke={2.2} />
    </button>
  );
}
