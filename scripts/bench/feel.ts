/** How a page feels once it is up: the passes of docs/performance.md, watched from the page. */
import type { Browser, JSHandle, Page } from 'playwright-core';
import { quantile } from '../../src/shared/stats';
import { devicePage, frames, inBrowser, processCpuSeconds, settle, type Device } from './browser';
import { rasterOf, type TraceEvent } from './trace';

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
    loaf.disconnect();
    events.disconnect();
    const [presses, keys] = [Object.values(r.presses), Object.values(r.keys)];
    return { frames: r.frames, longFrames: r.longFrames, presses, keys };
  };
  return r;
})()`;
type Recorder = {
  stop: () => { frames: number[]; longFrames: number[]; presses: number[]; keys: number[] };
};

/** The slowest of some interactions; 16 with none over the observer's 16 ms threshold. */
const slowestOf = (list: number[]) => (list.length ? Math.max(...list) : 16);

/**
 * Frame interval p50 / p95 / max, long animation frames and their blocking time, and the slowest
 * interaction from input to next paint: of the presses (clicks, taps) and of the keys.
 */
export function passFigures(r: ReturnType<Recorder['stop']>) {
  const intervals = r.frames.slice(1).map((t, i) => t - r.frames[i]!);
  return {
    p50: quantile(intervals, 0.5),
    p95: quantile(intervals, 0.95),
    max: quantile(intervals, 1),
    longFrames: r.longFrames.length,
    blocking: r.longFrames.reduce((a, b) => a + b, 0),
    // No entry over the 16 ms threshold: every input reached the screen within 16 ms.
    slowestPress: slowestOf(r.presses),
    slowestKey: slowestOf(r.keys),
  };
}

/** Runs `during` with a recorder in the page, then lets the last paints and entries arrive. */
async function watch(page: Page, during: () => Promise<unknown>) {
  const recorder = (await page.evaluateHandle(RECORDER)) as JSHandle<Recorder>;
  await during();
  // The last inputs' entries come with the paints after them.
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

/** Back at the top of the page, its scroll settled. */
async function toTop(page: Page) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForFunction(() => scrollY === 0);
  await frames(page, 10);
}

const TRACE = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'cc'];

/** The second scroll down the page (the first one reveals the sections), traced for raster. */
async function scrollPass(browser: Browser, page: Page) {
  await wheel(page, 40);
  await toTop(page);
  await browser.startTracing(page, { categories: TRACE });
  const figures = await watch(page, () => wheel(page, 120));
  const trace = JSON.parse((await browser.stopTracing()).toString()) as {
    traceEvents: TraceEvent[];
  };
  return { ...figures, ...rasterOf(trace.traceEvents) };
}

/** The pointer across the page's heading, left to right in about 1.5 s. */
async function pointerPass(page: Page) {
  await toTop(page);
  const box = (await page.locator('h1').first().boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x - 20, y);
  return watch(page, async () => {
    for (let i = 0; i <= 90; i++) {
      await page.mouse.move(box.x - 20 + ((box.width + 40) * i) / 90, y);
      await frames(page);
    }
  });
}

/** The plain form a page without one gets: Send with the required name empty is its error. */
const PLAIN_FORM =
  '<form><input required aria-label="Name"><textarea aria-label="Message"></textarea>' +
  '<button type="submit">Send</button></form>';

/** How the form pass meets the form: as a visitor, or gently (`--gentle`, docs/performance.md). */
export type FormPace = 'visitor' | 'gentle';
type Visit = { page: Page; device: Device; pace: FormPace };

/** A click on the desktop, a tap on the phone, at the middle of `selector`, watched with `then`. */
async function press(visit: Visit, selector: string, then?: () => Promise<void>) {
  const { page, device, pace } = visit;
  const target = page.locator(selector).first();
  await target.scrollIntoViewIfNeeded();
  await frames(page, 10);
  const box = (await target.boundingBox())!;
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  const glide = device === 'desktop' && pace === 'visitor';
  // The visitor's pointer comes from 240 px to the left and 120 px below, a step a frame.
  const step = (i: number) => page.mouse.move(Math.max(x - 24 * i, 0), y + 12 * i);
  if (glide) await step(10);
  else if (device === 'desktop') {
    await page.mouse.move(x, y, { steps: 8 });
    // The gentle pace rests the pointer 1 s: the rest is part of what the pass measures.
    await page.waitForTimeout(1_000);
  }
  return watch(page, async () => {
    for (let i = 9; glide && i > 0; i--) {
      await step(i);
      await frames(page);
    }
    await (device === 'phone' ? page.touchscreen.tap(x, y) : page.mouse.click(x, y));
    await then?.();
  });
}

/** The first click into the text area, about 50 keys, then Send with an error. */
async function formPass(visit: Visit) {
  const { page, pace } = visit;
  if (!(await page.locator('form textarea').count()))
    await page.evaluate((html) => {
      (document.querySelector('main') ?? document.body).insertAdjacentHTML('beforeend', html);
    }, PLAIN_FORM);
  const type = async () => {
    // When the first key comes after the click is part of the pace measured, not a wait.
    await page.waitForTimeout(pace === 'visitor' ? 150 : 800);
    await page.keyboard.type('Hello, we would like a quote for a small web app.', { delay: 30 });
  };
  // A visitor's keys are watched with the click; gently, on their own.
  const first = await press(visit, 'form textarea', pace === 'visitor' ? type : undefined);
  const typing = pace === 'visitor' ? first : await watch(page, type);
  const sendError = await press(visit, 'form button[type="submit"]');
  return {
    formFirstClick: first.slowestPress,
    typingSlowestKey: typing.slowestKey,
    formSendError: sendError.slowestPress,
  };
}

/** Browser CPU while the page sits still for 3 s, in % of one core (every process). */
async function stillCpu(browser: Browser, page: Page) {
  const cpu = async () =>
    Object.values(await processCpuSeconds(browser)).reduce((a, b) => a + b, 0);
  const [start, t0] = [await cpu(), Date.now()];
  // The 3 s of stillness are what is measured: the CPU the page spends while no one acts.
  await page.waitForTimeout(3_000);
  return (((await cpu()) - start) / ((Date.now() - t0) / 1000)) * 100;
}

/** One page in a fresh browser: settled, still, then scrolled, pointed at and its form used. */
export function feel(url: string, device: Device, pace: FormPace = 'visitor') {
  const message = `the feel passes on ${url} did not end within 120 s`;
  return inBrowser(120_000, message, async (browser) => {
    const { page } = await devicePage(browser, device);
    await page.goto(url, { waitUntil: 'load' });
    await settle(page);
    const still = device === 'desktop' ? await stillCpu(browser, page) : Number.NaN;
    const s = await scrollPass(browser, page);
    const p = await pointerPass(page);
    const form = await formPass({ page, device, pace });
    const named = (pass: string, f: object) =>
      Object.entries(f).map(([k, v]) => [pass + k[0]!.toUpperCase() + k.slice(1), v]);
    const passes = [named('scroll', s), named('pointer', p)];
    const figures: Record<string, number> = Object.fromEntries(passes.flat());
    return { stillCpu: still, ...figures, ...form };
  });
}
