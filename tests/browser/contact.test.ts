/**
 * The contact form in Debian Chromium, on the production build served as Hosting serves it, with
 * the local backend behind it (started by scripts/serve.ts). The success path goes through the
 * real backend; other server answers are made at the network layer with page.route, so the real
 * firebase SDK in the page still parses them.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { axeViolations } from './axe';
import { baseURL, DESKTOP, holdApp, openPage, PHONE, screenshot, sharedBrowser } from './browser';
import { DEFAULT_ERROR, QUEUED_NOTE } from '../../src/contact/callResult';
import { DRAFT_KEY } from '../shared/stored';
import { MESSAGES } from '../../functions/test/contactMessages';
import { RETRY_FIRST_MS } from '../../src/contact/outbox';
import { afterFrames } from '../shared/pages';

const DATA_DIR = process.env.DATA_DIR ?? '.data';
const FUNCTION = '**/us-central1/sendContactEmail';
const LONG_ENOUGH =
  'We would like a small app for our book club, with reading lists and reminders.';

const browser = sharedBrowser();

function form(page: Page) {
  return {
    name: page.getByLabel('Name', { exact: true }),
    email: page.getByLabel('Email', { exact: true }),
    message: page.getByLabel('Message', { exact: true }),
    send: page.locator('button.contact-form__send'),
    banner: page.locator('#contact-banner'),
    counter: page.locator('#contact-counter'),
  };
}

/** The home page, scrolled to the contact form. */
async function openHome(viewport: { width: number; height: number } = DESKTOP) {
  const watched = await openPage(browser(), { viewport });
  await watched.page.goto(`${baseURL()}/`, { waitUntil: 'networkidle' });
  await watched.page.locator('#contact').scrollIntoViewIfNeeded();
  return watched;
}

async function fillValid(page: Page, who: string) {
  const f = form(page);
  await f.name.fill(`${who} Tester`);
  await f.email.fill(`${who.toLowerCase()}@example.org`);
  await f.message.fill(`${LONG_ENOUGH} (${who})`);
}

/** Functions calls the page made (the preflight excluded). */
function functionCalls(requests: string[]) {
  return requests.filter((u) => u.includes('/us-central1/sendContactEmail'));
}

async function storedRecords(): Promise<
  { id: string; name: string; email: string; message: string; delivery: { state: string } }[]
> {
  const dir = join(DATA_DIR, 'messages');
  const names = (await readdir(dir).catch(() => [] as string[])).filter(
    (n) => n.endsWith('.json') && !n.startsWith('.'),
  );
  return Promise.all(names.map(async (n) => JSON.parse(await readFile(join(dir, n), 'utf8'))));
}

describe('sending a valid message', () => {
  it('shows the spinner while sending, then "Sent" with a check mark, stays disabled, and the message is stored and in the outbox', async () => {
    const { page, problems, requests } = await openHome();
    const f = form(page);
    const who = `Sender${Date.now()}`;
    // The firebase SDK is not loaded before the visitor reaches the form.
    expect(requests.some((u) => /\/assets\/client-[^/]+\.js$/.test(u))).toBe(false);
    await fillValid(page, who);
    // Asked for on the first focus; its request event can come a moment after the fill.
    await expect.poll(() => requests.some((u) => /\/assets\/client-[^/]+\.js$/.test(u))).toBe(true);

    // Hold the request a moment on its way to the real backend, to see the sending state.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(FUNCTION, async (route) => {
      if (route.request().method() === 'POST') await held;
      await route.continue();
    });
    // Send's width, frame by frame from just before the click.
    const sendWidth = await f.send.evaluate((b) => b.getBoundingClientRect().width);
    await f.send.evaluate((b) => {
      const widths: number[] = [];
      (window as unknown as { __sendWidths: number[] }).__sendWidths = widths;
      const frame = () => {
        widths.push(b.getBoundingClientRect().width);
        if (widths.length < 90) requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
    await f.send.click();
    await expect.poll(() => f.send.getAttribute('data-state')).toBe('sending');
    await expect(f.send.locator('.spinner').isVisible()).resolves.toBe(true);
    // It grew to Sending's width on its spring, through the widths between, and rests at auto.
    const widths = (await page
      .waitForFunction(() => {
        const w = (window as unknown as { __sendWidths: number[] }).__sendWidths;
        return w.length >= 90 && w;
      })
      .then((handle) => handle.jsonValue())) as number[];
    const sendingWidth = await f.send.evaluate((b) => b.getBoundingClientRect().width);
    expect(sendingWidth).toBeGreaterThan(sendWidth + 10);
    expect(widths[0]).toBeCloseTo(sendWidth, 0);
    expect(widths.at(-1)).toBeCloseTo(sendingWidth, 0);
    const between = widths.filter((w) => w > sendWidth + 1 && w < sendingWidth - 1);
    expect(between.length, widths.join(' ')).toBeGreaterThanOrEqual(3);
    await expect.poll(() => f.send.evaluate((b) => b.style.width)).toBe('auto');
    await expect(f.send.locator('.spinner').textContent()).resolves.toBe('Loading...');
    await expect(f.send.isDisabled()).resolves.toBe(true);
    release();

    await expect.poll(() => f.send.getAttribute('data-state'), { timeout: 15_000 }).toBe('sent');
    await expect(f.send.textContent()).resolves.toBe('Sent');
    await expect(f.send.locator('svg.contact-form__check').isVisible()).resolves.toBe(true);
    await expect(f.send.isDisabled()).resolves.toBe(true);
    await expect(f.banner.textContent()).resolves.toBe('');
    for (const field of [f.name, f.email, f.message])
      await expect(field.isDisabled()).resolves.toBe(true);
    await expect(page.evaluate((k) => localStorage.getItem(k), DRAFT_KEY)).resolves.toBeNull();
    await screenshot(page, 'contact-sent-desktop', '#contact');

    const record = (await storedRecords()).find((r) => r.name === `${who} Tester`);
    expect(record).toMatchObject({
      email: `${who.toLowerCase()}@example.org`,
      message: `${LONG_ENOUGH} (${who})`,
    });
    expect(record!.delivery.state).toBe('delivered');
    const eml = await readFile(join(DATA_DIR, 'outbox', `${record!.id}.eml`), 'utf8');
    expect(eml).toMatch(
      new RegExp(`^Reply-To: ${who} Tester <${who.toLowerCase()}@example.org>`, 'm'),
    );
    expect(eml).toMatch(new RegExp(`^Subject: Website message from ${who} Tester`, 'm'));

    // Once sent, nothing re-enables the form.
    await afterFrames(page);
    await expect(f.send.isDisabled()).resolves.toBe(true);
    expect(problems).toEqual([]);
  });

  it('works with the keyboard only', async () => {
    const { page, problems } = await openHome(PHONE);
    const who = `Keys${Date.now()}`;
    await page.locator('.contact__lead a').focus();
    await page.keyboard.press('Tab');
    await page.keyboard.type(`${who} Tester`);
    await page.keyboard.press('Tab');
    await page.keyboard.type(`${who.toLowerCase()}@example.org`);
    await page.keyboard.press('Tab');
    await page.keyboard.type(LONG_ENOUGH);
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Send');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => form(page).send.getAttribute('data-state'), { timeout: 15_000 })
      .toBe('sent');
    expect((await storedRecords()).some((r) => r.name === `${who} Tester`)).toBe(true);
    expect(problems).toEqual([]);
  });
});

describe('invalid input', () => {
  it('shows the exact joined banner, focuses the first invalid field and sends no request', async () => {
    const { page, requests, problems } = await openHome();
    const f = form(page);
    await f.name.fill('Anna');
    await f.email.fill('anna@example');
    await f.message.fill('Too short.');
    await f.send.click();
    await expect(f.banner.textContent()).resolves.toBe(
      `${MESSAGES.name} ${MESSAGES.email} ${MESSAGES.messageShort}`,
    );
    // Read out at once: the text is in the banner's alert region.
    await expect(f.banner.locator('[role=alert]').textContent()).resolves.toBe(
      `${MESSAGES.name} ${MESSAGES.email} ${MESSAGES.messageShort}`,
    );
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('contact-name');
    await expect(f.name.getAttribute('aria-invalid')).resolves.toBe('true');

    await f.name.fill('Anna Karenina');
    await f.message.fill('x'.repeat(2001));
    await f.send.click();
    await expect(f.banner.textContent()).resolves.toBe(`${MESSAGES.email} ${MESSAGES.messageLong}`);
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('contact-email');
    await afterFrames(page);
    expect(functionCalls(requests)).toEqual([]);
    await expect(f.send.isDisabled()).resolves.toBe(false);
    expect(problems).toEqual([]);

    for (const [label, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      await page.setViewportSize(viewport);
      await screenshot(page, `contact-banner-${label}`, '#contact');
    }
    expect(await axeViolations(page)).toEqual([]);
  });

  it('counts the message against 50 as it is typed', async () => {
    const { page } = await openHome();
    const f = form(page);
    await expect(f.counter.textContent()).resolves.toBe('0/50');
    await f.message.fill('Hello there!');
    await expect(f.counter.textContent()).resolves.toBe('12/50');
    await f.message.fill('  Hello there! \u{1F600}  ');
    await expect(f.counter.textContent()).resolves.toBe('14/50');
  });
});

/** An answer made at the network layer, with the CORS header the real backend would send. */
function answer(status: number, body: string, contentType = 'application/json') {
  return (route: Route) => {
    if (route.request().method() === 'OPTIONS') {
      return route.fulfill({
        status: 204,
        headers: {
          'Access-Control-Allow-Origin': '*',
          'Access-Control-Allow-Headers': 'content-type',
          'Access-Control-Allow-Methods': 'POST',
        },
      });
    }
    return route.fulfill({
      status,
      body,
      headers: { 'Content-Type': contentType, 'Access-Control-Allow-Origin': '*' },
    });
  };
}

// The banner for each status (docs/requirements.md, "Errors"): the SDK's error for the status (its message is the code), "internal"
// replaced by the default text.
const STATUS_BANNERS: [number, string][] = [
  [400, 'invalid-argument'],
  [401, 'unauthenticated'],
  [403, 'permission-denied'],
  [404, 'not-found'],
  [409, 'aborted'],
  [429, 'resource-exhausted'],
  [499, 'cancelled'],
  [500, DEFAULT_ERROR],
  [501, 'unimplemented'],
  [503, 'unavailable'],
  [504, 'deadline-exceeded'],
  [418, 'unknown'],
];

describe('server answers', () => {
  async function sendWith(handler: (route: Route) => unknown, who: string) {
    const watched = await openHome();
    await watched.page.route(FUNCTION, handler);
    await fillValid(watched.page, who);
    await form(watched.page).send.click();
    await expect
      .poll(() => form(watched.page).send.getAttribute('data-state'), { timeout: 15_000 })
      .toBe('idle');
    return watched;
  }

  it('show the banner for each error status, and keep the text typed', async () => {
    // One page, one message sent again after each failure, with the next answer in place.
    const { page, problems } = await openHome();
    const f = form(page);
    await fillValid(page, 'Statuses');
    let posts = 0;
    for (const [status, banner] of STATUS_BANNERS) {
      await page.unrouteAll();
      const reply = answer(status, '{}');
      await page.route(FUNCTION, (route) => {
        if (route.request().method() === 'POST') posts++;
        return reply(route);
      });
      const before = { posts, problems: problems.length };
      await f.send.click();
      await expect.poll(() => posts).toBe(before.posts + 1);
      await expect.poll(() => f.send.getAttribute('data-state')).toBe('idle');
      await expect(f.banner.textContent(), `HTTP ${status}`).resolves.toBe(banner);
      await expect(f.name.inputValue()).resolves.toBe('Statuses Tester');
      await expect(f.message.inputValue()).resolves.toBe(`${LONG_ENOUGH} (Statuses)`);
      await expect(f.send.isDisabled()).resolves.toBe(false);
      // The failure is logged to the console, as docs/requirements.md asks.
      expect(problems.slice(before.problems).some((p) => p.startsWith('console:'))).toBe(true);
    }
    // Twelve sends, each with a spam check solved at its default cost.
  }, 180_000);

  it("show the server's own message, without the status the SDK appends", async () => {
    const body = JSON.stringify({
      error: {
        status: 'RESOURCE_EXHAUSTED',
        message: 'You have sent several messages in a short time.',
      },
    });
    const { page } = await sendWith(answer(429, body), 'Limited');
    await expect(form(page).banner.textContent()).resolves.toBe(
      'You have sent several messages in a short time.',
    );
    const internal = JSON.stringify({ error: { status: 'INTERNAL', message: 'INTERNAL' } });
    const second = await sendWith(answer(500, internal), 'Internal');
    await expect(form(second.page).banner.textContent()).resolves.toBe(DEFAULT_ERROR);
  });

  it('show "Response is not valid JSON object." for a non-JSON 200', async () => {
    const { page } = await sendWith(answer(200, '<html>oops</html>', 'text/html'), 'NotJson');
    await expect(form(page).banner.textContent()).resolves.toBe(
      'Response is not valid JSON object.',
    );
  });

  it('show "Response is missing data field." for a 200 without data', async () => {
    const { page } = await sendWith(answer(200, '{"ok":true}'), 'NoData');
    await expect(form(page).banner.textContent()).resolves.toBe('Response is missing data field.');
  });

  it('show an unsuccessful result’s own message', async () => {
    const { page } = await sendWith(
      answer(200, '{"result":{"success":false,"message":"Mailbox full."}}'),
      'Unsuccessful',
    );
    await expect(form(page).banner.textContent()).resolves.toBe('Mailbox full.');
  });

  it('keep a message the network could not carry in the outbox, with the default text and what happens next', async () => {
    const { page, problems } = await openHome(PHONE);
    await page.route(FUNCTION, (route) => route.abort('connectionrefused'));
    await fillValid(page, 'Refused');
    await form(page).send.click();
    await expect.poll(() => form(page).send.getAttribute('data-state')).toBe('queued');
    await expect(form(page).banner.textContent()).resolves.toBe(`${DEFAULT_ERROR} ${QUEUED_NOTE}`);
    // Announced politely: the text is in the banner's status region, not its alert.
    await expect(page.locator('#contact-banner [role=status]').textContent()).resolves.toBe(
      `${DEFAULT_ERROR} ${QUEUED_NOTE}`,
    );
    await expect(page.locator('#contact-banner [role=alert]').textContent()).resolves.toBe('');
    await expect(form(page).message.inputValue()).resolves.toBe(`${LONG_ENOUGH} (Refused)`);
    await expect(form(page).send.isDisabled()).resolves.toBe(true);
    expect(problems.some((p) => /internal/i.test(p))).toBe(true);
    await screenshot(page, 'contact-queued-phone', '#contact');
  });

  it('reuse the idempotency key when the same message is sent again after a failure', async () => {
    const bodies: string[] = [];
    const unavailable = answer(503, '{}');
    const { page } = await sendWith((route) => {
      if (route.request().method() === 'POST') bodies.push(route.request().postData() ?? '');
      return unavailable(route);
    }, 'Retry');
    await form(page).send.click();
    await expect.poll(() => bodies.length).toBe(2);
    const keys = bodies.map(
      (b) => (JSON.parse(b) as { data: { idempotencyKey: string } }).data.idempotencyKey,
    );
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('sends a queued message as soon as the network comes back, once, and the form says Sent', async () => {
    const { page, problems } = await openHome();
    const context = page.context();
    // Filled (focused) while online, as a visitor would: the form's client and outbox load then.
    await fillValid(page, `Online${Date.now()}`);
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            performance
              .getEntriesByType('resource')
              .filter((e) => /\/assets\/(client|outbox)-/.test(e.name)).length,
        ),
      )
      .toBe(2);
    await context.setOffline(true);
    const name = await form(page).name.inputValue();
    await form(page).send.click();
    await expect.poll(() => form(page).send.getAttribute('data-state')).toBe('queued');
    const queuedAt = Date.now();
    await context.setOffline(false);
    // The 'online' event sends it, well before the first backoff try (RETRY_FIRST_MS).
    await expect
      .poll(() => form(page).send.getAttribute('data-state'), { timeout: 4_000 })
      .toBe('sent');
    expect(Date.now() - queuedAt).toBeLessThan(RETRY_FIRST_MS * 0.8);
    await expect(form(page).send.textContent()).resolves.toBe('Sent');
    await expect(form(page).banner.textContent()).resolves.toBe('');
    await expect
      .poll(async () => (await storedRecords()).filter((r) => r.name === name).length)
      .toBe(1);
    await expect(page.evaluate((key) => localStorage.getItem(key), DRAFT_KEY)).resolves.toBeNull();
    expect(problems.filter((p) => !p.startsWith('console:'))).toEqual([]);
  });
});

describe('the draft', () => {
  it('takes over text typed before the app has loaded, and loses none of it after', async () => {
    const { page, problems } = await openPage(browser());
    const f = form(page);
    // Hold the app (src/main.tsx, fetched after the first paint): the page reads and its fields
    // take text meanwhile.
    const app = await holdApp(page);
    await page.goto(`${baseURL()}/`, { waitUntil: 'domcontentloaded' });
    await f.name.fill('Early Typist');
    await f.message.fill('Typed before the app');
    await expect(f.counter.textContent()).resolves.toBe('0/50');
    app.release();
    await expect.poll(() => f.counter.textContent()).toBe('20/50');
    await f.email.fill('early@example.org');
    await f.message.press('End');
    await f.message.pressSequentially('!');
    await expect(f.name.inputValue()).resolves.toBe('Early Typist');
    await expect(f.message.inputValue()).resolves.toBe('Typed before the app!');
    // Stored after the key's frame, in the browser's next idle moment.
    const stored = () => page.evaluate((key) => JSON.parse(localStorage.getItem(key)!), DRAFT_KEY);
    await expect.poll(stored).toMatchObject({
      name: 'Early Typist',
      email: 'early@example.org',
      message: 'Typed before the app!',
    });
    expect(problems).toEqual([]);
  });

  it('takes a Send pressed before the app has loaded to the form, with the text typed', async () => {
    const { page } = await openPage(browser());
    const f = form(page);
    const app = await holdApp(page);
    await page.goto(`${baseURL()}/`, { waitUntil: 'domcontentloaded' });
    await f.name.fill('Early Sender');
    await f.email.fill('early@example');
    await f.message.fill(LONG_ENOUGH);
    await f.send.click();
    app.release();
    await expect.poll(() => f.banner.textContent()).toBe(MESSAGES.email);
    // Checked by the app, not sent by the browser as a form (no fields in the address).
    expect(new URL(page.url()).search).toBe('');
    await expect(f.name.inputValue()).resolves.toBe('Early Sender');
    await expect(f.message.inputValue()).resolves.toBe(LONG_ENOUGH);
  });

  it('survives a reload', async () => {
    const { page, problems } = await openHome();
    const f = form(page);
    await f.name.fill('Draft Keeper');
    await f.email.fill('draft@example.org');
    await f.message.fill('Half a thought, to be continued');
    await page.reload({ waitUntil: 'networkidle' });
    await expect.poll(() => f.name.inputValue()).toBe('Draft Keeper');
    await expect(f.email.inputValue()).resolves.toBe('draft@example.org');
    await expect(f.message.inputValue()).resolves.toBe('Half a thought, to be continued');
    await expect(f.counter.textContent()).resolves.toBe('31/50');
    expect(problems.filter((p) => /hydrat/i.test(p))).toEqual([]);
    expect(problems).toEqual([]);
  });
});
