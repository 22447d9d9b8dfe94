import { useEffect } from 'react';
import { useSpring } from '@react-spring/web';
import { motionStore, type MotionState } from '../motion/store';
import { scrollProgress, titleBand, titleLayout } from '../motion/model';

/**
 * Fades the canvas in over the outlined DOM title (which fades its stroke out in CSS) once the
 * first lit frame is drawn, and hides it at once when the context is lost. The spring writes the
 * style directly: no React render per animation frame.
 */
export function useCanvasOpacity() {
  const [style, api] = useSpring(() => ({ opacity: 0 }));
  useEffect(
    () =>
      motionStore.subscribe((s, prev) => {
        if (s.canvas === prev.canvas) return;
        if (s.canvas === 'ready')
          api.start({
            opacity: 1,
            immediate: s.reducedMotion || s.testMode,
            config: { tension: 170, friction: 26 },
          });
        else api.set({ opacity: 0 });
      }),
    [api],
  );
  return style;
}

/** Where the strip starts (TitleScene moves it with the title from the first frame on). */
export function initialBand(): { height: number; transform: string } {
  return stripFor(motionStore.getState());
}

/** The strip's height and place for a state of the store. */
export function stripFor(s: MotionState): { height: number; transform: string } {
  const layout = titleLayout(
    scrollProgress(s.scrollY, s.viewport?.height ?? 0),
    s.viewport,
    s.titleEm,
  );
  const band = titleBand(layout);
  return { height: band.height, transform: `translate3d(0, ${band.top}px, 0)` };
}
