/**
 * The intro sweep led by the app, for tests of what the app does while it plays. The app's script
 * is held and the first paint's sweep paused at its start until the app takes it over, so the app
 * leads the whole sweep however late it arrives (left alone on a busy machine, the sweep can be
 * over before the app runs, and such a test would see no sweep at all).
 */
import type { Page } from 'playwright-core';
import { holdApp } from './browser';

interface SweepWatch {
  /** performance.now() at the app's first frame leading the sweep, and the sweep's scheduled end. */
  from: number | null;
  to: number | null;
  /** The app's light frames drawn while it led the sweep, and in all. */
  frames: number;
  drawn: number;
  /** When React committed (any root), through the hook React DevTools uses. */
  commits: number[];
}

/** What the app did while it led the sweep. */
export interface AppSweep {
  from: number;
  to: number;
  frames: number;
  /** React commits between `from` and `to`, and in all (so far). */
  commits: number;
  allCommits: number;
}

/** Runs in the page before its scripts. */
function watchSweep() {
  const w = window as unknown as {
    __sweepWatch: SweepWatch;
    __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown;
  };
  const watch: SweepWatch = { from: null, to: null, frames: 0, drawn: 0, commits: [] };
  w.__sweepWatch = watch;
  w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    onCommitFiberRoot: () => watch.commits.push(performance.now()),
    onCommitFiberUnmount: () => {},
    onPostCommitFiberRoot: () => {},
    checkDCE: () => {},
  };
  // A light frame is a change the app makes to the lit copies: one observer call a task. The
  // frames that start the sweep's animations on them lead the sweep.
  const sweeping = () =>
    document
      .querySelector('.hero__title-box')!
      .getAnimations({ subtree: true })
      .filter((a) => !(a instanceof CSSTransition) && a.playState === 'running');
  const drawn = (list: MutationRecord[]) => {
    const live = 'live' in document.querySelector<HTMLElement>('.hero__title-box')!.dataset;
    if (!live || !list.some((r) => (r.target as Element).closest('.hero__lit'))) return;
    watch.drawn++;
    const running = sweeping();
    if (running.length === 0) return;
    watch.frames++;
    if (watch.from !== null) return;
    watch.from = performance.now();
    // The sweep the app just handed to the compositor: its end is the animations' second keyframe
    // (the third is the return to rest).
    watch.to = Math.max(
      ...running.map((a) => {
        const [, end] = (a.effect as KeyframeEffect).getKeyframes();
        return (
          Number(a.startTime) + Number(a.effect!.getComputedTiming().duration) * end!.computedOffset
        );
      }),
    );
  };
  document.addEventListener('DOMContentLoaded', () => {
    // Only the app's writes (the title is live): the first paint's script writes too.
    new MutationObserver(drawn).observe(document.querySelector('.hero__title-box')!, {
      subtree: true,
      attributeFilter: ['style'],
    });
  });
}

/**
 * Opens `url` with the app held and the watch installed; resolves once the first paint's sweep
 * plays. `release()` pauses that sweep at its start and lets the app in to take it over.
 */
export async function openWithSweepHeld(page: Page, url: string) {
  await page.addInitScript(watchSweep);
  const app = await holdApp(page);
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(() => document.getAnimations().length === 8);
  return {
    release: async () => {
      await page.evaluate(() => {
        for (const a of document.getAnimations()) {
          a.pause();
          a.currentTime = 0;
        }
      });
      app.release();
    },
  };
}

/**
 * Waits until the light on the DOM title rests: the app runs it, and no sweep plays on the lit
 * copies (the box's own animation is the crossfade's).
 */
export async function domLightRests(page: Page, timeout = 30_000): Promise<void> {
  await page.waitForFunction(
    () => {
      const box = document.querySelector<HTMLElement>('.hero__title-box');
      return (
        box !== null &&
        'live' in box.dataset &&
        box
          .getAnimations({ subtree: true })
          .every((a) => a instanceof CSSTransition || (a.effect as KeyframeEffect).target === box)
      );
    },
    null,
    { timeout },
  );
}

/** Light frames the app drew so far. */
export const lightFrames = (page: Page): Promise<number> =>
  page.evaluate(() => (window as unknown as { __sweepWatch: SweepWatch }).__sweepWatch.drawn);

/** Waits until the app has led the sweep to its end, and tells what it did meanwhile. */
export async function appSweep(page: Page): Promise<AppSweep> {
  await page.waitForFunction(
    () => {
      const { from, to } = (window as unknown as { __sweepWatch: SweepWatch }).__sweepWatch;
      return from !== null && to !== null && performance.now() > to;
    },
    null,
    { timeout: 30_000, polling: 100 },
  );
  return page.evaluate(() => {
    const watch = (window as unknown as { __sweepWatch: SweepWatch }).__sweepWatch;
    const from = watch.from!;
    const to = watch.to!;
    const commits = watch.commits.filter((t) => t >= from && t <= to).length;
    return { from, to, frames: watch.frames, commits, allCommits: watch.commits.length };
  });
}

/** React commits so far (any root). */
export const reactCommits = (page: Page): Promise<number> =>
  page.evaluate(
    () => (window as unknown as { __sweepWatch: SweepWatch }).__sweepWatch.commits.length,
  );
