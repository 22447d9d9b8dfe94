import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { App } from './app/App';
import { routes, type RouteMeta } from './content/site';
import './styles/global.css';

export interface PrerenderedPage {
  readonly file: string;
  readonly meta: RouteMeta;
  readonly html: string;
}

/** The whole HTML of a page, once every lazily loaded route in it has loaded. */
async function renderComplete(element: React.ReactElement): Promise<string> {
  const { prelude } = await prerender(element);
  return new Response(prelude).text();
}

/** The pages the build writes, one HTML file per route (404.html included). */
export async function renderPages(): Promise<PrerenderedPage[]> {
  return Promise.all(
    Object.values(routes).map(async (meta) => ({
      file: meta.file,
      meta,
      html: await renderComplete(
        <StrictMode>
          <StaticRouter location={meta.path}>
            <App />
          </StaticRouter>
        </StrictMode>,
      ),
    })),
  );
}
