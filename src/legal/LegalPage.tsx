import type { LegalDocument } from '../content/legal';
import { TopBar } from '../layout/TopBar';
import { Footer } from '../layout/Footer';
import { usePageOpened } from '../app/usePageOpened';

export function LegalPage({ document }: { document: LegalDocument }) {
  usePageOpened();
  return (
    <>
      <TopBar showName />
      <main id="main" className="page legal">
        <h1 className="page__title">{document.title}</h1>
        <p className="legal__updated">Last updated: {document.lastUpdated}</p>
        <pre className="legal__text">{document.body}</pre>
      </main>
      <Footer />
    </>
  );
}
