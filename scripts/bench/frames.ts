/** Shared by the bench and scripts/event-frames.ts: frame times, process CPU, time limits. */
import type { Browser, Page } from 'playwright-core';

/** The intervals (ms) between the animation frames in which the title drew while `during` ran. */
export async function titleFrameIntervals(page: Page, during: () => Promise<unknown>) {
  const recorder = await page.evaluateHandle(() => {
    // tsx names functions with a `__name` helper the page lacks (the loop below is named).
    (globalThis as { __name?: unknown }).__name ??= (f: unknown) => f;
    const frames = { times: [] as number[], on: true };
    let last = window.__probes?.titleFrames?.frames ?? 0;
    const tick = (t: number) => {
      const n = window.__probes?.titleFrames?.frames ?? 0;
      if (n !== last) frames.times.push(t);
      last = n;
      if (frames.on) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    return frames;
  });
  await during();
  const times = await recorder.evaluate((frames) => {
    frames.on = false;
    return frames.times;
  });
  return times.slice(1).map((t, i) => t - times[i]!);
}

/** CPU seconds so far per process type (SystemInfo.getProcessInfo: software GL's threads too). */
export async function processCpuSeconds(browser: Browser): Promise<Record<string, number>> {
  const cdp = await browser.newBrowserCDPSession();
  const { processInfo } = await cdp.send('SystemInfo.getProcessInfo').finally(() => cdp.detach());
  const out: Record<string, number> = {};
  for (const p of processInfo) out[p.type] = (out[p.type] ?? 0) + p.cpuTime;
  return out;
}

/** The promise's value; rejects with `message` when it has not settled within `ms`. */
export function within<T>(p: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}
