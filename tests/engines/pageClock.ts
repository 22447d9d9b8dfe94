/**
 * The page's clock in WebKit: `@sinonjs/fake-timers`, the clock Playwright's own is built on.
 * clockProxy.ts serves this module, bundled, as the first script of every page it passes on, so
 * it is in place before the page's own scripts. Like Playwright's, it runs as usual (a frame's
 * time at a time) until a test moves it.
 */
import { withGlobal, type Clock } from '@sinonjs/fake-timers';

declare global {
  interface Window {
    __testClock?: Clock;
    /** How many jumps of the clock have run (webdriver.ts runs each in a task of its own). */
    __testClockJumps?: number;
  }
}

window.__testClock = withGlobal(window).install({
  now: Date.now(),
  shouldAdvanceTime: true,
  advanceTimeDelta: 16,
  // What Playwright's clock fakes: timers, frames, idle callbacks and the two clocks (WebKit has
  // no idle callbacks to fake).
  ignoreMissingTimers: true,
  toFake: [
    'setTimeout',
    'clearTimeout',
    'setInterval',
    'clearInterval',
    'requestAnimationFrame',
    'cancelAnimationFrame',
    'requestIdleCallback',
    'cancelIdleCallback',
    'Date',
    'performance',
  ],
});
