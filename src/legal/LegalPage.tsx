import type { CSSProperties } from 'react';
import type { LegalDocument } from '../content/legal';
import { TopBar } from '../layout/TopBar';
import { Footer } from '../layout/Footer';
import { usePageOpened } from '../routing/usePageOpened';
import { words } from '../content/words';

export function LegalPage({ document }: { document: LegalDocument }) {
  usePageOpened();
  return (
    <>
      <TopBar showName />
      <main id="main" className="page legal">
        <h1 className="page__title">{document.title}</h1>
        <p className="legal__updated">
          {words.lastUpdated} {document.lastUpdated}
        </p>
        <pre className="legal__text">
          {document.body.split('\n').map((line, i, lines) => (
            <Line key={i} text={line} last={i === lines.length - 1} />
          ))}
        </pre>
      </main>
      <Footer />
    </>
  );
}

/** A line of the text: wrapped, it goes on at its indent, after its bullet or its number. */
function Line({ text, last }: { text: string; last: boolean }) {
  const hang = /^\s*(- |\d+\. )?/.exec(text)![0].length;
  const indent = { '--indent': `${hang}ch` } as CSSProperties;
  return (
    <>
      <span className="legal__line" style={indent}>
        {text}
      </span>
      {last ? null : '\n'}
    </>
  );
}
