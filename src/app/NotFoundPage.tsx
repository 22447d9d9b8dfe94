import { Link } from 'react-router-dom';
import { TopBar } from '../layout/TopBar';
import { Footer } from '../layout/Footer';
import { usePageOpened } from './usePageOpened';

export function NotFoundPage() {
  usePageOpened();
  return (
    <>
      <TopBar showName />
      <main id="main" className="page page--center">
        <p className="eyebrow">Error 404</p>
        <h1 className="page__title">This page does not exist</h1>
        <p className="page__lead">The link may be old, or the address mistyped.</p>
        <Link className="button" to="/">
          Back to the home page
        </Link>
      </main>
      <Footer />
    </>
  );
}
