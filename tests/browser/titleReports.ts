/**
 * What the title's worker tells the page of each frame it draws: a watcher the test installs
 * before the page's scripts keeps the count of drawn frames and the light of the latest one, and
 * counts what the page sends the worker. Only a canvas in a worker reports (Chromium draws there
 * unless the address says `?offscreen=0`).
 */
import type { BrowserContext, Page } from 'playwright-core';
import type { FromWorker } from '../../src/title/worker/messages';

type FrameReport = Extract<FromWorker, { type: 'frame' }>;

interface TitleReports {
  /** Frames the worker has drawn. */
  frames: number;
  /** Where the latest frame put the light, what led it, whether it is on its way, the ratio. */
  light: FrameReport['light'] | null;
  /** Messages the page has sent the worker with a new time or state: each may draw a frame. */
  sent: number;
  /** How many had been sent when the latest frame was reported. */
  answered: number;
}

declare global {
  interface Window {
    __titleReports?: TitleReports;
  }
}

/** Runs in the page: hears every worker the page starts, and keeps the title worker's reports. */
function watchReports() {
  const seen: TitleReports = { frames: 0, light: null, sent: 0, answered: 0 };
  window.__titleReports = seen;
  const Native = window.Worker;
  window.Worker = class extends Native {
    constructor(...args: ConstructorParameters<typeof Worker>) {
      super(...args);
      this.addEventListener('message', ({ data }: MessageEvent<FrameReport>) => {
        if (data?.type !== 'frame') return;
        seen.frames++;
        seen.light = data.light;
        seen.answered = seen.sent;
      });
    }
    override postMessage(message: unknown, options?: StructuredSerializeOptions | Transferable[]) {
      const { type } = (message ?? {}) as { type?: string };
      if (type === 'state' || type === 'time') seen.sent++;
      super.postMessage(message, options as StructuredSerializeOptions);
    }
  };
}

/** Call before the page opens. */
export const watchTitleReports = (target: Pick<BrowserContext | Page, 'addInitScript'>) =>
  target.addInitScript(watchReports);
