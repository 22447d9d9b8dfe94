/**
 * A new visitor's visit (fresh browser, no cache, no service worker) recorded three ways at once:
 * a Chrome trace, Chrome's screencast and the network (the page's and its service worker's bytes).
 */
import { chromium, type Browser, type CDPSession, type Page, type Request } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium';
import { noteCanvasTakeover } from '../canvasTakeover';
import { processCpuSeconds, within } from './frames';
import { threadCosts, type TraceEvent } from './trace';
import { framePixels, readLitTitle } from './screen';

export type Device = 'phone' | 'desktop';

/** The bench's two visitors. */
export const DEVICES = {
  desktop: { viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1, cpuSlowdown: 1 },
  // Lighthouse's mobile figures throttle the CPU 4x; the visitor's phone here does the same.
  phone: {
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    cpuSlowdown: 4,
    isMobile: true,
    hasTouch: true,
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36',
  },
} as const;

export const TRACE_CATEGORIES = (
  '__metadata,toplevel,devtools.timeline,disabled-by-default-devtools.timeline,blink.user_timing,' +
  'loading,v8,v8.execute,disabled-by-default-v8.gc'
).split(',');
export const TRACE_MS = 10_000;

/** What a phone load records: started before the navigation, stopped TRACE_MS after it commits. */
export interface PhoneRecording<T> {
  start: (browser: Browser, page: Page, cdp: CDPSession) => Promise<unknown>;
  stop: (browser: Browser, page: Page, cdp: CDPSession) => Promise<T>;
}

/**
 * A phone's first TRACE_MS on `url`, for the measuring tools: a fresh browser, the phone's device,
 * the CPU throttled `rate` times (the phone's 4x unless given), and what `recording` records. No
 * screencast, network record or service worker: the bench's `visit` has those.
 */
export async function phoneLoad<T>(
  url: string,
  recording: PhoneRecording<T>,
  { rate = DEVICES.phone.cpuSlowdown }: { rate?: number } = {},
): Promise<T> {
  const { cpuSlowdown: _bench, ...phone } = DEVICES.phone;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const page = await (await browser.newContext(phone)).newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    await recording.start(browser, page, cdp);
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForTimeout(TRACE_MS);
    return await recording.stop(browser, page, cdp);
  } finally {
    await browser.close();
  }
}

/**
 * The trace alone of a phone's first TRACE_MS on `url` (phoneLoad), for the trace tools
 * (scripts/trace-breakdown.ts, scripts/trace-compare.ts): the bench's trace categories and any
 * `extra`.
 */
export function tracePhoneLoad(
  url: string,
  { rate = DEVICES.phone.cpuSlowdown, extra = [] }: { rate?: number; extra?: string[] } = {},
): Promise<TraceEvent[]> {
  return phoneLoad(
    url,
    {
      start: (browser, page) =>
        browser.startTracing(page, { categories: [...TRACE_CATEGORIES, ...extra] }),
      stop: async (browser) =>
        (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] })
          .traceEvents,
    },
    { rate },
  );
}

/** How long a response's size is waited for: now and then Playwright never gives it. */
const SIZE_WAIT_MS = 3_000;
/** How long a visit may take past its window (trace, decoding) before it is given up. */
const VISIT_GRACE_MS = 90_000;

/** The promise's value, null if it failed, undefined if it did not settle in SIZE_WAIT_MS. */
function settled<T>(p: Promise<T>): Promise<T | null | undefined> {
  const value = p.catch(() => null);
  return within(value, SIZE_WAIT_MS, 'late').catch(() => undefined);
}

/** Bytes and responses of the page and of its service worker that arrived in the window. */
async function bytesOf(finished: Request[], windowEnd: number) {
  const bytes = { pageBytes: 0, pageResponses: 0, workerBytes: 0, workerResponses: 0 };
  let unmeasured = 0;
  for (const r of finished) {
    const response = await settled(r.response());
    if (response === undefined) unmeasured++;
    // A response the service worker served the page is counted once, as the worker's.
    if (!response || response.fromServiceWorker()) continue;
    const t = r.timing();
    if (t.startTime + t.responseEnd > windowEnd) continue;
    const size = await settled(r.sizes());
    if (size === undefined) unmeasured++;
    if (!size) continue;
    const who = r.serviceWorker() ? 'worker' : 'page';
    bytes[`${who}Bytes`] += size.responseBodySize + size.responseHeadersSize;
    bytes[`${who}Responses`]++;
  }
  return { ...bytes, unmeasured };
}

/**
 * Loads `url` in a fresh browser and records `windowMs` of it (the trace's first TRACE_MS). Once in a
 * few dozen visits here a renderer spun and the visit never ended: it is given up after a grace time.
 */
export async function visit(url: string, device: Device, windowMs: number) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const limit = windowMs + VISIT_GRACE_MS;
    const message = `the visit did not end within ${limit / 1000} s`;
    return await within(record(browser, url, device, windowMs), limit, message);
  } finally {
    await browser.close().catch(() => {});
  }
}

/** The visit itself; decoding the frames after the window costs the load nothing. */
async function record(browser: Browser, url: string, device: Device, windowMs: number) {
  const { cpuSlowdown, ...options } = DEVICES[device];
  const { width, height } = options.viewport;
  const context = await browser.newContext({ ...options, serviceWorkers: 'allow' });
  await context.addInitScript(() => (window.__probes = {}));
  const page = await context.newPage();
  await noteCanvasTakeover(page);
  const cdp = await context.newCDPSession(page);
  if (cpuSlowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  const frames: { jpeg: string; epochMs: number }[] = [];
  cdp.on('Page.screencastFrame', (f) => {
    frames.push({ jpeg: f.data, epochMs: (f.metadata.timestamp ?? Number.NaN) * 1000 });
    cdp.send('Page.screencastFrameAck', { sessionId: f.sessionId }).catch(() => {});
  });
  // Sizes are read once the load is over; requests from the service worker name their worker.
  const finished: Request[] = [];
  context.on('requestfinished', (r) => finished.push(r));

  await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  const [maxWidth, maxHeight] = [width, height].map((v) => v * options.deviceScaleFactor);
  await cdp.send('Page.startScreencast', { format: 'jpeg', quality: 90, maxWidth, maxHeight });
  const cpuBefore = await processCpuSeconds(browser);
  const sent = Date.now();
  await page.goto(url, { waitUntil: 'commit' });
  const timeOrigin = await page.evaluate(() => performance.timeOrigin);
  await page.waitForTimeout(Math.max(0, sent + TRACE_MS - Date.now()));
  const cpuAfter = await processCpuSeconds(browser);
  const trace = await browser.stopTracing();
  await page.waitForTimeout(Math.max(0, sent + windowMs - Date.now()));
  await cdp.send('Page.stopScreencast');

  const info = await page.evaluate(() => {
    // The title's words as drawn (a two-line title moves them out of the heading's own box).
    const rects = [...document.querySelectorAll('#hero-title .hero__word')].map((w) =>
      w.getBoundingClientRect(),
    );
    const heading = document.getElementById('hero-title')?.getBoundingClientRect();
    if (!rects.length && heading) rects.push(heading);
    const x = Math.min(...rects.map((r) => r.left));
    const y = Math.min(...rects.map((r) => r.top));
    const h = Math.max(...rects.map((r) => r.bottom)) - y;
    const w = Math.max(...rects.map((r) => r.right)) - x;
    return {
      canvasAt: (window as unknown as { __canvasAt?: number }).__canvasAt ?? Number.NaN,
      // Half a line more above and below: the light's glow reaches past the glyphs.
      box: rects.length ? { x, y: y - h / 4, width: w, height: h * 1.5 } : null,
    };
  });
  const bytes = await bytesOf(finished, timeOrigin + windowMs);
  await context.close();

  // Only what the screen showed within the window (stopping the trace can take seconds).
  const seen = frames
    .map((f) => ({ jpeg: f.jpeg, t: f.epochMs - timeOrigin }))
    .filter((f) => f.t <= windowMs);
  const pixels = info.box ? await framePixels(browser, seen, info.box, width) : [];
  if (process.env.BENCH_DEBUG) console.log(JSON.stringify({ box: info.box, pixels }));
  const lit = readLitTitle(pixels);
  const cpuMs = (type: string) => ((cpuAfter[type] ?? 0) - (cpuBefore[type] ?? 0)) * 1000;
  return {
    url,
    device,
    litMs: lit.litMs,
    canvasMs: info.canvasAt,
    lit,
    titleBox: info.box,
    cpu: threadCosts(JSON.parse(trace.toString('utf8')), TRACE_MS),
    /** CPU ms of whole processes (every thread, SystemInfo.getProcessInfo) over the traced span. */
    processes: { gpu: cpuMs('GPU'), renderer: cpuMs('renderer'), browser: cpuMs('browser') },
    bytes,
    windowMs,
  };
}

export type Visit = Awaited<ReturnType<typeof visit>>;
