/**
 * Two checkouts side by side: one build (made with no backend address in it) served by two
 * `npm run serve` at once on ports of their own, and `npm start` on ports of its own. Each page
 * sends a real message to the backend its own server started, through its own origin.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, sharedBrowser } from './browser';
import { untilOutput } from '../childOutput';
import { freePort } from '../freePort';

const browser = sharedBrowser();
const dist = `${process.env.DIST_DIR ?? 'dist'}-ports`;
const stops: (() => Promise<void>)[] = [];

/** `npm run serve` or `npm start` as a child, on its own ports and data folder. */
async function start(script: 'serve' | 'start', ready: RegExp) {
  const [site, backend] = [await freePort(), await freePort()];
  const data = await mkdtemp(join(tmpdir(), 'ports-data-'));
  const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`], {
    env: {
      ...process.env,
      DIST_DIR: dist,
      SERVE_PORT: String(site),
      DEV_PORT: String(site),
      BACKEND_PORT: String(backend),
      DATA_DIR: data,
      SMTP_URL: '',
      // The dev server reads it at run time: no backend address, as in a fresh checkout.
      VITE_FUNCTIONS_EMULATOR: '',
      // Plain text to match: with CI set, Vite's colours would split "Local:" from its address.
      NO_COLOR: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((ok) => child.once('exit', () => ok()));
  stops.push(async () => {
    child.kill('SIGTERM');
    await exited;
    await rm(data, { recursive: true, force: true });
  });
  await untilOutput(child, ready, 60_000);
  return { origin: `http://localhost:${site}`, backend, data };
}

/** Fills the form on `origin`'s home page, sends it and waits for "Sent". */
async function sendFrom(origin: string, who: string) {
  const { page, context, problems, requests } = await openPage(browser());
  try {
    await page.goto(`${origin}/`, { waitUntil: 'load' });
    await page.locator('#contact').scrollIntoViewIfNeeded();
    await page.getByLabel('Name', { exact: true }).fill(`${who} Tester`);
    await page.getByLabel('Email', { exact: true }).fill(`${who.toLowerCase()}@example.org`);
    await page
      .getByLabel('Message', { exact: true })
      .fill(`We would like a small app for our book club, with reading lists (${who}).`);
    await page.locator('button.contact-form__send').click();
    await expect
      .poll(() => page.locator('button.contact-form__send').textContent(), { timeout: 30_000 })
      .toBe('Sent');
    expect(problems).toEqual([]);
    return requests.filter((u) => u.includes('/sendContactEmail'));
  } finally {
    await context.close();
  }
}

async function stored(data: string): Promise<{ name: string }[]> {
  const dir = join(data, 'messages');
  const names = (await readdir(dir)).filter((n) => n.endsWith('.json') && !n.startsWith('.'));
  return Promise.all(names.map(async (n) => JSON.parse(await readFile(join(dir, n), 'utf8'))));
}

beforeAll(() => {
  // A build that names no backend: the page calls the server it came from.
  execFileSync('npm', ['run', 'build'], {
    env: { ...process.env, NODE_ENV: 'production', DIST_DIR: dist, VITE_FUNCTIONS_EMULATOR: '' },
    stdio: 'pipe',
  });
}, 300_000);

afterAll(async () => {
  for (const stop of stops.splice(0)) await stop();
  await rm(dist, { recursive: true, force: true });
});

describe('other ports', () => {
  it('one build, served twice side by side on ports of their own: each page sends to its own backend', async () => {
    const ready = /Site: http:\/\/localhost:\d+/;
    const [a, b] = [await start('serve', ready), await start('serve', ready)];
    for (const [serve, who] of [
      [a, `PortsA${Date.now()}`],
      [b, `PortsB${Date.now()}`],
    ] as const) {
      const calls = await sendFrom(serve.origin, who);
      expect(calls.length).toBeGreaterThan(0);
      for (const url of calls) expect(url.startsWith(`${serve.origin}/`), url).toBe(true);
      expect((await stored(serve.data)).map((r) => r.name)).toEqual([`${who} Tester`]);
    }
  }, 120_000);

  it('npm start on ports of its own: the dev page sends to the backend it started', async () => {
    const dev = await start('start', /Local:\s+http:\/\/127\.0\.0\.1:\d+/);
    const who = `PortsDev${Date.now()}`;
    const calls = await sendFrom(dev.origin, who);
    for (const url of calls) expect(url.startsWith(`${dev.origin}/`), url).toBe(true);
    expect((await stored(dev.data)).map((r) => r.name)).toEqual([`${who} Tester`]);
  }, 120_000);
});
