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

/**
 * What the canvas drew: the lettering's box, the light, a row profile (see browser/pixels.ts).
 *
 * Read until two screenshots in a row agree. WebKitGTK's screenshot can show a frame from before
 * the last one drawn (or none at all, right after a restyle), long enough to miss a scroll or a
 * move of the light. Two equal pictures (each screenshot waits two animation frames first) are
 * what the screen shows.
 */
export async function readPicture(page: EnginePage, litThreshold = 185): Promise<CanvasPicture> {
  let last: CanvasPicture | null = null;
  for (let i = 0; i < 8; i++) {
    const png = await page.screenshot();
    const pic = await page.evaluate(analysePicture, { b64: png.toString('base64'), litThreshold });
    if (last && samePicture(last, pic)) return pic;
    last = pic;
  }
  return last!;
}

function samePicture(a: CanvasPicture, b: CanvasPicture): boolean {
  const near = (x: number | undefined, y: number | undefined) =>
    x === undefined || y === undefined ? x === y : Math.abs(x - y) <= 1;
  return (
    (a.box === null) === (b.box === null) &&
    (a.light === null) === (b.light === null) &&
    near(a.box?.left, b.box?.left) &&
    near(a.box?.right, b.box?.right) &&
    near(a.box?.top, b.box?.top) &&
    near(a.box?.bottom, b.box?.bottom) &&
    near(a.light?.x, b.light?.x) &&
    Math.abs(a.maxLuminance - b.maxLuminance) <= 4
  );
}
