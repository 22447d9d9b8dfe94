import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { App } from './app/App';
import { routes, type RouteMeta } from './content/site';
import './styles/global.css';

export interface PrerenderedPage {
  readonly file: string;
  readonly meta: RouteMeta;
  readonly html: string;
}

/** The pages the build writes: one HTML file per route, plus 404.html. */
export function renderPages(): PrerenderedPage[] {
  const pages: [string, string, RouteMeta][] = [
    ['index.html', '/', routes.home],
    ['privacypolicy.html', '/privacypolicy', routes.privacy],
    ['terms.html', '/terms', routes.terms],
    ['404.html', '/404', routes.notFound],
  ];
  return pages.map(([file, url, meta]) => ({
    file,
    meta,
    html: renderToString(
      <StrictMode>
        <StaticRouter location={url}>
          <App />
        </StaticRouter>
      </StrictMode>,
    ),
  }));
}
