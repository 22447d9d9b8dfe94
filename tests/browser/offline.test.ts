/**
 * Offline after one visit, in Debian Chromium on the production build: the service worker
 * (src/offline/sw.ts) precaches the routes, the chunks and the fonts, and keeps the canvas path and
 * the Lottie arrow the visit loaded; the browser context is then taken offline with Playwright.
 * Every context is a fresh profile, so no worker or cache outlives its test. The update test serves builds of its own, on a port of its own.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseURL, openPage, sharedBrowser } from './browser';
import { startHosting, type HostingOptions } from '../../scripts/hosting';
import { waitForCanvas } from '../shared/canvasTakeover';
import { company } from '../../src/content/company';
import { DEFAULT_ERROR, QUEUED_NOTE } from '../../src/contact/callResult';
import { DRAFT_KEY } from '../shared/stored';
import { ROUTE_PAGES as ROUTES, reachesNetwork } from '../shared/pages';

/** The hosting block of firebase.json, as Hosting reads it. */
const hostingConfig = () =>
  (
    JSON.parse(readFileSync('firebase.json', 'utf8')) as {
      hosting: NonNullable<HostingOptions['config']>;
    }
  ).hosting;

const browser = sharedBrowser();

/** Resolves once the service worker has cached what the page needs and controls it. */
async function workerInControl(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      navigator.serviceWorker?.controller?.state === 'activated' &&
      document.documentElement.dataset.offline === 'ready',
    null,
    { timeout: 45_000, polling: 200 },
  );
}

const entryScript = (page: Page) =>
  page.evaluate(() => document.querySelector('script[type="module"]')?.getAttribute('src') ?? '');

/** Going offline makes the browser log the failed requests; those are expected here, nothing else. */
const unexpected = (problems: string[]) =>
  problems.filter(
    (p) => !/ERR_INTERNET_DISCONNECTED|FirebaseError: internal|functions\/internal/.test(p),
  );

describe('offline after one visit', () => {
  it('reloads every route with its content, fonts, the canvas title and the Lottie arrow', async () => {
    const { page, context, problems } = await openPage(browser(), { serviceWorkers: 'allow' });
    await page.goto(`${baseURL()}/`, { waitUntil: 'networkidle' });
    await workerInControl(page);
    const cached = () =>
      page.evaluate(async () => {
        const urls: string[] = [];
        for (const name of await caches.keys())
          for (const req of await (await caches.open(name)).keys()) urls.push(req.url);
        return urls;
      });
    // The arrow's player is not precached: the visit keeps it once a card came near and loaded it.
    expect((await cached()).filter((u) => u.includes('/assets/LottieAnimation-'))).toEqual([]);
    await page.locator('.card a.link-button').first().scrollIntoViewIfNeeded();
    await page.locator('.arrow[data-ready="true"]').first().waitFor({ timeout: 10_000 });
    const urls = await cached();
    expect(urls.filter((u) => u.includes('/assets/LottieAnimation-'))).toHaveLength(1);
    // Only the canvas path this browser used is kept (worker or in-page), not both.
    const kept = ['title.worker', 'titleRenderer'].filter((n) =>
      urls.some((u) => u.includes(`/assets/${n}-`)),
    );
    expect(kept).toHaveLength(1);
    await context.setOffline(true);
    expect(await reachesNetwork(page)).toBe('offline');

    for (const route of ROUTES) {
      const response = await page.goto(baseURL() + route.path);
      expect(response?.status(), route.path).toBe(200);
      expect(response?.fromServiceWorker(), route.path).toBe(true);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain(
        route.heading,
      );
      await expect(page.locator('footer').textContent()).resolves.toContain(company.name);
    }
    // An unknown page offline: the not-found page, with its status.
    const missing = await page.goto(`${baseURL()}/no-such-page`);
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain(
      'This page does not exist',
    );
    const notFoundLogged =
      'console: Failed to load resource: the server responded with a status of 404 (Not Found)';
    expect(problems.filter((p) => p === notFoundLogged)).toHaveLength(1);
    problems.splice(problems.indexOf(notFoundLogged), 1);

    // The home page animates: the canvas chunk and the title's font come from the precache.
    // (The canvas chunk is TitleCanvas on both paths; where a worker renders the title,
    // its own script then comes from the precache too, or the canvas would not draw.)
    const canvasChunk = page.waitForResponse((r) =>
      /\/assets\/TitleCanvas-[^/]+\.js$/.test(r.url()),
    );
    await page.goto(`${baseURL()}/?event`);
    expect((await canvasChunk).fromServiceWorker()).toBe(true);
    await waitForCanvas(page);
    const fonts = await page.evaluate(async () => {
      await document.fonts.ready;
      return [...document.fonts]
        .filter((f) => f.status === 'loaded')
        .map((f) => f.family.replace(/["']/g, ''));
    });
    expect(fonts).toEqual(expect.arrayContaining(['Inter', 'Syne']));

    // The card button's arrow: the Lottie player and its animation load and play.
    const button = page.locator('.card a.link-button').first();
    await button.scrollIntoViewIfNeeded();
    await button.hover();
    await page
      .locator('.arrow[data-ready="true"][data-playing="true"]')
      .first()
      .waitFor({ timeout: 10_000 });
    expect(unexpected(problems)).toEqual([]);
  });

  it('queues a message sent offline with the default error’s banner and what happens next, keeps it through a reload, and sends it once back online by itself; the call is never cached', async () => {
    const { page, context, problems } = await openPage(browser(), { serviceWorkers: 'allow' });
    await page.goto(`${baseURL()}/`, { waitUntil: 'networkidle' });
    await workerInControl(page);
    const name = page.getByLabel('Name', { exact: true });
    const email = page.getByLabel('Email', { exact: true });
    const message = page.getByLabel('Message', { exact: true });
    const send = page.locator('button.contact-form__send');
    const banner = page.locator('#contact-banner');
    const typed = {
      name: 'Offline Visitor',
      email: 'offline@example.org',
      message: `Typed at the stand while the network was down, ${Date.now()}. Please call us back.`,
    };
    await name.fill(typed.name);
    await email.fill(typed.email);
    await message.fill(typed.message);

    // A page loaded offline, from the service worker: the form's client and outbox come from it.
    await context.setOffline(true);
    await page.reload();
    const values = async () => ({
      name: await name.inputValue(),
      email: await email.inputValue(),
      message: await message.inputValue(),
    });
    await expect.poll(values).toEqual(typed);

    await send.click();
    await expect.poll(() => banner.textContent()).toBe(`${DEFAULT_ERROR} ${QUEUED_NOTE}`);
    expect(await values()).toEqual(typed);
    expect(await send.getAttribute('data-state')).toBe('queued');
    const draft = await page.evaluate(
      (key) => JSON.parse(localStorage.getItem(key) ?? '{}'),
      DRAFT_KEY,
    );
    expect(draft).toMatchObject(typed);

    // Still offline, a reload keeps everything, still waiting.
    await page.reload();
    await expect.poll(values).toEqual(typed);
    await expect.poll(() => send.getAttribute('data-state')).toBe('queued');

    // Back online: the outbox sends the same text by itself, past the service worker.
    const post = page.waitForResponse(
      (r) => r.url().includes('/sendContactEmail') && r.request().method() === 'POST',
    );
    await context.setOffline(false);
    const response = await post;
    expect(response.status()).toBe(200);
    expect(response.fromServiceWorker()).toBe(false);
    await expect.poll(() => send.textContent()).toContain('Sent');
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys())
        for (const req of await (await caches.open(name)).keys()) urls.push(req.url);
      return urls;
    });
    expect(cached.length).toBeGreaterThan(10);
    expect(
      cached.filter((u) => /sendContactEmail|:5\d{3}\//.test(u) || !u.startsWith(baseURL())),
    ).toEqual([]);
    expect(unexpected(problems)).toEqual([]);
  });
});

describe('a new version', () => {
  const dir = `${process.env.DIST_DIR ?? 'dist'}-sw-update`;
  let server: Awaited<ReturnType<typeof startHosting>> | undefined;

  /** A real build into the served folder; a different backend address makes every chunk's hash change. */
  function build(version: number): Set<string> {
    // A deploy replaces the site: nothing of the old build stays on the server.
    execFileSync('rm', ['-rf', dir]);
    execFileSync('npm', ['run', 'build'], {
      // NODE_ENV: vitest's "test" would make Vite build a development bundle.
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DIST_DIR: dir,
        // Another app id makes another client chunk: the two builds differ as two deploys do.
        VITE_FIREBASE_APP_ID: `1:000000000000:web:${String(version).padStart(22, '0')}`,
      },
      stdio: 'pipe',
    });
    return new Set(
      execFileSync('ls', [join(dir, 'assets')], { encoding: 'utf8' })
        .split('\n')
        .filter(Boolean),
    );
  }

  afterAll(async () => {
    server?.close();
    server?.closeAllConnections();
    await rm(dir, { recursive: true, force: true });
  });

  it(
    'takes over on the next load, never mixed with the old files, while a page still open on the old one keeps its own files',
    { timeout: 420_000 },
    async () => {
      const v1 = build(1);
      // Firebase's headers, but nothing kept in the browser's HTTP cache: what the old page gets can
      // only come from the service worker (an HTTP cache may have lost the old files long since).
      const config = hostingConfig();
      const headers = [
        ...(config.headers ?? []),
        { source: '**', headers: [{ key: 'Cache-Control', value: 'no-store' }] },
      ];
      // The contact calls go to the suite's own server, which forwards them to its backend.
      server = await startHosting({
        root: dir,
        port: 0,
        config: { ...config, headers },
        backend: baseURL(),
      });
      const base = `http://localhost:${(server.address() as AddressInfo).port}`;
      const {
        page: old,
        context,
        problems,
      } = await openPage(browser(), { serviceWorkers: 'allow' });
      await old.goto(`${base}/`, { waitUntil: 'networkidle' });
      await workerInControl(old);
      // Everything the old page loads, the canvas chunks too, is in before the deploy deletes the
      // old files. A request cut off by the deletion never settles, and the old worker's fetch
      // event would hold the new worker's activation for Chrome's 5-minute event timeout.
      await waitForCanvas(old);
      await old.waitForLoadState('networkidle');
      const v1Entry = await entryScript(old);

      // The deploy: the server now has the new build only.
      const v2 = build(2);
      const oldOnly = [...v1].filter((f) => !v2.has(f));
      expect(oldOnly.length).toBeGreaterThan(3);
      const oldClient = [...oldOnly].find((f) => /^client-/.test(f))!;
      expect((await fetch(`${base}/assets/${oldClient}`)).status).toBe(404);
      expect((await readdir(dir)).includes('sw.js')).toBe(true);
      const tookOver = old.evaluate(
        () =>
          new Promise<boolean>((resolve) =>
            navigator.serviceWorker.addEventListener('controllerchange', () => resolve(true), {
              once: true,
            }),
          ),
      );

      // The next load (a new tab) is the new version, with nothing of the old one.
      const fresh = await context.newPage();
      const freshAssets: string[] = [];
      fresh.on('request', (r) => {
        const m = /\/assets\/([^/?]+)/.exec(r.url());
        if (m) freshAssets.push(m[1]!);
      });
      await fresh.goto(`${base}/`, { waitUntil: 'networkidle' });
      expect(await entryScript(fresh)).not.toBe(v1Entry);
      expect(v2.has((await entryScript(fresh)).replace('/assets/', ''))).toBe(true);
      await waitForCanvas(fresh);
      expect(freshAssets.length).toBeGreaterThan(3);
      expect(freshAssets.filter((f) => !v2.has(f))).toEqual([]);

      // The new worker installs and takes over the open tabs; the old tab still gets its own files.
      await expect(tookOver).resolves.toBe(true);
      await expect
        .poll(
          () =>
            old.evaluate(
              async () => (await navigator.serviceWorker.getRegistration())?.active?.state,
            ),
          { timeout: 30_000 },
        )
        .toBe('activated');
      const clientChunk = old.waitForResponse((r) => /\/assets\/client-[^/]+\.js$/.test(r.url()));
      await old.getByLabel('Name', { exact: true }).focus();
      const chunk = await clientChunk;
      expect(chunk.url()).toContain(oldClient);
      expect(chunk.status()).toBe(200);
      expect(chunk.fromServiceWorker()).toBe(true);

      // Its next load is the new version too, and so is an offline one.
      const reloadAssets: string[] = [];
      old.on('request', (r) => {
        const m = /\/assets\/([^/?]+)/.exec(r.url());
        if (m) reloadAssets.push(m[1]!);
      });
      await old.reload({ waitUntil: 'networkidle' });
      expect(v2.has((await entryScript(old)).replace('/assets/', ''))).toBe(true);
      await context.setOffline(true);
      await old.reload();
      expect(v2.has((await entryScript(old)).replace('/assets/', ''))).toBe(true);
      await waitForCanvas(old);
      expect(reloadAssets.filter((f) => !v2.has(f))).toEqual([]);
      expect(unexpected(problems)).toEqual([]);
    },
  );
});
