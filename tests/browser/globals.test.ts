/**
 * A visitor's page defines no global of its own: no handle for a test, no leftover of one. Tests
 * read the page as a visitor sees it, and move its clock and pointer from outside.
 */
import { describe, expect, it } from 'vitest';
import { baseURL, closeAfterTest, DESKTOP, sharedBrowser } from './browser';
import { waitForCanvas } from '../shared/canvasTakeover';
import { scrollStill } from '../shared/pages';

const browser = sharedBrowser();
/** Globals that libraries define themselves: react-router marks its version on window. */
const LIBRARY_GLOBALS = ['__reactRouterVersion'];

/** A page with none of the test helpers' init scripts: as a visitor opens it. */
async function visitorPage() {
  const context = await browser().newContext({ viewport: DESKTOP, serviceWorkers: 'block' });
  closeAfterTest(() => context.close());
  const page = await context.newPage();
  // The names a page adds to window, against those of a blank page in the same browser.
  await page.goto('about:blank');
  const blank = await page.evaluate(() => Object.getOwnPropertyNames(window));
  const added = async () =>
    (await page.evaluate(() => Object.getOwnPropertyNames(window))).filter(
      (name) => !blank.includes(name),
    );
  return { page, added };
}

describe('the globals of a page', () => {
  it('hold none of its own, even once the canvas draws the title', async () => {
    const { page, added } = await visitorPage();
    await page.goto(`${baseURL()}/`, { waitUntil: 'load' });
    await waitForCanvas(page);
    await page.mouse.move(700, 300);
    await page.mouse.wheel(0, 600);
    // The page has scrolled and drawn the frames that answer it.
    await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(0);
    await scrollStill(page);
    const names = await added();
    const own = names.filter((name) => name.startsWith('__') && !LIBRARY_GLOBALS.includes(name));
    expect(own).toEqual([]);
  });
});
