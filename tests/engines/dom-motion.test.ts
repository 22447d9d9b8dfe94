/**
 * The DOM's motion (docs/dom-motion.md) in the engine of this project (Chromium, Firefox,
 * WebKit): sections held back below the fold and shown once scrolled to, the page-wide light on
 * a card's edge and nothing written while the pointer is still, the route transition's end.
 */
import { describe, expect, it } from 'vitest';
import { DESKTOP, engineUnderTest, sharedEngine, type EnginePage } from './engine';
import { afterFrames, countEdgeWrites } from '../shared/pages';

const engine = engineUnderTest();
const open = sharedEngine();

/** Opacity and transform of an element, as computed. */
const look = (selector: string) => {
  const element = document.querySelector(selector);
  if (!element) return null;
  const css = getComputedStyle(element);
  return {
    opacity: css.opacity,
    transform: css.transform,
    reveal: element.getAttribute('data-reveal'),
  };
};

/** Waits until the app has taken over the home page: the sections below the fold are held. */
async function openHome(page: EnginePage): Promise<void> {
  await page.goto('/');
  await page.waitFor(
    () => document.querySelector('#contact')?.getAttribute('data-reveal') === 'held',
  );
}

describe(`sections coming into view in ${engine}`, () => {
  it('holds back a section below the fold, then shows it once scrolled to', async () => {
    const page = await open({ viewport: DESKTOP });
    await openHome(page);
    expect(await page.evaluate(look, '#contact')).toMatchObject({ opacity: '0', reveal: 'held' });
    // The hero's first screen is never held back.
    expect(await page.evaluate(look, '.hero')).toMatchObject({ opacity: '1', reveal: null });
    await page.evaluate(() =>
      document.getElementById('contact')?.scrollIntoView({ block: 'start', behavior: 'instant' }),
    );
    await page.waitFor(() => {
      const css = getComputedStyle(document.getElementById('contact')!);
      return css.opacity === '1' && css.transform === 'none';
    });
    expect(await page.evaluate(look, '#contact')).toMatchObject({ reveal: 'shown' });
    expect(await page.errors()).toEqual([]);
  });
});

describe(`the page-wide light in ${engine}`, () => {
  it('lights a card’s edge under the pointer more than away from it, and writes nothing while the pointer is still', async () => {
    const page = await open({ viewport: DESKTOP });
    await openHome(page);
    await page.evaluate(() =>
      document.querySelector('.card')?.scrollIntoView({ block: 'center', behavior: 'instant' }),
    );
    await page.waitFor(
      () => getComputedStyle(document.querySelector('.projects-grid > li')!).opacity === '1',
    );
    const box = await page.evaluate(() => {
      const r = document.querySelector('.card')!.getBoundingClientRect();
      return { left: r.left, top: r.top, width: r.width };
    });
    // Just inside the card's top edge, a quarter of the way along (the card lifts under it).
    await page.movePointer(box.left + box.width * 0.25, box.top + 12);
    await page.waitFor(() => document.querySelector('.card')!.hasAttribute('data-edge-lit'));
    await page.waitFor(() =>
      document
        .querySelector('.card')!
        .getAnimations({ subtree: true })
        .every((a) => a.playState !== 'running'),
    );
    const png = await page.screenshot('edge-light');
    const edge = await page.evaluate(async (b64) => {
      // Decoded from a Blob: the site's CSP (img-src 'self') refuses a data: image.
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const image = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(image, 0, 0);
      const scale = image.width / innerWidth;
      const r = document.querySelector('.card')!.getBoundingClientRect();
      // The brightest pixel of the top edge (its border and the pixel inside) around x.
      const brightest = (x: number) => {
        const data = ctx.getImageData(
          Math.round((x - 20) * scale),
          Math.round((r.top - 1) * scale),
          Math.round(40 * scale),
          Math.round(4 * scale),
        ).data;
        let max = 0;
        for (let i = 0; i < data.length; i += 4)
          max = Math.max(max, 0.2126 * data[i]! + 0.7152 * data[i + 1]! + 0.0722 * data[i + 2]!);
        return max;
      };
      return { near: brightest(r.left + r.width * 0.25), far: brightest(r.left + r.width * 0.85) };
    }, png.toString('base64'));
    expect(edge.near, JSON.stringify(edge)).toBeGreaterThan(edge.far + 40);

    const writes = await countEdgeWrites(page);
    await afterFrames(page, 60);
    expect(await writes()).toBe(0);
    expect(await page.errors()).toEqual([]);
  });
});

describe(`the route transition in ${engine}`, () => {
  it('ends at the top of the new page with the focus on its heading, and back and forward work', async () => {
    const page = await open({ viewport: DESKTOP });
    await openHome(page);
    await page.evaluate(() =>
      window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }),
    );
    await page.click('footer a[href="/privacypolicy"]');
    const opened = (path: string) =>
      location.pathname === path &&
      scrollY === 0 &&
      document.activeElement?.tagName === 'H1' &&
      document.querySelectorAll('main').length === 1 &&
      getComputedStyle(document.getElementById('root')!).opacity === '1';
    await page.waitFor(opened, '/privacypolicy');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Privacy Policy');
    await page.evaluate(() => history.back());
    await page.waitFor(opened, '/');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('hero-title');
    await page.evaluate(() => history.forward());
    await page.waitFor(opened, '/privacypolicy');
    expect(await page.errors()).toEqual([]);
  });
});
