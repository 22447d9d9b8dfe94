/**
 * One fresh visit as a new visitor makes it (fresh browser, no cache, no service worker), recorded
 * three ways at once: a Chrome trace (CPU time per thread), Chrome's screencast (what the visitor
 * sees: the lit title), and the network (bytes of the page and of its service worker).
 */
import { chromium, type Request } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium';
import { noteCanvasTakeover } from '../canvasTakeover';
import { processCpuSeconds } from './frames';
import { threadCosts, type ThreadCosts } from './trace';
import { framePixels, readLitTitle, type LitTitle, type ScreenFrame } from './screen';

export type Device = 'phone' | 'desktop';

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

export interface Bytes {
  pageBytes: number;
  pageResponses: number;
  workerBytes: number;
  workerResponses: number;
  /** Responses in the window whose size Playwright never gave (each waited for SIZE_WAIT_MS). */
  unmeasured: number;
}

export interface Visit {
  url: string;
  device: Device;
  /** ms after navigation start; NaN when it never happened in the window. */
  litMs: number;
  /** When #hero-title's data-mode turned 'canvas' (the canvas took over). */
  canvasMs: number;
  lit: LitTitle;
  /** #hero-title's box (CSS px) at the end of the window. */
  titleBox: { x: number; y: number; width: number; height: number } | null;
  cpu: ThreadCosts;
  /** CPU ms of whole processes (every thread, SystemInfo.getProcessInfo) over the traced span. */
  processes: { gpu: number; renderer: number; browser: number };
  bytes: Bytes;
  windowMs: number;
}

const TRACE_CATEGORIES = (
  '__metadata,toplevel,devtools.timeline,disabled-by-default-devtools.timeline,blink.user_timing,' +
  'loading,v8,v8.execute,disabled-by-default-v8.gc'
).split(',');

const SIZE_WAIT_MS = 3_000;

/** The promise's value, null if it failed, undefined if it did not settle in SIZE_WAIT_MS. */
async function settled<T>(p: Promise<T>): Promise<T | null | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>(
    (r) => (timer = setTimeout(() => r(undefined), SIZE_WAIT_MS)),
  );
  try {
    return await Promise.race([p.catch(() => null), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** How long a visit may take past its window (the trace, the frames' decoding) before it is given up. */
const VISIT_GRACE_MS = 90_000;

/**
 * Loads `url` in a fresh browser and records `windowMs` of it (the trace's first `traceMs`).
 * The screen frames are decoded after the recorded window, so decoding costs the load nothing.
 */
export async function visit(
  url: string,
  device: Device,
  { windowMs = 10_000, traceMs = 10_000 } = {},
): Promise<Visit> {
  const d = DEVICES[device];
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  // Once in a few dozen visits here a page's renderer spun and the visit never ended (a whole
  // bench stopped at one phone load for 5 min); closing the browser ends it as a failed visit.
  let stuck = false;
  const watchdog = setTimeout(() => {
    stuck = true;
    void browser.close().catch(() => {});
  }, windowMs + VISIT_GRACE_MS);
  try {
    const { cpuSlowdown, ...contextOptions } = d;
    const context = await browser.newContext({ ...contextOptions, serviceWorkers: 'allow' });
    const page = await context.newPage();
    await noteCanvasTakeover(page);
    const cdp = await context.newCDPSession(page);
    if (cpuSlowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });

    const frames: ScreenFrame[] = [];
    cdp.on('Page.screencastFrame', (f) => {
      frames.push({ jpeg: f.data, epochMs: (f.metadata.timestamp ?? Number.NaN) * 1000 });
      cdp.send('Page.screencastFrameAck', { sessionId: f.sessionId }).catch(() => {});
    });
    // Sizes are read once the load is over; requests from the service worker name their worker.
    const finished: Request[] = [];
    context.on('requestfinished', (r) => finished.push(r));

    await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    await cdp.send('Page.startScreencast', {
      format: 'jpeg',
      quality: 90,
      maxWidth: d.viewport.width * d.deviceScaleFactor,
      maxHeight: d.viewport.height * d.deviceScaleFactor,
    });
    const cpuBefore = await processCpuSeconds(browser);
    const sent = Date.now();
    await page.goto(url, { waitUntil: 'commit' });
    const timeOrigin = await page.evaluate(() => performance.timeOrigin);
    const traceEnd = sent + traceMs;
    await page.waitForTimeout(Math.max(0, traceEnd - Date.now()));
    const cpuAfter = await processCpuSeconds(browser);
    const cpuMs = (type: string) => ((cpuAfter[type] ?? 0) - (cpuBefore[type] ?? 0)) * 1000;
    const trace = await browser.stopTracing();
    await page.waitForTimeout(Math.max(0, sent + windowMs - Date.now()));
    await cdp.send('Page.stopScreencast');

    const info = await page.evaluate(() => {
      // The title's words as drawn (a two-line title moves them out of the heading's own box).
      const words = [...document.querySelectorAll('#hero-title .hero__word')].map((w) =>
        w.getBoundingClientRect(),
      );
      const [left, top, right, bottom] = (['left', 'top', 'right', 'bottom'] as const).map((k, i) =>
        (i < 2 ? Math.min : Math.max)(...words.map((w) => w[k])),
      );
      const r = words.length
        ? new DOMRect(left, top, right! - left!, bottom! - top!)
        : document.getElementById('hero-title')?.getBoundingClientRect();
      // Half a line more above and below: the light's glow reaches past the glyphs.
      if (r) {
        r.y -= r.height / 4;
        r.height *= 1.5;
      }
      return {
        canvasAt: (window as unknown as { __canvasAt?: number }).__canvasAt ?? Number.NaN,
        box: r ? { x: r.x, y: r.y, width: r.width, height: r.height } : null,
        scrollY: window.scrollY,
      };
    });
    const bytes: Bytes = {
      pageBytes: 0,
      pageResponses: 0,
      workerBytes: 0,
      workerResponses: 0,
      unmeasured: 0,
    };
    for (const r of finished) {
      // Playwright's response() and sizes() of a finished request now and then never settle
      // (a quarter of the visits here, then the whole bench stopped): each gets SIZE_WAIT_MS.
      const response = await settled(r.response());
      if (response === undefined) bytes.unmeasured++;
      if (!response || response.fromServiceWorker()) continue;
      // Only what arrived in the window (requestfinished after it is not counted).
      const t = r.timing();
      if (t.startTime + t.responseEnd > timeOrigin + windowMs) continue;
      const size = await settled(r.sizes());
      if (size === undefined) bytes.unmeasured++;
      if (!size) continue;
      const n = size.responseBodySize + size.responseHeadersSize;
      if (r.serviceWorker()) {
        bytes.workerBytes += n;
        bytes.workerResponses++;
      } else {
        bytes.pageBytes += n;
        bytes.pageResponses++;
      }
    }
    await context.close();

    const cpu = threadCosts(JSON.parse(trace.toString('utf8')), traceMs);
    // Only what the screen showed within the window (stopping the trace can take seconds).
    const seen = frames.filter((f) => f.epochMs - timeOrigin <= windowMs);
    const pixels = info.box
      ? await framePixels(browser, seen, info.box, d.viewport.width, timeOrigin)
      : [];
    if (process.env.BENCH_DEBUG)
      console.log(
        JSON.stringify({
          box: info.box,
          pixels: pixels.map((p) => [
            Math.round(p.t),
            Math.round(p.litArea),
            Math.round(p.maxLuminance),
            Math.round(p.lightX),
          ]),
        }),
      );
    const lit = readLitTitle(pixels);
    return {
      url,
      device,
      litMs: lit.litMs,
      canvasMs: info.canvasAt,
      lit,
      titleBox: info.box,
      cpu,
      processes: { gpu: cpuMs('GPU'), renderer: cpuMs('renderer'), browser: cpuMs('browser') },
      bytes,
      windowMs,
    };
  } catch (err) {
    if (stuck)
      throw new Error(`the visit did not end within ${(windowMs + VISIT_GRACE_MS) / 1000} s`);
    throw err;
  } finally {
    clearTimeout(watchdog);
    await browser.close().catch(() => {});
  }
}
