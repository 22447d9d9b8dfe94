import { useEffect, useLayoutEffect, useRef } from 'react';
import { to, useInView, useSprings, type SpringValue } from '@react-spring/web';
import { raf } from '@react-spring/rafz';
import { REVEAL, REVEAL_RISE_PX, REVEAL_STAGGER_MS } from './springs';
import { motionStore } from '../motion/store';

/** Once: a section that has come into view stays (a fresh object each render would re-observe). */
const ONCE = { once: true } as const;

/** Content whose top is this far up the viewport when it comes into view was jumped to: it shows at once. */
const JUMPED_IN = 0.75;

interface RevealValues {
  opacity: SpringValue<number>;
  y: SpringValue<number>;
}

export function riseTransform(y: SpringValue<number>) {
  return to([y], (v) => (v === 0 ? 'none' : `translate3d(0,${v}px,0)`));
}

/**
 * The style an `animated` element takes from one reveal spring: opacity and a transform only. While
 * it rises it is a layer of its own, painted once and moved by the compositor; held or at rest it
 * is not.
 */
export function revealStyle({ opacity, y }: RevealValues) {
  const willChange = to([opacity, y], (o, v) =>
    o > 0 && (o < 1 || v !== 0) ? 'opacity, transform' : 'auto',
  );
  return { opacity, transform: riseTransform(y), willChange };
}

/** Holds `count` items wholly below the viewport at hydration until in view, then they rise one
 * after another (docs/dom-motion.md). */
export function useReveal<T extends Element>(count = 1) {
  const [ref, inView] = useInView(ONCE);
  const held = useRef(false);
  const [springs, api] = useSprings(count, () => ({ opacity: 1, y: 0, config: REVEAL }));

  // Before the app's first paint: only what is below the viewport is put out of sight.
  useLayoutEffect(() => {
    const element = ref.current as T | undefined;
    if (!element || motionStore.getState().reducedMotion) return;
    if (element.getBoundingClientRect().top < window.innerHeight) return;
    held.current = true;
    element.setAttribute('data-reveal', 'held');
    // Written in hydration's own task (raf.sync), not in react-spring's frame loop, which would draw
    // two more frames on a load just to stop; after every reveal's read (a microtask), so that no
    // read lays out the page again.
    queueMicrotask(() => raf.sync(() => api.set({ opacity: 0, y: REVEAL_RISE_PX })));
  }, [ref, api]);

  useEffect(() => {
    const element = ref.current as T | undefined;
    if (!inView || !held.current || !element) return;
    held.current = false;
    element.setAttribute('data-reveal', 'shown');
    if (element.getBoundingClientRect().top < window.innerHeight * JUMPED_IN)
      api.set({ opacity: 1, y: 0 });
    else api.start((i) => ({ opacity: 1, y: 0, delay: i * REVEAL_STAGGER_MS }));
  }, [inView, ref, api]);

  return [ref, springs] as const;
}
