/**
 * The lit title as the visitor sees it, from Chrome's screencast: a frame shows it lit when at least
 * LIT_MIN_CSS_PX² CSS px of the title's box are brighter than LIT_LUMINANCE, which the unlit title
 * never reaches on this dark page (docs/bench.md, "The lit title").
 */
import type { Browser } from 'playwright-core';

export const LIT_LUMINANCE = 185;
export const LIT_MIN_CSS_PX = 12;

/** A screencast frame: base64 JPEG, shown `t` ms after navigation start. */
type ScreenFrame = { jpeg: string; t: number };
type Box = { x: number; y: number; width: number; height: number };

/**
 * Each frame's title box, read in a page of `browser` (viewport `vw` CSS px wide): lit CSS px², their
 * share of the box, their brightness-weighted x (NaN if none) and the brightest pixel.
 */
export async function framePixels(browser: Browser, frames: ScreenFrame[], box: Box, vw: number) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const out = [];
    for (let i = 0; i < frames.length; i += 20) {
      const batch = frames.slice(i, i + 20);
      const measured = await page.evaluate(
        ({ jpegs, box, vw, lit }) =>
          Promise.all(
            jpegs.map(async (b64) => {
              const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
              const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/jpeg' }));
              const scale = bitmap.width / vw;
              const x0 = Math.max(0, Math.floor(box.x * scale));
              const y0 = Math.max(0, Math.floor(box.y * scale));
              const w = Math.max(1, Math.min(bitmap.width - x0, Math.ceil(box.width * scale)));
              const h = Math.max(1, Math.min(bitmap.height - y0, Math.ceil(box.height * scale)));
              const ctx = new OffscreenCanvas(w, h).getContext('2d')!;
              ctx.drawImage(bitmap, x0, y0, w, h, 0, 0, w, h);
              bitmap.close();
              const { data } = ctx.getImageData(0, 0, w, h);
              let [count, weight, sumX, max] = [0, 0, 0, 0];
              for (let p = 0, px = 0; p < data.length; p += 4, px++) {
                const l = 0.2126 * data[p]! + 0.7152 * data[p + 1]! + 0.0722 * data[p + 2]!;
                max = Math.max(max, l);
                if (l < lit) continue;
                const wgt = l - lit + 1;
                count++;
                weight += wgt;
                sumX += wgt * (px % w);
              }
              return {
                litArea: count / (scale * scale),
                litShare: count / (w * h),
                lightX: weight ? sumX / weight / scale : Number.NaN,
                maxLuminance: max,
              };
            }),
          ),
        { jpegs: batch.map((f) => f.jpeg), box, vw, lit: LIT_LUMINANCE },
      );
      out.push(...measured.map((m, j) => ({ ...m, t: batch[j]!.t })));
    }
    return out;
  } finally {
    await context.close();
  }
}

export type FramePixels = Awaited<ReturnType<typeof framePixels>>[number];

/** The first lit frame, and the sweep's speed (px/ms) from the frames right after it. */
export function readLitTitle(pixels: FramePixels[]) {
  // Frames before the navigation (about:blank) and a still-white screen are not the page.
  const sorted = pixels.filter((f) => f.t >= 0 && f.litShare < 0.5).sort((a, b) => a.t - b.t);
  const isLit = (f: FramePixels) => f.litArea >= LIT_MIN_CSS_PX;
  const first = sorted.findIndex(isLit);
  // The sweep runs left to right: follow the light while it keeps moving right.
  const run: FramePixels[] = [];
  for (const f of first < 0 ? [] : sorted.slice(first)) {
    if (run.length && (!isLit(f) || f.lightX < run.at(-1)!.lightX - 2)) break;
    run.push(f);
  }
  return {
    /** NaN: never lit in the window. */
    litMs: run[0]?.t ?? Number.NaN,
    frames: sorted.length,
    maxUnlitLuminance: Math.max(0, ...sorted.filter((f) => !isLit(f)).map((f) => f.maxLuminance)),
    firstLightX: run[0]?.lightX ?? Number.NaN,
    sweepPxPerMs: slope(run),
    sweepFrames: run.length,
  };
}

/** Least-squares slope of the light's x over time, px/ms (NaN under 3 frames or no movement). */
function slope(run: FramePixels[]): number {
  if (run.length < 3) return Number.NaN;
  const mt = run.reduce((a, f) => a + f.t, 0) / run.length;
  const mx = run.reduce((a, f) => a + f.lightX, 0) / run.length;
  const num = run.reduce((a, f) => a + (f.t - mt) * (f.lightX - mx), 0);
  const den = run.reduce((a, f) => a + (f.t - mt) ** 2, 0);
  return den > 0 ? num / den : Number.NaN;
}
