import { useEffect, type ReactNode } from 'react';
import type { RouteMeta } from '../content/site';

/** Sets the tab title and description after a client-side route change (the HTML has them first). */
export function DocumentMeta({ meta, children }: { meta: RouteMeta; children: ReactNode }) {
  useEffect(() => {
    document.title = meta.title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', meta.description);
  }, [meta]);
  return children;
}
