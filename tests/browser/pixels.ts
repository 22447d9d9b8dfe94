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
}

export const HIDE_ALL_BUT_CANVAS = `
  html, body { background: #000 !important; }
  #root > :not(.title-canvas) { visibility: hidden !important; }
`;

export async function showOnlyCanvas(page: Page): Promise<void> {
  await page.addStyleTag({ content: HIDE_ALL_BUT_CANVAS });
}

/** Analyses a screenshot inside the page (the browser decodes the PNG). */
export async function readCanvas(
  page: Page,
  litThreshold = 185,
  edgeThreshold?: number,
): Promise<CanvasPicture> {
  const png = await page.screenshot({ type: 'png' });
  return page.evaluate(analysePicture, {
    b64: png.toString('base64'),
    litThreshold,
    edgeThreshold,
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
}: {
  b64: string;
  litThreshold: number;
  /** What counts as drawn for the box: 28 takes in faint glow; ~50 only the outline. */
  edgeThreshold?: number | undefined;
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
  return {
    box,
    light: sw > 0 ? { x: sx / sw, y: sy / sw } : null,
    maxLuminance: max,
    meanLuminance: total / (width * height),
    middleRow,
  };
}
