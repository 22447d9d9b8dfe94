/**
 * Reads what the canvas actually drew, from a screenshot of the viewport with every other part of
 * the page hidden: the bounding box of the lettering, where the light is, and a row profile.
 */
import type { Page } from 'playwright-core';

export interface CanvasPicture {
  /** Box of every pixel brighter than the background: the drawn lettering. */
  box: { left: number; top: number; right: number; bottom: number } | null;
  /** Brightness-weighted centre of the lit pixels (the light), or null if nothing is lit. */
  light: { x: number; y: number } | null;
  maxLuminance: number;
  /** Mean luminance of the whole screenshot (with everything else hidden: the title's light). */
  meanLuminance: number;
  /** Luminance along the row through the box's middle. */
  middleRow: number[];
  /** With a `lineThreshold`: which pixels are lettering. */
  lines?: StrokeMask;
}

export const HIDE_ALL_BUT_CANVAS = `
  html, body { background: #000 !important; }
  #root > :not(.title-canvas) { visibility: hidden !important; }
`;

export async function showOnlyCanvas(page: Page): Promise<void> {
  await page.addStyleTag({ content: HIDE_ALL_BUT_CANVAS });
  // Under reduced motion every style change starts a 0.01 ms transition (global.css), so the
  // page stays visible until its `visibility` transitions end; a screenshot before shows it all.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => !(a instanceof CSSTransition) || a.transitionProperty !== 'visibility'),
  );
}

/** Analyses a screenshot inside the page (the browser decodes the PNG). */
export async function readCanvas(
  page: Page,
  litThreshold = 185,
  edgeThreshold?: number,
  lineThreshold?: number,
): Promise<CanvasPicture> {
  const png = await page.screenshot({ type: 'png' });
  return page.evaluate(analysePicture, {
    b64: png.toString('base64'),
    litThreshold,
    edgeThreshold,
    lineThreshold,
  });
}

/**
 * The analysis, run in the page (any engine: see tests/engines/pixels.ts). Serialised into the
 * page: keep it self-contained.
 */
export async function analysePicture({
  b64,
  litThreshold,
  edgeThreshold = 28,
  lineThreshold,
}: {
  b64: string;
  litThreshold: number;
  /** What counts as drawn for the box: 28 takes in faint glow; ~50 only the outline. */
  edgeThreshold?: number | undefined;
  /** What counts as lettering for `lines`; none, no `lines`. */
  lineThreshold?: number | undefined;
}): Promise<CanvasPicture> {
  const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const ctx = canvas.getContext('2d')!;
  ctx.drawImage(bitmap, 0, 0);
  const { data, width, height } = ctx.getImageData(0, 0, bitmap.width, bitmap.height);
  const lum = (i: number) => 0.2126 * data[i]! + 0.7152 * data[i + 1]! + 0.0722 * data[i + 2]!;
  let left = width,
    top = height,
    right = -1,
    bottom = -1,
    max = 0;
  let sw = 0,
    sx = 0,
    sy = 0,
    total = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const l = lum((y * width + x) * 4);
      total += l;
      if (l > max) max = l;
      if (l > edgeThreshold) {
        if (x < left) left = x;
        if (x > right) right = x;
        if (y < top) top = y;
        if (y > bottom) bottom = y;
      }
      if (l > litThreshold) {
        const w = l - litThreshold;
        sw += w;
        sx += w * x;
        sy += w * y;
      }
    }
  }
  const box = right < 0 ? null : { left, top, right, bottom };
  const mid = box ? Math.round((box.top + box.bottom) / 2) : Math.round(height / 2);
  const middleRow: number[] = [];
  for (let x = 0; x < width; x++) middleRow.push(Math.round(lum((mid * width + x) * 4)));
  const picture = {
    box,
    light: sw > 0 ? { x: sx / sw, y: sy / sw } : null,
    maxLuminance: max,
    meanLuminance: total / (width * height),
    middleRow,
  };
  if (lineThreshold === undefined) return picture;
  const bits = new Uint8Array(width * height);
  for (let i = 0; i < bits.length; i++) bits[i] = lum(i * 4) > lineThreshold ? 1 : 0;
  let s = '';
  for (let i = 0; i < bits.length; i += 8192)
    s += String.fromCharCode(...bits.subarray(i, i + 8192));
  return { ...picture, lines: { width, height, bits: btoa(s) } };
}

/** Which pixels of a screenshot are lettering (luminance above a threshold), row by row. */
export interface StrokeMask {
  width: number;
  height: number;
  /** One byte a pixel, 1 for lettering, base64. */
  bits: string;
}

/**
 * Lettering pixels of `a` with no lettering pixel of `b` within `radius` px: a line drawn on one
 * side and not on the other (an inner contour appearing at the handover) shows up here, an edge
 * moved by less than the radius does not. Columns in `skip` (around the light) are not compared.
 */
export function strokesMissingFrom(
  a: StrokeMask,
  b: StrokeMask,
  radius = 1,
  skip: { from: number; to: number } = { from: 0, to: -1 },
): number {
  const pa = Buffer.from(a.bits, 'base64');
  const pb = Buffer.from(b.bits, 'base64');
  let missing = 0;
  for (let y = 0; y < a.height; y++) {
    for (let x = 0; x < a.width; x++) {
      if (!pa[y * a.width + x] || (x >= skip.from && x <= skip.to)) continue;
      let found = false;
      for (let dy = -radius; dy <= radius && !found; dy++)
        for (let dx = -radius; dx <= radius && !found; dx++) {
          const yy = y + dy;
          const xx = x + dx;
          if (yy >= 0 && yy < b.height && xx >= 0 && xx < b.width && pb[yy * b.width + xx])
            found = true;
        }
      if (!found) missing++;
    }
  }
  return missing;
}
