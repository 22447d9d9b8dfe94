/** Chromium and Firefox through Playwright, behind the EnginePage interface. */
import { chromium, firefox, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/bench/browser';
import { closeAfterTest } from '../browser/browser';
import {
  DESKTOP,
  keepScreenshot,
  siteURL,
  type EngineHost,
  type EnginePage,
  type OpenOptions,
} from './page';

export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

export async function startPlaywright(
  engine: 'chromium' | 'firefox',
  display: string | undefined,
): Promise<EngineHost> {
  const browser: Browser =
    engine === 'chromium'
      ? await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
      : // Firefox over WebDriver BiDi; headless, but it has WebGL only with an X display.
        await firefox.launch({
          channel: 'moz-firefox',
          executablePath: FIREFOX_PATH,
          env: { ...process.env, ...(display ? { DISPLAY: display } : {}) },
        });
  return {
    open: (options) => openPlaywrightPage(engine, browser, options),
    stop: () => browser.close(),
  };
}

async function openPlaywrightPage(
  engine: 'chromium' | 'firefox',
  browser: Browser,
  { viewport = DESKTOP, serviceWorkers = false, clock = false }: OpenOptions = {},
): Promise<EnginePage> {
  const context = await browser.newContext({
    viewport,
    serviceWorkers: serviceWorkers ? 'allow' : 'block',
  });
  closeAfterTest(() => context.close());
  const page: Page = await context.newPage();
  if (clock) await page.clock.install();
  let problems: string[] = [];
  let warnings: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console: ${msg.text()}`);
    if (msg.type() === 'warning') warnings.push(msg.text());
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  // A CSP violation is a console error, as in WebDriver: every engine alike.
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  return {
    engine,
    viewport: async () => page.viewportSize() ?? viewport,
    goto: async (url) => {
      problems = [];
      warnings = [];
      await page.goto(siteURL(url), { waitUntil: 'load' });
    },
    evaluate: <R, A>(fn: (arg: A) => R | Promise<R>, arg?: A) =>
      page.evaluate(fn as (arg: unknown) => R | Promise<R>, arg),
    addScript: async (source) => {
      await page.evaluate(source);
    },
    click: (selector) => page.locator(selector).first().click(),
    hover: (selector) => page.locator(selector).first().hover(),
    movePointer: (x, y) => page.mouse.move(x, y),
    type: async (selector, text) => {
      await page.locator(selector).first().focus();
      await page.keyboard.type(text);
    },
    screenshot: async (name) => {
      await page.evaluate(
        () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
      );
      const png = await page.screenshot({ type: 'png' });
      if (name) keepScreenshot(engine, name, png);
      return png;
    },
    jumpClock: async (ms) => {
      if (!clock) throw new Error('The page was opened without a clock of the test.');
      await page.clock.fastForward(ms);
    },
    waitFor: async <A>(fn: (arg: A) => unknown, arg?: A, timeoutMs = 15_000) => {
      await page.waitForFunction(fn as (arg: unknown) => unknown, arg, {
        timeout: timeoutMs,
        polling: 100,
      });
    },
    errors: async () => [...problems],
    warnings: async () => [...warnings],
    close: () => context.close(),
  };
}
