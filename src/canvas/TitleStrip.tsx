import { useEffect, useState, type RefObject } from 'react';
import { animated, useSpring } from '@react-spring/web';
import { shallow } from 'zustand/shallow';
import { motionStore, type MotionState } from '../motion/store';
import { scrollProgress, titleLayout, titleStrip, TITLE_CROSSFADE_MS } from '../motion/model';

/**
 * Fades the canvas in over the outlined DOM title (which fades its stroke out in CSS) once the
 * first lit frame is drawn, and hides it at once when the context is lost. The spring writes the
 * style directly: no React render per animation frame.
 */
function useCanvasOpacity() {
  const [style, api] = useSpring(() => ({ opacity: 0 }));
  useEffect(
    () =>
      motionStore.subscribe(
        (s) => s.canvas,
        (canvas) => {
          const s = motionStore.getState();
          if (canvas === 'ready')
            api.start({
              opacity: 1,
              immediate: s.reducedMotion || s.testMode,
              // Linear, over the same time as the DOM title fades out: a crossfade, no pop.
              config: { duration: TITLE_CROSSFADE_MS },
            });
          else api.set({ opacity: 0 });
        },
      ),
    [api],
  );
  return style;
}

/** What the strip's place depends on. */
const stripInputs = (s: MotionState) => [s.scrollY, s.viewport, s.titleEm, s.titleWordsEm] as const;

/**
 * The strip of the viewport the title's canvas covers, across the window around the title, for
 * both paths (worker and page). It places itself on the title from the store, in the same task
 * as the DOM title moves. The fade is on an inner element: react-spring writes every style of the
 * element it animates on each step, and would put the strip back where it started meanwhile.
 */
export function TitleStrip({
  stripRef,
  fadeRef,
}: {
  stripRef: RefObject<HTMLDivElement | null>;
  fadeRef: RefObject<HTMLDivElement | null>;
}) {
  const style = useCanvasOpacity();
  const [start] = useState(() => stripFor(motionStore.getState()));
  useEffect(() => {
    const strip = stripRef.current;
    if (!strip) return;
    return motionStore.subscribe(
      stripInputs,
      () => {
        const { height, transform } = stripFor(motionStore.getState());
        if (strip.style.height !== `${height}px`) strip.style.height = `${height}px`;
        strip.style.transform = transform;
      },
      { equalityFn: shallow, fireImmediately: true },
    );
  }, [stripRef]);
  return (
    <div ref={stripRef} className="title-canvas__strip" style={{ ...start, width: '100%' }}>
      <animated.div ref={fadeRef} style={{ ...style, width: '100%', height: '100%' }} />
    </div>
  );
}

/** The strip's height and place for a state of the store. */
export function stripFor(s: MotionState): { height: number; transform: string } {
  const layout = titleLayout(
    scrollProgress(s.scrollY, s.viewport?.height ?? 0),
    s.viewport,
    s.titleEm,
    s.titleWordsEm,
  );
  const strip = titleStrip(layout);
  return { height: strip.height, transform: `translate3d(0, ${strip.top}px, 0)` };
}
