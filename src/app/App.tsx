import { Route, Routes } from 'react-router-dom';
import { HomePage } from '../home/HomePage';
import { LegalPage } from '../legal/LegalPage';
import { privacyPolicy, termsAndConditions } from '../content/legal';
import { NotFoundPage } from './NotFoundPage';
import { ScrollToTop } from './ScrollToTop';
import { DocumentMeta } from './DocumentMeta';
import { routes } from '../content/site';
import { CanvasHost } from '../canvas/CanvasHost';

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
              <LegalPage document={privacyPolicy} />
            </DocumentMeta>
          }
        />
        <Route
          path="/terms"
          element={
            <DocumentMeta meta={routes.terms}>
              <LegalPage document={termsAndConditions} />
            </DocumentMeta>
          }
        />
        <Route
          path="*"
          element={
            <DocumentMeta meta={routes.notFound}>
              <NotFoundPage />
            </DocumentMeta>
          }
        />
      </Routes>
    </>
  );
}
