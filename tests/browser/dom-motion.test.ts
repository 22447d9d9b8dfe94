/**
 * The DOM's motion in Chromium (docs/dom-motion.md): what is never held back (no JavaScript, the
 * app's chunk failing, the prerendered HTML, reduced motion), a reveal seen half-way with no
 * React commit per frame, the banner's frame and its alert, no paint while the pointer is still,
 * a finger's light, and a route change with no React commit per frame.
 * The cross-engine checks are in tests/engines/dom-motion.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseURL, DESKTOP, openPage, PHONE, SCREENSHOT_DIR, sharedBrowser } from './browser';
import { LIGHT_COLORS } from '../../src/title/model/titleLook';
import { waitForCanvas } from '../shared/canvasTakeover';
import { afterFrames, countEdgeWrites, scrollStill } from '../shared/pages';

const browser = sharedBrowser();

/** Waits until the app has taken over the home page: the hero is live, the edge light on. */
const appLive = (page: Page) =>
  page.locator('.hero__title-box[data-live]').waitFor({ state: 'attached' });

/** What the reveals move: the welcome text, the Projects heading, the cards, contact, the footer. */
const MOVED = ['.welcome', '#projects-title', '.projects-grid > li', '#contact', 'footer'];

/** Every moved element's computed opacity and transform. */
async function looks(page: Page) {
  return page.evaluate((selectors) => {
    return selectors.flatMap((s) =>
      [...document.querySelectorAll(s)].map((e) => {
        const css = getComputedStyle(e);
        return { s, opacity: css.opacity, transform: css.transform };
      }),
    );
  }, MOVED);
}

const allShown = (list: { opacity: string; transform: string }[]) =>
  list.length >= MOVED.length + 3 && list.every((l) => l.opacity === '1' && l.transform === 'none');

/** Counts React commits through the DevTools hook React calls on each. */
function countCommits() {
  const w = window as unknown as Record<string, unknown>;
  const commits: number[] = [];
  w.__commits = commits;
  w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    renderers: new Map(),
    supportsFiber: true,
    isDisabled: false,
    inject: () => 1,
    onCommitFiberRoot: () => commits.push(performance.now()),
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onScheduleFiberRoot() {},
    checkDCE() {},
  };
}

/** Waits until React has committed nothing for `ms` (lazy parts of the page have settled). */
async function settled(page: Page, ms = 1_500): Promise<void> {
  await page.waitForFunction(
    (quiet) => {
      const commits = (window as unknown as { __commits: number[] }).__commits;
      return performance.now() - (commits.at(-1) ?? 0) > quiet;
    },
    ms,
    { timeout: 20_000, polling: 250 },
  );
}

/** A computed colour, rgb(a) or CSS Color 4's color(srgb …), as 0–255 channels and an alpha. */
function channels(colour: string): number[] {
  const srgb = /color\(srgb ([\d.]+) ([\d.]+) ([\d.]+)(?: \/ ([\d.]+))?\)/.exec(colour);
  if (srgb) {
    const [r, g, b] = srgb.slice(1, 4).map((v) => Math.round(Number(v) * 255));
    return [r!, g!, b!, Number(srgb[4] ?? 1)];
  }
  const [r = NaN, g = NaN, b = NaN, a = 1] = (colour.match(/[\d.]+/g) ?? []).map(Number);
  return [r, g, b, Math.round(a * 100) / 100];
}

const hex = (h: string) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));

describe('sections coming into view, in Chromium', () => {
  it('shows every section with JavaScript off, and the prerendered HTML hides nothing', async () => {
    const html = await (await fetch(`${baseURL()}/`)).text();
    expect(html).not.toContain('data-reveal');
    const { page } = await openPage(browser(), { javaScriptEnabled: false });
    await page.goto(`${baseURL()}/`);
    expect(allShown(await looks(page))).toBe(true);
  });

  it('shows every section when the app’s chunk fails to load', async () => {
    const { page } = await openPage(browser());
    await page.route('**/assets/main-*.js', (route) => route.abort());
    const failed = page.waitForEvent('requestfailed', (r) => /\/assets\/main-/.test(r.url()));
    await page.goto(`${baseURL()}/`, { waitUntil: 'load' });
    // The app's chunk has failed, and the page has drawn what follows.
    await failed;
    await afterFrames(page);
    expect(allShown(await looks(page))).toBe(true);
  });

  it('lets buttons act on their own when React’s runtime fails to load, and says why', async () => {
    const { page, problems } = await openPage(browser());
    await page.route('**/assets/domRuntime-*.js', (route) => route.abort());
    await page.goto(`${baseURL()}/`, { waitUntil: 'load' });
    await expect.poll(() => problems.some((p) => p.includes('The app could not start'))).toBe(true);
    // Presses are no longer held for an app that will not come (src/earlyPresses.ts).
    await page.evaluate(() =>
      document.addEventListener('click', () => document.body.setAttribute('data-clicked', '')),
    );
    await page.getByRole('button', { name: 'Scroll down' }).click();
    await expect(page.locator('body').getAttribute('data-clicked')).resolves.toBe('');
    expect(allShown(await looks(page))).toBe(true);
  });

  it('moves and transforms nothing under reduced motion, through the whole page and a card’s hover', async () => {
    const { page, problems } = await openPage(browser(), { reducedMotion: 'reduce' });
    await page.goto(`${baseURL()}/`, { waitUntil: 'load' });
    await appLive(page);
    const height = await page.evaluate(() => document.body.scrollHeight);
    for (let y = 0; y < height; y += 400) {
      await page.mouse.wheel(0, 400);
      await scrollStill(page);
      expect(allShown(await looks(page)), `at ${y}`).toBe(true);
    }
    expect(await page.locator('[data-reveal="held"]').count()).toBe(0);
    await page.locator('.card').first().hover();
    await afterFrames(page, 5);
    // No lift, and the edges lit evenly and still: the ring's one colour, no glow, nothing written.
    const card = await page
      .locator('.card')
      .first()
      .evaluate((e) => ({
        transform: getComputedStyle(e).transform,
        lit: e.hasAttribute('data-edge-lit'),
        ringDrawn: getComputedStyle(e, '::after').content,
        ring: getComputedStyle(e, '::after').backgroundImage,
        ringColour: getComputedStyle(e, '::after').backgroundColor,
        glows: [...e.querySelectorAll('.edge-light')].filter(
          (g) => getComputedStyle(g).display !== 'none',
        ).length,
      }));
    expect({ ...card, ringColour: channels(card.ringColour) }).toEqual({
      transform: 'none',
      lit: false,
      ringDrawn: '""',
      ring: 'none',
      // The title light's first hue at 45 %.
      ringColour: [...hex(LIGHT_COLORS.hueA), 0.45],
      glows: 0,
    });
    expect(problems).toEqual([]);
  });

  for (const [label, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`lets the cards rise one after another at ${label} size, with no React commit per frame`, async () => {
      const { page } = await openPage(browser(), { viewport });
      await page.addInitScript(countCommits);
      // The cards' arrow player arrives as they come near (a commit per card, not per frame):
      // kept out here, so that every commit counted is the reveal's.
      await page.route('**/assets/LottieAnimation-*.js', (route) => route.abort());
      await page.goto(`${baseURL()}/`, { waitUntil: 'load' });
      await page.waitForFunction(
        () => document.querySelector('.projects-grid')?.getAttribute('data-reveal') === 'held',
      );
      await settled(page);
      // The grid's top edge just inside the viewport: as a visitor scrolling down would see it.
      const before = await page.evaluate(
        () => (window as unknown as { __commits: number[] }).__commits.length,
      );
      await page.locator('.projects-grid').evaluate((e) => {
        const top = e.getBoundingClientRect().top + scrollY;
        window.scrollTo({ top: top - innerHeight + 40, behavior: 'instant' });
      });
      await page.waitForFunction(
        () =>
          Number(getComputedStyle(document.querySelector('.projects-grid > li')!).opacity) > 0.3,
      );
      const middle = await page.evaluate(() =>
        [...document.querySelectorAll('.projects-grid > li')].map((e) =>
          Number(getComputedStyle(e).opacity),
        ),
      );
      await page.screenshot({ path: `${SCREENSHOT_DIR}/reveal-${label}.png` });
      await page.waitForFunction(() =>
        [...document.querySelectorAll('.projects-grid > li')].every(
          (e) => getComputedStyle(e).opacity === '1' && getComputedStyle(e).transform === 'none',
        ),
      );
      // One after another: the first card is further on than the last, half-way.
      expect(middle[0]!, JSON.stringify(middle)).toBeGreaterThan(middle.at(-1)!);
      const commits = await page.evaluate(
        () => (window as unknown as { __commits: number[] }).__commits.length,
      );
      // One commit as the grid comes into view (useInView's flag), none per frame.
      expect(commits - before).toBeLessThanOrEqual(1);
    });
  }
});

describe('sections drawn only near the viewport (content-visibility), in Chromium', () => {
  for (const [label, viewport] of [
    ['phone', PHONE],
    ['tablet', { width: 800, height: 900 }],
    ['desktop', DESKTOP],
  ] as const)
    it(`leaves the contact section undrawn until near, and a reload half-way down or at the end lands where it was, at ${label} size`, async () => {
      const { page, problems } = await openPage(browser(), { viewport });
      await page.goto(`${baseURL()}/?webgl=0`, { waitUntil: 'load' });
      // Whether each section's content is drawn (false: skipped by content-visibility: auto).
      const drawn = () =>
        page.evaluate(() =>
          ['#projects .card', '#contact form'].map((s) =>
            document.querySelector(s)!.checkVisibility({ contentVisibilityAuto: true }),
          ),
        );
      // Chromium draws what lies within 150 % of a viewport's height below it: on a phone, not the
      // contact section.
      if (label === 'phone') expect((await drawn())[1]).toBe(false);
      const top = () =>
        page.evaluate(() => document.getElementById('contact-title')!.getBoundingClientRect().top);
      // The app has taken the page over after a reload, and the scroll has come to rest.
      const liveAndStill = async () => {
        await appLive(page);
        await scrollStill(page);
      };
      await page.evaluate(() =>
        document.getElementById('contact-title')!.scrollIntoView({ behavior: 'instant' }),
      );
      await expect.poll(async () => (await drawn())[1]).toBe(true);
      await scrollStill(page);
      const before = await top();
      await page.reload({ waitUntil: 'load' });
      await liveAndStill();
      // Whatever is skipped above is sized by its estimate: the restored place must hold.
      expect(Math.abs((await top()) - before)).toBeLessThan(40);
      const footer = () =>
        page.evaluate(() => document.querySelector('.footer')!.getBoundingClientRect().top);
      await page.evaluate(() =>
        window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }),
      );
      await scrollStill(page);
      const atEnd = await footer();
      await page.reload({ waitUntil: 'load' });
      await liveAndStill();
      expect(Math.abs((await footer()) - atEnd)).toBeLessThan(40);
      expect(problems).toEqual([]);
    });
});

describe('the page-wide light, in Chromium', () => {
  it('costs no React commit while the pointer crosses the cards, and no paint while it is still', async () => {
    const { page } = await openPage(browser());
    await page.addInitScript(countCommits);
    // The arrow player's arrival is a commit per card, on no frame of the light's: kept out.
    await page.route('**/assets/LottieAnimation-*.js', (route) => route.abort());
    await page.goto(`${baseURL()}/#projects`, { waitUntil: 'load' });
    await appLive(page);
    await settled(page);
    // Unlit, no edge has glows yet (nothing to style, lay out or paint); lit, both glows show.
    const drawn = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('[data-edge-light]')].map(
          (e) =>
            [...e.querySelectorAll('.edge-light__glow')]
              .map((g) => getComputedStyle(g).opacity)
              .join(' ') || 'none',
        ),
      );
    expect(new Set(await drawn())).toEqual(new Set(['none']));
    const card = (await page.locator('.card').nth(1).boundingBox())!;
    const count = () =>
      page.evaluate(() => (window as unknown as { __commits: number[] }).__commits.length);
    const before = await count();
    const writes = await countEdgeWrites(page);
    for (let i = 0; i <= 40; i++) await page.mouse.move(card.x + (card.width * i) / 40, card.y + 6);
    await expect.poll(writes).toBeGreaterThan(0);
    await expect.poll(drawn).toContain('1 1');
    // On a loaded machine the page may take the last moves late: still means no write for 1 s.
    let last = -1;
    await expect
      .poll(
        async () => {
          const now = await writes();
          const settled = now === last;
          last = now;
          return settled;
        },
        { interval: 1_000 },
      )
      .toBe(true);
    // The light has taken every move, and no move cost a commit.
    expect(await count()).toBe(before);
    // Still: nothing painted (Chrome's own record of the frames it painted).
    await page
      .context()
      .browser()!
      .startTracing(page, { categories: ['devtools.timeline'] });
    // Still for 120 of the page's frames (2 s at 60 Hz): an answer to any move would paint in one.
    await afterFrames(page, 120);
    const trace = JSON.parse((await page.context().browser()!.stopTracing()).toString()) as {
      traceEvents: { name: string }[];
    };
    expect(await writes()).toBe(last);
    expect(trace.traceEvents.filter((e) => e.name === 'Paint').length).toBe(0);
  });
});

describe('the page-wide light under a finger, in Chromium', () => {
  it('follows the finger while it is down, also while it scrolls the page, and goes when it lifts', async () => {
    const { page } = await openPage(browser(), { viewport: PHONE, hasTouch: true, isMobile: true });
    await page.goto(`${baseURL()}/#projects`, { waitUntil: 'load' });
    await appLive(page);
    const card = (await page.locator('.card').nth(1).boundingBox())!;
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: string, x = 0, y = 0) =>
      cdp.send('Input.dispatchTouchEvent', {
        type: type as 'touchStart',
        touchPoints: type === 'touchEnd' ? [] : [{ x, y }],
      });
    // Whether the card is lit, where its ring's glow is, and the page's scroll.
    const edge = () =>
      page.evaluate(() => {
        const card = document.querySelectorAll<HTMLElement>('.card')[1]!;
        const glow = card.querySelector<HTMLElement>('.edge-light--ring .edge-light__glow');
        return [card.hasAttribute('data-edge-lit'), glow?.style.transform ?? '', scrollY];
      });
    const x = card.x + card.width * 0.8;
    const y = card.y + 40;
    await touch('touchStart', x, y);
    await expect.poll(() => edge().then((e) => e[0])).toBe(true);
    const down = await edge();
    // Up the screen: the page scrolls (the pointer events end there: pointercancel).
    for (let i = 1; i <= 8; i++) {
      await touch('touchMove', x - i * 6, y - i * 12);
      await afterFrames(page, 2);
    }
    await scrollStill(page);
    const moved = await edge();
    expect(moved[2], 'the page scrolled').toBeGreaterThan(down[2] as number);
    expect(moved[0], 'the light followed the finger').toBe(true);
    expect(moved[1]).not.toEqual(down[1]);
    await touch('touchEnd');
    await expect.poll(() => edge().then((e) => e[0])).toBe(false);
  });
});

describe('the contact form’s banner, in Chromium', () => {
  it('opens its frame to the banner’s height, with the text in its alert region', async () => {
    const { page } = await openPage(browser());
    await page.goto(`${baseURL()}/#contact`, { waitUntil: 'load' });
    await appLive(page);
    const frame = page.locator('.contact-form__banner-frame');
    expect(await frame.evaluate((e) => e.getBoundingClientRect().height)).toBe(0);
    await page.locator('button.contact-form__send').click();
    await expect
      .poll(() => page.locator('#contact-banner [role=alert]').textContent())
      .toContain('Please enter your full name.');
    await expect
      .poll(() =>
        frame.evaluate((e) => [getComputedStyle(e).opacity, e.getBoundingClientRect().height]),
      )
      .toEqual([
        '1',
        await page
          .locator('.contact-form__banner-space')
          .evaluate((e) => e.getBoundingClientRect().height),
      ]);
    // Announced: an alert in the accessibility tree that screen readers are given.
    expect(await page.locator('#contact-banner').ariaSnapshot()).toContain(
      'alert: Please enter your full name.',
    );
  });
  it('opens from the frame after the press, so the press paints no form moved down', async () => {
    const { page } = await openPage(browser());
    await page.goto(`${baseURL()}/#contact`, { waitUntil: 'load' });
    await appLive(page);
    // Frames counted by a loop that runs first in each frame; the press and the frame's first
    // height written, each noted with the frame count it happened in.
    await page.evaluate(() => {
      const w = window as unknown as { __seen: { frame: number; press?: number; opened?: number } };
      const seen = (w.__seen = { frame: 0 } as typeof w.__seen);
      const tick = () => {
        seen.frame++;
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
      document.addEventListener('click', () => (seen.press ??= seen.frame), { capture: true });
      const frame = document.querySelector<HTMLElement>('.contact-form__banner-frame')!;
      new MutationObserver(() => {
        if (parseFloat(frame.style.height) > 0) seen.opened ??= seen.frame;
      }).observe(frame, { attributes: true, attributeFilter: ['style'] });
    });
    await page.locator('button.contact-form__send').click();
    const opened = await page.waitForFunction(() => {
      const { press, opened } = (window as unknown as { __seen: Record<string, number> }).__seen;
      return opened === undefined ? false : { press, opened };
    });
    const seen = (await opened.jsonValue()) as { press: number; opened: number };
    // The press lands between frames `press` and `press + 1`; the frame that follows it paints
    // the fields' marks and the focus, and the banner opens in a frame after that one.
    expect(seen.opened).toBeGreaterThan(seen.press + 1);
  });
});

describe('the route transition, in Chromium', () => {
  it('fades from / to /privacypolicy and back with no React commit per frame', async () => {
    const { page, problems } = await openPage(browser(), { viewport: DESKTOP });
    await page.addInitScript(countCommits);
    await page.goto(`${baseURL()}/`, { waitUntil: 'load' });
    // The canvas's mount and takeover are commits of their own: over before the route changes.
    await waitForCanvas(page);
    for (const [link, path] of [
      ['footer a[href="/privacypolicy"]', '/privacypolicy'],
      ['.topbar__home', '/'],
    ] as const) {
      // The link in view and every section there shown: their reveals' commits are not the route's.
      await page.locator(link).scrollIntoViewIfNeeded();
      await settled(page);
      // Each frame until the new page is whole again: the page's opacity, and whether React
      // committed since the frame before (those before the click are whole, so never fading).
      const played = page.evaluate((to) => {
        const w = window as unknown as { __commits: number[] };
        const frames: { opacity: number; committed: boolean }[] = [];
        let seen = w.__commits.length;
        return new Promise<typeof frames>((done) => {
          const tick = () => {
            const opacity = Number(getComputedStyle(document.getElementById('root')!).opacity);
            frames.push({ opacity, committed: w.__commits.length > seen });
            seen = w.__commits.length;
            if (location.pathname === to && opacity === 1 && frames.some((f) => f.opacity < 1))
              done(frames);
            else requestAnimationFrame(tick);
          };
          requestAnimationFrame(tick);
        });
      }, path);
      await page.click(link);
      const frames = await played;
      // React commits for the route's change, the swap of the pages and a page's late chunk: a
      // few, at those moments. A render per frame would commit on nearly every frame of the fade.
      const fading = frames.filter((f) => f.opacity > 0 && f.opacity < 1);
      const report = `${path}: ${fading.filter((f) => f.committed).length} of ${fading.length} fading frames with a commit`;
      expect(fading.length, report).toBeGreaterThanOrEqual(4);
      expect(fading.filter((f) => f.committed).length, report).toBeLessThanOrEqual(2);
      console.log(`[figures] ${report}`);
    }
    expect(problems).toEqual([]);
  });
});
