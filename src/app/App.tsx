import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { HomePage } from '../home/HomePage';
import { ScrollToTop } from './ScrollToTop';
import { DocumentMeta } from './DocumentMeta';
import { routes } from '../content/site';
import { CanvasHost } from '../canvas/CanvasHost';

// Routes other than home load their code on demand (prerendered HTML shows them meanwhile).
const PrivacyPolicyPage = lazy(() =>
  import('../legal/pages').then((m) => ({ default: m.PrivacyPolicyPage })),
);
const TermsPage = lazy(() => import('../legal/pages').then((m) => ({ default: m.TermsPage })));
const NotFoundPage = lazy(() =>
  import('./NotFoundPage').then((m) => ({ default: m.NotFoundPage })),
);

export function App() {
  return (
    <>
      <ScrollToTop />
      <CanvasHost />
      <Routes>
        <Route
          path="/"
          element={
            <DocumentMeta meta={routes.home}>
              <HomePage />
            </DocumentMeta>
          }
        />
        <Route
          path="/privacypolicy"
          element={
            <DocumentMeta meta={routes.privacy}>
              <Suspense>
                <PrivacyPolicyPage />
              </Suspense>
            </DocumentMeta>
          }
        />
        <Route
          path="/terms"
          element={
            <DocumentMeta meta={routes.terms}>
              <Suspense>
                <TermsPage />
              </Suspense>
            </DocumentMeta>
          }
        />
        <Route
          path="*"
          element={
            <DocumentMeta meta={routes.notFound}>
              <Suspense>
                <NotFoundPage />
              </Suspense>
            </DocumentMeta>
          }
        />
      </Routes>
    </>
  );
}
