import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import { HomePage } from '../home/HomePage';
import { PageTransition } from './PageTransition';
import { DocumentMeta } from './DocumentMeta';
import { routes, type RouteKey, type RouteMeta } from '../content/site';
import { CanvasHost } from '../canvas/CanvasHost';
import { startEdgeLight } from '../dom-motion/edgeLight';
import { followReducedMotion } from '../dom-motion/springs';

// Routes other than home load their code on demand (prerendered HTML shows them meanwhile).
const PrivacyPolicyPage = lazy(() =>
  import('../legal/pages').then((m) => ({ default: m.PrivacyPolicyPage })),
);
const TermsPage = lazy(() => import('../legal/pages').then((m) => ({ default: m.TermsPage })));
const NotFoundPage = lazy(() =>
  import('./NotFoundPage').then((m) => ({ default: m.NotFoundPage })),
);

const pages: Record<RouteKey, ComponentType> = {
  home: HomePage,
  privacy: PrivacyPolicyPage,
  terms: TermsPage,
  notFound: NotFoundPage,
};

export function App() {
  useEffect(() => {
    followReducedMotion();
    startEdgeLight();
  }, []);
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
