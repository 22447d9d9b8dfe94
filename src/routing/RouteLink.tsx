import type { AnchorHTMLAttributes } from 'react';
import { useHref, useLinkClickHandler } from 'react-router-dom';

type RouteLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/** A link to a route of the site, made of react-router's parts for links (docs/pages.md). */
export function RouteLink({ to, onClick, ...anchor }: RouteLinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { target: anchor.target });
  return (
    <a
      {...anchor}
      href={href}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) navigate(event);
      }}
    />
  );
}
