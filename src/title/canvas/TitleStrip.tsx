import { useEffect, type RefObject } from 'react';
import { shallow } from 'zustand/shallow';
import { motionStore } from '../../motion/store';
import { titleStrip } from '../model/model';
import { layoutInputs, layoutOf, type LayoutInputs } from '../model/titleFrame';
import { crossfadeSide } from '../crossfade';

/**
 * The strip the title's canvas covers, in the page from the first paint (prerendered, empty); once
 * a canvas is in it (`active`), placed from the store in the same task as the DOM title.
 */
export function TitleStrip({
  stripRef,
  fadeRef,
  active,
}: {
  stripRef: RefObject<HTMLDivElement | null>;
  fadeRef: RefObject<HTMLDivElement | null>;
  active: boolean;
}) {
  useEffect(() => {
    const strip = stripRef.current;
    if (!strip || !active) return;
    return motionStore.subscribe(
      layoutInputs,
      () => {
        const { height, transform } = stripFor(motionStore.getState());
        if (strip.style.height !== `${height}px`) strip.style.height = `${height}px`;
        strip.style.transform = transform;
      },
      { equalityFn: shallow, fireImmediately: true },
    );
  }, [stripRef, active]);
  useEffect(() => {
    const fade = fadeRef.current;
    // The canvas adds to the DOM title only while they fade (canvas.css, `.title-canvas`).
    const host = fade?.closest<HTMLElement>('.title-canvas');
    if (fade && host && active) return crossfadeSide(fade, 0, 1, host);
  }, [fadeRef, active]);
  return (
    <div ref={stripRef} className="title-canvas__strip" style={{ width: '100%' }}>
      <div ref={fadeRef} style={{ opacity: 0, width: '100%', height: '100%' }} />
    </div>
  );
}

/** The strip's height and place for a state of the store. */
function stripFor(s: LayoutInputs): { height: number; transform: string } {
  const strip = titleStrip(layoutOf(s).layout);
  return { height: strip.height, transform: `translate3d(0, ${strip.top}px, 0)` };
}
