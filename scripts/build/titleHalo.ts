/**
 * The canvas's halo of the title: a blurred copy of the letters, as an alpha grid sampled from
 * the filled shape's signed distance.
 */
import type { TitleWord } from '../../src/title/canvas/titleGlyphData';

/** The canvas halo: a blurred copy of the letters, ±0.28 em (as the CSS light's text-shadow). */
const HALO_BLUR_EM = 0.28;
/** Halo texels per em: the halo is a blur, so a coarse grid is plenty (bilinear filtering). */
const HALO_TEXELS_PER_EM = 16;

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

/** The halo of a word laid out as `polys` (font units, y up), `width` units wide. */
export function haloData(polys: number[][], upm: number, width: number): TitleWord['halo'] {
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
