import type { Ref } from 'react';
import { motionStore } from '../motion/store';

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
      aria-label="Scroll down"
      onClick={scrollDown}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path
          d="M12 5v14M6 13l6 6 6-6"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
