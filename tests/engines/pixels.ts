import { analysePicture, HIDE_ALL_BUT_CANVAS, type CanvasPicture } from '../browser/pixels';
import type { EnginePage } from './engine';

/** Hides everything but the title's canvas, on black. */
export async function showOnlyCanvas(page: EnginePage): Promise<void> {
  await page.evaluate((css) => {
    const style = document.createElement('style');
    style.textContent = css;
    document.head.append(style);
  }, HIDE_ALL_BUT_CANVAS);
}

/** What the canvas drew: the lettering's box, the light, a row profile (see browser/pixels.ts). */
export async function readPicture(page: EnginePage, litThreshold = 185): Promise<CanvasPicture> {
  const png = await page.screenshot();
  return page.evaluate(analysePicture, { b64: png.toString('base64'), litThreshold });
}
