/**
 * A new visitor's load (fresh browser, no cache, no service worker), recorded three ways at once:
 * a Chrome trace of the first TRACE_MS, Chrome's screencast, and the network.
 */
import { decode } from 'jpeg-js';
import type { Browser, Request } from 'playwright-core';
import { DEVICES, devicePage, inBrowser, within, type Device } from './browser';
import { LIT, litMs } from './report';
import { loadCosts, stopTrace } from './trace';

const TRACE_MS = 10_000;
const CATEGORIES = (
  '__metadata,toplevel,devtools.timeline,disabled-by-default-devtools.timeline,' +
  'blink.user_timing,loading,v8,v8.execute'
).split(',');
type Box = { x: number; y: number; width: number; height: number };

/** A screencast frame's lit area inside `box` (CSS px²), and its share of the box. */
function lightIn(jpeg: string, box: Box, vw: number) {
  const { width, height, data } = decode(Buffer.from(jpeg, 'base64'), { useTArray: true });
  const s = width / vw;
  const [x0, y0] = [Math.max(0, Math.floor(box.x * s)), Math.max(0, Math.floor(box.y * s))];
  const x1 = Math.min(width, Math.ceil((box.x + box.width) * s));
  const y1 = Math.min(height, Math.ceil((box.y + box.height) * s));
  let n = 0;
  for (let y = y0; y < y1; y++)
    for (let p = (y * width + x0) * 4; p < (y * width + x1) * 4; p += 4)
      if (0.2126 * data[p]! + 0.7152 * data[p + 1]! + 0.0722 * data[p + 2]! >= LIT.luminance) n++;
  return { litArea: n / (s * s), litShare: n / Math.max(1, (x1 - x0) * (y1 - y0)) };
}

/** KiB of the page's and its service worker's responses that arrived in the window. */
async function kibOf(finished: Request[], windowEnd: number) {
  // Now and then Playwright never gives a response's size: such a response is left out.
  const settled = <T>(p: Promise<T>) => within(p, 3_000, 'late').catch(() => null);
  let kib = 0;
  for (const r of finished) {
    const response = await settled(r.response());
    const { startTime, responseEnd } = r.timing();
    // A response the service worker served the page is counted once, as the worker's.
    if (!response || response.fromServiceWorker() || startTime + responseEnd > windowEnd) continue;
    const size = await settled(r.sizes());
    kib += size ? (size.responseBodySize + size.responseHeadersSize) / 1024 : 0;
  }
  return kib;
}

/** Loads `url` as a new visitor and watches it for `windowMs`; given up 90 s after that. */
export function load(url: string, device: Device, windowMs: number) {
  const message = `the load did not end within ${windowMs / 1000 + 90} s`;
  return inBrowser(windowMs + 90_000, message, (b) => record(b, url, device, windowMs));
}

async function record(browser: Browser, url: string, device: Device, windowMs: number) {
  const { page, cdp, context } = await devicePage(browser, device, { serviceWorkers: 'allow' });
  const frames: { jpeg: string; epochMs: number }[] = [];
  cdp.on('Page.screencastFrame', (f) => {
    frames.push({ jpeg: f.data, epochMs: (f.metadata.timestamp ?? Number.NaN) * 1000 });
    cdp.send('Page.screencastFrameAck', { sessionId: f.sessionId }).catch(() => {});
  });
  const finished: Request[] = [];
  context.on('requestfinished', (r) => finished.push(r));
  const { viewport, deviceScaleFactor: dpr } = DEVICES[device];
  const [maxWidth, maxHeight] = [viewport.width * dpr, viewport.height * dpr];
  await browser.startTracing(page, { categories: CATEGORIES });
  await cdp.send('Page.startScreencast', { format: 'jpeg', quality: 90, maxWidth, maxHeight });
  const sent = Date.now();
  await page.goto(url, { waitUntil: 'commit' });
  const timeOrigin = await page.evaluate(() => performance.timeOrigin);
  // The windows are what is measured: the trace's first TRACE_MS, then the whole watch.
  await page.waitForTimeout(Math.max(0, sent + TRACE_MS - Date.now()));
  const trace = await stopTrace(browser);
  await page.waitForTimeout(Math.max(0, sent + windowMs - Date.now()));
  await cdp.send('Page.stopScreencast');

  // The title's words as drawn, with half a line more above and below for the light's glow.
  const box = await page.evaluate(() => {
    const rects = [...document.querySelectorAll('#hero-title .hero__word')].map((w) =>
      w.getBoundingClientRect(),
    );
    if (!rects.length) return null;
    const [x, y] = [Math.min(...rects.map((r) => r.left)), Math.min(...rects.map((r) => r.top))];
    const h = Math.max(...rects.map((r) => r.bottom)) - y;
    return { x, y: y - h / 4, width: Math.max(...rects.map((r) => r.right)) - x, height: h * 1.5 };
  });
  const kib = await kibOf(finished, timeOrigin + windowMs);
  await context.close();
  const seen = frames
    .map((f) => ({ jpeg: f.jpeg, t: f.epochMs - timeOrigin }))
    .filter((f) => f.t >= 0 && f.t <= windowMs)
    .sort((a, b) => a.t - b.t);
  // Decoded one by one, in order, until the title is lit.
  const decoded = function* (area: Box) {
    for (const { jpeg, t } of seen) yield { t, ...lightIn(jpeg, area, viewport.width) };
  };
  const lit = box ? litMs(decoded(box)) : Number.NaN;
  const c = loadCosts(trace, TRACE_MS);
  return {
    // A load never lit in its window counts as the whole window: a lower bound.
    litTitle: box && !Number.isFinite(lit) ? windowMs : lit,
    mainCpu: c.cpuMs,
    styleLayoutPaint: c.slpMs,
    workerCpu: c.worker,
    canvasCpu: c.canvas,
    firstVisitKiB: windowMs >= 20_000 ? kib : Number.NaN,
  };
}
