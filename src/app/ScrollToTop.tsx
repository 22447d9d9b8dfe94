import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** Every route opens at its top, also when arriving from a scrolled page. */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  useLayoutEffect(() => {
    if (hash) return;
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname, hash]);
  return null;
}
