/**
 * The frame recorder shared by the bench's probe and scripts/event-frames.ts: an in-page rAF loop
 * that notes the time of each animation frame in which the title drew (window.__titleFrames moved).
 */
import type { Page } from 'playwright-core';

export async function startFrameRecorder(page: Page): Promise<void> {
  await page.evaluate(() => {
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

export function drawnFrames(page: Page): Promise<number> {
  return page.evaluate(
    () => (window as unknown as { __titleFrames?: { frames: number } }).__titleFrames?.frames ?? 0,
  );
}
