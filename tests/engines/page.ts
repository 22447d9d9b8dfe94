/**
 * A page in any engine, as the cross-engine tests see it: the interface each engine's driver
 * implements (playwright.ts, webdriver.ts), and the helpers they share.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { inject } from 'vitest';
import { SCREENSHOT_DIR } from '../browser/browser';

export type Engine = 'chromium' | 'firefox' | 'webkit';

export interface Viewport {
  width: number;
  height: number;
}

export interface OpenOptions {
  viewport?: Viewport;
  /** Let the site's service worker in (off by default: each page would precache the build). */
  serviceWorkers?: boolean;
  /**
   * Give the page a clock the test can move (Playwright's, or in WebKit the fake timers it is
   * built on), in place before the page's scripts. It runs as usual until the test moves it.
   */
  clock?: boolean;
}

/** A page in one engine, with what the cross-engine tests need and nothing more. */
export interface EnginePage {
  readonly engine: Engine;
  /** The viewport the page really has (WebKit's window cannot be narrower than 447 px). */
  viewport(): Promise<Viewport>;
  /** Loads a URL, or a path on the site under test, and waits for its load event. */
  goto(url: string): Promise<void>;
  /** Runs `fn` in the page (awaiting a promise it returns) and gives back its result. */
  evaluate<R, A = undefined>(fn: (arg: A) => R | Promise<R>, arg?: A): Promise<R>;
  /** Runs a script's source in the page, outside the page's CSP (axe-core). */
  addScript(source: string): Promise<void>;
  click(selector: string): Promise<void>;
  hover(selector: string): Promise<void>;
  /** Moves the mouse to viewport coordinates. */
  movePointer(x: number, y: number): Promise<void>;
  /** Focuses the field and types `text` into it, key by key, after what it holds. */
  type(selector: string, text: string): Promise<void>;
  /** The viewport as PNG, after two animation frames; kept as <engine>-<name>.png when named. */
  screenshot(name?: string): Promise<Buffer>;
  /**
   * Jumps the page's clock `ms` forward, as if nobody touched the page meanwhile: each timer due
   * fires once. The page was opened with `clock: true`.
   */
  jumpClock(ms: number): Promise<void>;
  /** Polls `fn` in the page until it returns something truthy. */
  waitFor<A>(fn: (arg: A) => unknown, arg?: A, timeoutMs?: number): Promise<void>;
  /**
   * What went wrong in the page since the last goto(): uncaught errors, unhandled rejections,
   * console errors and CSP violations.
   */
  errors(): Promise<string[]>;
  /** console.warn messages since the last goto(). */
  warnings(): Promise<string[]>;
  close(): Promise<void>;
}

/** Starts what an engine needs once per test file (a browser, or WebKitWebDriver). */
export interface EngineHost {
  open(options?: OpenOptions): Promise<EnginePage>;
  stop(): Promise<void>;
}

export const PHONE: Viewport = { width: 390, height: 844 };
export const DESKTOP: Viewport = { width: 1440, height: 900 };

export function baseURL(): string {
  return inject('baseURL');
}

/** Resolves a path on the site under test. */
export function siteURL(url: string): string {
  return /^https?:/.test(url) ? url : baseURL() + url;
}

export function keepScreenshot(engine: Engine, name: string, png: Buffer): void {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  writeFileSync(`${SCREENSHOT_DIR}/${engine}-${name}.png`, png);
}

/**
 * Records the page's errors in the page itself, for an engine whose driver cannot read its
 * console (WebKitGTK over classic WebDriver). Serialised into the page: keep it self-contained.
 */
export function recordPageErrors(): void {
  const w = window as unknown as { __pageErrors?: string[]; __pageWarnings?: string[] };
  if (w.__pageErrors) return;
  const errors: string[] = (w.__pageErrors = []);
  const warnings: string[] = (w.__pageWarnings = []);
  const text = (value: unknown) =>
    value instanceof Error ? `${value.name}: ${value.message}` : String(value);
  window.addEventListener('error', (e) => errors.push(`pageerror: ${e.message}`));
  window.addEventListener('unhandledrejection', (e) =>
    errors.push(`unhandledrejection: ${text(e.reason)}`),
  );
  document.addEventListener('securitypolicyviolation', (e) =>
    errors.push(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`),
  );
  const consoleError = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    errors.push(`console: ${args.map(text).join(' ')}`);
    consoleError(...args);
  };
  const consoleWarn = console.warn.bind(console);
  console.warn = (...args: unknown[]) => {
    warnings.push(args.map(text).join(' '));
    consoleWarn(...args);
  };
}
