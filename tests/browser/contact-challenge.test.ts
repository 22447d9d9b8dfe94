/**
 * The contact form's proof-of-work challenge in Debian Chromium, on the production build served as
 * Hosting serves it, with the local backend behind it (started by scripts/serve.ts, the challenge
 * on at its default cost). Firefox and WebKit send through it in tests/engines.
 */
import { describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { baseURL, DESKTOP, openPage, sharedBrowser } from './browser';
import { realFrames } from './heldClock';

const FUNCTION = '**/us-central1/sendContactEmail';
const CHALLENGE = '/us-central1/contactChallenge';
const SOLVER = /\/assets\/solver\.worker-[\w-]+\.js$/;
const LONG_ENOUGH =
  'We would like a small app for our book club, with reading lists and reminders.';

const browser = sharedBrowser();

/** Home, scrolled to the form; with `clock`, on Playwright's clock, which a test can run on. */
async function openHome({ clock = false } = {}) {
  const watched = await openPage(browser(), { viewport: DESKTOP });
  if (clock) await watched.page.clock.install();
  const workers: string[] = [];
  const ended: string[] = [];
  watched.page.on('worker', (w) => {
    workers.push(w.url());
    w.on('close', () => ended.push(w.url()));
  });
  await watched.page.goto(`${baseURL()}/`, { waitUntil: 'networkidle' });
  await watched.page.locator('#contact').scrollIntoViewIfNeeded();
  return { ...watched, workers, ended };
}

/** The solver's workers: how many started, and whether all of them have ended (solved). */
const solvers = (list: string[]) => list.filter((u) => SOLVER.test(u)).length;

async function fillValid(page: Page, who: string) {
  await page.getByLabel('Name', { exact: true }).fill(`${who} Tester`);
  await page.getByLabel('Email', { exact: true }).fill(`${who.toLowerCase()}@example.org`);
  await page.getByLabel('Message', { exact: true }).fill(`${LONG_ENOUGH} (${who})`);
}

/** Answers the call as the function refuses a solution: 400, with its message and reason. */
const refuse = (route: Route, message: string, reason: string) =>
  route.fulfill({
    status: 400,
    contentType: 'application/json',
    headers: { 'Access-Control-Allow-Origin': '*' },
    body: JSON.stringify({
      error: { status: 'FAILED_PRECONDITION', message, details: { reason } },
    }),
  });

const sendState = (page: Page) =>
  page.locator('button.contact-form__send').getAttribute('data-state');

describe('the spam check', () => {
  it('is not among the first visit’s bytes: the solver and its challenge come on the first focus', async () => {
    const { page, requests, workers, problems } = await openHome({ clock: true });
    // Nothing fetches the solver while the visitor only looks: a minute on the page's clock,
    // every timer due in it run, and two frames the browser draws after it for a fetch to start.
    await page.clock.runFor(60_000);
    await realFrames(page);
    expect(requests.filter((u) => SOLVER.test(u) || u.includes(CHALLENGE))).toEqual([]);
    expect(workers.filter((u) => SOLVER.test(u))).toEqual([]);
    const styles = await page.evaluate(() => document.querySelectorAll('style').length);

    await page.getByLabel('Name', { exact: true }).focus();
    await expect.poll(() => requests.filter((u) => u.includes(CHALLENGE)).length).toBe(1);
    // Solved in workers of the site's own origin, never a blob: URL.
    await expect.poll(() => workers.filter((u) => SOLVER.test(u)).length).toBeGreaterThan(0);
    for (const url of workers.filter((u) => !/title\.worker/.test(u)))
      expect(new URL(url).origin).toBe(new URL(baseURL()).origin);
    // No style injected, and the served CSP saw nothing to refuse (a violation is a problem).
    await expect(page.evaluate(() => document.querySelectorAll('style').length)).resolves.toBe(
      styles,
    );
    expect(problems).toEqual([]);
  });

  it('starts nothing in the frame of the first click, nor while keys come', async () => {
    const { page, problems } = await openHome();
    await page.evaluate(() => {
      const keys: number[] = [];
      addEventListener('keydown', (e) => keys.push(e.timeStamp), true);
      Object.assign(window, { keys });
    });
    const message = page.getByLabel('Message', { exact: true });
    const box = (await message.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await message.pressSequentially('Hello, we would like a quote.', { delay: 20 });
    const seeing = () =>
      page.evaluate(() => {
        // The click's frame on screen: the first input's Event Timing entry ends when it is.
        const [first] = performance.getEntriesByType('first-input') as PerformanceEventTiming[];
        const started = performance
          .getEntriesByType('resource')
          .filter((e) => /contactChallenge|\/assets\/(client|outbox)-[\w-]+\.js$/.test(e.name));
        const { keys } = window as unknown as { keys: number[] };
        return {
          presented: first!.startTime + first!.duration,
          lastKey: Math.max(...keys),
          keys: keys.length,
          starts: started.map((e) => e.startTime),
        };
      });
    // The client chunk, the outbox chunk and the challenge (which the solver's workers follow),
    // each in Resource Timing once its answer has come.
    await expect.poll(async () => (await seeing()).starts.length).toBe(3);
    const seen = await seeing();
    expect(seen.keys).toBe(29);
    for (const start of seen.starts) {
      expect(start).toBeGreaterThan(seen.presented);
      expect(start).toBeGreaterThan(seen.lastKey);
    }
    expect(problems).toEqual([]);
  });

  it('sends a message with the challenge solved ahead: one challenge, one call, Sent', async () => {
    const { page, requests, problems, workers, ended } = await openHome();
    await fillValid(page, `Ahead${Date.now()}`);
    // Solved while the visitor writes: the workers end once the answer is found.
    await expect.poll(() => solvers(workers)).toBeGreaterThan(0);
    await expect.poll(() => solvers(ended)).toBe(solvers(workers));
    expect(requests.filter((u) => u.includes(CHALLENGE))).toHaveLength(1);
    await page.locator('button.contact-form__send').click();
    await expect.poll(() => sendState(page), { timeout: 30_000 }).toBe('sent');
    expect(requests.filter((u) => u.includes(CHALLENGE))).toHaveLength(1);
    expect(problems).toEqual([]);
  });

  it('covers a Send pressed before the solve ends with the spinner and its status', async () => {
    const { page, requests, problems } = await openHome();
    // Hold the challenge, so Send comes first.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(`**${CHALLENGE}`, async (route) => {
      if (route.request().method() === 'POST') await held;
      await route.continue();
    });
    await fillValid(page, `Early${Date.now()}`);
    await page.locator('button.contact-form__send').click();
    await expect.poll(() => sendState(page)).toBe('sending');
    const spinner = page.locator('button.contact-form__send [role=status]');
    await expect(spinner.textContent()).resolves.toBe('Loading...');
    expect(requests.filter((u) => u.endsWith('/sendContactEmail'))).toEqual([]);
    release();
    await expect.poll(() => sendState(page), { timeout: 30_000 }).toBe('sent');
    expect(problems).toEqual([]);
  });

  it('fetches a new challenge and sends once more when the server refuses the solution, keeping the text', async () => {
    const { page, requests, problems } = await openHome();
    const who = `Refused${Date.now()}`;
    let posts = 0;
    await page.route(FUNCTION, async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      posts++;
      if (posts > 1) return route.continue();
      return refuse(
        route,
        'The spam check of this message has expired. Please send it again.',
        'challenge-expired',
      );
    });
    await fillValid(page, who);
    await page.locator('button.contact-form__send').click();
    await expect.poll(() => sendState(page), { timeout: 30_000 }).toBe('sent');
    expect(posts).toBe(2);
    expect(requests.filter((u) => u.includes(CHALLENGE))).toHaveLength(2);
    await expect(page.getByLabel('Message', { exact: true }).inputValue()).resolves.toBe(
      `${LONG_ENOUGH} (${who})`,
    );
    // The browser's own line for the refused call's status; nothing else.
    expect(problems.filter((p) => !/Failed to load resource: .* 400/.test(p))).toEqual([]);
  });

  it('shows the server’s message when the second try is refused too, and keeps the text', async () => {
    const { page } = await openHome();
    const refusal = 'The spam check of this message did not pass. Please send it again.';
    let posts = 0;
    await page.route(FUNCTION, async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      posts++;
      return refuse(route, refusal, 'challenge-invalid');
    });
    const who = `Twice${Date.now()}`;
    await fillValid(page, who);
    await page.locator('button.contact-form__send').click();
    await expect.poll(() => posts).toBe(2);
    await expect.poll(() => sendState(page), { timeout: 30_000 }).toBe('idle');
    await expect(page.locator('#contact-banner').textContent()).resolves.toBe(refusal);
    await expect(page.getByLabel('Name', { exact: true }).inputValue()).resolves.toBe(
      `${who} Tester`,
    );
    expect(posts).toBe(2);
  });
});
