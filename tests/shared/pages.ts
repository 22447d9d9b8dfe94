/**
 * What every engine's tests share: the pages a visitor can open with the heading each shows, and
 * the steps that read the title's light as a visitor sees it, moving a real pointer. Written
 * against the one thing both drivers have, `evaluate`, so a Playwright page and an EnginePage
 * both fit.
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
/** Reads what the screen shows of the title (tests/browser/pixels.ts, tests/engines/pixels.ts). */
type Read = () => Promise<CanvasPicture>;
/** Moves the real pointer to viewport coordinates, as a visitor's mouse would. */
type Point = (x: number, y: number) => Promise<void>;

/** Whether two pictures show the lettering and the light in the same place, to a pixel. */
function samePicture(a: CanvasPicture, b: CanvasPicture): boolean {
  const near = (p: number | undefined, q: number | undefined) =>
    p === q || (p !== undefined && q !== undefined && Math.abs(p - q) <= 1);
  return (
    near(a.box?.left, b.box?.left) &&
    near(a.box?.right, b.box?.right) &&
    near(a.box?.top, b.box?.top) &&
    near(a.box?.bottom, b.box?.bottom) &&
    near(a.light?.x, b.light?.x) &&
    near(a.light?.y, b.light?.y)
  );
}

/**
 * Reads the screen until two reads in a row agree, after a few frames: the title shows the page's
 * last change, and its light has come to rest.
 */
export async function stillPicture(page: InPage, read: Read): Promise<CanvasPicture> {
  await afterFrames(page, 5);
  let last = await read();
  await expect
    .poll(
      async () => {
        const next = await read();
        const same = samePicture(last, next);
        last = next;
        return same;
      },
      { timeout: 20_000, message: 'the title comes to rest' },
    )
    .toBe(true);
  return last;
}

/** Scrolls to `y` at once and reads the title once it is drawn there, at rest. */
export async function scrollAndRead(page: InPage, y: number, read: Read): Promise<CanvasPicture> {
  await page.evaluate((y) => window.scrollTo({ top: y, behavior: 'instant' }), y);
  return stillPicture(page, read);
}

/** Waits until the screen shows the light within `within` px of `x`. */
async function expectLightNear(read: Read, x: number, within: number, message: string) {
  await expect
    .poll(async () => Math.abs(((await read()).light?.x ?? Number.NaN) - x), {
      timeout: 20_000,
      message,
    })
    .toBeLessThan(within);
}

/** Expects the light to follow the pointer to a quarter and three quarters of the width. */
export async function expectLightFollows(point: Point, read: Read, width: number): Promise<void> {
  for (const share of [0.25, 0.75]) {
    await point(width * share, 400);
    await expectLightNear(read, width * share, width * 0.06, `light at ${share} of the width`);
  }
}

/**
 * Under reduced motion: expects no sweep (the light stands still over 20 frames), then the light
 * at the pointer.
 */
export async function expectRestThenFollow(page: InPage, point: Point, read: Read): Promise<void> {
  const early = await stillPicture(page, read);
  expect(early.light, 'the light rests on the title').not.toBeNull();
  await afterFrames(page, 20);
  const later = await read();
  expect(Math.abs(later.light!.x - early.light!.x)).toBeLessThan(2);
  await point(1100, 400);
  await expectLightNear(read, 1100, 90, 'light at the pointer');
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
