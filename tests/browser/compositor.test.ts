/**
 * While the page scrolls, the pointer rests on it or the visitor types, the home page rasterizes
 * about as little as the plain page: its moving effects change only transforms and opacity of
 * layers painted once (docs/dom-motion.md, "Moving without repainting"). Counted in Chrome's
 * trace, never timed.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseURL, openPage, sharedBrowser } from './browser';
import { waitForCanvas } from '../shared/canvasTakeover';
import { afterFrames, scrollStill } from '../shared/pages';

const browser = sharedBrowser();

interface TraceEvent {
  name: string;
  ph: string;
}

/** Counts the raster tasks Chrome ran while `act` ran, and the page's animation frames. */
async function rasterWhile(page: Page, act: () => Promise<unknown>) {
  await page.evaluate(() => {
    const w = window as unknown as { rafCount: number };
    w.rafCount = 0;
    const tick = () => {
      w.rafCount++;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await browser().startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'cc'],
  });
  await act();
  const trace = JSON.parse((await browser().stopTracing()).toString()) as {
    traceEvents: TraceEvent[];
  };
  const frames = await page.evaluate(() => (window as unknown as { rafCount: number }).rafCount);
  const raster = trace.traceEvents.filter((e) => e.name === 'RasterTask' && e.ph === 'X').length;
  return { raster, frames };
}

/** A wheel scroll down the page, 60 px a frame, with the pointer resting in the window. */
async function scrollPass(page: Page) {
  for (let i = 0; i < 80; i++) {
    await page.mouse.wheel(0, 60);
    await afterFrames(page, 1);
  }
  await scrollStill(page);
}

/** Until the title's light is still: the sweep is over (a page with no title has no light). */
async function lightStill(page: Page) {
  await page.waitForFunction(() => window.__titleReports?.light?.moving !== true, null, {
    timeout: 30_000,
    polling: 100,
  });
}

/** A scroll pass traced after a first one drew every section, and a typing burst. */
async function measure(path: string) {
  const { page, problems } = await openPage(browser());
  await page.goto(`${baseURL()}${path}`, { waitUntil: 'load' });
  // The title's sweep and the canvas's start are over; the pointer rests over the cards' column.
  if (path === '/') await waitForCanvas(page);
  await lightStill(page);
  await page.mouse.move(430, 450);
  await scrollPass(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await scrollStill(page);
  const scroll = await rasterWhile(page, () => scrollPass(page));
  // The plain page has no form: a bare text field stands in for the message field there.
  if (!(await page.locator('textarea').count()))
    await page.evaluate(() => {
      const field = document.createElement('textarea');
      field.setAttribute('aria-label', 'Scratch');
      document.querySelector('main')!.append(field);
    });
  const field = page.locator('textarea').first();
  await field.scrollIntoViewIfNeeded();
  await field.click();
  // Focused, and the focus ring's transitions around the field are over.
  await expect.poll(() => field.evaluate((e) => e === document.activeElement)).toBe(true);
  await scrollStill(page);
  await field.evaluate(async (e) => {
    const around = e.closest('form') ?? e.parentElement!;
    await Promise.all(
      around.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => a)),
    );
  });
  const typing = await rasterWhile(page, async () => {
    await page.keyboard.type('Hello, we would like an app for our shop.', { delay: 40 });
    await afterFrames(page);
  });
  expect(problems).toEqual([]);
  return { scroll, typing, keys: 41 };
}

describe('moving without repainting, in Chromium', () => {
  it('rasterizes next to nothing per frame while the home page scrolls or takes typing', async () => {
    const home = await measure('/');
    const plain = await measure('/privacypolicy');
    const perFrame = (r: { raster: number; frames: number }) => r.raster / Math.max(1, r.frames);
    console.log(
      `[figures] raster tasks, scroll: / ${home.scroll.raster} in ${home.scroll.frames} frames, ` +
        `/privacypolicy ${plain.scroll.raster} in ${plain.scroll.frames}; typing: / ` +
        `${home.typing.raster}, /privacypolicy ${plain.typing.raster} (${home.keys} keys)`,
    );
    // Measured at 1440x900: the plain page scrolls with no raster at all; the home page rasters a
    // tile now and then (the contact panel as it comes in, the scroll button's last frame, a
    // card's outline fading in): 0.5–0.7 tasks a frame. With the edge light and the band
    // repainted every frame it is 4.5–10 a frame. One task a frame over the plain page splits the
    // two with room either side.
    expect(perFrame(home.scroll)).toBeLessThan(perFrame(plain.scroll) + 1);
    // Typing rasterizes the field's tiles on either page: one a key on the plain page, two on the
    // home page (the panel around the field), four and a half with the edge light repainted.
    expect(home.typing.raster / home.keys).toBeLessThan(plain.typing.raster / plain.keys + 3);
  }, 120_000);
});
