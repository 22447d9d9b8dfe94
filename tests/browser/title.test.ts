import { describe, expect, it, onTestFinished } from 'vitest';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import {
  baseURL,
  DESKTOP,
  holdApp,
  PHONE,
  pointerOutside,
  openPage as openWatchedPage,
  screenshot,
  sharedBrowser,
} from './browser';
import { contextLoss } from './contextLoss';
import { readCanvas, showOnlyCanvas } from './pixels';
import { appSweep, openWithSweepHeld, reactCommits } from './sweep';
import { waitForCanvas } from '../shared/canvasTakeover';
import {
  scrollButtonDiameter,
  TITLE_MARGIN_MIN_PX,
  TITLE_MARGIN_SHARE,
} from '../../src/title/model/model';
import { bufferSize } from '../../src/title/canvas/pixelRatio';
import {
  afterFrames,
  expectLightFollows,
  expectRestThenFollow,
  scrollAndRead,
  scrollStill,
  stillPicture,
  strokesAcross,
} from '../shared/pages';

const browser = sharedBrowser();

/** A page whose context is closed when the test ends, whether it passed or not. */
async function openPage(shared: Browser, options: BrowserContextOptions = {}) {
  const watched = await openWatchedPage(shared, options);
  onTestFinished(() => watched.context.close());
  return watched;
}

/** The two paths of the canvas: handed to a worker, or drawn in the page (`?offscreen=0`). */
const PATHS = [
  { path: 'worker', query: '' },
  { path: 'page', query: 'offscreen=0' },
] as const;
type CanvasPath = (typeof PATHS)[number];

/** The address of home on a path. */
const withPath = (path: CanvasPath) => (path.query ? `?${path.query}` : '');

/**
 * Opens home on a path and waits for the canvas. The mouse waits outside the window, where it
 * leads no light, until a test moves it in.
 */
async function openTitle(
  viewport: { width: number; height: number },
  path: CanvasPath,
  options: BrowserContextOptions = {},
) {
  const watched = await openPage(browser(), { viewport, ...options });
  await pointerOutside(watched.page);
  await watched.page.goto(`${baseURL()}/${withPath(path)}`, { waitUntil: 'load' });
  await waitForCanvas(watched.page);
  await expect(
    watched.page.locator('.title-canvas').getAttribute('data-path'),
    'the path that draws the title',
  ).resolves.toBe(path.path);
  return watched;
}

for (const path of PATHS)
  describe(`the canvas title, drawn ${path.path === 'worker' ? 'in a worker' : 'in the page'}`, () => {
    it('draws hollow outlined letters: lit strokes, dark insides', async () => {
      const { page, problems } = await openTitle({ width: 1440, height: 900 }, path);
      await stillPicture(page, () => readCanvas(page, 120));
      await screenshot(page, `title-canvas-${path.path}-desktop`, '.hero');
      await showOnlyCanvas(page);
      const pic = await stillPicture(page, () => readCanvas(page, 120));
      expect(pic.box).not.toBeNull();
      // Along the middle row: strokes (bright) alternate with letter insides and gaps (dark), and
      // the lettering is hollow: most of the title's box is dark.
      const { crossings, dark, max } = strokesAcross(pic);
      expect(crossings, 'dark-to-stroke transitions across the name').toBeGreaterThan(24);
      expect(max).toBeGreaterThan(60);
      expect(dark).toBeGreaterThan(0.55);
      expect(problems).toEqual([]);
    });

    for (const width of [1440, 800]) {
      it(`follows the pointer across the heading on a ${width} px window`, async () => {
        // The canvas takes over once the sweep has played (its speed: title-light.test.ts).
        const { page } = await openTitle({ width, height: 900 }, path);
        await showOnlyCanvas(page);
        await expectLightFollows(
          (x, y) => page.mouse.move(x, y),
          () => readCanvas(page),
          width,
        );
      });
    }

    it('keeps its canvas on the title through a jump scroll while it fades in', async () => {
      const { page, problems } = await openTitle({ width: 1440, height: 900 }, path);
      await page.evaluate(() => document.getElementById('contact')!.scrollIntoView());
      // The canvas has taken over, the scroll is at rest and the fade-in has ended.
      await waitForCanvas(page);
      await scrollStill(page);
      await page.waitForFunction(() =>
        document.getAnimations().every((a) => a.playState !== 'running'),
      );
      const boxes = await page.evaluate(() => {
        const box = (el: Element) => {
          const r = el.getBoundingClientRect();
          return { top: r.top, bottom: r.bottom };
        };
        return {
          title: box(document.getElementById('hero-title')!),
          strip: box(document.querySelector('.title-canvas__strip')!),
        };
      });
      expect(boxes.title.bottom).toBeLessThan(200); // pinned under the top bar
      expect(boxes.strip.top).toBeLessThanOrEqual(boxes.title.top);
      expect(boxes.strip.bottom).toBeGreaterThanOrEqual(boxes.title.bottom);
      expect(problems).toEqual([]);
    });

    it('starts centred, shrinks to 32/48 and pins under the top bar from 98% of a viewport', async () => {
      const viewport = { width: 1440, height: 900 };
      const { page } = await openTitle(viewport, path);
      await showOnlyCanvas(page);
      const measure = async (scrollY: number) => {
        const pic = await scrollAndRead(page, scrollY, () => readCanvas(page, 120));
        const b = pic.box!;
        return {
          width: b.right - b.left,
          centreX: (b.left + b.right) / 2,
          centreY: (b.top + b.bottom) / 2,
          top: b.top,
        };
      };
      const top = await measure(0);
      const half = await measure(450);
      const pinned = await measure(Math.ceil(900 * 0.98));
      const past = await measure(1500);
      expect(Math.abs(top.centreX - 720)).toBeLessThan(6);
      expect(Math.abs(top.centreY - 900 * 0.46)).toBeLessThan(40);
      // The spec's size: from 48 to 32 over 98% of a viewport, here half a viewport down.
      expect(half.width / top.width).toBeCloseTo((48 - 16 * (0.5 / 0.98)) / 48, 1);
      expect(pinned.width / top.width).toBeCloseTo(32 / 48, 1);
      expect(half.centreY).toBeLessThan(top.centreY);
      expect(pinned.top).toBeGreaterThan(64);
      expect(pinned.top).toBeLessThan(110);
      // Pinned: further scrolling does not move it.
      expect(Math.abs(past.centreY - pinned.centreY)).toBeLessThan(1.5);
      expect(Math.abs(past.width - pinned.width)).toBeLessThan(1.5);
      await expect(page.locator('#hero-title').getAttribute('data-pinned')).resolves.toBe('true');
    });

    it('keeps the DOM title at the same size and place as the canvas title', async () => {
      const { page } = await openTitle({ width: 1440, height: 900 }, path);
      const domBox = await page.locator('#hero-title > span').boundingBox();
      await showOnlyCanvas(page);
      const pic = await stillPicture(page, () => readCanvas(page, 120));
      const b = pic.box!;
      expect(Math.abs((b.left + b.right) / 2 - (domBox!.x + domBox!.width / 2))).toBeLessThan(4);
      expect(Math.abs((b.top + b.bottom) / 2 - (domBox!.y + domBox!.height / 2))).toBeLessThan(
        domBox!.height * 0.12,
      );
      expect(Math.abs(b.right - b.left - domBox!.width) / domBox!.width).toBeLessThan(0.04);
    });

    it('falls back to the DOM title at once when the WebGL context is lost, and recovers when restored', async () => {
      const { page, problems } = await openPage(browser(), { viewport: DESKTOP });
      // WEBGL_lose_context on the canvas's context, wherever it renders (page or worker).
      const webgl = await contextLoss(page);
      await page.goto(`${baseURL()}/${withPath(path)}`, { waitUntil: 'load' });
      await waitForCanvas(page);
      await expect(page.locator('.title-canvas').getAttribute('data-path')).resolves.toBe(
        path.path,
      );
      await webgl.lose();
      await expect.poll(() => page.locator('#hero-title').getAttribute('data-mode')).toBe('dom');
      await webgl.restore();
      await waitForCanvas(page);
      // It draws again on the new context: the lettering is back.
      await showOnlyCanvas(page);
      const pic = await stillPicture(page, () => readCanvas(page, 120));
      expect(pic.box).not.toBeNull();
      expect(problems).toEqual([]);
    });

    it('goes into the strip the page was drawn with, at its drawing buffer size, never resized', async () => {
      const dpr = 3;
      const { page, problems } = await openPage(browser(), {
        viewport: PHONE,
        isMobile: true,
        deviceScaleFactor: dpr,
      });
      // Before any script of the page: the prerendered strip, and every size the canvas is given.
      await page.addInitScript(() => {
        const w = window as unknown as { __strip?: Element | null; __sizes?: string[] };
        w.__sizes = [];
        document.addEventListener('DOMContentLoaded', () => {
          w.__strip = document.querySelector('.title-canvas__strip');
          new MutationObserver((records) => {
            for (const r of records)
              if (r.target instanceof HTMLCanvasElement && r.attributeName)
                w.__sizes!.push(`${r.attributeName}=${r.target.getAttribute(r.attributeName)}`);
          }).observe(w.__strip!, {
            attributes: true,
            subtree: true,
            attributeFilter: ['width', 'height'],
          });
        });
      });
      await page.goto(`${baseURL()}/${withPath(path)}`, { waitUntil: 'load' });
      await waitForCanvas(page);
      const seen = await page.evaluate(() => {
        const w = window as unknown as { __strip?: Element | null; __sizes?: string[] };
        const strip = document.querySelector<HTMLElement>('.title-canvas__strip')!;
        const canvas = strip.querySelector('canvas')!;
        return {
          samePrerenderedStrip: w.__strip === strip,
          sizes: w.__sizes,
          buffer: [canvas.width, canvas.height],
          css: [strip.clientWidth, strip.clientHeight],
        };
      });
      expect(seen.samePrerenderedStrip, 'the strip is the prerendered one').toBe(true);
      // Three's buffer: the strip's CSS size times the pixel ratio, capped at 2, rounded down.
      const buffer = bufferSize(seen.css[0]!, seen.css[1]!, dpr);
      expect(seen.buffer).toEqual([buffer.width, buffer.height]);
      // A worker's canvas takes its size from the worker's frames: none differs from the first.
      // (In the page, three.js sets the buffer twice in one task, ending where it began.)
      if (path.path === 'worker') expect(seen.sizes, 'the canvas was never resized').toEqual([]);
      expect(problems).toEqual([]);
    });

    it('skips the sweep under reduced motion: the light rests, then follows the pointer', async () => {
      const { page } = await openTitle({ width: 1440, height: 900 }, path, {
        reducedMotion: 'reduce',
      });
      await showOnlyCanvas(page);
      await expectRestThenFollow(
        page,
        (x, y) => page.mouse.move(x, y),
        () => readCanvas(page),
      );
    });
  });

/** Software GL, which the test browsers draw with, reports its own stalls; a visitor's GPU does not. */
const SOFTWARE_GL = /GL Driver Message/;

describe('the console on a visit', () => {
  for (const path of PATHS)
    it(`stays free of warnings and errors through the canvas's first frame, drawn ${path.path === 'worker' ? 'in a worker' : 'in the page'}`, async () => {
      // A visitor's load: the service worker registers (the other tests block it).
      const { page, problems } = await openPage(browser(), {
        viewport: PHONE,
        serviceWorkers: 'allow',
      });
      // The page's console, which Playwright also gives the worker's messages.
      const said: string[] = [];
      page.on('console', (m) => {
        if (/^(warning|error)$/.test(m.type()) && !SOFTWARE_GL.test(m.text()))
          said.push(`${m.type()}: ${m.text()}`);
      });
      await page.goto(`${baseURL()}/${path.query ? `?${path.query}` : ''}`, { waitUntil: 'load' });
      await waitForCanvas(page);
      await expect(
        page.locator('.title-canvas').getAttribute('data-path'),
        'the path that draws the title',
      ).resolves.toBe(path.path);
      expect(said).toEqual([]);
      expect(problems).toEqual([]);
    });
});

describe('where a worker cannot render', () => {
  it('draws the lit title in the page when its worker gets no WebGL context, and says why', async () => {
    const { page, problems, requests } = await openPage(browser(), {
      viewport: { width: 1440, height: 900 },
    });
    const warnings: string[] = [];
    page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
    // The worker's canvases give no context, as in WebKit and in Safari before WebGL in workers.
    await page.route(/\/title\.worker-[^/]*\.js$/, async (route) => {
      const response = await route.fetch();
      const body = `OffscreenCanvas.prototype.getContext = () => null;\n${await response.text()}`;
      await route.fulfill({ response, body });
    });
    await page.goto(`${baseURL()}/`, { waitUntil: 'load' });
    await waitForCanvas(page);
    expect(
      requests.some((r) => /title\.worker/.test(r)),
      'the worker was tried',
    ).toBe(true);
    await expect(page.locator('.title-canvas').getAttribute('data-path')).resolves.toBe('page');
    // The page's own canvas holds the context, and its light follows the pointer.
    const inPage = await page.evaluate(
      () =>
        document.querySelector<HTMLCanvasElement>('.title-canvas canvas')?.getContext('webgl2') !==
        null,
    );
    expect(inPage).toBe(true);
    expect(warnings.some((w) => /cannot be drawn in a worker/.test(w))).toBe(true);
    await showOnlyCanvas(page);
    await expectLightFollows(
      (x, y) => page.mouse.move(x, y),
      () => readCanvas(page),
      1440,
    );
    expect(problems).toEqual([]);
  });

  it('never loads the worker with ?offscreen=0', async () => {
    const { requests } = await openTitle({ width: 1440, height: 900 }, PATHS[1]);
    expect(requests.some((r) => /title\.worker/.test(r))).toBe(false);
  });
});

describe('the scroll-down button', () => {
  it('scrolls exactly one viewport height and is gone at half a viewport', async () => {
    const { page } = await openPage(browser(), { viewport: { width: 1280, height: 800 } });
    await page.goto(`${baseURL()}/`, { waitUntil: 'load' });
    const button = page.getByRole('button', { name: 'Scroll down' });
    const size = await button.boundingBox();
    expect(size!.width).toBeCloseTo(48, 0);
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(800);
    await page.evaluate(() => window.scrollTo({ top: 200, behavior: 'instant' }));
    await expect
      .poll(() => button.getAttribute('data-diameter'))
      .toBe(scrollButtonDiameter(200, 800).toFixed(4));
    await page.evaluate(() => window.scrollTo({ top: 400, behavior: 'instant' }));
    await expect.poll(() => button.isHidden()).toBe(true);
    await expect(page.locator('.scroll-down').getAttribute('tabindex')).resolves.toBe('-1');
  });

  it('pulses three times as one animation, in whole pixels, with no iteration event for the page to handle', async () => {
    const { page } = await openPage(browser(), { viewport: { width: 1280, height: 800 } });
    await page.goto(`${baseURL()}/`, { waitUntil: 'load' });
    const pulse = await page.evaluate(() => {
      const [ring] = document
        .getAnimations()
        .filter((a) => (a.effect as KeyframeEffect).pseudoElement === '::before');
      const timing = ring!.effect!.getComputedTiming();
      const button = document.querySelector('.scroll-down')!;
      const unscaled = button.getBoundingClientRect().width / 2;
      // The ring at a time of the animation: its opacity, and its radius in px (a scale).
      const at = (ms: number) => {
        ring!.currentTime = ms;
        const { opacity, transform } = getComputedStyle(button, '::before');
        const scale = new DOMMatrixReadOnly(transform === 'none' ? undefined : transform).a;
        return { opacity: Math.round(Number(opacity) * 10) / 10, radius: scale * unscaled };
      };
      const drawn = (ms: number) => at(ms).opacity;
      const radii = Array.from({ length: 169 }, (_, i) => at(i * 10).radius);
      // Fully drawn at each pulse's start, gone between them.
      return {
        iterations: timing.iterations,
        starts: [0, 2410, 4810].map(drawn),
        between: [2000, 4400, 7000].map(drawn),
        radii,
      };
    });
    const { radii, ...shape } = pulse;
    expect(shape).toEqual({ iterations: 1, starts: [1, 1, 1], between: [0, 0, 0] });
    // One pulse grows the ring in whole-pixel steps, and draws nothing between them.
    const changes = radii
      .slice(1)
      .flatMap((r, i) => (r === radii[i] ? [] : [{ px: r - radii[i]!, ms: (i + 1) * 10 }]));
    // 24 px to 42 px (a 3rem ring grown by 1.75): 18 steps, the last one at the pulse's end.
    expect(changes).toHaveLength(18);
    for (const { px } of changes) expect(px).toBeCloseTo(1, 1);
    // Easing out: half the way in the first third of the time, the steps slower and slower.
    const gap = (i: number) => changes[i + 1]!.ms - changes[i]!.ms;
    expect(changes[8]!.ms).toBeLessThanOrEqual(570);
    expect(gap(0)).toBeLessThan(gap(10));
    expect(gap(10)).toBeLessThan(gap(16));
  });

  it('takes a press made before the app has loaded, once it has', async () => {
    const { page, problems } = await openPage(browser(), {
      viewport: { width: 1280, height: 800 },
    });
    // Hold the app's module (src/main.tsx, fetched by src/boot.ts after the first paint).
    const app = await holdApp(page);
    await page.goto(`${baseURL()}/`, { waitUntil: 'domcontentloaded' });
    await expect.poll(app.asked).toBe(true);
    await page.getByRole('button', { name: 'Scroll down' }).click();
    await afterFrames(page);
    await expect(page.evaluate(() => window.scrollY)).resolves.toBe(0);
    app.release();
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5000 }).toBe(800);
    expect(problems).toEqual([]);
  });

  it('works from the keyboard', async () => {
    const { page } = await openPage(browser(), {
      viewport: { width: 1280, height: 800 },
      reducedMotion: 'reduce',
    });
    await page.goto(`${baseURL()}/`, { waitUntil: 'load' });
    await page.getByRole('button', { name: 'Scroll down' }).focus();
    await page.keyboard.press('Enter');
    // Pressed before the app runs, the press is held for it (src/earlyPresses.ts).
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(800);
  });
});

describe('the title on a phone, scrolled to the pin', () => {
  it('joins its two lines with no word over the other, and the tagline fades before it meets them', async () => {
    const { page, problems } = await openPage(browser(), { viewport: PHONE });
    await page.goto(`${baseURL()}/?webgl=0`, { waitUntil: 'load' });
    await expect.poll(() => page.locator('.hero').getAttribute('data-lines')).toBe('2');
    await page.evaluate(() => document.fonts.ready);
    const seen = { apart: 0, closing: 0, faded: 0 };
    for (let y = 0; y <= PHONE.height; y += 12) {
      const { words, tagline } = await page.evaluate(async (top) => {
        window.scrollTo({ top, behavior: 'instant' });
        for (let i = 0; i < 2; i++) await new Promise(requestAnimationFrame);
        const box = (e: Element) => {
          const r = e.getBoundingClientRect();
          return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
        };
        const line = document.querySelectorAll('.hero__title-text .hero__word');
        const p = document.querySelector('.hero__tagline')!;
        return {
          words: [...line].map(box),
          tagline: { ...box(p), opacity: Number(getComputedStyle(p).opacity) },
        };
      }, y);
      const [a, b] = words as [(typeof words)[0], (typeof words)[0]];
      const overlap = (r: typeof a, q: typeof a) =>
        Math.max(0, Math.min(r.right, q.right) - Math.max(r.left, q.left)) *
        Math.max(0, Math.min(r.bottom, q.bottom) - Math.max(r.top, q.top));
      // The words' line boxes (1.2 em tall) touch while the lines are apart, never overlap.
      expect(overlap(a, b), `the first line's word over the second's at ${y} px`).toBeLessThan(2);
      if (a.bottom - 1 > b.top) seen.closing++;
      else seen.apart++;
      if (overlap(tagline, a) + overlap(tagline, b) > 0)
        expect(tagline.opacity, `the tagline over the title at ${y} px`).toBe(0);
      if (tagline.opacity === 0) seen.faded++;
    }
    // Both steps were seen, and the tagline went before the page carried it into the title.
    expect(seen.apart).toBeGreaterThan(5);
    expect(seen.closing).toBeGreaterThan(5);
    expect(seen.faded).toBeGreaterThan(5);
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await expect
      .poll(() => page.locator('.hero__tagline').evaluate((e) => getComputedStyle(e).opacity))
      .toBe('1');
    expect(problems).toEqual([]);
  });
});

describe('the pinned title and the keyboard', () => {
  it('never hides what the keyboard focuses under the pinned title, tabbing back up the page', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const { page } = await openPage(browser(), { viewport });
      await page.goto(`${baseURL()}/`, { waitUntil: 'networkidle' });
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.locator('footer a').first().focus();
      const seen: string[] = [];
      for (let i = 0; i < 12; i++) {
        await page.keyboard.press('Shift+Tab');
        const focused = await page.evaluate(async () => {
          for (let k = 0; k < 2; k++) await new Promise(requestAnimationFrame);
          const e = document.activeElement!;
          const band = document.querySelector('.hero__band')!.getBoundingClientRect();
          return {
            name: `${e.tagName} ${(e.textContent ?? '').trim().slice(0, 20)}`,
            inMain: e.closest('#main') !== null,
            top: e.getBoundingClientRect().top,
            // The band is opaque down to 2.5rem above its bottom, then fades out.
            covered: band.bottom - 40,
          };
        });
        if (!focused.inMain) break;
        seen.push(focused.name);
        expect(focused.top, `${viewport.width} px: ${focused.name}`).toBeGreaterThanOrEqual(
          focused.covered,
        );
      }
      // Back through the form and up past the cards' links.
      expect(seen.filter((n) => n.startsWith('A ')).length).toBeGreaterThanOrEqual(3);
    }
  });
});

/** Where each word of the DOM title is drawn, in viewport px. */
const wordBoxes = (page: Page) =>
  page.$$eval('.hero__title-text .hero__word', (words) =>
    words.map((w) => {
      const r = w.getBoundingClientRect();
      return { left: r.left, top: r.top, width: r.width, height: r.height };
    }),
  );

describe('the title size, from the widths the build measured', () => {
  for (const [name, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`is the same before the app and after it on a ${name}: no word moves when it takes over`, async () => {
      const { page, problems } = await openPage(browser(), { viewport });
      const app = await holdApp(page);
      await page.goto(`${baseURL()}/?webgl=0`, { waitUntil: 'load' });
      await page.evaluate(() => document.fonts.ready);
      const before = await wordBoxes(page);
      app.release();
      await page.waitForFunction(
        () => 'live' in document.querySelector<HTMLElement>('.hero__title-box')!.dataset,
      );
      await afterFrames(page);
      const after = await wordBoxes(page);
      console.log(
        `[figures] title words on a ${name}, first paint → app: ${before.map((b, i) => `${b.width.toFixed(2)} → ${after[i]!.width.toFixed(2)} px wide`).join(', ')}`,
      );
      expect(after).toHaveLength(before.length);
      const moved = Math.max(
        ...before.flatMap((b, i) =>
          (['left', 'top', 'width', 'height'] as const).map((k) => Math.abs(after[i]![k] - b[k])),
        ),
      );
      console.log(`[figures] the most a word's edge moved on a ${name}: ${moved.toFixed(3)} px`);
      // Within a tenth of a pixel: the build's widths are the browser's own.
      expect(moved).toBeLessThan(0.1);
      expect(problems).toEqual([]);
    });
  }

  it("is measured in the font that draws it when the title's own fonts do not load", async () => {
    const { page, problems } = await openPage(browser(), { viewport: DESKTOP });
    await page.route(/\/assets\/(title|syne)-[^/]*\.woff2?$/, (route) => route.abort());
    await page.goto(`${baseURL()}/?webgl=0`, { waitUntil: 'load' });
    await page.waitForFunction(
      () => 'live' in document.querySelector<HTMLElement>('.hero__title-box')!.dataset,
    );
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await afterFrames(page);
    const text = await page.locator('.hero__title-text').boundingBox();
    const margin = Math.max(TITLE_MARGIN_MIN_PX, DESKTOP.width * TITLE_MARGIN_SHARE);
    console.log(
      `[figures] the title in a fallback font: ${text!.width.toFixed(1)} px wide in ${DESKTOP.width - 2 * margin} px of room`,
    );
    // The start size fills the room between the margins with the name, in whatever font draws it:
    // a metric-matched fallback of Syne, sized by the widths of Syne itself, would overflow by 4 px.
    expect(Math.abs(text!.x - margin)).toBeLessThan(1);
    expect(Math.abs(text!.width - (DESKTOP.width - 2 * margin))).toBeLessThan(1);
    expect(problems.filter((p) => !/woff2|Failed to load resource/.test(p))).toEqual([]);
  });
});

describe('fallbacks', () => {
  it('shows the outlined DOM title with ?webgl=0, with no canvas and no console error', async () => {
    const { page, problems, requests } = await openPage(browser());
    await page.goto(`${baseURL()}/?webgl=0`, { waitUntil: 'networkidle' });
    // The app has taken the title over and drawn what it decided.
    await page.waitForFunction(
      () => 'live' in document.querySelector<HTMLElement>('.hero__title-box')!.dataset,
    );
    await afterFrames(page);
    await expect(page.locator('#hero-title').getAttribute('data-mode')).resolves.toBe('dom');
    await expect(page.locator('canvas').count()).resolves.toBe(0);
    expect(requests.some((r) => /TitleCanvas/.test(r))).toBe(false);
    const stroke = await page
      .locator('#hero-title')
      .evaluate((el) => getComputedStyle(el).webkitTextStrokeColor);
    expect(stroke).not.toBe('rgba(0, 0, 0, 0)');
    await screenshot(page, 'title-dom-fallback-desktop', '.hero');
    expect(problems).toEqual([]);
  });
});

/**
 * Until the title is still: for `n` animation frames in a row, no canvas frame drawn, the light not
 * moving (the worker's reports: tests/browser/titleReports.ts) and no animation playing. A canvas in a worker draws by the page's clock: while its light
 * moves, the page hands it the time on each of its frames.
 */
async function untilStill(page: Page, n = 10) {
  const stillFor = (n: number) =>
    new Promise<boolean>((resolve) => {
      const reports = window.__titleReports!;
      const drawn = reports.frames;
      const still = () =>
        reports.frames === drawn &&
        !reports.light?.moving &&
        document.getAnimations().every((a) => a.playState !== 'running');
      let left = n;
      const tick = () => {
        if (!still()) resolve(false);
        else if (--left <= 0) resolve(true);
        else requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
  await expect.poll(() => page.evaluate(stillFor, n), { timeout: 30_000 }).toBe(true);
}

describe('rendering on demand', () => {
  it('React commits nothing during the sweep nor while the pointer crosses the title, and no frame is drawn while the page is still', async () => {
    const { page } = await openPage(browser(), { viewport: { width: 1440, height: 900 } });
    const held = await openWithSweepHeld(page, `${baseURL()}/`);
    await held.release();
    const sweep = await appSweep(page);
    console.log(
      `[figures] sweep led by the app: ${Math.round(sweep.to - sweep.from)} ms, React commits during it: ${sweep.commits}`,
    );
    // The counted window holds most of the sweep (2 px/ms across the title: ~0.8 s).
    expect(sweep.to - sweep.from).toBeGreaterThan(300);
    expect(sweep.allCommits, 'the hydration, counted').toBeGreaterThan(0);
    expect(sweep.commits).toBe(0);

    await waitForCanvas(page);
    // The light follows the pointer across the title frame by frame, with no React render.
    const box = (await page.locator('#hero-title').boundingBox())!;
    const y = box.y + box.height / 2;
    const before = await reactCommits(page);
    const framesBefore = await page.evaluate(() => window.__titleReports!.frames);
    for (let i = 0; i <= 30; i++) {
      await page.mouse.move(box.x - 20 + ((box.width + 40) * i) / 30, y);
      await afterFrames(page, 1);
    }
    const pointerFrames = (await page.evaluate(() => window.__titleReports!.frames)) - framesBefore;
    const pointerCommits = (await reactCommits(page)) - before;
    console.log(
      `[figures] pointer across the title: ${pointerFrames} canvas frames, ${pointerCommits} React commits`,
    );
    expect(pointerFrames, 'the canvas followed the pointer').toBeGreaterThan(0);
    expect(pointerCommits).toBe(0);

    await page.mouse.move(10, 890);
    // The title's width is measured once the fonts are in: a change of what is drawn, not stillness.
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await untilStill(page);
    const still = await page.evaluate(() => window.__titleReports!.frames);
    // Still for 300 of the page's frames (5 s at 60 Hz): a frame loop would draw in each.
    await afterFrames(page, 300);
    const after = await page.evaluate(() => window.__titleReports!.frames);
    console.log(`[figures] canvas frames drawn during 300 still frames: ${after - still}`);
    expect(after - still).toBe(0);
  });

  it('draws no canvas frame and writes no title style while the page scrolls below the pinned title', async () => {
    const { page } = await openPage(browser(), { viewport: { width: 1440, height: 900 } });
    await page.goto(`${baseURL()}/`, { waitUntil: 'load' });
    await waitForCanvas(page);
    await page.mouse.move(700, 500);
    await page.evaluate(() => window.scrollTo(0, innerHeight));
    // Pinned and still.
    await untilStill(page);
    const frames = await page.evaluate(() => {
      const w = window as unknown as { titleWrites: number };
      w.titleWrites = 0;
      const observer = new MutationObserver((records) => (w.titleWrites += records.length));
      for (const el of document.querySelectorAll('.hero, .title-canvas'))
        observer.observe(el, { attributes: true, subtree: true });
      return window.__titleReports!.frames;
    });
    for (let i = 0; i < 30; i++) {
      await page.mouse.wheel(0, 60);
      await afterFrames(page, 1);
    }
    await scrollStill(page);
    const after = await page.evaluate(() => ({
      frames: window.__titleReports!.frames,
      writes: (window as unknown as { titleWrites: number }).titleWrites,
      below: scrollY - innerHeight,
    }));
    expect(after.below, 'scrolled on below the pin').toBeGreaterThan(1000);
    expect(after.frames - frames, 'canvas frames').toBe(0);
    expect(after.writes, 'attributes written in the title').toBe(0);
  });
});
