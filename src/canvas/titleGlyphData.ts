/**
 * The title's glyphs as the build prepares them (scripts/build/titleGlyphs.ts) and the canvas draws
 * them: per word, the union outlines of its letters as closed polylines and a blurred halo. Every
 * length is in em, x from the word's centre, y up from the middle of its line box.
 */
export interface TitleWord {
  text: string;
  /** The word's advance width. */
  width: number;
  /**
   * Every contour's points, one after another (the fill on their left), in steps of `unit` em:
   * a contour's first point as x, y, each next one as its difference from the point before.
   */
  points: number[];
  unit: number;
  /** How many points each contour has. */
  contours: number[];
  /** The halo's alpha (0–255) on a grid of texels from (x, y), `texelEm` apart, base64. */
  halo: { x: number; y: number; texelEm: number; width: number; height: number; alpha: string };
}

/** The title's words, in order. */
export interface TitleGlyphs {
  words: TitleWord[];
}
