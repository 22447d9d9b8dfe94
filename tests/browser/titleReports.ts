/**
 * What the title's worker tells the page of each frame it draws: a watcher the test installs
 * before the page's scripts keeps the count of drawn frames and the light of the latest one. Only
 * a canvas in a worker reports (Chromium draws there unless the address says `?offscreen=0`).
 */
import type { BrowserContext, Page } from 'playwright-core';
import type { FromWorker } from '../../src/title/worker/messages';

type FrameReport = Extract<FromWorker, { type: 'frame' }>;

interface TitleReports {
  /** Frames the worker has drawn. */
  frames: number;
  /** Where the latest frame put the light, what led it, whether it is on its way, the ratio. */
  light: FrameReport['light'] | null;
}

declare global {
  interface Window {
    __titleReports?: TitleReports;
  }
}

/** Runs in the page: hears every worker the page starts, and keeps the title worker's reports. */
function watchReports() {
  const seen: TitleReports = { frames: 0, light: null };
  window.__titleReports = seen;
  const Native = window.Worker;
  window.Worker = class extends Native {
    constructor(...args: ConstructorParameters<typeof Worker>) {
      super(...args);
      this.addEventListener('message', ({ data }: MessageEvent<FrameReport>) => {
        if (data?.type !== 'frame' || data.onScreen) return;
        seen.frames++;
        seen.light = data.light;
      });
    }
  };
}

/** Call before the page opens. */
export const watchTitleReports = (target: Pick<BrowserContext | Page, 'addInitScript'>) =>
  target.addInitScript(watchReports);
