/** One word's glyphs from the build, in em from its centre, y up (docs/canvas.md). */
export interface TitleWord {
  text: string;
  width: number;
  /** Each contour's first point, then each next as its step from the one before, in `unit` em. */
  points: number[];
  unit: number;
  contours: number[];

  halo: { x: number; y: number; texelEm: number; width: number; height: number; alpha: string };
}

/** The title's words, in order. */
export interface TitleGlyphs {
  words: TitleWord[];
}
