/**
 * Writes the outlined title's font: the subset font's tables with each glyph's TrueType outline
 * (`glyf`, `loca`) replaced by its union, and the SFNT table directory and checksums made anew.
 */
import type { Contour } from './titleOutlines.ts';

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
export function replaceOutlines(sfnt: Uint8Array, outlines: Contour[][]): Uint8Array {
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
