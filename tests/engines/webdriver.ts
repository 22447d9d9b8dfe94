/**
 * WebKit: WebKitGTK's MiniBrowser driven by WebKitWebDriver over classic WebDriver (Debian's
 * build has no BiDi), through webdriverio. Playwright's own WebKit is a download, and it cannot
 * drive MiniBrowser. One WebKitWebDriver per test file, one session (a fresh MiniBrowser with a
 * fresh profile) per page.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { vi } from 'vitest';
import { remote } from 'webdriverio';
import { closeAfterTest } from '../browser/browser';
import { freePort } from '../freePort';
import { clockProxy } from './clockProxy';
import {
  DESKTOP,
  keepScreenshot,
  recordPageErrors,
  siteURL,
  type EngineHost,
  type EnginePage,
  type OpenOptions,
} from './page';

export const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER ?? '/usr/bin/WebKitWebDriver';
export const MINIBROWSER =
  process.env.MINIBROWSER ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

async function waitForDriver(port: number, driver: ChildProcess): Promise<void> {
  const exited = new Promise<never>((_, fail) =>
    driver.once('exit', (code) => fail(new Error(`WebKitWebDriver exited (${code})`))),
  );
  const up = vi.waitFor(
    async () => {
      const ok = await fetch(`http://127.0.0.1:${port}/status`).then(
        (r) => r.ok,
        () => false,
      );
      if (!ok) throw new Error('WebKitWebDriver did not start');
    },
    { timeout: 30_000, interval: 100 },
  );
  await Promise.race([up, exited]);
}

export async function startWebKit(display: string | undefined): Promise<EngineHost> {
  const port = await freePort();
  const driver = spawn(WEBKIT_DRIVER, [`--port=${port}`, '--host=127.0.0.1'], {
    env: { ...process.env, ...(display ? { DISPLAY: display } : {}) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForDriver(port, driver);
  return {
    open: (options) => openWebKitPage(port, options),
    stop: async () => {
      if (driver.exitCode !== null) return;
      const exited = new Promise((r) => driver.once('exit', r));
      driver.kill('SIGTERM');
      await exited;
    },
  };
}

/** The proxies that give WebKit pages a test clock (clockProxy.ts), one per origin. */
const clockProxies = new Map<string, Promise<string>>();

/** `url` through the clock proxy of its origin (started on first use, closed with its test). */
async function throughClockProxy(url: string): Promise<string> {
  const { origin, pathname, search, hash } = new URL(url);
  let proxy = clockProxies.get(origin);
  if (!proxy) {
    proxy = clockProxy(origin);
    clockProxies.set(origin, proxy);
    closeAfterTest(async () => void clockProxies.delete(origin));
  }
  return `${await proxy}${pathname}${search}${hash}`;
}

async function openWebKitPage(
  port: number,
  { viewport = DESKTOP, serviceWorkers = false, clock = false }: OpenOptions = {},
): Promise<EnginePage> {
  const browser = await remote({
    hostname: '127.0.0.1',
    port,
    logLevel: 'warn',
    // A cold MiniBrowser takes ~2 s, longer on a busy machine. Now and then WebKitWebDriver
    // never answers the request (webdriverio does not ask again); the project's retry
    // (vitest.config.ts) then starts the test over in a new session.
    connectionRetryTimeout: 30_000,
    connectionRetryCount: 1,
    capabilities: {
      browserName: 'MiniBrowser',
      'wdio:enforceWebDriverClassic': true,
      // Not 'eager': WebKitWebDriver then holds the next script until its timeout.
      pageLoadStrategy: 'normal',
      timeouts: { implicit: 0, script: 60_000, pageLoad: 60_000 },
      'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
    } as WebdriverIO.Capabilities,
  });
  /** Runs a function in the page with one argument (the driver awaits a promise it returns). */
  const run = <R>(fn: (arg: never) => R | Promise<R>, arg?: unknown): Promise<R> =>
    browser.execute(fn as unknown as (...args: unknown[]) => R, arg) as Promise<R>;
  const close = () => browser.deleteSession().catch(() => {});
  closeAfterTest(close);

  // The window has a header bar: size it so the page gets the viewport asked for.
  await browser.setWindowRect(0, 0, viewport.width, viewport.height);
  const inner = await run(() => [window.innerWidth, window.innerHeight]);
  await browser.setWindowRect(
    0,
    0,
    viewport.width * 2 - inner[0]!,
    viewport.height * 2 - inner[1]!,
  );

  const loaded = () =>
    browser.waitUntil(() => run(() => document.readyState === 'complete'), {
      timeout: 60_000,
      interval: 100,
    });

  const page: EnginePage = {
    engine: 'webkit',
    viewport: async () => {
      const [width, height] = await run(() => [window.innerWidth, window.innerHeight]);
      return { width: width!, height: height! };
    },
    goto: async (url) => {
      await browser.url(clock ? await throughClockProxy(siteURL(url)) : siteURL(url));
      await run(recordPageErrors);
      if (!serviceWorkers)
        // No driver-side switch: the page's registration is refused instead, before it asks.
        await run(() => {
          const sw = navigator.serviceWorker as { register: unknown } | undefined;
          if (sw)
            sw.register = () => Promise.reject(new Error('service workers are off in this test'));
        });
      await loaded();
    },
    evaluate: <R, A>(fn: (arg: A) => R | Promise<R>, arg?: A) => run(fn, arg),
    // A string is the body of the function the driver runs, outside the page's CSP.
    addScript: async (source) => {
      await browser.execute(source);
    },
    click: async (selector) => {
      await browser.$(selector).click();
    },
    hover: async (selector) => {
      await browser.$(selector).scrollIntoView({ block: 'center' });
      await browser.$(selector).moveTo();
    },
    movePointer: async (x, y) => {
      await browser
        .action('pointer', { parameters: { pointerType: 'mouse' } })
        .move({ x: Math.round(x), y: Math.round(y), origin: 'viewport' })
        .perform();
    },
    type: async (selector, text) => {
      await browser.$(selector).addValue(text);
    },
    screenshot: async (name) => {
      // The first screenshot after a load can show an older picture: two frames first.
      const shot = async () => {
        await run(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        return Buffer.from(await browser.takeScreenshot(), 'base64');
      };
      let png = await shot();
      if (name) {
        // A kept screenshot is what a reviewer looks at: after a window resize WebKitGTK's first
        // one can be blank. Kept once two agree.
        for (let i = 0, last = Buffer.alloc(0); i < 5 && !png.equals(last); i++)
          [last, png] = [png, await shot()];
        keepScreenshot('webkit', name, png);
      }
      return png;
    },
    jumpClock: async (ms) => {
      if (!clock) throw new Error('The page was opened without a clock of the test.');
      // In a task of its own, then waited for: WebKitWebDriver gives no answer to a script in
      // which the kiosk goes back to its start (a field loses focus, the page scrolls).
      const jumps = await run((ms: number) => {
        const jumped = (window.__testClockJumps ?? 0) + 1;
        const task = new MessageChannel();
        task.port1.onmessage = () => {
          window.__testClock!.jump(ms);
          window.__testClockJumps = jumped;
        };
        task.port2.postMessage(null);
        return jumped;
      }, ms);
      await browser.waitUntil(() => run((n: number) => window.__testClockJumps === n, jumps), {
        timeout: 30_000,
        interval: 50,
      });
    },
    waitFor: async <A>(fn: (arg: A) => unknown, arg?: A, timeoutMs = 15_000) => {
      await browser.waitUntil(async () => Boolean(await run(fn, arg)), {
        timeout: timeoutMs,
        interval: 100,
      });
    },
    errors: () =>
      run(() => [...((window as unknown as { __pageErrors?: string[] }).__pageErrors ?? [])]),
    warnings: () =>
      run(() => [...((window as unknown as { __pageWarnings?: string[] }).__pageWarnings ?? [])]),
    close,
  };
  return page;
}
