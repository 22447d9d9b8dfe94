/**
 * The motion model: pure functions of scroll, viewport and time, read by canvas and DOM. The
 * numbers it must hold to are stated in docs/requirements.md.
 */

/** The title's size in its own units: 48 at the top of the page, 32 once pinned. */
export const TITLE_START_SIZE = 48;
export const TITLE_END_SIZE = 32;
/** The outline never gets thinner than this, in title units. */
const MIN_STROKE = 4;
/** Outline width per unit of size: 6 units at size 48, 4 at size 32. */
const STROKE_PER_SIZE = 1 / 8;
/** An outline unit is a quarter of a title unit, so the letters stay hollow (docs/motion.md). */
export const OUTLINE_UNIT = 1 / 4;
/** Before the viewport is measured (prerender, first render) the title is guessed at these. */
export const GUESSED_SIZE = 48;
export const GUESSED_STROKE = 4;
/** Scroll progress at which the title pins to the top. */
const PIN_THRESHOLD = 0.98;
/** The scroll-down circle: 3rem across at the top, nothing after half a viewport of scrolling. */
export const SCROLL_BUTTON_REM = 3;
const SCROLL_BUTTON_GONE_AT = 0.5;
import { restX, sweepStep } from './light.ts';
import type { Viewport } from '../../motion/store';

/** The top bar's height in CSS px: the pinned title sits under it. */
const TOPBAR_HEIGHT = 64;
/** The title's start font size never exceeds this, in px. */
export const TITLE_MAX_START_PX = 168;
/** The title's line box in ems (the DOM title's CSS `line-height`, and the canvas's). */
export const TITLE_LINE_HEIGHT = 1.2;

export const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const lerp = (a: number, b: number, t: number) => a + (b - a) * t;
const smoothstep = (t: number) => {
  const u = clamp(t, 0, 1);
  return u * u * (3 - 2 * u);
};

/** Scroll progress p: 0 at the top, 1 after one viewport height. */
export function scrollProgress(scrollY: number, viewportHeight: number): number {
  if (viewportHeight <= 0) return 0;
  return clamp(scrollY / viewportHeight, 0, 1);
}

/** How far the shrink-and-rise has gone: 0 at the top, 1 from the pin threshold on. */
function pinProgress(p: number): number {
  return clamp(p / PIN_THRESHOLD, 0, 1);
}

/** Whether the title is pinned under the top bar at scroll progress p. */
function isPinned(p: number): boolean {
  return p >= PIN_THRESHOLD;
}

/** Outline width in title units: scales with the size, never below 4. */
function strokeWidth(size: number): number {
  return Math.max(MIN_STROKE, size * STROKE_PER_SIZE);
}

/** Side margin of the hero title: this share of the window's width, never under the minimum (px). */
export const TITLE_MARGIN_SHARE = 0.05;
export const TITLE_MARGIN_MIN_PX = 16;
/** Where the title's centre starts: this share of the viewport's height from its top. */
export const TITLE_START_Y = 0.46;

/** Side margin of the hero title, in px. */
function titleMargin(width: number): number {
  return Math.max(TITLE_MARGIN_MIN_PX, width * TITLE_MARGIN_SHARE);
}

/** Font size in px of the title at size 48: its longer line fills the hero's width, capped. */
function startFontPx(width: number, emWidth: number, longestLineEm?: number): number {
  const room = width - 2 * titleMargin(width);
  const oneLine = room / emWidth;
  if (longestLineEm === undefined) return Math.min(TITLE_MAX_START_PX, oneLine);
  const pinnedFits = (oneLine * TITLE_START_SIZE) / TITLE_END_SIZE;
  return Math.min(TITLE_MAX_START_PX, room / longestLineEm, pinnedFits);
}

/** Screens at least this much taller than wide start a name of several words on two lines. */
const TWO_LINE_ASPECT = 1.2;
/** The name's widths in ems in the title's font: measured by the build (virtual:title-metrics). */
export interface TitleMetrics {
  readonly titleEm: number;
  readonly wordsEm: readonly number[];
  readonly spaceEm: number;
}

/** The width in ems of words `a` to `b − 1` set on one line, a space between each two. */
function lineEm(wordsEm: readonly number[], spaceEm: number, a: number, b: number): number {
  return b <= a ? 0 : wordsEm.slice(a, b).reduce((s, w) => s + w, 0) + spaceEm * (b - a - 1);
}

/** The longer line's width in ems of a name on two lines, broken at `k` (twoLineSplit's). */
export function longerLineEm(
  wordsEm: readonly number[],
  spaceEm: number,
  k = twoLineSplit(wordsEm, spaceEm),
): number {
  return Math.max(lineEm(wordsEm, spaceEm, 0, k), lineEm(wordsEm, spaceEm, k, wordsEm.length));
}

/** Where the words break into two lines: the split whose longer line is the shortest. */
function twoLineSplit(wordsEm: readonly number[], spaceEm: number): number {
  let best = 1;
  let bestWidth = Infinity;
  for (let k = 1; k < wordsEm.length; k++) {
    const width = longerLineEm(wordsEm, spaceEm, k);
    if (width < bestWidth) [best, bestWidth] = [k, width];
  }
  return best;
}

/** How many lines the title starts on in this viewport: two on portrait screens, else one. */
function titleLines(viewport: Viewport | null, wordCount: number): 1 | 2 {
  if (!viewport || wordCount < 2 || viewport.width <= 0) return 1;
  return viewport.height / viewport.width >= TWO_LINE_ASPECT ? 2 : 1;
}

/** One word of the title: its offset from its one-line place (start-size px) and its place now. */
interface WordPlace {
  readonly dx: number;
  readonly dy: number;
  readonly x: number;
  readonly y: number;
  readonly widthPx: number;
}

/** The title's size (title units), place and width (px) for one scroll progress. */
export interface TitleLayout {
  readonly size: number;
  readonly stroke: number;
  readonly fontPx: number;
  readonly strokePx: number;
  readonly centerX: number;
  readonly centerY: number;
  readonly widthPx: number;
  readonly pinned: boolean;
  /** The DOM title's scale relative to its start size. */
  readonly scale: number;
  /** Lines at the start, and how far the lines have closed into one (1: joined). */
  readonly lines: 1 | 2;
  readonly join: number;
  readonly words: readonly WordPlace[];
}

/** By this share of the way to the pin a two-line name is at its end size, words side by side. */
const JOIN_SPREAD = 0.6;

/** Where the title is and how big at scroll progress p (a guess until the viewport is measured). */
export function titleLayout(
  p: number,
  viewport: Viewport | null,
  emWidth: number,
  wordsEm: readonly number[],
): TitleLayout {
  const measured = viewport !== null && viewport.width > 0 && viewport.height > 0;
  const lines = titleLines(measured ? viewport : null, wordsEm.length);
  const pin = pinProgress(p);
  // Two lines join in two steps, so their words never cross (docs/title-light.md).
  const shrink = lines === 2 ? smoothstep(pin / JOIN_SPREAD) : pin;
  const close = lines === 2 ? smoothstep((pin - JOIN_SPREAD) / (1 - JOIN_SPREAD)) : 1;
  const size = measured ? lerp(TITLE_START_SIZE, TITLE_END_SIZE, shrink) : GUESSED_SIZE;
  const stroke = measured ? strokeWidth(size) : GUESSED_STROKE;
  const width = measured ? viewport.width : 1280;
  const height = measured ? viewport.height : 800;
  const n = wordsEm.length;
  const spaceEm = n > 1 ? (emWidth - wordsEm.reduce((s, w) => s + w, 0)) / (n - 1) : 0;
  const split = lines === 2 ? twoLineSplit(wordsEm, spaceEm) : n;
  const longestEm = lines === 2 ? longerLineEm(wordsEm, spaceEm, split) : emWidth;
  const unitPx =
    startFontPx(width, emWidth, lines === 2 ? longestEm : undefined) / TITLE_START_SIZE;
  const fontPx = size * unitPx;
  const endFontPx = TITLE_END_SIZE * unitPx;
  const scale = size / TITLE_START_SIZE;
  const startPx = TITLE_START_SIZE * unitPx;
  const startY = height * TITLE_START_Y;
  const pinnedY = TOPBAR_HEIGHT + 10 + (endFontPx * TITLE_LINE_HEIGHT) / 2;
  const centerX = width / 2;
  const centerY = lerp(startY, pinnedY, pin);

  const { oneLine, twoLines } = wordCentres(wordsEm, emWidth, spaceEm, split);
  const xAt = (i: number, apart: number) =>
    lines === 2 ? lerp(twoLines[i]!.x, oneLine[i]!, apart) : oneLine[i]!;
  const spanEm = (apart: number) => wordsSpanEm(wordsEm, xAt, apart);
  const apart = lines === 2 ? wordsApart(shrink, size, spanEm) : shrink;
  const words = wordsEm.map((w, i) => {
    const ex = xAt(i, apart);
    const ey = lines === 2 ? lerp(twoLines[i]!.y, 0, close) : 0;
    return {
      dx: (ex - oneLine[i]!) * startPx,
      dy: ey * startPx,
      x: centerX + ex * fontPx,
      y: centerY + ey * fontPx,
      widthPx: w * fontPx,
    };
  });
  return {
    size,
    stroke,
    fontPx,
    strokePx: stroke * OUTLINE_UNIT * unitPx,
    centerX,
    centerY,
    widthPx: spanEm(apart) * fontPx,
    pinned: isPinned(p),
    scale,
    lines,
    join: lines === 2 ? close : 1,
    words,
  };
}

/** Each word's centre in ems from the title's centre: on one line, and on two broken at `split`. */
function wordCentres(
  wordsEm: readonly number[],
  emWidth: number,
  spaceEm: number,
  split: number,
): { oneLine: number[]; twoLines: { x: number; y: number }[] } {
  const n = wordsEm.length;
  const line = (a: number, b: number) => lineEm(wordsEm, spaceEm, a, b);
  const oneLine: number[] = [];
  let at = -emWidth / 2;
  for (const w of wordsEm) {
    oneLine.push(at + w / 2);
    at += w + spaceEm;
  }
  const twoLines = wordsEm.map((w, i) => {
    const [a, b] = i < split ? [0, split] : [split, n];
    const start = -line(a, b) / 2 + line(a, i) + (i > a ? spaceEm : 0);
    return { x: start + w / 2, y: ((i < split ? -1 : 1) * TITLE_LINE_HEIGHT) / 2 };
  });
  return { oneLine, twoLines };
}

/** The width in ems the words cover with their centres at `xAt(i, apart)`. */
function wordsSpanEm(
  wordsEm: readonly number[],
  xAt: (i: number, apart: number) => number,
  apart: number,
): number {
  let [left, right] = [Infinity, -Infinity];
  wordsEm.forEach((w, i) => {
    left = Math.min(left, xAt(i, apart) - w / 2);
    right = Math.max(right, xAt(i, apart) + w / 2);
  });
  return right - left;
}

/**
 * How far a two-line name's words have moved apart (0: two lines, 1: one): `shrink`, or less, so
 * the title is never wider than at its start or pinned.
 */
function wordsApart(shrink: number, size: number, spanEm: (apart: number) => number): number {
  const widest = Math.max(spanEm(0) * TITLE_START_SIZE, spanEm(1) * TITLE_END_SIZE);
  if (spanEm(shrink) * size <= widest) return shrink;
  let [lo, hi] = [0, shrink];
  for (let k = 0; k < 24; k++) {
    const mid = (lo + hi) / 2;
    [lo, hi] = spanEm(mid) * size > widest ? [lo, mid] : [mid, hi];
  }
  return lo;
}

/** The tagline's gap under the title's line box at the start (`--tagline-gap` in the CSS). */
export const TAGLINE_GAP_PX = 24;

/** The tagline fades across its gap as the page carries it up to the title's last line. */
export function taglineOpacity(scrollY: number, start: TitleLayout, now: TitleLayout): number {
  const bottom = (l: TitleLayout) =>
    Math.max(...l.words.map((w) => w.y)) + (l.fontPx * TITLE_LINE_HEIGHT) / 2;
  const gap = bottom(start) + TAGLINE_GAP_PX - scrollY - bottom(now);
  return clamp(gap / TAGLINE_GAP_PX, 0, 1);
}

/** Room above and below the title's line box for the light's halo, in ems of the start size. */
const TITLE_STRIP_MARGIN = 0.45;

/** The strip the canvas covers: the title at its start size plus the halo (docs/title-light.md). */
export function titleStrip(layout: TitleLayout): { top: number; height: number } {
  const startPx = layout.fontPx / layout.scale;
  const height = Math.ceil(startPx * (layout.lines * TITLE_LINE_HEIGHT + 2 * TITLE_STRIP_MARGIN));
  return { top: layout.centerY - height / 2, height };
}

/** The opaque band behind the pinned title fades in over the last stretch before the pin. */
const PINNED_BAND_FROM = 0.7;
/** How far the band reaches below the pinned title's line box, in px. */
const PINNED_BAND_BELOW_PX = 48;

/** The band behind the pinned title: its opacity and its height from the top of the viewport. */
export function pinnedBand(p: number, layout: TitleLayout): { opacity: number; height: number } {
  return {
    opacity: clamp((p - PINNED_BAND_FROM) / (PIN_THRESHOLD - PINNED_BAND_FROM), 0, 1),
    height: layout.centerY + (layout.fontPx * TITLE_LINE_HEIGHT) / 2 + PINNED_BAND_BELOW_PX,
  };
}

/** Length of the DOM-to-canvas crossfade (docs/title-light.md). */
export const TITLE_CROSSFADE_MS = 450;

/** The scroll-down circle's diameter in rem: 3 at the top, 0 from half a viewport on. */
export function scrollButtonDiameter(scrollY: number, viewportHeight: number): number {
  if (viewportHeight <= 0) return SCROLL_BUTTON_REM;
  const t = clamp(scrollY / (viewportHeight * SCROLL_BUTTON_GONE_AT), 0, 1);
  return SCROLL_BUTTON_REM * (1 - t);
}

/** The intro sweep's light: its x in viewport px, and whether it has passed the heading. */
export interface Sweep {
  readonly x: number;
  readonly done: boolean;
}

/** The intro sweep at elapsed time t, from left of the heading to beyond its right edge. */

export function sweepPosition(
  tMs: number,
  windowWidth: number,
  headingLeft: number,
  headingRight: number,
  reach = 0,
): Sweep {
  const start = headingLeft - reach;
  const end = headingRight + reach;
  const x = start + sweepStep(windowWidth) * Math.max(0, tMs);
  return x > end ? { x: end, done: true } : { x, done: false };
}

/** Where the light rests when nothing leads it: over the title, a third of the way in. */
export function lightRestX(layout: TitleLayout): number {
  return restX(layout.centerX, layout.widthPx);
}
