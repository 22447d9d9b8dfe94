/**
 * Event mode (`/?event`) in Debian Chromium on the production build. Idle time runs on the page's
 * clock, held by the test (tests/browser/heldClock.ts): running it on stands in for 20 or 60 s of
 * nobody touching the screen. The pointer is the real mouse. The light's position is what the
 * title's worker last reported to the page (tests/browser/titleReports.ts), and the picture
 * itself is compared where it matters.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from './axe';
import { baseURL, DESKTOP, openPage, sharedBrowser } from './browser';
import { waitForCanvas } from '../shared/canvasTakeover';
import { holdClock, realFrames, type HeldClock } from './heldClock';
import { company } from '../../src/content/company';
import { DRAFT_KEY } from '../shared/stored';
import { ATTRACT_AFTER_MS, RETURN_TO_TOP_AFTER_MS } from '../../src/title/model/attract';

const browser = sharedBrowser();

/** Event mode's numbers, as docs/requirements.md states them: the cursor hides after 3 s of
 * stillness, and the canvas lowers its pixel ratio while the median frame takes over 25 ms. */
const CURSOR_HIDE_AFTER_MS = 3_000;
const SLOW_FRAME_MS = 25;

/** Well after the intro sweep has crossed the title. */
const AFTER_SWEEP = 5000;
/** Event mode wakes a few ms past each idle threshold: the checks look this far either side. */
const NEAR_MS = 50;

/**
 * Opens `/?query` with Playwright's clock installed, and lets the page start on it until the
 * canvas shows the title (and event mode is on, if asked). The clock runs on as usual until a
 * test holds it (heldClock.ts) or jumps it forward, as if nobody touched the screen meanwhile.
 */
async function openTestPage(query: string, options: Parameters<typeof openPage>[1] = {}) {
  const watched = await openPage(browser(), options);
  const { page } = watched;
  await page.clock.install();
  await page.goto(`${baseURL()}/?${query}`, { waitUntil: 'networkidle' });
  await waitForCanvas(page);
  if (query.includes('event'))
    await page.waitForFunction(() => document.documentElement.dataset.eventMode === 'on');
  return watched;
}

/** Where the title's worker put the light in the latest frame. */
const lightOf = (page: Page) => page.evaluate(() => ({ ...window.__titleReports!.light! }));

/** Runs the clock to `ms` and, when given, moves the mouse there; returns the light then. */
async function at(page: Page, clock: HeldClock, ms: number, pointer?: { x: number; y: number }) {
  await clock.runTo(ms);
  if (pointer) await clock.pointTo(pointer.x, pointer.y);
  return lightOf(page);
}

/** The title's band of the screen, as pixels. */
async function titlePixels(page: Page): Promise<Buffer> {
  const box = await page.locator('h1').boundingBox();
  if (!box) throw new Error('no title');
  return page.screenshot({
    clip: { x: 0, y: Math.max(0, box.y - 40), width: DESKTOP.width, height: box.height + 80 },
  });
}

const cursorOf = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.querySelector('h1')!).cursor);

describe('event mode: attract loop', () => {
  it('starts after 20 s without input: the light moves with no pointer input, and a pointer move takes it back', async () => {
    const { page, problems } = await openTestPage('event');
    const clock = await holdClock(page);
    await clock.runTo(AFTER_SWEEP);
    const t0 = clock.elapsed;
    const still = await at(page, clock, t0, { x: 600, y: 300 });
    expect(still).toMatchObject({ lead: 'pointer', x: 600, y: 300 });

    // 19.9 s: still the pointer's.
    expect(await at(page, clock, t0 + ATTRACT_AFTER_MS - 100)).toMatchObject({
      lead: 'pointer',
      x: 600,
      y: 300,
      moving: false,
    });

    // From 20 s on the loop leads: three moments, three places, none of them the pointer's.
    const a = await at(page, clock, t0 + ATTRACT_AFTER_MS + 700);
    const pixelsA = await titlePixels(page);
    const b = await at(page, clock, t0 + ATTRACT_AFTER_MS + 1900);
    const pixelsB = await titlePixels(page);
    const c = await at(page, clock, t0 + ATTRACT_AFTER_MS + 5200);
    for (const p of [a, b, c]) expect(p).toMatchObject({ lead: 'attract', moving: true });
    expect(new Set([a.x, b.x, c.x]).size).toBe(3);
    expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeGreaterThan(100);
    expect(a.x).not.toBe(600);
    // The picture changes with it.
    expect(pixelsA.equals(pixelsB)).toBe(false);

    // A pointer move: the light follows it again.
    await clock.runTo(t0 + ATTRACT_AFTER_MS + 5300);
    const t1 = clock.elapsed;
    const back = await at(page, clock, t1, { x: 900, y: 340 });
    expect(back).toMatchObject({ lead: 'pointer', x: 900, y: 340, moving: false });
    // ... and idleness counts again from that move.
    expect(await at(page, clock, t1 + ATTRACT_AFTER_MS - 100)).toMatchObject({ lead: 'pointer' });
    expect(await at(page, clock, t1 + ATTRACT_AFTER_MS + 100)).toMatchObject({ lead: 'attract' });
    expect(problems).toEqual([]);
  });

  it('hides the cursor after 3 s of stillness and shows it on the next move', async () => {
    const { page } = await openTestPage('event');
    const clock = await holdClock(page);
    await clock.runTo(AFTER_SWEEP);
    const moved = clock.elapsed;
    await at(page, clock, moved, { x: 400, y: 300 });
    expect(await cursorOf(page)).not.toBe('none');
    await at(page, clock, moved + CURSOR_HIDE_AFTER_MS - NEAR_MS);
    expect(await cursorOf(page)).not.toBe('none');
    await at(page, clock, moved + CURSOR_HIDE_AFTER_MS + NEAR_MS);
    expect(await cursorOf(page)).toBe('none');
    await at(page, clock, moved + CURSOR_HIDE_AFTER_MS + 2 * NEAR_MS, { x: 410, y: 300 });
    expect(await cursorOf(page)).not.toBe('none');
  });

  it('moves the light under a finger on a touch screen (real clock)', async () => {
    const { page, context, problems } = await openPage(browser(), { hasTouch: true });
    await page.goto(`${baseURL()}/?event`, { waitUntil: 'networkidle' });
    await waitForCanvas(page);
    await page.waitForFunction(
      () => window.__titleReports?.light?.lead === 'rest' && !window.__titleReports.light.moving,
      null,
      { timeout: 15_000 },
    );
    const cdp = await context.newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchStart',
      touchPoints: [{ x: 380, y: 360 }],
    });
    await page.waitForFunction(
      () =>
        window.__titleReports!.light!.lead === 'pointer' &&
        window.__titleReports!.light!.x === 380 &&
        window.__titleReports!.light!.y === 360,
      null,
      { timeout: 5000 },
    );
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: 1020, y: 430 }],
    });
    await page.waitForFunction(
      () => window.__titleReports!.light!.x === 1020 && window.__titleReports!.light!.y === 430,
      null,
      { timeout: 5000 },
    );
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });

    expect(problems).toEqual([]);
  });
});

describe('event mode: back to the top', () => {
  it('scrolls the home page back to the top after 60 s without input, not before', async () => {
    const { page } = await openTestPage('event');
    const clock = await holdClock(page);
    await clock.runTo(AFTER_SWEEP);
    const moved = clock.elapsed;
    await at(page, clock, moved, { x: 500, y: 300 });
    await page.evaluate(() => window.scrollTo({ top: 1500, behavior: 'instant' }));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1500);
    await at(page, clock, moved + RETURN_TO_TOP_AFTER_MS - NEAR_MS);
    await realFrames(page);
    expect(await page.evaluate(() => window.scrollY)).toBe(1500);
    await at(page, clock, moved + RETURN_TO_TOP_AFTER_MS + NEAR_MS);
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5000 }).toBe(0);
  });

  it('goes back to the home page from a legal page after 60 s without input', async () => {
    const { page, problems } = await openTestPage('event');
    await page.mouse.move(500, 300);
    await page.getByRole('link', { name: 'Terms & Conditions' }).click();
    await page.waitForURL('**/terms');
    // The address changes at once; the page follows when React has rendered the route.
    await page.getByRole('heading', { level: 1, name: 'Terms & Conditions' }).waitFor();
    // The click was the last input: a minute later, as if nobody had touched the screen since.
    await page.clock.fastForward(RETURN_TO_TOP_AFTER_MS + NEAR_MS);
    await page.waitForURL(`${baseURL()}/?event`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toContain(company.name);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(problems).toEqual([]);
  });
});

describe('event mode: full screen', () => {
  it('has a visible control that enters and leaves full screen, and no axe violations', async () => {
    const { page, problems } = await openPage(browser());
    await page.goto(`${baseURL()}/?event`, { waitUntil: 'networkidle' });
    const enter = page.getByRole('button', { name: 'Full screen' });
    await enter.waitFor();
    expect(await enter.isVisible()).toBe(true);
    await enter.click();
    await expect
      .poll(() => page.evaluate(() => document.fullscreenElement?.tagName ?? null))
      .toBe('HTML');
    const leave = page.getByRole('button', { name: 'Leave full screen' });
    await leave.click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement)).toBe(null);
    await enter.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
});

describe('event mode: adaptive pixel ratio', () => {
  it('lowers the pixel ratio of the canvas on a 4K screen when the attract loop runs slow', async () => {
    const { page } = await openTestPage('event', {
      viewport: { width: 3840, height: 2160 },
      deviceScaleFactor: 1,
    });
    await page.mouse.move(1000, 800);
    // Nobody touches the screen: the attract loop starts, and runs as fast as the page draws it.
    await page.clock.fastForward(ATTRACT_AFTER_MS + NEAR_MS);
    await expect.poll(async () => (await lightOf(page)).lead).toBe('attract');
    // The frames drawn at ratio 1, on real time, until the ratio changes: event mode decides
    // once it has 20 frames, or 5 that took a second (and the frames the light asked for count).
    const count = () => page.evaluate(() => window.__titleReports!.frames);
    const first = { frames: await count(), at: performance.now() };
    await expect
      .poll(async () => (await lightOf(page)).dpr < 1 || (await count()) - first.frames >= 30, {
        timeout: 60_000,
        interval: 5,
      })
      .toBe(true);
    const atOne = (await count()) - first.frames - ((await lightOf(page)).dpr < 1 ? 1 : 0);
    const frameMs = (performance.now() - first.at) / Math.max(1, atOne);
    console.log(
      `[figures] 4K attract loop: ${frameMs.toFixed(0)} ms a frame at ratio 1, ${atOne} frames before the ratio fell`,
    );
    const drawn = await page.evaluate(() => ({
      ...window.__titleReports!.light!,
      width: document.querySelector('.title-canvas canvas')!.clientWidth,
      buffer: (document.querySelector('.title-canvas canvas') as HTMLCanvasElement).width,
    }));
    expect(drawn.lead).toBe('attract');
    expect(drawn.width).toBe(3840);
    // Software GL at 4K is slow on every machine these tests run on: the case the name promises.
    // The page hears of each frame as it is drawn, the pace the monitor judges.
    expect(frameMs, 'the frames at ratio 1 were not slow').toBeGreaterThan(SLOW_FRAME_MS);
    // Fewer pixels in the buffer; the canvas still covers the screen.
    expect(drawn.dpr).toBeLessThan(1);
    // three.js rounds the buffer down (`Math.floor`), as `bufferSize` does.
    expect(drawn.buffer).toBe(Math.floor(3840 * drawn.dpr));
  });

  it('keeps the usual pixel ratio outside event mode', async () => {
    const { page } = await openTestPage('', {
      viewport: { width: 3840, height: 2160 },
      deviceScaleFactor: 1,
    });
    const clock = await holdClock(page);
    // As many frames as event mode needs to decide (at 4K in software GL, half a second each).
    for (let t = AFTER_SWEEP; t < AFTER_SWEEP + 400; t += 50) {
      await clock.runTo(t);
      await clock.pointTo(1000 + t / 10, 800, { follow: false });
    }
    const buffer = await page.evaluate(
      () => (document.querySelector('.title-canvas canvas') as HTMLCanvasElement).width,
    );
    expect(buffer).toBe(3840);
  });
});

describe('outside event mode', () => {
  it('nothing changes: no attract loop, no way back to the top, no hidden cursor, no full-screen control', async () => {
    const { page, problems } = await openTestPage('');
    const clock = await holdClock(page);
    await at(page, clock, AFTER_SWEEP, { x: 600, y: 300 });
    await page.evaluate(() => window.scrollTo({ top: 1200, behavior: 'instant' }));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1200);
    expect(await at(page, clock, AFTER_SWEEP + ATTRACT_AFTER_MS + 1000)).toMatchObject({
      lead: 'pointer',
      x: 600,
      y: 300,
    });
    await at(page, clock, AFTER_SWEEP + RETURN_TO_TOP_AFTER_MS + 1000);
    await realFrames(page);
    expect(await page.evaluate(() => window.scrollY)).toBe(1200);
    expect(await cursorOf(page)).not.toBe('none');
    expect(await page.evaluate(() => document.documentElement.dataset.eventMode ?? null)).toBe(
      null,
    );
    expect(await page.getByRole('button', { name: 'Full screen' }).count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it('does not fetch the event-mode code', async () => {
    const { page, requests } = await openPage(browser());
    await page.goto(`${baseURL()}/`, { waitUntil: 'networkidle' });
    expect(requests.filter((u) => /\/assets\/eventMode-/.test(u))).toEqual([]);
  });
});

describe('event mode: the contact form forgets each visitor', () => {
  const fields = (page: Page) =>
    page.evaluate(() =>
      ['contact-name', 'contact-email', 'contact-message'].map(
        (id) => (document.getElementById(id) as HTMLInputElement).value,
      ),
    );

  it("keeps a visitor's text across their own route changes, never on the device, and no earlier visitor's text comes back with the back button", async () => {
    const { page, problems } = await openTestPage('event');
    await expect
      .poll(() => page.getByLabel('Name', { exact: true }).getAttribute('autocomplete'))
      .toBe('off');
    await page.getByLabel('Name', { exact: true }).fill('Visitor A');
    await page.getByLabel('Message', { exact: true }).fill('Something only A should read.');
    expect(await page.evaluate((key) => localStorage.getItem(key), DRAFT_KEY)).toBeNull();

    // A's own visit to the terms and back: A's text is still there.
    await page.getByRole('link', { name: 'Terms & Conditions' }).click();
    await page.getByRole('heading', { level: 1, name: 'Terms & Conditions' }).waitFor();
    await page.goBack();
    await page.getByLabel('Name', { exact: true }).waitFor();
    expect(await fields(page)).toEqual(['Visitor A', '', 'Something only A should read.']);

    // A walks away from the terms page: the idle reset brings the kiosk home, and forgets A.
    await page.getByRole('link', { name: 'Terms & Conditions' }).click();
    await page.getByRole('heading', { level: 1, name: 'Terms & Conditions' }).waitFor();
    await page.clock.fastForward(RETURN_TO_TOP_AFTER_MS + NEAR_MS);
    await page.waitForURL(`${baseURL()}/?event`);
    await page.getByLabel('Name', { exact: true }).waitFor();
    expect(await fields(page)).toEqual(['', '', '']);
    // B presses back, and forward again: A's text is nowhere.
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Terms & Conditions' }).waitFor();
    await page.goForward();
    await page.getByLabel('Name', { exact: true }).waitFor();
    expect(await fields(page)).toEqual(['', '', '']);
    await page.reload({ waitUntil: 'networkidle' });
    await expect
      .poll(() => page.getByLabel('Name', { exact: true }).getAttribute('autocomplete'))
      .toBe('off');
    expect(await fields(page)).toEqual(['', '', '']);
    expect(problems).toEqual([]);
  });

  it('outside event mode the draft still survives a reload', async () => {
    const { page, problems } = await openPage(browser());
    await page.goto(`${baseURL()}/`, { waitUntil: 'networkidle' });
    await page.getByLabel('Name', { exact: true }).fill('Ordinary Visitor');
    await page.reload({ waitUntil: 'networkidle' });
    await expect.poll(() => fields(page)).toEqual(['Ordinary Visitor', '', '']);
    expect(problems).toEqual([]);
  });
});
