import { firstContentfulPaint } from '../../firstPaint';
import { sweepLeftMs } from '../model/lightLead';
import { motionStore, now, pageClock } from '../../motion/store';
import { layoutOf } from '../model/titleFrame';
import { webglAvailable, type TitlePath } from './path';

/** The longest the canvas waits for the intro sweep (a sweep lasts about a second). */
const SWEEP_WAIT_LIMIT_MS = 4000;
/** The longest the canvas waits for an idle moment after the sweep. */
const IDLE_WAIT_MS = 2000;

/** When the canvas starts: after load, the sweep and an idle moment, with whether `path` can. */
export async function canvasStart(path: TitlePath): Promise<boolean> {
  await afterFirstPaintAndLoad();
  await sweepOver();
  await idle(IDLE_WAIT_MS);
  if (path === 'page') return webglAvailable();
  startTitleWorker();
  return true;
}

let worker: Worker | null = null;

function startTitleWorker(): void {
  worker ??= new Worker(new URL('../worker/title.worker.ts', import.meta.url), { type: 'module' });
}

/** The started worker, for the one canvas that takes it (workerTitle.ts). */
export function takeTitleWorker(): Worker {
  startTitleWorker();
  const taken = worker!;
  worker = null;
  return taken;
}

function afterFirstPaintAndLoad(): Promise<void> {
  const loaded = new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });
  return Promise.all([loaded, firstContentfulPaint()]).then(() => undefined);
}

/** Resolves when the browser next has an idle moment (or after `timeoutMs` at the latest). */
export function idle(timeoutMs = 1000): Promise<void> {
  return new Promise((resolve) => {
    if ('requestIdleCallback' in window)
      window.requestIdleCallback(() => resolve(), { timeout: timeoutMs });
    else setTimeout(resolve, 50);
  });
}

/** Resolves once the intro sweep has crossed the title (at once without a sweep). */

function sweepOver(): Promise<void> {
  return new Promise((resolve) => {
    let cancelTimer = () => {};
    let unsubscribe = () => {};
    const done = () => {
      clearTimeout(limit);
      cancelTimer();
      unsubscribe();
      resolve();
    };
    const limit = setTimeout(done, SWEEP_WAIT_LIMIT_MS);
    const check = () => {
      cancelTimer();
      const s = motionStore.getState();
      const left = sweepLeftMs(s, layoutOf(s).layout, now());
      if (left === 0) return done();
      if (left !== null) cancelTimer = pageClock().after(left + 1, check);
    };
    unsubscribe = motionStore.subscribe((s) => s.sweepStart, check);
    check();
  });
}
