import { company } from './company';

const name = company.name;
export interface RouteMeta {
  readonly path: '/' | '/privacypolicy' | '/terms' | '/404';
  /** The prerendered page in the build (Hosting serves it at `path`, without .html). */
  readonly file: string;
  readonly title: string;
  readonly description: string;
}

export const LEGAL_LAST_UPDATED = 'Feb 29th, 2024';

export type RouteKey = 'home' | 'privacy' | 'terms' | 'notFound';

/** Every page, for the router, prerender, service worker, sitemap and bench; `notFound` is 404. */
export const routes: Record<RouteKey, RouteMeta> = {
  home: {
    path: '/',
    file: 'index.html',
    title: `${name} — mobile apps, websites and digital services`,
    description: `${name} is a small studio in Lincoln, Nebraska that builds mobile apps, websites and other digital services. See our projects and get in touch.`,
  },
  privacy: {
    path: '/privacypolicy',
    file: 'privacypolicy.html',
    title: `Privacy Policy — ${name}`,
    description: `What ${name} collects, why, how it is stored and how to have it removed. No cookies, no tracking.`,
  },
  terms: {
    path: '/terms',
    file: 'terms.html',
    title: `Terms & Conditions — ${name}`,
    description: `The terms and conditions for using ${name} websites, apps and services.`,
  },
  notFound: {
    path: '/404',
    file: '404.html',
    title: `Page not found — ${name}`,
    description: `This page does not exist. Head back to the ${name} home page.`,
  },
};

/** Where the site is served, for canonical URLs, Open Graph, the sitemap and robots.txt. */
const DEFAULT_SITE_ORIGIN = 'https://bluestem.example.com';

/** `https://host[:port]` from a configured value: no path, no trailing slash; invalid values throw. */
export function siteOrigin(
  configured: string | undefined = import.meta.env?.VITE_SITE_ORIGIN,
): string {
  const raw = configured?.trim() || DEFAULT_SITE_ORIGIN;
  const url = new URL(raw);
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`VITE_SITE_ORIGIN must be an http(s) URL, not ${raw}`);
  return url.origin;
}

export function absoluteUrl(path: string, origin: string = siteOrigin()): string {
  return new URL(path, `${origin}/`).href;
}

export const indexedRoutes: readonly RouteMeta[] = [routes.home, routes.privacy, routes.terms];

export const shareImage = {
  path: '/og-image.png',
  width: 1200,
  height: 630,
  alt: `${name}: the outlined company name on a dark background`,
  type: 'image/png',
} as const;

export const THEME_COLOR = '#07080d';
