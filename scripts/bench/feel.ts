/** How a page feels once it is up: the passes of docs/performance.md, watched from the page. */
import type { Browser, JSHandle, Page } from 'playwright-core';
import { frames, onPage, type Device } from './browser';
import { passFigures, type Recorded } from './report';

/** What a pass collects in the page. A string, so no build helper ends up in the page. */
const RECORDER = `(() => {
  const r = { frames: [], longFrames: [], presses: {}, keys: {}, on: true };
  const tick = (t) => { r.frames.push(t); if (r.on) requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
  const take = (list) => {
    for (const e of list) {
      if (e.entryType === 'long-animation-frame') r.longFrames.push(e.blockingDuration);
      // Only entries of an interaction (a key press, a click) count, and an interaction's
      // latency is its slowest entry's (a click's pointerdown, pointerup and click share an id).
      else if (e.interactionId > 0) {
        const of = e.name.startsWith('key') ? r.keys : r.presses;
        of[e.interactionId] = Math.max(of[e.interactionId] ?? 0, e.duration);
      }
    }
  };
  const loaf = new PerformanceObserver((l) => take(l.getEntries()));
  loaf.observe({ type: 'long-animation-frame' });
  const events = new PerformanceObserver((l) => take(l.getEntries()));
  events.observe({ type: 'event', durationThreshold: 16 });
  r.stop = () => {
    r.on = false;
    take([...loaf.takeRecords(), ...events.takeRecords()]);
    [loaf, events].forEach((o) => o.disconnect());
    return { ...r, presses: Object.values(r.presses), keys: Object.values(r.keys) };
  };
  return r;
})()`;
/** Runs `during` with a recorder in the page, then lets the last inputs' entries and paints come. */
async function watch(page: Page, during: () => Promise<unknown>) {
  const recorder = (await page.evaluateHandle(RECORDER)) as JSHandle<{ stop(): Recorded }>;
  await during();
  await frames(page, 10);
  return passFigures(await recorder.evaluate((r) => r.stop()));
}

/** Wheel steps down the page, `steps` of them a frame apart, under a still pointer. */
async function wheel(page: Page, steps: number) {
  const { width, height } = page.viewportSize()!;
  await page.mouse.move(width / 2, height / 2);
  const dy = await page.evaluate(() => document.documentElement.scrollHeight - innerHeight);
  for (let i = 0; i < steps; i++) {
    await page.mouse.wheel(0, dy / steps);
    await frames(page);
  }
}

/** Back at the top of the page, asked again each frame: a wheel's scroll may still be animating. */
async function toTop(page: Page) {
  await page.waitForFunction(() => (window.scrollTo(0, 0), scrollY === 0));
  await frames(page, 10);
}

/** The second scroll down the page: the first one reveals the sections. */
async function scrollPass(page: Page) {
  await wheel(page, 40);
  await toTop(page);
  return watch(page, () => wheel(page, 120));
}

/** The pointer across the page's heading, left to right in about 1.5 s. */
async function pointerPass(page: Page) {
  await toTop(page);
  const box = (await page.locator('h1').first().boundingBox())!;
  const [x, y, width] = [box.x - 20, box.y + box.height / 2, box.width + 40];
  await page.mouse.move(x, y);
  return watch(page, async () => {
    for (let i = 0; i <= 90; i++) {
      await page.mouse.move(x + (width * i) / 90, y);
      await frames(page);
    }
  });
}

/** The plain form a page without one gets: Send with the required name empty is its error. */
const PLAIN_FORM =
  '<form><input required aria-label="Name"><textarea aria-label="Message"></textarea>' +
  '<button type="submit">Send</button></form>';

/**
 * A click on the desktop, a tap on the phone, at the middle of `selector`, watched with `then`.
 * The desktop's pointer comes from 240 px to the left and 120 px below, a step a frame.
 */
async function press(page: Page, device: Device, selector: string, then?: () => Promise<void>) {
  const target = page.locator(selector).first();
  await target.scrollIntoViewIfNeeded();
  await frames(page, 10);
  const box = (await target.boundingBox())!;
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  const steps = device === 'desktop' ? 10 : 0;
  if (steps) await page.mouse.move(Math.max(x - 240, 0), y + 120);
  return watch(page, async () => {
    for (let i = steps - 1; i > 0; i--) {
      await page.mouse.move(Math.max(x - 24 * i, 0), y + 12 * i);
      await frames(page);
    }
    await (device === 'phone' ? page.touchscreen.tap(x, y) : page.mouse.click(x, y));
    await then?.();
  });
}

/** The first click into the text area and about 50 keys, watched together, then Send with an error. */
async function formPass(page: Page, device: Device) {
  if (!(await page.locator('form textarea').count()))
    await page.evaluate((html) => {
      (document.querySelector('main') ?? document.body).insertAdjacentHTML('beforeend', html);
    }, PLAIN_FORM);
  const typing = await press(page, device, 'form textarea', async () => {
    // A visitor's first key comes 150 ms after the click: the pace is part of what is measured.
    await page.waitForTimeout(150);
    await page.keyboard.type('Hello, we would like a quote for a small web app.', { delay: 30 });
  });
  const sendError = await press(page, device, 'form button[type="submit"]');
  return {
    formFirstClick: typing.slowestPress,
    typingSlowestKey: typing.slowestKey,
    formSendError: sendError.slowestPress,
  };
}

/** Browser CPU while the page sits still for 3 s, in % of one core (every process). */
async function stillCpu(browser: Browser, page: Page) {
  // CPU seconds so far of every process, every thread included (software GL's too).
  const cpu = async () => {
    const cdp = await browser.newBrowserCDPSession();
    const { processInfo } = await cdp.send('SystemInfo.getProcessInfo').finally(() => cdp.detach());
    return processInfo.reduce((a, p) => a + p.cpuTime, 0);
  };
  const [start, t0] = [await cpu(), Date.now()];
  // The 3 s of stillness are what is measured: the CPU the page spends while no one acts.
  await page.waitForTimeout(3_000);
  return (((await cpu()) - start) / ((Date.now() - t0) / 1000)) * 100;
}

/** One page in a fresh browser: settled, still, then scrolled, pointed at and its form used. */
export function feel(url: string, device: Device) {
  return onPage(url, device, 'the feel passes', async (page, browser) => {
    const still = device === 'desktop' ? await stillCpu(browser, page) : Number.NaN;
    const scroll = await scrollPass(page);
    const pointer = await pointerPass(page);
    return {
      stillCpu: still,
      scrollP95: scroll.p95,
      scrollLongFrames: scroll.longFrames,
      pointerP95: pointer.p95,
      ...(await formPass(page, device)),
    };
  });
}
