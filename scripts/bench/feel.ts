/**
 * How a page feels once it is up: a scroll pass, a pointer pass over the title and a typing
 * burst, each watched from the page's own Performance APIs (a requestAnimationFrame loop, the
 * `long-animation-frame` and `event` observers) and the scroll pass also by a Chrome trace.
 */
import type { Browser, JSHandle, Page } from 'playwright-core';
import { quantile } from '../../src/shared/stats';
import { DEVICES, launch, processCpuSeconds, within, type Device } from './browser';
import { rasterOf, type TraceEvent } from './trace';

/** What a pass collects in the page. A string, so no build helper ends up in the page. */
const RECORDER = `(() => {
  const r = { frames: [], longFrames: [], keys: [], on: true };
  const tick = (t) => { r.frames.push(t); if (r.on) requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
  const take = (list) => {
    for (const e of list) {
      if (e.entryType === 'long-animation-frame') r.longFrames.push(e.blockingDuration);
      // Only entries of an interaction (a key press, a click) count as keystroke to paint.
      else if (e.interactionId > 0) r.keys.push(e.duration);
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
    return r;
  };
  return r;
})()`;
type Recorder = { stop: () => { frames: number[]; longFrames: number[]; keys: number[] } };

/** Frame interval p50 / p95 / max, long animation frames and their blocking time, the slowest key. */
export function passFigures(r: ReturnType<Recorder['stop']>) {
  const intervals = r.frames.slice(1).map((t, i) => t - r.frames[i]!);
  return {
    p50: quantile(intervals, 0.5),
    p95: quantile(intervals, 0.95),
    max: quantile(intervals, 1),
    longFrames: r.longFrames.length,
    blocking: r.longFrames.reduce((a, b) => a + b, 0),
    // No entry over the 16 ms threshold: every key reached the screen within 16 ms.
    slowestKey: r.keys.length ? Math.max(...r.keys) : 16,
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

/** A burst of keys into the page's text area; a page without one gets a plain one at its end. */
async function typingPass(page: Page) {
  if (!(await page.locator('textarea').count()))
    await page.evaluate(() => {
      const field = document.createElement('textarea');
      field.setAttribute('aria-label', 'Typing test');
      (document.querySelector('main') ?? document.body).append(field);
    });
  await page.locator('textarea').first().focus();
  await page.waitForTimeout(800);
  const text = 'Hello, we would like a quote for a small web app.';
  return watch(page, () => page.keyboard.type(text, { delay: 30 }));
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

/** One page in a fresh browser: settled, still, then scrolled, pointed at and typed into. */
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
        const t = await typingPass(page);
        const named = (pass: string, f: object) =>
          Object.entries(f).map(([k, v]) => [pass + k[0]!.toUpperCase() + k.slice(1), v]);
        const passes = [named('scroll', s), named('pointer', p), named('typing', t)];
        const figures: Record<string, number> = Object.fromEntries(passes.flat());
        return { stillCpu: still, ...figures };
      })(),
      120_000,
      `the feel passes on ${url} did not end within 120 s`,
    );
  } finally {
    await browser.close().catch(() => {});
  }
}
