/**
 * Lays out the title from the company name: its glyphs shaped per word with the font's kerning,
 * as the outlined DOM title's font, the canvas's outlines and halo, and the words' widths.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import subsetFont from 'subset-font';
import * as fontkit from 'fontkit';
import { compress } from 'wawoff2';
import type { TitleGlyphs, TitleWord } from '../../src/title/canvas/titleGlyphData';
import type { TitleMetrics } from '../../src/title/model/model';
import { replaceOutlines } from './titleFontTables.ts';
import { haloData } from './titleHalo.ts';
import { flatten, loadPathKit, unionContours, type Contour } from './titleOutlines.ts';

const require = createRequire(import.meta.url);

/** The title's font: Syne 700 (Latin) from its npm package. */
const TITLE_FONT_FILE = require.resolve('@fontsource/syne/files/syne-latin-700-normal.woff2');

/** Flattening tolerance in font units (1/1000 em): 0.13 px at 500 px per em. */
const FLATTEN_TOLERANCE = 0.25;

/** What the build makes of the name: the outlined title's font and the canvas's glyph data. */
export interface TitleGlyphBuild {
  /** A WOFF2 font of just the name's glyphs, overlaps removed, metrics and kerning kept. */
  woff2: Uint8Array;
  /** The same outlines for the canvas, laid out per word. */
  glyphs: TitleGlyphs;
  /** The name's widths in ems, as the browser lays it out in this font (the DOM title's). */
  metrics: TitleMetrics;
  /** Contours per glyph of the font, by character (for tests: one per closed shape). */
  contoursByChar: Record<string, number>;
}

/**
 * Builds the title's glyphs for `name` from the font file: hb-subset keeps just its characters
 * (with their metrics and kerning), Skia's PathOps merges each glyph's overlapping contours into
 * one contour per closed shape, and from those union outlines come the WOFF2 font of the outlined
 * DOM title and the canvas's outlines and halo, laid out per word with the font's kerning.
 */
export async function buildTitleGlyphs(
  name: string,
  fontFile: string = TITLE_FONT_FILE,
): Promise<TitleGlyphBuild> {
  const source = await readFile(fontFile);
  const chars = [...new Set([...name.replace(/\s+/g, ''), ' '])].join('');
  const sfnt = new Uint8Array(await subsetFont(source, chars, { targetFormat: 'sfnt' }));
  const font = fontkit.create(Buffer.from(sfnt));
  for (const ch of chars) {
    if (!font.hasGlyphForCodePoint(ch.codePointAt(0)!)) {
      throw new Error(`The title's font has no glyph for "${ch}": change the name or the font.`);
    }
  }
  const kit = await loadPathKit();
  const outlines: Contour[][] = [];
  for (let id = 0; id < font.numGlyphs; id++) {
    outlines.push(unionContours(kit, font.getGlyph(id).path.toSVG()));
  }
  const woff2 = await compress(replaceOutlines(sfnt, outlines));

  const upm = font.unitsPerEm;
  // Where CSS puts the baseline in a line box centred on the text: the line's middle is halfway
  // between ascender and descender.
  const baseline = -(font.ascent + font.descent) / 2;
  const words: TitleWord[] = name
    .split(/\s+/)
    .filter(Boolean)
    .map((text) => {
      const run = font.layout(text);
      let x = 0;
      const placed = run.glyphs.map((g, i) => {
        const at = { id: g.id, x: x + (run.positions[i]?.xOffset ?? 0) };
        x += run.positions[i]?.xAdvance ?? g.advanceWidth;
        return at;
      });
      const width = x;
      // Word-centred polylines (fill on the left of travel), in em, y up from the line's middle.
      const polys: number[][] = [];
      for (const { id, x: gx } of placed) {
        for (const c of outlines[id] ?? []) {
          const poly = flatten(c, FLATTEN_TOLERANCE);
          const shifted = poly.map((v, k) => (k % 2 === 0 ? v + gx - width / 2 : v + baseline));
          polys.push(reversePolyline(shifted));
        }
      }
      return {
        text,
        width: width / upm,
        ...outlineData(polys, upm),
        halo: haloData(polys, upm, width),
      };
    });
  const contoursByChar: Record<string, number> = {};
  for (const ch of chars.trim()) {
    contoursByChar[ch] = outlines[font.layout(ch).glyphs[0]?.id ?? 0]?.length ?? 0;
  }
  // Each word is shaped on its own (the DOM title's words are elements apart), a space between.
  const spaceEm = (font.layout(' ').positions[0]?.xAdvance ?? 0) / upm;
  const wordsEm = words.map((w) => w.width);
  const titleEm = wordsEm.reduce((sum, w) => sum + w, 0) + spaceEm * (wordsEm.length - 1);
  return { woff2, glyphs: { words }, metrics: { titleEm, wordsEm, spaceEm }, contoursByChar };
}

/** TrueType outer contours run clockwise; the canvas wants the fill on the left (counter-clockwise). */
function reversePolyline(poly: number[]): number[] {
  const out: number[] = [];
  for (let i = poly.length - 2; i >= 0; i -= 2) out.push(poly[i]!, poly[i + 1]!);
  return out;
}

/** The outline's grid: 1/10 000 em (0.05 px at 500 px per em). */
const POINT_STEPS_PER_EM = 10_000;

function outlineData(
  polys: number[][],
  upm: number,
): Pick<TitleWord, 'points' | 'contours' | 'unit'> {
  const round = (v: number) => Math.round((v / upm) * POINT_STEPS_PER_EM);
  const points: number[] = [];
  const contours: number[] = [];
  for (const poly of polys) {
    // Rounded, with no point equal to the one before it (the shader normalises their difference).
    const kept: number[] = [];
    for (let i = 0; i < poly.length; i += 2) {
      const x = round(poly[i]!);
      const y = round(poly[i + 1]!);
      const n = kept.length;
      if (n === 0 || x !== kept[n - 2] || y !== kept[n - 1]) kept.push(x, y);
    }
    if (kept[0] === kept[kept.length - 2] && kept[1] === kept[kept.length - 1]) kept.splice(-2);
    // Each point as its step from the one before (small numbers: a smaller chunk once gzipped).
    kept.forEach((v, i) => points.push(i < 2 ? v : v - kept[i - 2]!));
    contours.push(kept.length / 2);
  }
  return { points, contours, unit: 1 / POINT_STEPS_PER_EM };
}
