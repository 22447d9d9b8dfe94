/**
 * The studio's inbox in the engine of this project, as the studio uses it: sign in by email link
 * (read from the Auth emulator's `oobCodes`, through the site's own origin), read a message sent
 * through the form, mark it handled, mark another spam and back, send a failed delivery again,
 * export CSV, and erase a visitor. Someone else sees a clear refusal. axe finds nothing.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { studio } from '../../src/contract/company';
import { LOCAL_PROJECT_ID } from '../../src/contract/project';
import { inboxWords as w } from '../../src/content/inbox';
import { axeViolations } from './axe';
import { fill, LONG_ENOUGH, openForm, waitForSendState } from './contactForm';
import { baseURL, DESKTOP, engineUnderTest, PHONE, sharedEngine, type EnginePage } from './engine';

const engine = engineUnderTest();
const open = sharedEngine();
const DATA_DIR = process.env.DATA_DIR ?? '.data';

/** Asks for a sign-in link for `email` on /inbox, reads it from the emulator, and follows it. */
async function signIn(page: EnginePage, email: string): Promise<void> {
  await page.goto('/inbox');
  await page.waitFor(() => document.getElementById('inbox-email') !== null);
  await page.type('#inbox-email', email);
  await page.click('.inbox-card button[type="submit"]');
  await page.waitFor(() =>
    /on its way/.test(document.querySelector('.inbox-card')?.textContent ?? ''),
  );
  const res = await fetch(`${baseURL()}/emulator/v1/projects/${LOCAL_PROJECT_ID}/oobCodes`);
  const { oobCodes } = (await res.json()) as { oobCodes: { email: string; oobLink: string }[] };
  const link = new URL(oobCodes.filter((c) => c.email === email).at(-1)!.oobLink);
  // The link a mail would carry opens /inbox on this site with the code.
  await page.goto(`/inbox${link.search}`);
}

const text = () => document.querySelector('main')?.textContent ?? '';
const hasText = (page: EnginePage, wanted: string, timeoutMs?: number) =>
  page.waitFor(
    (t) => (document.querySelector('main')?.textContent ?? '').includes(t),
    wanted,
    timeoutMs,
  );

/** A stored message whose mail failed for good, written as the file store keeps it. */
async function seedFailed(name: string): Promise<string> {
  const id = `inbox-failed-${randomUUID()}`;
  const now = new Date().toISOString();
  const record = {
    id,
    name,
    email: 'failed@example.org',
    message: `${LONG_ENOUGH} Its mail failed once.`,
    fingerprint: 'f'.repeat(64),
    receivedAt: now,
    clientHash: 'c'.repeat(64),
    delivery: {
      state: 'failed',
      attempts: 12,
      lastAttemptAt: now,
      lastError: 'Message failed: 554 refused',
      deliveredAt: null,
      claimedUntil: null,
      nextAttemptAt: null,
      requeuedAt: null,
    },
    folder: 'new',
  };
  await mkdir(join(DATA_DIR, 'messages'), { recursive: true });
  await writeFile(join(DATA_DIR, 'messages', `${id}.json`), JSON.stringify(record));
  return id;
}

/**
 * Clicks, as a person would, the first button or link in `scope` whose text is `label` (or starts
 * with it, or holds it). The test marks it with `data-press` to name it to the driver.
 */
async function press(
  page: EnginePage,
  label: string,
  scope = 'main',
  how: 'is' | 'starts' | 'holds' = 'is',
): Promise<void> {
  const found = await page.evaluate(
    ([s, l, h]) => {
      document.querySelector('[data-press]')?.removeAttribute('data-press');
      const target = [...document.querySelectorAll(`${s} button, ${s} a.button`)].find((b) => {
        const t = b.textContent?.trim() ?? '';
        return h === 'is' ? t === l : h === 'starts' ? t.startsWith(l) : t.includes(l);
      });
      target?.setAttribute('data-press', '');
      return Boolean(target);
    },
    [scope, label, how] as const,
  );
  if (!found) throw new Error(`No button "${label}" in ${scope}`);
  await page.click('[data-press]');
}

/** Waits until the list shows, or no longer shows, a message from `name`. */
const listed = (page: EnginePage, name: string, shown = true) =>
  page.waitFor(
    ([n, s]) => (document.querySelector('.rows')?.textContent ?? '').includes(n) === s,
    [name, shown] as const,
    20_000,
  );

describe(`the inbox in ${engine}`, () => {
  it('signs the studio in by email link, and refuses anyone else with a clear page', async () => {
    const page = await open({ viewport: PHONE });
    await page.goto('/inbox');
    await hasText(page, w.signIn.heading);
    await page.screenshot('inbox-sign-in-phone');
    expect(await axeViolations(page)).toEqual([]);

    await signIn(page, `someone-${engine}@example.org`);
    await hasText(page, w.notOwner.heading);
    await page.screenshot('inbox-not-owner-phone');
    expect(await axeViolations(page)).toEqual([]);
    await press(page, w.signOut);
    await hasText(page, w.signIn.heading);
    // The browser logs the server's refusal (403) itself; nothing else may go wrong.
    expect((await page.errors()).filter((e) => !/status of 403/.test(e))).toEqual([]);
  });

  it('reads, sorts, retries, exports and erases as the studio', async () => {
    const stamp = Date.now();
    const who = `${engine[0]!.toUpperCase()}${engine.slice(1)} Inbox${stamp}`;
    // Its own address each run: the form's per-address limit counts an hour.
    const address = `${engine}-inbox-${stamp}@example.org`;
    const form = await open({ viewport: DESKTOP });
    await openForm(form, '/');
    await fill(form, {
      name: who,
      email: address,
      message: `${LONG_ENOUGH} (${who})`,
    });
    await form.click('button.contact-form__send');
    await waitForSendState(form, 'sent', 30_000);
    // One page at a time: WebKitGTK's driver runs one session.
    await form.close();
    const failedName = `${who} Failed`;
    /** The sent message's row: its name and address (the failed one's name starts alike). */
    const sent = `${who} <${address}>`;
    await seedFailed(failedName);

    const page = await open({ viewport: DESKTOP });
    await signIn(page, studio.email);
    await hasText(page, who, 20_000);
    expect(await page.evaluate(() => document.title)).toMatch(/^\(\d+\) Inbox — /);
    await page.screenshot('inbox-desk-desktop');
    expect(await axeViolations(page)).toEqual([]);

    // Read it: the whole text, as text.
    await press(page, sent, '.rows', 'holds');
    await hasText(page, `(${who})`);
    expect(await page.evaluate(text)).toContain(`${LONG_ENOUGH} (${who})`);
    await page.screenshot('inbox-message-desktop');
    expect(await axeViolations(page)).toEqual([]);
    await press(page, w.marks.handled);
    await hasText(page, w.states.delivered);
    await press(page, w.back);
    await page.waitFor(() => document.querySelector('.rows') !== null);

    // Handled: in its folder now.
    await press(page, w.folders.handled, '.folders', 'starts');
    await listed(page, sent);
    await press(page, w.folders.new, '.folders', 'starts');
    await listed(page, sent, false);

    // The failed one: spam by hand, then not spam; then its mail sent again.
    await listed(page, failedName);
    await page.click(`input[aria-label="${w.select(failedName)}"]`);
    await press(page, w.marks.spam);
    await hasText(page, w.marked(1));
    await listed(page, failedName, false);
    await press(page, w.folders.spam, '.folders', 'starts');
    await listed(page, failedName);
    await page.click(`input[aria-label="${w.select(failedName)}"]`);
    await press(page, w.marks['not-spam']);
    await hasText(page, w.marked(1));
    await press(page, w.folders.new, '.folders', 'starts');
    await listed(page, failedName);
    await press(page, failedName, '.rows', 'holds');
    await hasText(page, 'Message failed: 554 refused');
    await press(page, w.retry('Email'));
    await hasText(page, `Email: ${w.states.delivered}`);
    await press(page, w.back);

    // Export: the CSV the page hands the browser to save, read by an observer this test installs.
    await page.waitFor(() => document.querySelector('.rows') !== null);
    await page.evaluate(() => {
      const made = URL.createObjectURL.bind(URL);
      (window as unknown as { saved?: Promise<number[]> }).saved = new Promise((ok) => {
        URL.createObjectURL = (blob: Blob | MediaSource) => {
          if (blob instanceof Blob) void blob.arrayBuffer().then((b) => ok([...new Uint8Array(b)]));
          return made(blob);
        };
      });
    });
    await press(page, w.exportCsv);
    const bytes = await page.evaluate(
      () => (window as unknown as { saved: Promise<number[]> }).saved,
    );
    // UTF-8 with a BOM, so a spreadsheet reads it as UTF-8.
    expect(bytes.slice(0, 3)).toEqual([0xef, 0xbb, 0xbf]);
    const csv = Buffer.from(bytes.slice(3)).toString('utf8');
    expect(csv.startsWith('id,received at,folder,name,email,message,deliveries\r\n')).toBe(true);
    expect(csv).toContain(`,new,${failedName},failed@example.org,`);

    // A visitor's data: preview, then erase after a confirmation.
    await page.type('#visitor-email', address);
    await press(page, w.visitor.find, '.visitor');
    await hasText(page, `Held about ${address}:`);
    await press(page, w.visitor.erase, '.visitor');
    await hasText(page, w.visitor.confirm(address));
    expect(await axeViolations(page)).toEqual([]);
    await press(page, w.visitor.yes, '.visitor');
    await hasText(page, w.visitor.erased(address));
    expect(await page.errors()).toEqual([]);
  });

  it('fits a phone: the desk at 390 px', async () => {
    const page = await open({ viewport: PHONE });
    await signIn(page, studio.email);
    await page.waitFor(() => document.querySelector('.folders') !== null, undefined, 20_000);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await page.screenshot('inbox-desk-phone');
    expect(await axeViolations(page)).toEqual([]);
  });
});
