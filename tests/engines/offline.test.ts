/**
 * Offline after one visit, in the engine of this project: the service worker (src/offline/sw.ts)
 * precaches the site on the first visit and keeps the canvas path and the card arrow it loaded; then
 * every connection to the site is refused (a proxy in front of it goes away) and the routes, the
 * 404, the canvas title and the card arrow still come, from the worker's caches.
 */
import { describe, expect, it } from 'vitest';
import { baseURL, engineUnderTest, sharedEngine } from './engine';
import { siteProxy } from './siteProxy';
import { canvasTookOver } from '../shared/canvasTakeover';
import { company } from '../../src/content/company';
import { PAGES as ROUTES, reachesNetwork } from '../shared/pages';

const engine = engineUnderTest();
const open = sharedEngine();

/**
 * Resolves once the worker controls the page and has kept what the page loaded
 * (`data-offline="ready"`, set after hydration). Leaving a page before then aborts its last module
 * loads, which Firefox reports as page errors ("error loading dynamically imported module", "A
 * ServiceWorker intercepted the request and encountered an unexpected error"); a prerendered page
 * shows its heading long before.
 */
const settled = (page: Awaited<ReturnType<typeof open>>) =>
  page.waitFor(
    () =>
      navigator.serviceWorker?.controller?.state === 'activated' &&
      document.documentElement.dataset.offline === 'ready',
    undefined,
    60_000,
  );

describe(`offline after one visit in ${engine}`, () => {
  it('reloads every route and the 404 with their content, the canvas title and the card arrow', async () => {
    const site = await siteProxy(baseURL());
    const page = await open({ serviceWorkers: true });
    await page.goto(`${site.url}/`);
    await settled(page);
    // The visitor reaches the cards: the arrow's player loads, and the worker keeps it.
    await page.evaluate(() =>
      document.querySelector('.card a.link-button')?.scrollIntoView({ block: 'center' }),
    );
    await page.waitFor(() => document.querySelector('.arrow[data-ready="true"]') !== null);
    expect(await page.errors()).toEqual([]);
    await site.offline();
    expect(await reachesNetwork(page)).toBe('offline');

    for (const route of ROUTES) {
      await page.goto(site.url + route.path);
      await page.waitFor(
        (text) => document.querySelector('h1')?.textContent?.includes(text),
        route.heading,
      );
      await settled(page);
      expect(await page.evaluate(() => document.querySelector('footer')?.textContent)).toContain(
        company.name,
      );
      expect(await page.errors(), route.path).toEqual([]);
    }

    // The title's canvas chunk (and in WebKit its in-page fallback) comes from the precache.
    await page.goto(`${site.url}/`);
    // The canvas shows the title: its first frame with the text is on screen.
    await page.waitFor(canvasTookOver, undefined, 60_000);
    await page.evaluate(() =>
      document.querySelector('.card a.link-button')?.scrollIntoView({ block: 'center' }),
    );
    await page.waitFor(() => document.querySelector('.arrow[data-ready="true"]') !== null);
    await page.screenshot('offline-home-desktop');
    expect(await page.errors()).toEqual([]);
  });
});
