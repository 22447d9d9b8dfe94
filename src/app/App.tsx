import { lazy, Suspense, useEffect, useLayoutEffect, type ComponentType } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { HomePage } from '../home/HomePage';
import { PageTransition } from './PageTransition';
import { DocumentMeta } from './DocumentMeta';
import { routes, type RouteKey, type RouteMeta } from '../content/site';
import { CanvasHost } from '../title/canvas/CanvasHost';
import { startEdgeLight } from '../dom-motion/edgeLight';
import { showHome } from '../motion/store';

const legal = () => import('../legal/pages');
const notFound = () => import('./NotFoundPage');
const PrivacyPolicyPage = lazy(() => legal().then((m) => ({ default: m.PrivacyPolicyPage })));
const TermsPage = lazy(() => legal().then((m) => ({ default: m.TermsPage })));
const NotFoundPage = lazy(() => notFound().then((m) => ({ default: m.NotFoundPage })));

/** A route's code, fetched as the route changes: it loads while the old page fades out. */
function preload(pathname: string) {
  if (pathname === routes.home.path) return;
  const known = pathname === routes.privacy.path || pathname === routes.terms.path;
  void (known ? legal() : notFound()).catch(() => {});
}

const pages: Record<RouteKey, ComponentType> = {
  home: HomePage,
  privacy: PrivacyPolicyPage,
  terms: TermsPage,
  notFound: NotFoundPage,
};

export function App() {
  const { pathname } = useLocation();
  useEffect(() => preload(pathname), [pathname]);
  // Before any effect of the page reads it.
  useLayoutEffect(() => showHome(pathname === routes.home.path), [pathname]);
  useEffect(startEdgeLight, []);
  return (
    <>
      <CanvasHost />
      <PageTransition>
        {(location) => (
          <Routes location={location}>
            {(Object.entries(routes) as [RouteKey, RouteMeta][]).map(([key, meta]) => {
              const Page = pages[key];
              return (
                <Route
                  key={key}
                  path={key === 'notFound' ? '*' : meta.path}
                  element={
                    <DocumentMeta meta={meta}>
                      {Page === HomePage ? (
                        <Page />
                      ) : (
                        <Suspense>
                          <Page />
                        </Suspense>
                      )}
                    </DocumentMeta>
                  }
                />
              );
            })}
          </Routes>
        )}
      </PageTransition>
    </>
  );
}
