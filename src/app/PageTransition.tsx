import type { ReactNode } from 'react';
import { useLocation, type Location } from 'react-router-dom';
import { useTransition } from '@react-spring/web';
import { ROUTE } from '../dom-motion/springs';

let root: HTMLElement | null = null;

function fade(opacity: number) {
  root ??= document.getElementById('root');
  if (root) root.style.opacity = opacity >= 1 ? '' : String(opacity);
}

/** Fades the page out, then the next one in, so one page (and no id twice) is in the document. */
export function PageTransition({ children }: { children: (location: Location) => ReactNode }) {
  const location = useLocation();
  const transitions = useTransition(location, {
    keys: (l: Location) => l.pathname,
    initial: null,
    from: { opacity: 0 },
    enter: { opacity: 1 },
    leave: { opacity: 0 },
    exitBeforeEnter: true,
    config: ROUTE,
    // The spring writes the container's opacity itself: no element of its own, no render per frame.
    onChange: { opacity: ({ value }) => fade(Number(value)) },
  });
  return transitions((_, item) => children(item));
}
