import { shallow } from 'zustand/shallow';
import { measureTitle, motionStore, type MotionState } from '../../motion/store';
import { layoutInputs, shapeInputs } from '../model/titleFrame';
import { heroShape, heroStyles, type HeroShape, type HeroStyles } from '../model/hero';
import { attachTitleLight, takeEarlyLight } from './titleLight';
import { crossfadeSide } from '../crossfade';
import { endEveryRunInRest } from '../../dom-motion/endInRest';

/** The hero's elements that the motion model moves (Hero.tsx). */
export interface HeroParts {
  /** The title's box: the <h1> and the lit copies of the name. */
  box: HTMLElement;
  title: HTMLElement;
  /** The band behind the pinned title. */
  band: HTMLElement;
  button: HTMLElement;
  tagline: HTMLElement;
}

/** What the title, its band and the button depend on: not every pointer move or tick. */
const heroInputs = (s: MotionState) => [...layoutInputs(s), s.canvas];

/**
 * Moves the hero with the store: the title, its light and its handover to the canvas, the band,
 * the tagline and the scroll-down button. Returns its stop, which puts the page back.
 */
export function attachHero(parts: HeroParts): () => void {
  const { box, title, button } = parts;
  const doc = box.ownerDocument;
  const root = doc.documentElement;
  // The light that has shone since the first paint, read before the box is moved.
  const early = takeEarlyLight(box);
  // The scroll hint's pulse (CSS) ends in its last rest: the run from the first paint, and each
  // run after, when the button is back at the top of the page. Found before anything below is
  // written, as the light is: finding animations restyles what is written before it.
  const stopPulseEnds = endEveryRunInRest(button);
  box.dataset.live = '';
  const wordEls = [...box.querySelectorAll<HTMLElement>('.hero__title-text, .hero__lit')].map(
    (el) => [...el.querySelectorAll<HTMLElement>('.hero__word')],
  );
  // The room, scroll-padding-top, is a new value of the root's inline style (index.html):
  // restyles the root alone.
  const defaultRoom = root.style.scrollPaddingTop;
  const write = heroWriter(parts, wordEls);

  // The build measured the name in the title's font (virtual:title-metrics); the page measures
  // it only when another font draws it (the title's failed to load), which reads the layout.
  if (!titleFontLoaded(doc))
    void doc.fonts?.ready.then(() => measureInOtherFont(box, title, wordEls[0]!));
  const unsubscribe = motionStore.subscribe(heroInputs, () => write(motionStore.getState()), {
    equalityFn: shallow,
    fireImmediately: true,
  });
  const detachLight = attachTitleLight(box, early);
  const detachFade = crossfadeSide(box, 1, 0);
  return () => {
    stopPulseEnds();
    unsubscribe();
    detachLight();
    detachFade();
    root.style.scrollPaddingTop = defaultRoom;
  };
}

/** Writes the hero for a state of the store; its shape only when the title's shape changed. */
function heroWriter(parts: HeroParts, wordEls: HTMLElement[][]): (s: MotionState) => void {
  const root = parts.box.ownerDocument.documentElement;
  let inputs: unknown[] = [];
  let shape!: HeroShape;
  return (s) => {
    const next = shapeInputs(s);
    if (!shallow(next, inputs)) {
      inputs = next;
      shape = heroShape(s);
      root.style.scrollPaddingTop = `${shape.room}px`;
      parts.band.style.height = `${shape.bandHeight}px`;
    }
    writeHero(parts, wordEls, heroStyles(s, shape));
  };
}

/** Writes the hero's styles onto its elements (each copy of the name moves its words alike). */
function writeHero(
  { box, title, band, button, tagline }: HeroParts,
  wordEls: HTMLElement[][],
  styles: HeroStyles,
): void {
  box.style.fontSize = styles.box.fontSize;
  box.style.transform = styles.box.transform;
  box.style.setProperty('--stroke', styles.box.stroke);
  styles.words.forEach((transform, i) => {
    for (const copy of wordEls) if (copy[i]) copy[i].style.transform = transform;
  });
  box.dataset.mode = styles.mode;
  title.dataset.mode = styles.mode;
  title.dataset.pinned = styles.pinned;
  // Only faded, never hidden: it stays in the page's text for screen readers.
  tagline.style.opacity = styles.tagline;
  band.style.opacity = styles.band.opacity;
  band.style.transform = styles.band.transform;
  button.style.setProperty('--shrink', styles.button.shrink);
  button.hidden = styles.button.gone;
  button.tabIndex = styles.button.gone ? -1 : 0;
  button.dataset.diameter = styles.button.diameter;
}

/** Measures the name in the font that draws it, once the title's own has failed to load. */
function measureInOtherFont(box: HTMLElement, title: HTMLElement, words: HTMLElement[]): void {
  const text = title.firstElementChild as HTMLElement | null;
  if (!text || titleFontLoaded(box.ownerDocument)) return;
  const em = parseFloat(getComputedStyle(box).fontSize) * (layoutScale(box) || 1);
  const width = (el: Element) => el.getBoundingClientRect().width / em;
  const titleEm = width(text);
  const titleWordsEm = words.map(width);
  if (Number.isFinite(titleEm) && titleEm > 1) measureTitle(titleEm, titleWordsEm);
}

/** The family of the title's own font, built from the name (src/styles/global.css). */
const TITLE_FAMILY = 'Syne Title';

/**
 * Whether the title's own font is in, read from the document's faces. `document.fonts.ready` is no
 * such read: once settled, Chromium lays the page out to answer it, so it is waited for only
 * while the face is not in.
 */
function titleFontLoaded(doc: Document): boolean {
  for (const face of doc.fonts ?? []) {
    if (face.family.replace(/["']/g, '') === TITLE_FAMILY && face.status === 'loaded') return true;
  }
  return false;
}

/** The scale the title's transform applies, read back from the element. */
function layoutScale(el: HTMLElement): number {
  const m = new DOMMatrixReadOnly(getComputedStyle(el).transform);
  return Math.hypot(m.a, m.b);
}
