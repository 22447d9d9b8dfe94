/**
 * What the bench's probe, its visits and scripts/event-frames.ts share: an in-page rAF loop that
 * notes the time of each animation frame in which the title drew (window.__titleFrames moved), and
 * the CPU time of the browser's processes.
 */
import type { Browser, Page } from 'playwright-core';

/** Starts noting the title's frames in the page (stopFrameRecorder returns their times). */
export async function startFrameRecorder(page: Page): Promise<void> {
  await page.evaluate(() => {
    // tsx names functions with a `__name` helper the page lacks (the loop below is named).
    (globalThis as { __name?: unknown }).__name ??= (f: unknown) => f;
    const w = window as unknown as {
      __benchFrameTimes: number[];
      __benchRecording: boolean;
      __titleFrames?: { frames: number };
    };
    w.__benchFrameTimes = [];
    w.__benchRecording = true;
    let last = w.__titleFrames?.frames ?? 0;
    const tick = (t: number) => {
      const n = w.__titleFrames?.frames ?? 0;
      if (n !== last) {
        last = n;
        w.__benchFrameTimes.push(t);
      }
      if (w.__benchRecording) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

export async function stopFrameRecorder(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const w = window as unknown as { __benchFrameTimes: number[]; __benchRecording: boolean };
    w.__benchRecording = false;
    return w.__benchFrameTimes;
  });
}

/**
 * CPU seconds so far of the browser's processes by type (browser, renderer, GPU, …), from Chrome's
 * SystemInfo.getProcessInfo: every thread, so the GPU process's software GL, which writes no trace
 * events, is in it.
 */
export async function processCpuSeconds(browser: Browser): Promise<Record<string, number>> {
  const cdp = await browser.newBrowserCDPSession();
  try {
    const { processInfo } = await cdp.send('SystemInfo.getProcessInfo');
    const out: Record<string, number> = {};
    for (const p of processInfo) out[p.type] = (out[p.type] ?? 0) + p.cpuTime;
    return out;
  } finally {
    await cdp.detach();
  }
}
