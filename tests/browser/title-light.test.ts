import { describe, expect, it } from 'vitest';
import titleMetrics from 'virtual:title-metrics';
import type { Page } from 'playwright-core';
import { baseURL, openPage, pointerOutside, screenshot, sharedBrowser } from './browser';
import { contextLoss } from './contextLoss';
import { readCanvas } from './pixels';
import { appSweep, domLightRests, lightFrames, openWithSweepHeld } from './sweep';
import { waitForCanvas } from '../shared/canvasTakeover';
import { scrollProgress, titleLayout } from '../../src/title/model/model';
import {
  afterFrames,
  expectLightFollows,
  expectRestThenFollow,
  scrollAndRead,
  specSweepStep,
} from '../shared/pages';

const browser = sharedBrowser();

/** Everything hidden but the DOM title (its outline and its CSS light), on black. */
async function showOnlyDomTitle(page: Page) {
  await page.addStyleTag({
    content: `html, body { background: #000 !important; }
      #root > :not(.hero), .hero > :not(.hero__title-box), .title-canvas { visibility: hidden !important; }`,
  });
}

/** Counts the page's requestAnimationFrame calls in `window.__rafs`, from before its scripts run. */
function countAnimationFrames(page: Page) {
  return page.addInitScript(() => {
    const w = window as unknown as { __rafs: number };
    w.__rafs = 0;
    const raf = window.requestAnimationFrame.bind(window);
    window.requestAnimationFrame = (cb) => {
      w.__rafs++;
      return raf(cb);
    };
  });
}

/**
 * Home without WebGL, once the app leads the DOM light and its sweep is over. The mouse waits
 * outside the window, where it leads no light, until a test moves it in.
 */
async function openCssLight(viewport: { width: number; height: number }, options = {}) {
  const watched = await openPage(browser(), { viewport, ...options });
  await pointerOutside(watched.page);
  await watched.page.goto(`${baseURL()}/?webgl=0`, { waitUntil: 'load' });
  await domLightRests(watched.page);
  return watched;
}

describe('the CSS light on the DOM title (?webgl=0)', () => {
  for (const width of [1440, 800]) {
    it(`follows the pointer after the sweep on a ${width} px window`, async () => {
      const { page, context, problems } = await openCssLight({ width, height: 900 });
      await expect(page.locator('#hero-title').getAttribute('data-mode')).resolves.toBe('dom');
      await showOnlyDomTitle(page);
      await expectLightFollows(
        (x, y) => page.mouse.move(x, y),
        () => readCanvas(page),
        width,
      );
      await screenshot(page, `title-css-light-${width}`, '.hero');
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  for (const width of [1440, 800]) {
    it(`sweeps from the first paint at ${specSweepStep(width)} px per ms on a ${width} px window, before the app, on the compositor`, async () => {
      const { page, problems } = await openPage(browser(), { viewport: { width, height: 900 } });
      // The app is held back: what lights the title now is the page's first script alone.
      await openWithSweepHeld(page, `${baseURL()}/?webgl=0`);
      expect(await page.locator('.hero__title-box[data-live]').count()).toBe(0);
      await showOnlyDomTitle(page);
      // Set the sweep's clock by hand: what the screen shows is what the compositor plays.
      const read = async (ms: number) => {
        await page.evaluate((ms) => {
          for (const a of document.getAnimations()) {
            a.pause();
            a.currentTime = ms;
          }
        }, ms);
        const picture = await readCanvas(page);
        if (!picture.light) throw new Error(`No light on the title ${ms} ms into the sweep`);
        return picture.light.x;
      };
      const speed = ((await read(350)) - (await read(150))) / 200;
      expect(speed).toBeGreaterThan(specSweepStep(width) * 0.8);
      expect(speed).toBeLessThan(specSweepStep(width) * 1.2);
      // Past the title's right end the light's windows reach past the page's side: the page must
      // not get wider (a phone would zoom out to show them, a layout shift).
      const widest = await page.evaluate(() => {
        const [first] = document
          .getAnimations()
          .filter((a) => (a.effect as KeyframeEffect).target?.closest('.hero__lit'));
        const frames = (first!.effect as KeyframeEffect).getKeyframes();
        const end = Number(first!.effect!.getComputedTiming().duration) * frames[1]!.computedOffset;
        let widest = 0;
        for (const t of [end * 0.9, end, end + 100]) {
          for (const a of document.getAnimations()) a.currentTime = t;
          widest = Math.max(widest, document.documentElement.scrollWidth);
        }
        return widest;
      });
      expect(widest).toBeLessThanOrEqual(width);
      expect(problems).toEqual([]);
    });

    it(`is taken over by the app at the sweep's start on a ${width} px window and left to the compositor: no frame loop`, async () => {
      const { page, problems } = await openPage(browser(), { viewport: { width, height: 900 } });
      const held = await openWithSweepHeld(page, `${baseURL()}/?webgl=0`);
      await held.release();
      const sweep = await appSweep(page);
      console.log(
        `[figures] sweep led by the app at ${width} px: ${Math.round(sweep.to - sweep.from)} ms, ${sweep.frames} frames of its own`,
      );
      // Most of the sweep is still ahead when the app takes it over (it lasts 0.5–1 s here).
      expect(sweep.to - sweep.from).toBeGreaterThan(300);
      // The frame that hands it to the compositor and one or two for store changes (2 here); a
      // frame loop would draw one every ~16 ms.
      expect(sweep.frames).toBeGreaterThanOrEqual(1);
      expect(sweep.frames).toBeLessThanOrEqual(3);
      await domLightRests(page, 15_000);
      // The return to rest is the compositor's too: one frame at its end, not a loop of ~40.
      const frames = await lightFrames(page);
      console.log(`[figures] sweep and return at ${width} px: ${frames} light frames in all`);
      expect(frames).toBeLessThanOrEqual(sweep.frames + 3);
      expect(problems).toEqual([]);
    });
  }

  // Lighthouse's phone, where the takeover shifted the lit copies' words (CLS 0.008–0.03 in every
  // load) while they reflowed from two lines to one under the moving light.
  it.each(['?webgl=0', ''])(
    'is taken over by the app on a phone with no layout shift (/%s)',
    async (query) => {
      const { page, problems } = await openPage(browser(), {
        viewport: { width: 412, height: 823 },
        deviceScaleFactor: 1.75,
        isMobile: true,
        hasTouch: true,
      });
      await page.addInitScript(() => {
        const w = window as unknown as { __shifts: string[] };
        w.__shifts = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & {
            value: number;
            sources: { node?: Node }[];
          })[])
            w.__shifts.push(
              `${e.value.toFixed(4)} at ${Math.round(e.startTime)} ms: ${e.sources.map((s) => (s.node as Element | undefined)?.className ?? s.node?.nodeName).join(', ')}`,
            );
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(`${baseURL()}/${query}`, { waitUntil: 'commit' });
      await page.waitForFunction(
        () => 'live' in document.querySelector<HTMLElement>('.hero__title-box')!.dataset,
      );
      // A shift is reported after the frame that shows it.
      await afterFrames(page, 5);
      expect(
        await page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts),
      ).toEqual([]);
      expect(problems).toEqual([]);
    },
  );

  it('sinks below the letters and dims as the page scrolls', async () => {
    const viewport = { width: 1440, height: 900 };
    const { page, context } = await openCssLight(viewport);
    await showOnlyDomTitle(page);
    // At each scroll the light eases to its new place: read once it is there.
    const read = async (scrollY: number) => {
      const pic = await scrollAndRead(page, scrollY, () => readCanvas(page, 150));
      const layout = titleLayout(
        scrollProgress(scrollY, viewport.height),
        viewport,
        titleMetrics.titleEm,
        titleMetrics.wordsEm,
      );
      return {
        below: (pic.light!.y - (pic.box!.top + pic.box!.bottom) / 2) / layout.fontPx,
        max: pic.maxLuminance,
      };
    };
    const top = await read(0);
    const lower = await read(700);
    // The spot goes from above the letters' middle to below it (model: -0.35 to +0.35 font sizes).
    expect(top.below).toBeLessThan(0);
    expect(lower.below - top.below).toBeGreaterThan(0.05);
    expect(lower.max).toBeLessThan(top.max);
    await context.close();
  });

  it('does not sweep under reduced motion: the light rests, then follows the pointer at once', async () => {
    const { page, context } = await openCssLight(
      { width: 1440, height: 900 },
      { reducedMotion: 'reduce' },
    );
    await showOnlyDomTitle(page);
    await expectRestThenFollow(
      page,
      (x, y) => page.mouse.move(x, y),
      () => readCanvas(page),
    );
    await context.close();
  });

  it('does no work while still: no style write and no animation frame in 120 frames', async () => {
    const { page, context } = await openPage(browser(), { viewport: { width: 1440, height: 900 } });
    await countAnimationFrames(page);
    // The app leads the sweep (held until then), then the light comes to rest.
    const held = await openWithSweepHeld(page, `${baseURL()}/?webgl=0`);
    await held.release();
    await appSweep(page);
    await domLightRests(page);
    const counts = await page.evaluate(
      () =>
        new Promise<{ writes: number; rafs: number }>((resolve) => {
          const w = window as unknown as { __rafs: number };
          let writes = 0;
          const observer = new MutationObserver((list) => (writes += list.length));
          observer.observe(document.querySelector('.hero__title-box')!, {
            attributes: true,
            subtree: true,
          });
          // 120 of the page's frames (2 s at 60 Hz), asked for here and left out of the count.
          const rafs = w.__rafs;
          let own = 0;
          let left = 120;
          const tick = () => {
            if (--left > 0) {
              own++;
              requestAnimationFrame(tick);
              return;
            }
            observer.disconnect();
            resolve({ writes, rafs: w.__rafs - rafs - own });
          };
          own++;
          requestAnimationFrame(tick);
        }),
    );
    console.log(
      `[figures] CSS light while still for 120 frames: ${counts.writes} style writes, ${counts.rafs} animation frames asked`,
    );
    expect(counts).toEqual({ writes: 0, rafs: 0 });
    await context.close();
  });

  it('shows the DOM title with its light at once when the WebGL context is lost', async () => {
    const { page, context, problems } = await openPage(browser(), {
      viewport: { width: 1440, height: 900 },
    });
    const webgl = await contextLoss(page);
    await page.goto(`${baseURL()}/`, { waitUntil: 'load' });
    await waitForCanvas(page);
    // A visitor's pointer, and the canvas's light once it has come to it.
    await page.mouse.move(1000, 380);
    await page.waitForFunction(() => {
      const light = window.__titleReports?.light;
      return light?.lead === 'pointer' && light.x === 1000 && !light.moving;
    });
    await webgl.lose();
    await expect.poll(() => page.locator('#hero-title').getAttribute('data-mode')).toBe('dom');
    await showOnlyDomTitle(page);
    const pic = await readCanvas(page);
    expect(pic.light, 'the CSS light shows on the DOM title').not.toBeNull();
    expect(Math.abs(pic.light!.x - 1000)).toBeLessThan(90);
    expect(problems).toEqual([]);
    await context.close();
  });
});
