import { useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Every route opens at its top, also when arriving from a scrolled page. Only a route change
 * scrolls: at hydration the page keeps where the visitor (or the browser, on a reload or an
 * anchor) already put it, since the prerendered page is readable and scrollable before the app.
 */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  const shown = useRef(pathname);
  useLayoutEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    if (hash) return;
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname, hash]);
  return null;
}
