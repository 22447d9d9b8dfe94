/**
 * Debian Chromium driven by Playwright, with flags for a test run (no downloads, no background
 * traffic), and a page wrapper that records what a test must never see: console
 * errors, page errors, CSP violations and requests that leave localhost.
 */
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, inject, onTestFinished } from 'vitest';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/bench/browser';
import { watchTitleReports } from './titleReports';

const CHROMIUM = CHROMIUM_PATH;
export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1440, height: 900 } as const;
export const SCREENSHOT_DIR = 'test-results/screenshots';

/**
 * Moves the mouse out of the window, where it leads no light: Chromium answers with a `mouseout`
 * with no related target, the page's "pointer left". Call before the page opens, so the pointer
 * moves Chromium sends where its mouse rests (a layout change under it) reach no page.
 */
export const pointerOutside = (page: Page) => page.mouse.move(-5, -5);

export function baseURL(): string {
  return inject('baseURL');
}

async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
}

/**
 * One browser for a test file: launched before its tests, closed after them. Returns a getter,
 * since the browser exists only once the file's tests start.
 */
export function sharedBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('The browser is not launched yet: call it inside a test.');
    return browser;
  };
}

/**
 * Closes `resource` when the current test ends, passed or failed, so a failing test cannot leak
 * a context or a session. Outside a test (a hook), the caller closes it. Closing twice is harmless.
 */
export function closeAfterTest(close: () => Promise<unknown>): void {
  try {
    onTestFinished(async () => {
      await close().catch(() => {});
    });
  } catch {
    // not inside a test
  }
}

export interface WatchedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors, uncaught exceptions and CSP violations, in order. */
  problems: string[];
  /** Every request to a host other than localhost / 127.0.0.1. */
  external: string[];
  /** Every request URL. */
  requests: string[];
}

/** A fresh context and page, closed when the test ends (whether it passes or not). */
export async function openPage(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<WatchedPage> {
  // The offline service worker stays out unless a test asks for it (offline.test.ts): once it
  // controls a page, page.route may not see that page's requests, and each page would precache
  // the whole build.
  const context = await browser.newContext({
    viewport: DESKTOP,
    serviceWorkers: 'block',
    ...options,
  });
  closeAfterTest(() => context.close());
  const page = await context.newPage();
  const problems: string[] = [];
  const external: string[] = [];
  const requests: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  page.on('request', (req) => {
    const url = req.url();
    requests.push(url);
    if (/^(data|blob):/.test(url)) return;
    const host = new URL(url).hostname;
    if (host !== 'localhost' && host !== '127.0.0.1' && host !== '[::1]') external.push(url);
  });
  // Hears the title worker's frame reports in every tab of the context.
  await watchTitleReports(context);
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  return { page, context, problems, external, requests };
}

/**
 * A full-page screenshot, kept as test-results/screenshots/<name>.png, or of the page element
 * `section` in it. Chromium takes it beyond the viewport, where `content-visibility: auto` leaves
 * sections undrawn (the contact form on a phone); for the picture they are drawn, as a visitor
 * sees them on reaching them. A section is taken with the page at its top: scrolled to it, the
 * pinned title (fixed, over whatever passes under it) would be drawn over its heading.
 */
export async function screenshot(page: Page, name: string, section?: string): Promise<Buffer> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const drawAll = await page.addStyleTag({
    content: '* { content-visibility: visible !important; }',
  });
  if (section) await page.evaluate(() => window.scrollTo(0, 0));
  await page.evaluate(async () => {
    for (let k = 0; k < 2; k++) await new Promise(requestAnimationFrame);
  });
  try {
    const clip = section
      ? await page.locator(section).evaluate((el) => {
          const r = el.getBoundingClientRect();
          return { x: r.left + scrollX, y: r.top + scrollY, width: r.width, height: r.height };
        })
      : undefined;
    return await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage: true, clip });
  } finally {
    await drawAll.evaluate((style) => (style as Element).remove());
  }
}

/**
 * Holds the app's script (src/main.tsx, fetched by src/boot.ts after the first paint) until
 * `release()`: meanwhile the page is what a visitor has before the app runs.
 */
export async function holdApp(page: Page): Promise<{ asked: () => boolean; release: () => void }> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  await page.route('**/assets/main-*.js', async (route) => {
    asked = true;
    await held;
    await route.continue();
  });
  return { asked: () => asked, release };
}
