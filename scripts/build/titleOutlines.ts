/**
 * The title's outlines: each glyph's overlapping contours merged into one contour per closed
 * shape (Skia PathOps), and a contour flattened into a polyline.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import initPathKit, { type PathKit } from 'pathkit-wasm/bin/pathkit.js';

const require = createRequire(import.meta.url);

/** A closed contour: on-curve points and quadratic control points, in font units (y up). */
export interface Contour {
  points: { x: number; y: number; on: boolean }[];
}

let pathKit: Promise<PathKit> | undefined;
export function loadPathKit(): Promise<PathKit> {
  pathKit ??= readFile(require.resolve('pathkit-wasm/bin/pathkit.wasm')).then((wasmBinary) =>
    initPathKit({ wasmBinary }),
  );
  return pathKit;
}

/** The glyph's union outline (Skia PathOps' Simplify), as TrueType contours (outer clockwise). */
export function unionContours(kit: PathKit, svg: string): Contour[] {
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
export function flatten(c: Contour, tolerance: number): number[] {
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
