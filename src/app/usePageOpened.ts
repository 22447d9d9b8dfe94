import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** The route shown last; null until the first page (the prerendered one) has hydrated. */
let shownPath: string | null = null;

/**
 * A page opened by a route change starts at its top (unless the address names an anchor) with
 * the keyboard's focus on its heading, so a screen reader reads the new page from its name. The
 * first page does neither: it stays where the visitor, an anchor or a reload put it.
 */
export function usePageOpened(): void {
  const { pathname, hash } = useLocation();
  useLayoutEffect(() => {
    const first = shownPath === null || shownPath === pathname;
    shownPath = pathname;
    if (first) return;
    if (!hash) window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    const heading = document.querySelector('h1');
    if (!heading) return;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: true });
  }, [pathname, hash]);
}
