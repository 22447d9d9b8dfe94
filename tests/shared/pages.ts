/**
 * What every engine's tests share: the pages a visitor can open with the heading each shows, and
 * the steps that drive the title's light in test mode (`?motion-test`). Written against the one
 * thing both drivers have, `evaluate`, so a Playwright page and an EnginePage both fit.
 */
import { expect } from 'vitest';
import type { EnginePage } from '../engines/engine';
import type { CanvasPicture } from '../browser/pixels';
import { company } from '../../src/content/company';

export const PAGES = [
  { path: '/', name: 'home', heading: company.name },
  { path: '/privacypolicy', name: 'privacy', heading: 'Privacy Policy' },
  { path: '/terms', name: 'terms', heading: 'Terms & Conditions' },
  { path: '/no-such-page', name: 'not-found', heading: 'This page does not exist' },
] as const;

/**
 * The intro sweep's step in px per ms, as the spec states it: 2 above a 1024 px window, otherwise
 * 1. Written here, not read from the model, so a change to the model's speed fails the tests.
 */
export const specSweepStep = (width: number): number => (width > 1024 ? 2 : 1);

/** The pages with a route of their own (not the not-found page). */
export const ROUTE_PAGES = PAGES.filter((p) => p.name !== 'not-found');

type InPage = Pick<EnginePage, 'evaluate'>;

/** How long the clock runs on after a pointer is set: the light eases to it (FOLLOW_MS is 90). */
const FOLLOW_SETTLES_MS = 1000;
/** The clock's step while the light eases: a frame is drawn at each. */
const FOLLOW_STEP_MS = 50;

/**
 * Sets the test clock (and pointer) and waits for the frame that shows it. A pointer set here (or
 * taken off the page, `null`) is followed the way a visitor's is, eased: the clock runs on from
 * `ms` in steps until the light has reached it (or its rest). A fade between the titles, which the compositor plays on its own time, ends
 * first.
 */
export async function at(page: InPage, ms: number, pointer?: [number, number] | null) {
  await page.evaluate(
    async ({ ms, pointer, settles, step }) => {
      await new Promise<void>((resolve) => {
        const faded = () =>
          document.querySelector('.title-canvas[data-crossfading]')
            ? requestAnimationFrame(faded)
            : resolve();
        faded();
      });
      const m = window.__probes!.motion!;
      // The DOM title's sweep plays on the compositor, from the sweep's start: shown at `t`. Only
      // the sweep's own animations: under reduced motion every style change of a lit copy also
      // starts a 0.01 ms CSS transition (global.css), which must run to its end.
      const showSweepAt = (t: number) => {
        const start = m.state().sweepStart;
        if (start === null) return;
        for (const pane of document.querySelectorAll('.hero__lit'))
          for (const animation of pane.getAnimations({ subtree: true })) {
            if (animation instanceof CSSTransition) continue;
            animation.pause();
            animation.currentTime = t - start;
          }
      };
      if (pointer !== undefined) m.setPointer(pointer === null ? null : pointer[0], pointer?.[1]);
      const end = pointer === undefined ? ms : ms + settles;
      for (let t = ms; t <= end; t += step) {
        const drawn = m.frame();
        m.setTime(t);
        showSweepAt(t);
        await drawn;
        showSweepAt(t);
      }
    },
    { ms, pointer, settles: FOLLOW_SETTLES_MS, step: FOLLOW_STEP_MS },
  );
}

/**
 * Expects the light to sweep at the required speed for this window (±20%, from its place at 150 and
 * 350 ms on the test clock), then, once past the right edge, to follow the pointer to a quarter and
 * three quarters of the window's width.
 */
export async function expectSweepThenFollow(
  page: InPage,
  read: () => Promise<CanvasPicture>,
  width: number,
  step: number,
): Promise<void> {
  const { speed, atQuarter, atThreeQuarters } = await sweepThenFollow(page, read, width);
  expect(speed).toBeGreaterThan(step * 0.8);
  expect(speed).toBeLessThan(step * 1.2);
  expect(Math.abs(atQuarter - width * 0.25)).toBeLessThan(width * 0.06);
  expect(Math.abs(atThreeQuarters - width * 0.75)).toBeLessThan(width * 0.06);
}

async function sweepThenFollow(
  page: InPage,
  read: () => Promise<CanvasPicture>,
  width: number,
): Promise<{ speed: number; atQuarter: number; atThreeQuarters: number }> {
  const xs: number[] = [];
  const times = [150, 350];
  for (const t of times) {
    await at(page, t);
    const pic = await read();
    if (!pic.light) throw new Error(`No light on the title at ${t} ms`);
    xs.push(pic.light.x);
  }
  await at(page, 20_000, [width * 0.25, 400]);
  const quarter = await read();
  await at(page, 30_000, [width * 0.75, 400]);
  const threeQuarters = await read();
  return {
    speed: (xs[1]! - xs[0]!) / (times[1]! - times[0]!),
    atQuarter: quarter.light?.x ?? Number.NaN,
    atThreeQuarters: threeQuarters.light?.x ?? Number.NaN,
  };
}

/**
 * Waits until the page has drawn `n` more frames. A check that nothing happens reads the page
 * after this: whatever the page would do in answer to what came before, it has had frames to do
 * it in (a timer's task, a React commit, a smooth scroll's first step).
 */
export async function afterFrames(page: InPage, n = 10): Promise<void> {
  await page.evaluate(
    (n) =>
      new Promise<void>((resolve) => {
        let left = n;
        const tick = () => (--left <= 0 ? resolve() : void requestAnimationFrame(tick));
        requestAnimationFrame(tick);
      }),
    n,
  );
}

/**
 * Counts, from now on, what the edge light writes to the page: its glows' styles, the lit marks
 * of the elements it lights, and the glows it adds. Returns a reader of the count.
 */
export async function countEdgeWrites(page: InPage): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const w = window as unknown as { __edgeWrites: number };
    w.__edgeWrites = 0;
    // Only the light's own writes: a card's other parts (its arrow's animation) change too.
    const own = ({ type, target, attributeName }: MutationRecord) =>
      (target as Element).matches(
        type === 'attributes' && attributeName === 'style'
          ? '.edge-light__glow'
          : '[data-edge-light]',
      );
    const observer = new MutationObserver((list) => (w.__edgeWrites += list.filter(own).length));
    for (const lit of document.querySelectorAll('[data-edge-light]'))
      observer.observe(lit, {
        subtree: true,
        childList: true,
        attributeFilter: ['style', 'data-edge-lit'],
      });
  });
  return () => page.evaluate(() => (window as unknown as { __edgeWrites: number }).__edgeWrites);
}

/** Waits until the page's scroll has stood still for `n` frames in a row. */
export async function scrollStill(page: InPage, n = 5): Promise<void> {
  await page.evaluate(
    (n) =>
      new Promise<void>((resolve) => {
        let last = scrollY;
        let same = 0;
        const tick = () => {
          same = scrollY === last ? same + 1 : 0;
          last = scrollY;
          if (same >= n) resolve();
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
    n,
  );
}

/** Whether the page's origin answers at all (a file that is never cached). */
export function reachesNetwork(page: InPage): Promise<'online' | 'offline'> {
  return page.evaluate(() =>
    fetch('/robots-not-cached.txt').then(
      () => 'online' as const,
      () => 'offline' as const,
    ),
  );
}

/** Scrolls to `y` (at once) and waits for the frame that shows it. */
export async function scrollAndDraw(page: InPage, y: number): Promise<void> {
  await page.evaluate(async (y) => {
    if (Math.round(window.scrollY) === y) return;
    const drawn = window.__probes!.motion!.frame();
    window.scrollTo({ top: y, behavior: 'instant' });
    await drawn;
  }, y);
}

/**
 * Along the title's middle row: how often bright strokes and dark insides alternate, and the share
 * of the row that is dark (hollow lettering is mostly dark).
 */
export function strokesAcross(pic: CanvasPicture): {
  crossings: number;
  dark: number;
  max: number;
} {
  if (!pic.box) return { crossings: 0, dark: 0, max: 0 };
  const row = pic.middleRow.slice(pic.box.left, pic.box.right + 1);
  let crossings = 0;
  for (let i = 1; i < row.length; i++) if (row[i - 1]! < 30 !== row[i]! < 30) crossings++;
  return { crossings, dark: row.filter((l) => l < 30).length / row.length, max: Math.max(...row) };
}

/**
 * Under reduced motion: expects no sweep (the light rests between 150 and 450 ms on the test
 * clock), then the light at the pointer at once (no easing).
 */
export async function expectRestThenFollow(
  page: InPage,
  read: () => Promise<CanvasPicture>,
): Promise<void> {
  await at(page, 150);
  // With the clock held, wait until the page has painted the resting light, then read it.
  await expect.poll(async () => (await read()).light, { timeout: 10_000 }).not.toBeNull();
  const early = await read();
  await at(page, 450);
  const later = await read();
  expect(early.light).not.toBeNull();
  expect(Math.abs(later.light!.x - early.light!.x)).toBeLessThan(2);
  await at(page, 460, [1100, 400]);
  const followed = await read();
  expect(Math.abs(followed.light!.x - 1100)).toBeLessThan(90);
}
