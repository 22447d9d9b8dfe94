import { useEffect, type ReactNode } from 'react';
import type { RouteMeta } from '../content/site';

/**
 * Keeps the tab title and description right after client-side navigation; the prerendered HTML
 * already carries them for the first load.
 */
export function DocumentMeta({ meta, children }: { meta: RouteMeta; children: ReactNode }) {
  useEffect(() => {
    document.title = meta.title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', meta.description);
  }, [meta]);
  return children;
}
