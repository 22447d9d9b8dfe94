/**
 * The motion model: pure functions of the raw inputs (scroll, viewport, pointer, time). Every
 * number of the spec lives here, named once. The canvas and the DOM both read these.
 */

/** The title's size in its own units: 48 at the top of the page, 32 once pinned. */
export const TITLE_START_SIZE = 48;
export const TITLE_END_SIZE = 32;
/** The outline never gets thinner than this, in title units. */
export const MIN_STROKE = 4;
/** Outline width per unit of size: 6 units at size 48, 4 at size 32. */
export const STROKE_PER_SIZE = 1 / 8;
/**
 * An outline unit is a quarter of a title unit. The spec's outline (6 → 4 units, never below 4)
 * taken in whole title units would be 12.5% of the font size and fill the letters in; in quarter
 * units it is a crisp line of 3% that keeps the letters hollow, and still scales the same way.
 */
export const OUTLINE_UNIT = 1 / 4;
/** Before the viewport is measured (prerender, first render) the title is guessed at these. */
export const GUESSED_SIZE = 48;
export const GUESSED_STROKE = 4;
/** Scroll progress at which the title pins to the top. */
export const PIN_THRESHOLD = 0.98;
/** The scroll-down circle: 3rem across at the top, nothing after half a viewport of scrolling. */
export const SCROLL_BUTTON_REM = 3;
export const SCROLL_BUTTON_GONE_AT = 0.5;
/** Intro sweep: 2 px per ms on windows wider than 1024 px, otherwise 1 px per ms. */
export const SWEEP_WIDE_BREAKPOINT = 1024;
export const SWEEP_STEP_WIDE = 2;
export const SWEEP_STEP_NARROW = 1;

/** Layout of the title in CSS pixels (not in the spec: chosen so it fills the hero). */
export const TOPBAR_HEIGHT = 64;
/** Width of "the company name" in ems, used until the real text is measured (Syne 700). */
export const DEFAULT_TITLE_EM_WIDTH = 9.1;
export const TITLE_MAX_START_PX = 168;
/** The title's line box in ems (CSS `line-height` of the DOM title, troika's line height). */
export const TITLE_LINE_HEIGHT = 1.2;

export const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const lerp = (a: number, b: number, t: number) => a + (b - a) * t;

/** Scroll progress p: 0 at the top, 1 after one viewport height. */
export function scrollProgress(scrollY: number, viewportHeight: number): number {
  if (viewportHeight <= 0) return 0;
  return clamp(scrollY / viewportHeight, 0, 1);
}

/** How far the shrink-and-rise has gone: 0 at the top, 1 from the pin threshold on. */
export function pinProgress(p: number): number {
  return clamp(p / PIN_THRESHOLD, 0, 1);
}

export function isPinned(p: number): boolean {
  return p >= PIN_THRESHOLD;
}

/** The title's size in title units: 48 at p = 0 down to 32 at the pin threshold. */
export function titleSize(p: number): number {
  return lerp(TITLE_START_SIZE, TITLE_END_SIZE, pinProgress(p));
}

/** Outline width in title units: scales with the size, never below 4. */
export function strokeWidth(size: number): number {
  return Math.max(MIN_STROKE, size * STROKE_PER_SIZE);
}

export interface Viewport {
  readonly width: number;
  readonly height: number;
}

/** Side margin of the hero title, in px. */
export function titleMargin(width: number): number {
  return Math.max(16, width * 0.05);
}

/** Font size in px of the title at size 48: fills the hero's width with margins, capped. */
export function startFontPx(width: number, emWidth = DEFAULT_TITLE_EM_WIDTH): number {
  return Math.min(TITLE_MAX_START_PX, (width - 2 * titleMargin(width)) / emWidth);
}

export interface TitleLayout {
  /** Size and outline in title units. */
  readonly size: number;
  readonly stroke: number;
  /** Font size and outline width (centred on the glyph edge) in CSS px. */
  readonly fontPx: number;
  readonly strokePx: number;
  /** Centre of the title in viewport px. */
  readonly centerX: number;
  readonly centerY: number;
  /** Width of the title's text in px. */
  readonly widthPx: number;
  readonly pinned: boolean;
  /** The DOM title's scale relative to its start size. */
  readonly scale: number;
}

/**
 * Where the title is and how big, for scroll progress p. Unmeasured (no viewport yet) it is the
 * guess: size 48, outline 4.
 */
export function titleLayout(
  p: number,
  viewport: Viewport | null,
  emWidth = DEFAULT_TITLE_EM_WIDTH,
): TitleLayout {
  const measured = viewport !== null && viewport.width > 0 && viewport.height > 0;
  const size = measured ? titleSize(p) : GUESSED_SIZE;
  const stroke = measured ? strokeWidth(size) : GUESSED_STROKE;
  const width = measured ? viewport.width : 1280;
  const height = measured ? viewport.height : 800;
  const unitPx = startFontPx(width, emWidth) / TITLE_START_SIZE;
  const fontPx = size * unitPx;
  const endFontPx = TITLE_END_SIZE * unitPx;
  // Centred in the first viewport (a little above the middle, leaving room for the tagline),
  // rising to just under the top bar when pinned.
  const startY = height * 0.46;
  const pinnedY = TOPBAR_HEIGHT + 10 + (endFontPx * TITLE_LINE_HEIGHT) / 2;
  return {
    size,
    stroke,
    fontPx,
    strokePx: stroke * OUTLINE_UNIT * unitPx,
    centerX: width / 2,
    centerY: lerp(startY, pinnedY, pinProgress(p)),
    widthPx: fontPx * emWidth,
    pinned: isPinned(p),
    scale: size / TITLE_START_SIZE,
  };
}

/** Room above and below the title's line box for the light's halo, in ems of the start size. */
export const TITLE_STRIP_MARGIN = 0.45;

/**
 * The strip of the viewport the canvas covers: as wide as the window, as tall as the title at its
 * start size plus room for the halo, centred on the title and moving with it. Its height does not
 * change with scroll (only with the window's width), so scrolling never resizes the canvas; and a
 * strip instead of the whole viewport is far fewer pixels to draw and composite per frame.
 */
export function titleStrip(layout: TitleLayout): { top: number; height: number } {
  const startPx = layout.fontPx / layout.scale;
  const height = Math.ceil(startPx * (TITLE_LINE_HEIGHT + 2 * TITLE_STRIP_MARGIN));
  return { top: layout.centerY - height / 2, height };
}

/** The scroll-down circle's diameter in rem: 3 at the top, 0 from half a viewport on. */
export function scrollButtonDiameter(scrollY: number, viewportHeight: number): number {
  if (viewportHeight <= 0) return SCROLL_BUTTON_REM;
  const t = clamp(scrollY / (viewportHeight * SCROLL_BUTTON_GONE_AT), 0, 1);
  return SCROLL_BUTTON_REM * (1 - t);
}

/** Sweep speed in px per ms for a window of this width. */
export function sweepStep(windowWidth: number): number {
  return windowWidth > SWEEP_WIDE_BREAKPOINT ? SWEEP_STEP_WIDE : SWEEP_STEP_NARROW;
}

export interface Sweep {
  /** The light's x in viewport px. */
  readonly x: number;
  readonly done: boolean;
}

/**
 * The intro sweep at elapsed time t: the light starts left of the heading and moves right at the
 * spec's step per millisecond, computed from elapsed time so it is the same at any frame rate. It
 * is done once it has passed beyond the heading's right edge.
 */
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

/** How far beyond the heading the light starts and ends: its own radius, so it enters and leaves dark. */
export function lightRadius(fontPx: number): number {
  return fontPx * 1.3;
}

/**
 * The light's answer to scroll: as the page scrolls it sinks from above the title's centre to
 * below it and dims a little, so the lettering reads as lit from a lamp the page moves past.
 */
export function lightScrollOffset(p: number, fontPx: number): { dy: number; intensity: number } {
  return { dy: lerp(-0.35, 0.35, p) * fontPx, intensity: 1 - 0.3 * p };
}

/** Where the light rests when nothing leads it: over the title, a third of the way in. */
export function lightRestX(layout: TitleLayout): number {
  return layout.centerX - layout.widthPx / 6;
}
