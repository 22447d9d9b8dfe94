/** The bench's Chromium: where it is, its flags, the two visitors, and small helpers. */
import { chromium, type Browser, type BrowserContextOptions } from 'playwright-core';
import type { CDPSession, Page } from 'playwright-core';

export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** Headless, no sandbox (root), and no background traffic: nothing is downloaded at run time. */
export const CHROMIUM_FLAGS = (
  '--headless=new --no-sandbox --disable-background-networking --disable-component-update ' +
  '--disable-sync --no-first-run --disable-quic'
).split(' ');

export type Device = 'phone' | 'desktop';

/** The two visitors. The phone is slowed 4x, as Lighthouse's mobile preset slows the CPU. */
export const DEVICES = {
  desktop: { viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1, cpuSlowdown: 1 },
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

/** `run` with a fresh browser, closed after; given up with `message` after `ms`. */
export async function inBrowser<T>(ms: number, message: string, run: (b: Browser) => Promise<T>) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    return await within(run(browser), ms, message);
  } finally {
    await browser.close().catch(() => {});
  }
}

/** A page in a new context of `browser` as `device` shows it, its CPU slowed as the device's. */
export async function devicePage(
  browser: Browser,
  device: Device,
  options?: BrowserContextOptions,
) {
  const { cpuSlowdown, ...emulated } = DEVICES[device];
  const context = await browser.newContext({ ...emulated, ...options });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  if (cpuSlowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  return { page, cdp, context };
}

/** `url` loaded as `device` in a fresh browser and settled (unless told not to), then `run`. */
export function onPage<T>(
  url: string,
  device: Device,
  what: string,
  run: (page: Page, browser: Browser, cdp: CDPSession) => Promise<T>,
  { settled = true, ...options }: BrowserContextOptions & { settled?: boolean } = {},
) {
  return inBrowser(120_000, `${what} on ${url} did not end within 120 s`, async (browser) => {
    const { page, cdp } = await devicePage(browser, device, options);
    await page.goto(url, { waitUntil: 'load' });
    if (settled) await settle(page);
    return run(page, browser, cdp);
  });
}

/** The promise's value; rejects with `message` when it has not settled within `ms`. */
export function within<T>(p: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

/** Resolves once the page has drawn `n` more frames. A string, so no build helper is in it. */
export const frames = (page: Page, n = 1) =>
  page.evaluate(`new Promise((done) => {
    let left = ${n};
    const tick = () => (--left <= 0 ? done() : requestAnimationFrame(tick));
    requestAnimationFrame(tick);
  })`);

/** Until the canvas has the title (on `/` with WebGL) and nothing plays any more, at most 15 s. */
async function settle(page: Page) {
  const settled = () =>
    (location.pathname !== '/' ||
      location.search.includes('webgl=0') ||
      document.getElementById('hero-title')?.dataset.mode === 'canvas') &&
    document.getAnimations().every((a) => a.playState !== 'running');
  await page.waitForFunction(settled, null, { timeout: 15_000, polling: 250 }).catch(() => {});
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => {});
  await frames(page, 10);
}
