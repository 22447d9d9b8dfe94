import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import subsetFont from 'subset-font';
import * as fontkit from 'fontkit';
import initPathKit, { type PathKit } from 'pathkit-wasm/bin/pathkit.js';
import { compress } from 'wawoff2';
import type { TitleGlyphs, TitleWord } from '../../src/canvas/titleGlyphData';
import type { TitleMetrics } from '../../src/motion/model';

const require = createRequire(import.meta.url);

/** The title's font: Syne 700 (Latin) from its npm package. */
export const TITLE_FONT_FILE =
  require.resolve('@fontsource/syne/files/syne-latin-700-normal.woff2');

/** Flattening tolerance in font units (1/1000 em): 0.13 px at 500 px per em. */
const FLATTEN_TOLERANCE = 0.25;
/** The canvas halo: a blurred copy of the letters, ±0.28 em (as the CSS light's text-shadow). */
const HALO_BLUR_EM = 0.28;
/** Halo texels per em: the halo is a blur, so a coarse grid is plenty (bilinear filtering). */
const HALO_TEXELS_PER_EM = 16;

/** A closed contour: on-curve points and quadratic control points, in font units (y up). */
interface Contour {
  points: { x: number; y: number; on: boolean }[];
}

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

let pathKit: Promise<PathKit> | undefined;
function loadPathKit(): Promise<PathKit> {
  pathKit ??= readFile(require.resolve('pathkit-wasm/bin/pathkit.wasm')).then((wasmBinary) =>
    initPathKit({ wasmBinary }),
  );
  return pathKit;
}

/** The glyph's union outline (Skia PathOps' Simplify), as TrueType contours (outer clockwise). */
function unionContours(kit: PathKit, svg: string): Contour[] {
  if (!svg) return [];
  const path = kit.FromSVGString(svg);
  path.simplify();
  const contours: Contour[] = [];
  let current: Contour | null = null;
  for (const cmd of path.toCmds()) {
    const [verb, ...a] = cmd;
    const r = (v: number | undefined) => Math.round(v ?? 0);
    if (verb === 0) {
      current = { points: [{ x: r(a[0]), y: r(a[1]), on: true }] };
      contours.push(current);
    } else if (verb === 1) {
      current?.points.push({ x: r(a[0]), y: r(a[1]), on: true });
    } else if (verb === 2) {
      current?.points.push({ x: r(a[0]), y: r(a[1]), on: false });
      current?.points.push({ x: r(a[2]), y: r(a[3]), on: true });
    } else if (verb !== 5) {
      throw new Error(`unexpected path verb ${verb} in the title's glyphs`);
    }
  }
  path.delete();
  for (const c of contours) {
    // Closed contours repeat their first point; rounding can make neighbours equal.
    const pts = c.points.filter(
      (p, i, all) =>
        i === 0 || p.x !== all[i - 1]!.x || p.y !== all[i - 1]!.y || p.on !== all[i - 1]!.on,
    );
    const first = pts[0]!;
    const last = pts[pts.length - 1]!;
    if (pts.length > 1 && last.x === first.x && last.y === first.y) pts.pop();
    c.points = pts;
  }
  const kept = contours.filter((c) => c.points.length >= 3);
  // TrueType's convention (non-zero fill): outer contours clockwise, holes counter-clockwise.
  for (const c of kept) {
    const hole = depth(c, kept) % 2 === 1;
    const clockwise = signedArea(flatten(c, 8)) < 0;
    if (clockwise === hole) c.points = reverseContour(c.points);
  }
  return kept;
}

function reverseContour(points: Contour['points']): Contour['points'] {
  // Keep an on-curve point first so the contour still starts on the curve.
  const reversed = [...points].reverse();
  const i = reversed.findIndex((p) => p.on);
  return [...reversed.slice(i), ...reversed.slice(0, i)];
}

/** How many other contours enclose this one (even: an outer shape, odd: a hole). */
function depth(c: Contour, all: Contour[]): number {
  const p = c.points.find((q) => q.on)!;
  return all.filter((o) => o !== c && insidePolygon(p, flatten(o, 1))).length;
}

function insidePolygon(p: { x: number; y: number }, poly: number[]): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 2; i < poly.length; j = i, i += 2) {
    const xi = poly[i]!;
    const yi = poly[i + 1]!;
    const xj = poly[j]!;
    const yj = poly[j + 1]!;
    if (yi > p.y !== yj > p.y && p.x < ((xj - xi) * (p.y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function signedArea(poly: number[]): number {
  let a = 0;
  for (let i = 0, j = poly.length - 2; i < poly.length; j = i, i += 2) {
    a += poly[j]! * poly[i + 1]! - poly[i]! * poly[j + 1]!;
  }
  return a / 2;
}

/** The contour as a closed polyline [x0, y0, x1, y1, …] within `tolerance` font units. */
function flatten(c: Contour, tolerance: number): number[] {
  const out: number[] = [];
  const n = c.points.length;
  const start = c.points[0]!;
  let px = start.x;
  let py = start.y;
  out.push(px, py);
  for (let i = 1; i <= n; i++) {
    const p = c.points[i % n]!;
    if (p.on) {
      if (i < n) out.push(p.x, p.y);
      px = p.x;
      py = p.y;
      continue;
    }
    const e = c.points[(i + 1) % n]!;
    const dd = Math.hypot(px - 2 * p.x + e.x, py - 2 * p.y + e.y);
    const steps = Math.max(1, Math.ceil(Math.sqrt(dd / (8 * tolerance))));
    for (let s = 1; s <= steps; s++) {
      const t = s / steps;
      const u = 1 - t;
      if (s === steps && i + 1 >= n) break;
      out.push(
        u * u * px + 2 * u * t * p.x + t * t * e.x,
        u * u * py + 2 * u * t * p.y + t * t * e.y,
      );
    }
    px = e.x;
    py = e.y;
    i++;
  }
  return out;
}

/** One simple TrueType glyph (no instructions, every coordinate a 16-bit delta). */
function encodeGlyph(contours: Contour[]): Uint8Array {
  if (contours.length === 0) return new Uint8Array(0);
  const pts = contours.flatMap((c) => c.points);
  const xs = pts.map((p) => p.x);
  const ys = pts.map((p) => p.y);
  const size = 10 + 2 * contours.length + 2 + pts.length * 5;
  const buf = new DataView(new ArrayBuffer(size + ((4 - (size % 4)) % 4)));
  let o = 0;
  const i16 = (v: number) => (buf.setInt16(o, v), (o += 2));
  i16(contours.length);
  i16(Math.min(...xs));
  i16(Math.min(...ys));
  i16(Math.max(...xs));
  i16(Math.max(...ys));
  let end = -1;
  for (const c of contours) i16((end += c.points.length));
  i16(0);
  for (const p of pts) buf.setUint8(o++, p.on ? 1 : 0);
  let last = 0;
  for (const x of xs) {
    i16(x - last);
    last = x;
  }
  last = 0;
  for (const y of ys) {
    i16(y - last);
    last = y;
  }
  return new Uint8Array(buf.buffer);
}

interface Table {
  tag: string;
  data: Uint8Array;
}

function readTables(sfnt: Uint8Array): Table[] {
  const view = new DataView(sfnt.buffer, sfnt.byteOffset, sfnt.byteLength);
  const count = view.getUint16(4);
  const tables: Table[] = [];
  for (let i = 0; i < count; i++) {
    const rec = 12 + 16 * i;
    const tag = String.fromCharCode(...sfnt.subarray(rec, rec + 4));
    const offset = view.getUint32(rec + 8);
    const length = view.getUint32(rec + 12);
    tables.push({ tag, data: sfnt.slice(offset, offset + length) });
  }
  return tables;
}

function checksum(data: Uint8Array): number {
  const padded = new Uint8Array(data.length + ((4 - (data.length % 4)) % 4));
  padded.set(data);
  const view = new DataView(padded.buffer);
  let sum = 0;
  for (let i = 0; i < padded.length; i += 4) sum = (sum + view.getUint32(i)) >>> 0;
  return sum;
}

function writeTables(tables: Table[]): Uint8Array {
  tables.sort((a, b) => (a.tag < b.tag ? -1 : 1));
  const n = tables.length;
  const entrySelector = Math.floor(Math.log2(n));
  const searchRange = 2 ** entrySelector * 16;
  let offset = 12 + 16 * n;
  const offsets = tables.map((t) => {
    const at = offset;
    offset += t.data.length + ((4 - (t.data.length % 4)) % 4);
    return at;
  });
  const out = new Uint8Array(offset);
  const view = new DataView(out.buffer);
  view.setUint32(0, 0x00010000);
  view.setUint16(4, n);
  view.setUint16(6, searchRange);
  view.setUint16(8, entrySelector);
  view.setUint16(10, n * 16 - searchRange);
  tables.forEach((t, i) => {
    const rec = 12 + 16 * i;
    for (let k = 0; k < 4; k++) out[rec + k] = t.tag.charCodeAt(k);
    view.setUint32(rec + 4, checksum(t.data));
    view.setUint32(rec + 8, offsets[i]!);
    view.setUint32(rec + 12, t.data.length);
    out.set(t.data, offsets[i]!);
  });
  const head = tables.findIndex((t) => t.tag === 'head');
  view.setUint32(offsets[head]! + 8, (0xb1b0afba - checksum(out)) >>> 0);
  return out;
}

/** The subset font with every glyph's outline replaced by its union (long loca, no hints). */
function replaceOutlines(sfnt: Uint8Array, outlines: Contour[][]): Uint8Array {
  const tables = readTables(sfnt).filter((t) => !['glyf', 'loca', 'DSIG'].includes(t.tag));
  const glyphs = outlines.map(encodeGlyph);
  const glyf = new Uint8Array(glyphs.reduce((s, g) => s + g.length, 0));
  const loca = new DataView(new ArrayBuffer(4 * (glyphs.length + 1)));
  let at = 0;
  glyphs.forEach((g, i) => {
    loca.setUint32(4 * i, at);
    glyf.set(g, at);
    at += g.length;
  });
  loca.setUint32(4 * glyphs.length, at);
  for (const t of tables) {
    const view = new DataView(t.data.buffer, t.data.byteOffset, t.data.byteLength);
    if (t.tag === 'head') {
      view.setUint32(8, 0);
      view.setInt16(50, 1);
    }
    if (t.tag === 'maxp' && view.getUint32(0) === 0x00010000) {
      const counts = outlines.map((cs) => cs.reduce((s, c) => s + c.points.length, 0));
      view.setUint16(6, Math.max(...counts));
      view.setUint16(8, Math.max(...outlines.map((cs) => cs.length)));
      view.setUint16(10, 0);
      view.setUint16(12, 0);
      view.setUint16(28, 0);
      view.setUint16(30, 0);
    }
  }
  tables.push({ tag: 'glyf', data: glyf }, { tag: 'loca', data: new Uint8Array(loca.buffer) });
  return writeTables(tables);
}

/** The filled shape's signed distance at (x, y) in font units: negative inside. */
function signedDistance(x: number, y: number, polys: number[][]): number {
  let best = Infinity;
  let winding = 0;
  for (const poly of polys) {
    for (let i = 0, j = poly.length - 2; i < poly.length; j = i, i += 2) {
      const ax = poly[j]!;
      const ay = poly[j + 1]!;
      const bx = poly[i]!;
      const by = poly[i + 1]!;
      const dx = bx - ax;
      const dy = by - ay;
      const t = Math.max(
        0,
        Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy || 1)),
      );
      best = Math.min(best, Math.hypot(x - ax - t * dx, y - ay - t * dy));
      if (ay <= y && by > y && dx * (y - ay) - (x - ax) * dy > 0) winding++;
      else if (ay > y && by <= y && dx * (y - ay) - (x - ax) * dy < 0) winding--;
    }
  }
  return winding !== 0 ? -best : best;
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

function haloData(polys: number[][], upm: number, width: number): TitleWord['halo'] {
  const pad = HALO_BLUR_EM * upm * 1.1;
  const xs = polys.flatMap((p) => p.filter((_, k) => k % 2 === 0));
  const ys = polys.flatMap((p) => p.filter((_, k) => k % 2 === 1));
  const x0 = Math.min(...xs, -width / 2) - pad;
  const y0 = Math.min(...ys) - pad;
  const step = upm / HALO_TEXELS_PER_EM;
  const w = Math.ceil((Math.max(...xs, width / 2) + pad - x0) / step) + 1;
  const h = Math.ceil((Math.max(...ys) + pad - y0) / step) + 1;
  const alpha = new Uint8Array(w * h);
  const blur = HALO_BLUR_EM * upm;
  for (let j = 0; j < h; j++) {
    for (let i = 0; i < w; i++) {
      const d = signedDistance(x0 + i * step, y0 + j * step, polys);
      // A blurred outline: smoothstep from +blur (outside) to -blur (inside).
      const t = Math.max(0, Math.min(1, (blur - d) / (2 * blur)));
      alpha[j * w + i] = Math.round(t * t * (3 - 2 * t) * 255);
    }
  }
  return {
    x: x0 / upm,
    y: y0 / upm,
    texelEm: step / upm,
    width: w,
    height: h,
    alpha: Buffer.from(alpha).toString('base64'),
  };
}
