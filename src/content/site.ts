/** Per-route metadata and the site's fixed texts. */
import { company } from './company';

const name = company.name;
export interface RouteMeta {
  readonly path: '/' | '/privacypolicy' | '/terms' | '/404';
  readonly title: string;
  readonly description: string;
}

export const LEGAL_LAST_UPDATED = 'Feb 29th, 2024';

export const routes: Record<'home' | 'privacy' | 'terms' | 'notFound', RouteMeta> = {
  home: {
    path: '/',
    title: `${name} — mobile apps, websites and digital services`,
    description:
      `${name} is a small studio in Lincoln, Nebraska that builds mobile apps, websites and other digital services. See our projects and get in touch.`,
  },
  privacy: {
    path: '/privacypolicy',
    title: `Privacy Policy — ${name}`,
    description:
      `What ${name} collects, why, how it is stored and how to have it removed. No cookies, no tracking.`,
  },
  terms: {
    path: '/terms',
    title: `Terms & Conditions — ${name}`,
    description: `The terms and conditions for using ${name} websites, apps and services.`,
  },
  notFound: {
    path: '/404',
    title: `Page not found — ${name}`,
    description: `This page does not exist. Head back to the ${name} home page.`,
  },
};
