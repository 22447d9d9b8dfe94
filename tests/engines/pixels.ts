import { analysePicture, HIDE_ALL_BUT_CANVAS, type CanvasPicture } from '../browser/pixels';
import type { EnginePage } from './engine';

/**
 * Hides everything but the title's canvas, on black. Scrollbars too: WebKitGTK's overlay
 * scrollbar shows up bright in a screenshot after a scroll (and ::-webkit-scrollbar does not hide it).
 */
export async function showOnlyCanvas(page: EnginePage): Promise<void> {
  await page.evaluate(
    (css) => {
      const style = document.createElement('style');
      style.textContent = css;
      document.head.append(style);
    },
    // Scripts can still scroll a page whose scrollbars are hidden this way.
    `${HIDE_ALL_BUT_CANVAS} html { overflow: hidden !important; }`,
  );
}

/** What the canvas drew: the lettering's box, the light, a row profile (see browser/pixels.ts). */
export async function readPicture(page: EnginePage, litThreshold = 185): Promise<CanvasPicture> {
  const png = await page.screenshot();
  return page.evaluate(analysePicture, { b64: png.toString('base64'), litThreshold });
}
