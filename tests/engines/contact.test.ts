/**
 * The contact form in the engine of this project: the refusal banner and a real send to the local
 * backend (stored, and its mail in DATA_DIR/outbox). A call that gets no answer, and the outbox
 * that keeps it: outbox.test.ts.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { engineUnderTest, sharedEngine } from './engine';
import { banner, fill, LONG_ENOUGH, openForm as openFormAt, waitForSendState } from './contactForm';
import { MESSAGES } from '../../functions/test/contactMessages';

const engine = engineUnderTest();
const open = sharedEngine();
const DATA_DIR = process.env.DATA_DIR ?? '.data';

/** Home, with the app running and the form in view. */
const openForm = async (base = '') => openFormAt(await open(), `${base}/`);

describe(`the contact form in ${engine}`, () => {
  it('refuses invalid input with the joined banner and sends nothing', async () => {
    const page = await openForm();
    await fill(page, { name: 'Anna', email: 'anna@example', message: 'Too short.' });
    await page.click('button.contact-form__send');
    const expected = `${MESSAGES.name} ${MESSAGES.email} ${MESSAGES.messageShort}`;
    await page.waitFor(
      (text) => document.getElementById('contact-banner')?.textContent === text,
      expected,
    );
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('contact-name');
    expect(
      await page.evaluate(() =>
        performance.getEntriesByType('resource').some((e) => e.name.includes('sendContactEmail')),
      ),
    ).toBe(false);
    await page.screenshot('contact-banner-desktop');
    expect(await page.errors()).toEqual([]);
  });

  it('sends a valid message to the local backend: "Sent", stored and in the outbox', async () => {
    const page = await openForm();
    const who = `${engine[0]!.toUpperCase()}${engine.slice(1)}${Date.now()}`;
    await fill(page, {
      name: `${who} Tester`,
      email: `${who.toLowerCase()}@example.org`,
      message: `${LONG_ENOUGH} (${who})`,
    });
    await page.click('button.contact-form__send');
    await waitForSendState(page, 'sent', 30_000);
    expect(
      await page.evaluate(() => document.querySelector('button.contact-form__send')?.textContent),
    ).toBe('Sent');
    expect(await page.evaluate(banner)).toBe('');
    await page.screenshot('contact-sent-desktop');

    const dir = join(DATA_DIR, 'messages');
    const records = await Promise.all(
      (await readdir(dir))
        .filter((n) => n.endsWith('.json') && !n.startsWith('.'))
        .map(async (n) => JSON.parse(await readFile(join(dir, n), 'utf8'))),
    );
    const record = records.find((r: { name: string }) => r.name === `${who} Tester`);
    expect(record).toMatchObject({ email: `${who.toLowerCase()}@example.org` });
    const eml = await readFile(join(DATA_DIR, 'outbox', `${record.id}.eml`), 'utf8');
    expect(eml).toMatch(new RegExp(`^Subject: Website message from ${who} Tester`, 'm'));
    // With a challenge the page fetched and solved, accepted once for this message.
    expect(
      await page.evaluate(() =>
        performance.getEntriesByType('resource').some((e) => e.name.includes('contactChallenge')),
      ),
    ).toBe(true);
    const used = await Promise.all(
      (await readdir(join(DATA_DIR, 'challenges')))
        .filter((n) => n.endsWith('.json') && !n.startsWith('.'))
        .map(async (n) => JSON.parse(await readFile(join(DATA_DIR, 'challenges', n), 'utf8'))),
    );
    expect(used.filter((u: { messageId: string }) => u.messageId === record.id)).toHaveLength(1);
    expect(await page.errors()).toEqual([]);
  });
});
