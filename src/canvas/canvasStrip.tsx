import { useEffect, useState, type ReactNode, type Ref } from 'react';
import { animated, useSpring } from '@react-spring/web';
import { motionStore, type MotionState } from '../motion/store';
import { scrollProgress, titleBand, titleLayout, TITLE_CROSSFADE_MS } from '../motion/model';

/**
 * Fades the canvas in over the outlined DOM title (which fades its stroke out in CSS) once the
 * first lit frame is drawn, and hides it at once when the context is lost. The spring writes the
 * style directly: no React render per animation frame.
 */
function useCanvasOpacity() {
  const [style, api] = useSpring(() => ({ opacity: 0 }));
  useEffect(
    () =>
      motionStore.subscribe((s, prev) => {
        if (s.canvas === prev.canvas) return;
        if (s.canvas === 'ready')
          api.start({
            opacity: 1,
            immediate: s.reducedMotion || s.testMode,
            // Linear, over the same time as the DOM title fades out: a crossfade, no pop.
            config: { duration: TITLE_CROSSFADE_MS },
          });
        else api.set({ opacity: 0 });
      }),
    [api],
  );
  return style;
}

/**
 * The strip the title's canvas sits in, across the viewport around the title. Its owner moves it
 * with the title (OffscreenTitle from the store, TitleScene from its frames); it starts where the
 * title is. The fade is on an inner element: react-spring writes every style of the element it
 * animates on each step, and would put the strip back where it started for as long as the fade
 * runs.
 */
export function TitleStrip({
  stripRef,
  fadeRef,
  children,
}: {
  stripRef?: Ref<HTMLDivElement>;
  fadeRef?: Ref<HTMLDivElement>;
  children?: ReactNode;
}) {
  const style = useCanvasOpacity();
  const [band] = useState(() => stripFor(motionStore.getState()));
  return (
    <div ref={stripRef} className="title-canvas__band" style={{ ...band, width: '100%' }}>
      <animated.div ref={fadeRef} style={{ ...style, width: '100%', height: '100%' }}>
        {children}
      </animated.div>
    </div>
  );
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
