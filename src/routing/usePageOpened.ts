import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** The route shown last; null until the first page (the prerendered one) has hydrated. */
let shownPath: string | null = null;

/** A page opened by a route change starts at its top, focus on its heading; the first does not. */
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
