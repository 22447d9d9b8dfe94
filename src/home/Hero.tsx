import { useEffect, useRef } from 'react';
import { company } from '../content/company';
import { motionStore } from '../motion/store';
import {
  scrollButtonDiameter,
  scrollProgress,
  titleLayout,
  TITLE_LINE_HEIGHT,
} from '../motion/model';
import { ScrollDownButton } from './ScrollDownButton';

/**
 * The first viewport. The company name is the page's real <h1>; once the app runs it is fixed to
 * the viewport (`data-live`) and moved, shrunk and pinned by the motion model; before that, and
 * with JavaScript off, it scrolls away with the hero. It shows as a CSS-outlined title until the canvas
 * has drawn the lit one over it (and whenever WebGL is unavailable or lost), always at the same
 * size and place, so the swap moves nothing. Styles are written straight from the store: no React
 * render per frame.
 */
export function Hero() {
  const titleRef = useRef<HTMLHeadingElement>(null);
  const bandRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const title = titleRef.current;
    const band = bandRef.current;
    const button = buttonRef.current;
    if (!title || !band || !button) return;
    title.dataset.live = '';
    const write = () => {
      const s = motionStore.getState();
      const vh = s.viewport?.height ?? 0;
      const p = scrollProgress(s.scrollY, vh);
      const layout = titleLayout(p, s.viewport, s.titleEm);
      const startPx = layout.fontPx / layout.scale;
      title.style.fontSize = `${startPx}px`;
      title.style.transform = `translate(${layout.centerX}px, ${layout.centerY}px) translate(-50%, -50%) scale(${layout.scale})`;
      // The transform scales the outline too, so it is set in unscaled px.
      title.style.setProperty('--stroke', `${layout.strokePx / layout.scale}px`);
      title.dataset.pinned = String(layout.pinned);
      title.dataset.mode = s.canvas === 'ready' ? 'canvas' : 'dom';
      // The band behind the pinned title fades in over the last stretch before the pin.
      const bandOpacity = Math.min(1, Math.max(0, (p - 0.7) / 0.28));
      band.style.opacity = String(bandOpacity);
      band.style.height = `${layout.centerY + (layout.fontPx * TITLE_LINE_HEIGHT) / 2 + 48}px`;
      const rem = scrollButtonDiameter(s.scrollY, vh || 1);
      button.style.setProperty('--diameter', `${rem}rem`);
      const gone = rem <= 0;
      button.hidden = gone;
      button.tabIndex = gone ? -1 : 0;
      button.dataset.diameter = rem.toFixed(4);
    };
    write();
    // Fonts change the title's measured width: measure once they are in.
    void document.fonts?.ready.then(() => {
      const span = title.firstElementChild as HTMLElement | null;
      if (!span) return;
      const size = parseFloat(getComputedStyle(title).fontSize);
      const em = span.getBoundingClientRect().width / (size * (layoutScale(title) || 1));
      if (Number.isFinite(em) && em > 1) motionStore.setState({ titleEm: em });
    });
    // Only what the title, its band and the button depend on: not every pointer move or tick.
    return motionStore.subscribe((s, prev) => {
      if (
        s.scrollY !== prev.scrollY ||
        s.viewport !== prev.viewport ||
        s.titleEm !== prev.titleEm ||
        s.canvas !== prev.canvas
      )
        write();
    });
  }, []);

  return (
    <section className="hero" aria-labelledby="hero-title">
      <div ref={bandRef} className="hero__band" aria-hidden="true" />
      <h1
        ref={titleRef}
        id="hero-title"
        className="hero__title"
        data-mode="dom"
        data-pinned="false"
        style={{ lineHeight: TITLE_LINE_HEIGHT }}
      >
        <span className="hero__title-text">{company.name}</span>
      </h1>
      <p className="hero__tagline">{company.tagline}</p>
      <ScrollDownButton ref={buttonRef} />
    </section>
  );
}

/** The scale the title's transform applies, read back from the element. */
function layoutScale(el: HTMLElement): number {
  const m = new DOMMatrixReadOnly(getComputedStyle(el).transform);
  return Math.hypot(m.a, m.b);
}
