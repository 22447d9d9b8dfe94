/**
 * One way to open a page in any engine: Chromium and Firefox through Playwright, WebKit
 * (WebKitGTK's MiniBrowser) through WebKitWebDriver over classic WebDriver. The cross-engine
 * tests (tests/engines/*.test.ts) use only this interface; the vitest project says which engine.
 * Recipes and differences: docs/browsers.md.
 */
import { afterAll, beforeAll, inject } from 'vitest';
import type { Engine, EngineHost, EnginePage, OpenOptions } from './page';

export { baseURL, DESKTOP, PHONE, type EnginePage, type OpenOptions } from './page';

/** The engine of this vitest project (see vitest.config.ts). */
export function engineUnderTest(): Engine {
  return inject('engine');
}

/**
 * The engine's host for a test file: started before its tests, stopped after them. Returns
 * `open()`; every page it opens is closed when its test ends, whatever the outcome.
 */
export function sharedEngine(
  engine: Engine = engineUnderTest(),
): (options?: OpenOptions) => Promise<EnginePage> {
  let host: EngineHost | undefined;
  beforeAll(async () => {
    const display = inject('display');
    host =
      engine === 'webkit'
        ? await (await import('./webdriver')).startWebKit(display)
        : await (await import('./playwright')).startPlaywright(engine, display);
  });
  afterAll(async () => {
    await host?.stop();
  });
  return (options) => {
    if (!host) throw new Error('The engine is not started yet: open pages inside a test.');
    return host.open(options);
  };
}
