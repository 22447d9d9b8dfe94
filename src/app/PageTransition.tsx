import type { ReactNode } from 'react';
import { useLocation, type Location } from 'react-router-dom';
import { useTransition } from '@react-spring/core';
import { ROUTE } from '../dom-motion/springs';

/** The app's container: the whole page fades, canvas included, and no element is added around it. */
function fade(opacity: number) {
  const root = document.getElementById('root');
  if (root) root.style.opacity = opacity >= 1 ? '' : String(opacity);
}

/**
 * A route change fades the page out, then the next one in (only one page is ever in the document,
 * so no id is there twice). The first page shows as it was prerendered; a change of the anchor or
 * the query alone is not a route change. The page itself goes to its top and focuses its heading
 * (usePageOpened) once it enters.
 */
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
