import { RouteLink } from '../routing/RouteLink';
import { TopBar } from '../layout/TopBar';
import { Footer } from '../layout/Footer';
import { usePageOpened } from '../routing/usePageOpened';
import { words } from '../content/words';

export function NotFoundPage() {
  usePageOpened();
  return (
    <>
      <TopBar showName />
      <main id="main" className="page page--center">
        <p className="eyebrow">{words.notFound.eyebrow}</p>
        <h1 className="page__title">{words.notFound.title}</h1>
        <p className="page__lead">{words.notFound.lead}</p>
        <RouteLink className="button" to="/">
          {words.notFound.back}
        </RouteLink>
      </main>
      <Footer />
    </>
  );
}
