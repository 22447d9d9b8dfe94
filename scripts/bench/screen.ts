/**
 * The lit title as the visitor sees it, read from Chrome's screencast frames. On this dark page the
 * unlit title (the DOM outline, or the canvas outline before the light reaches it) never gets
 * brighter than luminance ~165; the light, drawn by the canvas or by CSS, reaches 175–250. A frame
 * shows the title lit when, inside the title's box, at least LIT_MIN_CSS_PX² CSS pixels are brighter
 * than LIT_LUMINANCE: a patch of light, not a stray bright pixel.
 */
import type { Browser } from 'playwright-core';

export const LIT_LUMINANCE = 185;
export const LIT_MIN_CSS_PX = 12;

export interface ScreenFrame {
  /** Base64 JPEG, as the screencast sends it. */
  jpeg: string;
  /** When the frame was shown, ms since the epoch (comparable to performance.timeOrigin). */
  epochMs: number;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface FramePixels {
  /** ms after navigation start. */
  t: number;
  /** CSS px² inside the title's box brighter than LIT_LUMINANCE, and their share of the box. */
  litArea: number;
  litShare: number;
  /** Brightness-weighted x of those pixels, CSS px from the box's left; NaN if none. */
  lightX: number;
  maxLuminance: number;
}

export interface LitTitle {
  /** First frame with the title lit, ms after navigation start (NaN: never in the window). */
  litMs: number;
  /** Frames seen, and the brightest the title got in frames that were not lit. */
  frames: number;
  maxUnlitLuminance: number;
  /** Where the light was (CSS px from the title's left) in the first lit frame. */
  firstLightX: number;
  /** The light's speed over the frames after the first lit one while it moves right, px/ms. */
  sweepPxPerMs: number;
  sweepFrames: number;
}

/** Measures each frame's title box inside a blank page of `browser` (its own JPEG decoder). */
export async function framePixels(
  browser: Browser,
  frames: ScreenFrame[],
  box: Box,
  viewportWidth: number,
  timeOrigin: number,
): Promise<FramePixels[]> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const out: FramePixels[] = [];
    const BATCH = 20;
    for (let i = 0; i < frames.length; i += BATCH) {
      const batch = frames.slice(i, i + BATCH);
      const measured = await page.evaluate(
        async ({ jpegs, box, viewportWidth, lit }) => {
          const results: {
            litArea: number;
            litShare: number;
            lightX: number;
            maxLuminance: number;
          }[] = [];
          for (const b64 of jpegs) {
            const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
            const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/jpeg' }));
            const scale = bitmap.width / viewportWidth;
            const x0 = Math.max(0, Math.floor(box.x * scale));
            const y0 = Math.max(0, Math.floor(box.y * scale));
            const w = Math.max(1, Math.min(bitmap.width - x0, Math.ceil(box.width * scale)));
            const h = Math.max(1, Math.min(bitmap.height - y0, Math.ceil(box.height * scale)));
            const canvas = new OffscreenCanvas(w, h);
            const ctx = canvas.getContext('2d')!;
            ctx.drawImage(bitmap, x0, y0, w, h, 0, 0, w, h);
            bitmap.close();
            const { data } = ctx.getImageData(0, 0, w, h);
            let count = 0;
            let weight = 0;
            let sumX = 0;
            let max = 0;
            for (let p = 0, px = 0; p < data.length; p += 4, px++) {
              const l = 0.2126 * data[p]! + 0.7152 * data[p + 1]! + 0.0722 * data[p + 2]!;
              if (l > max) max = l;
              if (l >= lit) {
                count++;
                const wgt = l - lit + 1;
                weight += wgt;
                sumX += wgt * (px % w);
              }
            }
            results.push({
              litArea: count / (scale * scale),
              litShare: count / (w * h),
              lightX: weight ? sumX / weight / scale : Number.NaN,
              maxLuminance: max,
            });
          }
          return results;
        },
        { jpegs: batch.map((f) => f.jpeg), box, viewportWidth, lit: LIT_LUMINANCE },
      );
      measured.forEach((m, j) => out.push({ ...m, t: batch[j]!.epochMs - timeOrigin }));
    }
    return out;
  } finally {
    await context.close();
  }
}

/** The first lit frame, and the sweep's speed from the frames right after it. */
export function readLitTitle(pixels: FramePixels[]): LitTitle {
  // Frames before the navigation (about:blank) and a still-white screen are not the page.
  const sorted = [...pixels].filter((f) => f.t >= 0 && f.litShare < 0.5).sort((a, b) => a.t - b.t);
  const isLit = (f: FramePixels) => f.litArea >= LIT_MIN_CSS_PX;
  const first = sorted.findIndex(isLit);
  const unlit = sorted.filter((f) => !isLit(f));
  const maxUnlitLuminance = unlit.length ? Math.max(...unlit.map((f) => f.maxLuminance)) : 0;
  if (first < 0) {
    return {
      litMs: Number.NaN,
      frames: sorted.length,
      maxUnlitLuminance,
      firstLightX: Number.NaN,
      sweepPxPerMs: Number.NaN,
      sweepFrames: 0,
    };
  }
  // The sweep runs left to right: follow the light while it keeps moving right.
  const run: FramePixels[] = [sorted[first]!];
  for (let i = first + 1; i < sorted.length; i++) {
    const f = sorted[i]!;
    if (!isLit(f) || f.lightX < run.at(-1)!.lightX - 2) break;
    run.push(f);
  }
  return {
    litMs: sorted[first]!.t,
    frames: sorted.length,
    maxUnlitLuminance,
    firstLightX: sorted[first]!.lightX,
    sweepPxPerMs: slope(run),
    sweepFrames: run.length,
  };
}

/** Least-squares slope of the light's x over time, px/ms (NaN under 3 frames or no movement). */
function slope(run: FramePixels[]): number {
  if (run.length < 3) return Number.NaN;
  const n = run.length;
  const mt = run.reduce((a, f) => a + f.t, 0) / n;
  const mx = run.reduce((a, f) => a + f.lightX, 0) / n;
  let num = 0;
  let den = 0;
  for (const f of run) {
    num += (f.t - mt) * (f.lightX - mx);
    den += (f.t - mt) ** 2;
  }
  return den > 0 ? num / den : Number.NaN;
}
