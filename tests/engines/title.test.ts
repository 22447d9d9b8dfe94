/**
 * The canvas title in the engine of this project. Firefox renders it in a worker (it has WebGL
 * there, given an X display); WebKitGTK has OffscreenCanvas but no WebGL in workers, so there it
 * is the product's fallback, the canvas in the page, that draws (src/title/canvas/path.ts titlePaths).
 */
import { describe, expect, it } from 'vitest';
import { DESKTOP, engineUnderTest, sharedEngine } from './engine';
import { readPicture, showOnlyCanvas } from './pixels';
import { canvasTookOver } from '../shared/canvasTakeover';
import {
  afterFrames,
  expectLightFollows,
  scrollAndRead,
  stillPicture,
  strokesAcross,
} from '../shared/pages';

const engine = engineUnderTest();
const open = sharedEngine();

/** Opens home and waits until the canvas has drawn the title. */
async function openTitle() {
  const page = await open({ viewport: DESKTOP });
  await page.goto('/');
  // Software GL, and in WebKit the worker's report first: generous.
  await page.waitFor(canvasTookOver, undefined, 60_000);
  return page;
}

describe(`the canvas title in ${engine}`, () => {
  it('draws hollow outlined letters, lit, and the light follows the pointer', async () => {
    const page = await openTitle();
    const { width } = await page.viewport();
    await stillPicture(page, () => readPicture(page, 120));
    await page.screenshot('title-canvas-desktop');
    await showOnlyCanvas(page);
    // Draw a frame after hiding the rest: WebKitGTK's snapshot of a WebGL canvas can come out
    // empty when the page was restyled after the last frame. The pointer leads the light there.
    await page.movePointer(width * 0.5, 400);
    // Along the middle row: strokes (bright) alternate with letter insides and gaps (dark). Read
    // until the screen shows the title: WebKit's screenshot can lag the page by a frame or two.
    await expect
      .poll(async () => strokesAcross(await readPicture(page, 120)).crossings, {
        message: 'dark-to-stroke transitions across the name',
      })
      .toBeGreaterThan(24);
    const { dark } = strokesAcross(await readPicture(page, 120));
    expect(dark, 'share of the name that is dark inside').toBeGreaterThan(0.55);

    // Lit: past the sweep the light rests where the pointer is.
    await expectLightFollows(
      (x, y) => page.movePointer(x, y),
      () => readPicture(page),
      width,
    );
    expect(await page.errors()).toEqual([]);
  });

  it('pins under the top bar from 98% of a viewport', async () => {
    const page = await openTitle();
    const { height } = await page.viewport();
    await showOnlyCanvas(page);
    const measure = async (scrollY: number) => {
      const b = (await scrollAndRead(page, scrollY, () => readPicture(page, 120))).box!;
      return { width: b.right - b.left, centreY: (b.top + b.bottom) / 2, top: b.top };
    };
    const top = await measure(0);
    const pinned = await measure(Math.ceil(height * 0.98));
    const past = await measure(height * 1.7);
    expect(pinned.width / top.width).toBeCloseTo(32 / 48, 1);
    expect(pinned.top).toBeGreaterThan(64);
    expect(pinned.top).toBeLessThan(110);
    expect(Math.abs(past.centreY - pinned.centreY)).toBeLessThan(1.5);
    expect(await page.evaluate(() => document.getElementById('hero-title')?.dataset.pinned)).toBe(
      'true',
    );
  });

  it('shows the outlined DOM title with ?webgl=0, with no canvas and no page error', async () => {
    const page = await open({ viewport: DESKTOP });
    await page.goto('/?webgl=0');
    await page.waitFor(() => document.getElementById('hero-title')?.dataset.mode === 'dom');
    // The app has taken the title (`data-live`) and drawn frames since: a canvas would be in.
    await page.waitFor(() => document.querySelector('.hero__title-box[data-live]') !== null);
    await afterFrames(page, 10);
    expect(await page.evaluate(() => document.querySelectorAll('canvas').length)).toBe(0);
    const stroke = await page.evaluate(
      () => getComputedStyle(document.getElementById('hero-title')!).webkitTextStrokeColor,
    );
    expect(stroke).not.toBe('rgba(0, 0, 0, 0)');
    await page.screenshot('title-dom-fallback-desktop');
    expect(await page.errors()).toEqual([]);
  });
});

describe.runIf(engine === 'webkit')('where a worker has no WebGL (WebKitGTK)', () => {
  // WebKit-only: WebKitGTK has OffscreenCanvas and transferControlToOffscreen but no WebGL in
  // workers (Safari shipped them in that order too). The worker reports it; the page draws.
  it('draws the lit title in the page itself, from the in-page canvas', async () => {
    const page = await openTitle();
    const inPage = await page.evaluate(() => {
      const canvas = document.querySelector('.title-canvas canvas') as HTMLCanvasElement | null;
      try {
        return canvas?.getContext('webgl2') != null;
      } catch {
        return false; // a canvas handed to a worker refuses getContext
      }
    });
    expect(inPage).toBe(true);
    // The worker said why, and the page said what it did instead.
    expect(await page.warnings()).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /cannot be drawn in a worker \(no WebGL2 context in a worker\); drawing it in the page instead/,
        ),
      ]),
    );
    await showOnlyCanvas(page);
    await page.movePointer(720, 400);
    await expect
      .poll(async () => (await readPicture(page)).maxLuminance, { message: 'the lit title' })
      .toBeGreaterThan(185);
    expect((await readPicture(page)).light).not.toBeNull();
    expect(await page.errors()).toEqual([]);
  });
});
