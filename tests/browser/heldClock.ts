/**
 * The page's clock in a test: Playwright's own (`page.clock`). Installed before the page opens, it
 * runs as usual while the page starts; `holdClock` stops it once the canvas shows the title, and
 * the test runs it on by hand. The title's worker reads no clock of its own: it draws at the time
 * the page sends it, so one clock rules both. What the worker drew is read from its reports
 * (tests/browser/titleReports.ts).
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** One frame of the page's clock. */
const FRAME_MS = 16;
/** How long the light may stay on its way to a still target (it closes ~63% of the gap in 90 ms). */
const ARRIVAL_MS = 2000;

export interface HeldClock {
  /**
   * Runs the clock on to `ms` after the hold, and waits until the worker has answered what the
   * page sent it meanwhile. A light at rest is then drawn as `ms` shows it; a light on its way
   * was last drawn at the run's first frame (the page sends its time a frame at a time), and
   * `step()` draws it on.
   */
  runTo(ms: number): Promise<void>;
  /**
   * Moves the real mouse to `x`, `y`, as a visitor would, and runs the clock on a frame at a time
   * until the light has reached it (or, with `follow: false`, for the frame that answers it).
   */
  pointTo(x: number, y: number, options?: { follow?: boolean }): Promise<void>;
  /** Runs the clock on by one frame and waits for the frame the worker draws at that time. */
  step(): Promise<void>;
  /** The clock's time since the hold. */
  readonly elapsed: number;
}

const reports = (page: Page) =>
  page.evaluate(() => {
    const { frames, sent, answered, light } = window.__titleReports!;
    return { frames, waiting: sent > answered, moving: light?.moving ?? false };
  });

/** Waits until the worker has reported a frame after its `seen`-th. */
const reportAfter = (page: Page, seen: number) =>
  expect
    .poll(async () => (await reports(page)).frames, { timeout: 10_000, interval: 5 })
    .toBeGreaterThan(seen);

/**
 * Stops the page's clock, installed with `page.clock.install()` before the page opened. Call once
 * the canvas shows the title: the page's start (its timers, the canvas's first frame) has run.
 */
export async function holdClock(page: Page): Promise<HeldClock> {
  // Held a frame after the page's time now. The clock runs on meanwhile: on a busy page that
  // time can have passed before the pause arrives (Playwright refuses it), and a frame later
  // is asked for instead.
  for (let tries = 1; ; tries++) {
    const at = (await page.evaluate(() => Date.now())) + FRAME_MS;
    try {
      await page.clock.pauseAt(at);
      break;
    } catch (error) {
      if (tries === 5 || !String(error).includes('to the past')) throw error;
    }
  }
  let elapsed = 0;
  const run = async (ms: number) => {
    if (ms > 0) await page.clock.runFor(ms);
    elapsed += Math.max(0, ms);
  };
  const step = async () => {
    const { frames } = await reports(page);
    await run(FRAME_MS);
    await reportAfter(page, frames);
  };
  // Until the worker has answered all the page sent it, and its light is not on its way. The page
  // sends the time on its next frame after each report while the light moves: a frame at a time.
  const settle = async (limitMs: number) => {
    const until = elapsed + limitMs;
    for (;;) {
      const { frames, waiting, moving } = await reports(page);
      if (waiting) await reportAfter(page, frames);
      else if (moving && elapsed < until) await step();
      else return;
    }
  };
  return {
    async runTo(ms) {
      await run(ms - elapsed);
      await settle(0);
    },
    async pointTo(x, y, { follow = true } = {}) {
      const { frames } = await reports(page);
      await page.mouse.move(x, y);
      await reportAfter(page, frames);
      if (follow) await settle(ARRIVAL_MS);
    },
    step,
    get elapsed() {
      return elapsed;
    },
  };
}

/**
 * Waits for two frames the browser draws: they come on real time, not the held clock. A check
 * that nothing happens reads the page after them (a smooth scroll started by a timer has moved).
 */
export async function realFrames(page: Page): Promise<void> {
  for (let i = 0; i < 2; i++) await page.screenshot({ clip: { x: 0, y: 0, width: 1, height: 1 } });
}
