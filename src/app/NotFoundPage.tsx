import { RouteLink } from '../routing/RouteLink';
import { TopBar } from '../layout/TopBar';
import { Footer } from '../layout/Footer';
import { usePageOpened } from '../routing/usePageOpened';

export function NotFoundPage() {
  usePageOpened();
  return (
    <>
      <TopBar showName />
      <main id="main" className="page page--center">
        <p className="eyebrow">Error 404</p>
        <h1 className="page__title">This page does not exist</h1>
        <p className="page__lead">The link may be old, or the address mistyped.</p>
        <RouteLink className="button" to="/">
          Back to the home page
        </RouteLink>
      </main>
      <Footer />
    </>
  );
}
