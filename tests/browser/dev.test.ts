/**
 * `npm start`'s site: the Vite development server, nothing prerendered, React in StrictMode
 * (effects run twice). The page must come up with its canvas title, in the worker and in the page,
 * with no page error, exactly as the production build does.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPage, sharedBrowser } from './browser';
import { freePort } from '../freePort';
import { waitForCanvas } from '../shared/canvasTakeover';

const browser = sharedBrowser();
let vite: ChildProcess | undefined;
let origin = '';

beforeAll(async () => {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  vite = spawn(
    process.execPath,
    ['node_modules/vite/bin/vite.js', '--port', String(port), '--strictPort'],
    { stdio: 'ignore', detached: true },
  );
  await vi.waitFor(
    async () => {
      const up = await fetch(origin).then(
        (r) => r.ok,
        () => false,
      );
      if (!up) throw new Error(`The dev server did not answer at ${origin}`);
    },
    { timeout: 60_000, interval: 200 },
  );
});

afterAll(() => {
  if (vite?.pid) process.kill(-vite.pid, 'SIGTERM');
});

describe('the development server (npm start)', () => {
  for (const [query, what] of [
    ['', 'in the worker'],
    ['?offscreen=0', 'in the page'],
  ] as const) {
    it(`shows the home page with its canvas title ${what}, and the buttons work`, async () => {
      const { page, problems } = await openPage(browser(), {
        viewport: { width: 1280, height: 800 },
      });
      await page.goto(`${origin}/${query}`, { waitUntil: 'load' });
      await waitForCanvas(page, { timeout: 45_000 });
      await expect(page.locator('.title-canvas__strip canvas').count()).resolves.toBe(1);
      await page.getByRole('button', { name: 'Scroll down' }).click();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(800);
      expect(problems).toEqual([]);
    }, 90_000);
  }
});
