/**
 * How a page feels once it is up: a scroll pass, a pointer pass over the title and a pass through
 * the form (a first click into its text area, a typing burst, Send with an error), each watched
 * from the page's own Performance APIs (a requestAnimationFrame loop, the `long-animation-frame`
 * and `event` observers) and the scroll pass also by a Chrome trace.
 */
import type { Browser, JSHandle, Page } from 'playwright-core';
import { quantile } from '../../src/shared/stats';
import { DEVICES, launch, processCpuSeconds, within, type Device } from './browser';
import { rasterOf, type TraceEvent } from './trace';

/** What a pass collects in the page. A string, so no build helper ends up in the page. */
const RECORDER = `(() => {
  const r = { frames: [], longFrames: [], interactions: {}, on: true };
  const tick = (t) => { r.frames.push(t); if (r.on) requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
  const take = (list) => {
    for (const e of list) {
      if (e.entryType === 'long-animation-frame') r.longFrames.push(e.blockingDuration);
      // Only entries of an interaction (a key press, a click) count, and an interaction's
      // latency is its slowest entry's (a click's pointerdown, pointerup and click share an id).
      else if (e.interactionId > 0)
        r.interactions[e.interactionId] = Math.max(r.interactions[e.interactionId] ?? 0, e.duration);
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
    return { frames: r.frames, longFrames: r.longFrames, interactions: Object.values(r.interactions) };
  };
  return r;
})()`;
type Recorder = {
  stop: () => { frames: number[]; longFrames: number[]; interactions: number[] };
};

/**
 * Frame interval p50 / p95 / max, long animation frames and their blocking time, and the slowest
 * interaction from input to next paint.
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
    slowest: r.interactions.length ? Math.max(...r.interactions) : 16,
  };
}

/** Runs `during` with a recorder in the page, then lets the last paints and entries arrive. */
async function watch(page: Page, during: () => Promise<unknown>) {
  const recorder = (await page.evaluateHandle(RECORDER)) as JSHandle<Recorder>;
  await during();
  await page.waitForTimeout(300);
  return passFigures(await recorder.evaluate((r) => r.stop()));
}

/** Wheel steps down the page, `steps` of them about 16 ms apart, under a still pointer. */
async function wheel(page: Page, steps: number) {
  const { width, height } = page.viewportSize()!;
  await page.mouse.move(width / 2, height / 2);
  const dy = await page.evaluate(() => document.documentElement.scrollHeight - innerHeight);
  for (let i = 0; i < steps; i++) {
    await page.mouse.wheel(0, dy / steps);
    await page.waitForTimeout(16);
  }
}

const TRACE = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'cc'];

/** The second scroll down the page (the first one reveals the sections), traced for raster. */
async function scrollPass(browser: Browser, page: Page) {
  await wheel(page, 40);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(500);
  await browser.startTracing(page, { categories: TRACE });
  const figures = await watch(page, () => wheel(page, 120));
  const trace = JSON.parse((await browser.stopTracing()).toString()) as {
    traceEvents: TraceEvent[];
  };
  return { ...figures, ...rasterOf(trace.traceEvents) };
}

/** The pointer across the page's heading, left to right in about 1.5 s. */
async function pointerPass(page: Page) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(500);
  const box = (await page.locator('h1').first().boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x - 20, y);
  return watch(page, async () => {
    for (let i = 0; i <= 90; i++) {
      await page.mouse.move(box.x - 20 + ((box.width + 40) * i) / 90, y);
      await page.waitForTimeout(16);
    }
  });
}

/**
 * A plain form at the end of a page that has none: a required name, a text area and Send, with
 * the browser's own checks. Send with the name empty is its error.
 */
const PLAIN_FORM = `(() => {
  const form = document.createElement('form');
  const name = document.createElement('input');
  name.required = true;
  name.setAttribute('aria-label', 'Name');
  const field = document.createElement('textarea');
  field.setAttribute('aria-label', 'Message');
  const send = document.createElement('button');
  send.type = 'submit';
  send.textContent = 'Send';
  form.append(name, field, send);
  (document.querySelector('main') ?? document.body).append(form);
})()`;

/** A click on the desktop, a tap on the phone, at the middle of `selector`, watched alone. */
async function press(page: Page, device: Device, selector: string) {
  const target = page.locator(selector).first();
  await target.scrollIntoViewIfNeeded();
  await page.waitForTimeout(500);
  const box = (await target.boundingBox())!;
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  if (device === 'phone') return watch(page, () => page.touchscreen.tap(x, y));
  await page.mouse.move(x, y, { steps: 8 });
  // The title's light follows the pointer: it comes to rest before the click is watched.
  await page.waitForTimeout(1_000);
  return watch(page, () => page.mouse.click(x, y));
}

/**
 * The form as a visitor meets it: the first click into its text area, about 50 keys, then Send
 * with the name and email still empty. A page without a form gets a plain one at its end.
 */
async function formPass(page: Page, device: Device) {
  if (!(await page.locator('form textarea').count())) await page.evaluate(PLAIN_FORM);
  const firstClick = await press(page, device, 'form textarea');
  // Time for what the first focus fetches, as a visitor takes before the first key.
  await page.waitForTimeout(800);
  const text = 'Hello, we would like a quote for a small web app.';
  const typing = await watch(page, () => page.keyboard.type(text, { delay: 30 }));
  const sendError = await press(page, device, 'form button[type="submit"]');
  return {
    formFirstClick: firstClick.slowest,
    typingSlowestKey: typing.slowest,
    formSendError: sendError.slowest,
  };
}

/** Until the canvas has the title (on `/` with WebGL) and nothing plays any more, at most 15 s. */
async function settle(page: Page) {
  const settled = () =>
    (location.pathname !== '/' ||
      location.search.includes('webgl=0') ||
      document.getElementById('hero-title')?.dataset.mode === 'canvas') &&
    document.getAnimations().every((a) => a.playState !== 'running');
  await page.waitForFunction(settled, null, { timeout: 15_000, polling: 250 }).catch(() => {});
  await page.waitForTimeout(1_000);
}

/** Browser CPU while the page sits still for 3 s, in % of one core (every process). */
async function stillCpu(browser: Browser, page: Page) {
  const cpu = async () =>
    Object.values(await processCpuSeconds(browser)).reduce((a, b) => a + b, 0);
  const [start, t0] = [await cpu(), Date.now()];
  await page.waitForTimeout(3_000);
  return (((await cpu()) - start) / ((Date.now() - t0) / 1000)) * 100;
}

/** One page in a fresh browser: settled, still, then scrolled, pointed at and its form used. */
export async function feel(url: string, device: Device) {
  const browser = await launch();
  try {
    return await within(
      (async () => {
        const { cpuSlowdown, ...options } = DEVICES[device];
        const page = await (await browser.newContext(options)).newPage();
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
        await page.goto(url, { waitUntil: 'load' });
        await settle(page);
        const still = device === 'desktop' ? await stillCpu(browser, page) : Number.NaN;
        const s = await scrollPass(browser, page);
        const p = await pointerPass(page);
        const form = await formPass(page, device);
        const named = (pass: string, f: object) =>
          Object.entries(f).map(([k, v]) => [pass + k[0]!.toUpperCase() + k.slice(1), v]);
        const passes = [named('scroll', s), named('pointer', p)];
        const figures: Record<string, number> = Object.fromEntries(passes.flat());
        return { stillCpu: still, ...figures, ...form };
      })(),
      120_000,
      `the feel passes on ${url} did not end within 120 s`,
    );
  } finally {
    await browser.close().catch(() => {});
  }
}
