import { Fragment, useEffect, useRef } from 'react';
import { company } from '../content/company';
import { titleWords } from '../motion/store';
import { TITLE_LINE_HEIGHT } from '../title/model/model';
import { ScrollDownButton } from './ScrollDownButton';
import { attachHero } from '../title/dom/heroMotion';

const words = titleWords(company.name);

/** The name, one element per word (each moved on its own on a two-line title). */
function Words() {
  return words.map((word, i) => (
    <Fragment key={i}>
      {i > 0 && ' '}
      <span className="hero__word">{word}</span>
    </Fragment>
  ));
}

/** A copy of the name that carries the CSS light: a window at the light over the words. */
function LitCopy({ kind }: { kind: 'halo' | 'hue' | 'violet' | 'core' }) {
  return (
    <div className={`hero__lit hero__lit--${kind}`} aria-hidden="true">
      <div className="hero__lit-text">
        <Words />
      </div>
    </div>
  );
}

/**
 * The first viewport: the company name as the real <h1>, moved by the model (heroMotion.ts,
 * docs/motion.md).
 */
export function Hero() {
  const boxRef = useRef<HTMLDivElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const bandRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const taglineRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    const box = boxRef.current;
    const title = titleRef.current;
    const band = bandRef.current;
    const button = buttonRef.current;
    const tagline = taglineRef.current;
    if (!box || !title || !band || !button || !tagline) return;
    return attachHero({ box, title, band, button, tagline });
  }, []);

  return (
    <section
      className="hero"
      aria-labelledby="hero-title"
      data-lines={words.length > 1 ? '2' : '1'}
    >
      <div ref={bandRef} className="hero__band" aria-hidden="true" />
      <div
        ref={boxRef}
        className="hero__title-box"
        data-mode="dom"
        style={{ lineHeight: TITLE_LINE_HEIGHT }}
      >
        <LitCopy kind="halo" />
        <h1
          ref={titleRef}
          id="hero-title"
          className="hero__title"
          data-mode="dom"
          data-pinned="false"
        >
          <span className="hero__title-text">
            <Words />
          </span>
        </h1>
        <LitCopy kind="hue" />
        <LitCopy kind="violet" />
        <LitCopy kind="core" />
      </div>
      <p ref={taglineRef} className="hero__tagline">
        {company.tagline}
      </p>
      <ScrollDownButton ref={buttonRef} />
    </section>
  );
}
