import { shallow } from 'zustand/shallow';
import { measureTitle, motionStore, type MotionState } from '../../motion/store';
import { layoutInputs, layoutOf, shapeInputs, titleEnds } from '../model/titleFrame';
import {
  pinnedBand,
  scrollButtonDiameter,
  SCROLL_BUTTON_REM,
  taglineOpacity,
} from '../model/model';
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
export function attachHero({ box, title, band, button, tagline }: HeroParts): () => void {
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

  // The title's ends, the room and the band's height change only with the title's shape.
  let shape: unknown[] = [];
  let ends!: ReturnType<typeof titleEnds>;
  let bandHeight = 0;
  const reshape = (s: MotionState) => {
    const next = shapeInputs(s);
    if (shallow(next, shape)) return;
    shape = next;
    ends = titleEnds(s);
    const room = Math.ceil(pinnedBand(1, ends.pinned).height);
    root.style.scrollPaddingTop = `${room}px`;
    // The band is drawn once at its tallest and slid up (transform), never resized.
    bandHeight = Math.ceil(Math.max(pinnedBand(0, ends.start).height, room));
    band.style.height = `${bandHeight}px`;
  };

  const write = (s: MotionState) => {
    reshape(s);
    const vh = s.viewport?.height ?? 0;
    const { p, layout } = layoutOf(s);
    const startPx = layout.fontPx / layout.scale;
    box.style.fontSize = `${startPx}px`;
    box.style.transform = `translate(${layout.centerX}px, ${layout.centerY}px) translate(-50%, -50%) scale(${layout.scale})`;
    // The transform scales the outline too, so it is set in unscaled px.
    box.style.setProperty('--stroke', `${layout.strokePx / layout.scale}px`);
    layout.words.forEach((w, i) => {
      const transform = w.dx || w.dy ? `translate(${w.dx}px, ${w.dy}px)` : '';
      for (const copy of wordEls) if (copy[i]) copy[i].style.transform = transform;
    });
    const mode = s.canvas === 'ready' ? 'canvas' : 'dom';
    box.dataset.mode = mode;
    title.dataset.mode = mode;
    title.dataset.pinned = String(layout.pinned);
    const shown = taglineOpacity(s.scrollY, ends.start, layout);
    // Only faded, never hidden: it stays in the page's text for screen readers.
    tagline.style.opacity = shown < 1 ? shown.toFixed(3) : '';
    const pinned = pinnedBand(p, layout);
    band.style.opacity = String(pinned.opacity);
    band.style.transform = `translateY(${(pinned.height - bandHeight).toFixed(2)}px)`;
    const rem = scrollButtonDiameter(s.scrollY, vh || 1);
    button.style.setProperty('--shrink', String(rem / SCROLL_BUTTON_REM));
    const gone = rem <= 0;
    button.hidden = gone;
    button.tabIndex = gone ? -1 : 0;
    button.dataset.diameter = rem.toFixed(4);
  };

  // The build measured the name in the title's font (virtual:title-metrics); the page measures
  // it only when another font draws it (the title's failed to load), which reads the layout.
  if (!titleFontLoaded(doc))
    void doc.fonts?.ready.then(() => {
      const text = title.firstElementChild as HTMLElement | null;
      if (!text || titleFontLoaded(doc)) return;
      const em = parseFloat(getComputedStyle(box).fontSize) * (layoutScale(box) || 1);
      const width = (el: Element) => el.getBoundingClientRect().width / em;
      const titleEm = width(text);
      const titleWordsEm = wordEls[0]!.map(width);
      if (Number.isFinite(titleEm) && titleEm > 1) measureTitle(titleEm, titleWordsEm);
    });
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
