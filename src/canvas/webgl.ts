import { firstContentfulPaint } from '../firstPaint';
import { sweepLeftMs } from '../motion/lightLead';
import { scrollProgress, titleLayout } from '../motion/model';
import { motionStore, now } from '../motion/store';

/** The longest the canvas waits for the intro sweep (a sweep lasts about a second). */
const SWEEP_WAIT_LIMIT_MS = 4000;

/** Whether this browser gives the page a WebGL context at all (and `?webgl=0` has not turned it off). */
export function webglAvailable(search: string): boolean {
  if (new URLSearchParams(search).get('webgl') === '0') return false;
  try {
    const probe = document.createElement('canvas');
    const gl = probe.getContext('webgl2');
    if (!gl) return false;
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return true;
  } catch {
    return false;
  }
}

/** Where the title's canvas can be drawn: handed to a worker, or in the page. */
export type TitlePath = 'worker' | 'page';

/**
 * The paths to try, in order. What exists is not enough: WebKit (and Safari before WebGL in
 * workers) has OffscreenCanvas and transferControlToOffscreen but no WebGL in a worker, so the
 * worker reports whether it got a context and the page takes the next path if not. An empty
 * list (`?webgl=0`) leaves the outlined DOM title.
 */
export function titlePaths(search: string): TitlePath[] {
  const query = new URLSearchParams(search);
  if (query.get('webgl') === '0') return [];
  const worker =
    query.get('offscreen') !== '0' &&
    typeof OffscreenCanvas !== 'undefined' &&
    typeof HTMLCanvasElement !== 'undefined' &&
    'transferControlToOffscreen' in HTMLCanvasElement.prototype;
  return worker ? ['worker', 'page'] : ['page'];
}

/**
 * Resolves once the page has painted its first content and finished loading, so the in-page
 * canvas's libraries never compete with the first paint.
 */
export function afterFirstPaintAndLoad(): Promise<void> {
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

/**
 * Resolves once the intro sweep has crossed the title (the CSS light plays it from the first
 * paint), so the canvas takes over a light at rest; at once under reduced motion, and in test
 * mode, whose clock the tests own. Re-timed if a scroll changes the title's width meanwhile.
 */
export function sweepOver(): Promise<void> {
  return new Promise((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let unsubscribe = () => {};
    const done = () => {
      clearTimeout(limit);
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const limit = setTimeout(done, SWEEP_WAIT_LIMIT_MS);
    const check = () => {
      clearTimeout(timer);
      const s = motionStore.getState();
      if (s.testMode) return done();
      const p = scrollProgress(s.scrollY, s.viewport?.height ?? 0);
      const layout = titleLayout(p, s.viewport, s.titleEm, s.titleWordsEm);
      const left = sweepLeftMs(s, layout, now(s));
      if (left === 0) return done();
      // Not started yet: the store's sweepStart wakes the check.
      if (left !== null) timer = setTimeout(check, left + 1);
    };
    unsubscribe = motionStore.subscribe((s) => s.sweepStart, check);
    check();
  });
}
