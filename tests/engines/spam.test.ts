/**
 * The spam filter through the real form in the engine of this project, against a backend of the
 * test's own (contactSite.ts) with a real SMTP server: a pitch is answered "Sent" like any
 * message, stored and held; an enquiry is mailed; `npm run messages -- not-spam ID` mails a held
 * one; a message marked spam teaches the filter, which still knows it after a restart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMessages } from '../../functions/src/tools/messages';
import { engineUnderTest, sharedEngine, type EnginePage } from './engine';
import { contactSite, type ContactSite } from './contactSite';
import { banner, fill, LONG_ENOUGH, openForm, waitForSendState } from './contactForm';

const engine = engineUnderTest();
const open = sharedEngine();

const PITCH =
  'Hello, I was checking your website and it is not ranking on Google. We can place your site on the first page of Google. May I send you an SEO proposal and price?';
const AMBER =
  'We are a small workshop in Riga making handmade amber jewellery. We sell wholesale to shops and studios; catalogue on request. Write back for prices and minimum orders.';
const AMBER_AGAIN =
  'Hello from Riga! Our workshop makes handmade amber jewellery for shops and studios. Write back for our wholesale catalogue, prices and minimum orders.';

let site: ContactSite;
beforeAll(async () => {
  site = await contactSite();
});
afterAll(() => site?.close());

/**
 * Sends `message` through the form on `page` (one page a test: WebKit's driver holds one
 * session) as a visitor; the stored record once the form says Sent.
 */
async function send(tab: EnginePage, tag: string, message: string) {
  const page = await openForm(tab, `${site.base}/`);
  const name = `${tag}${engine}${Date.now()} Tester`;
  await fill(page, { name, email: `${tag.toLowerCase()}${Date.now()}@example.org`, message });
  await page.click('button.contact-form__send');
  await waitForSendState(page, 'sent', 30_000);
  // The same answer as for any message: Sent, and no banner.
  expect(await page.evaluate(banner)).toBe('');
  expect(await page.errors()).toEqual([]);
  const record = (await site.records()).find((r) => r.name === name);
  expect(record).toBeDefined();
  return record!;
}

async function messages(...args: string[]) {
  const out: string[] = [];
  const code = await runMessages(
    args,
    { ...process.env, STORE: 'file', DATA_DIR: site.dataDir, SMTP_URL: site.smtpUrl },
    (text) => out.push(text),
    (text) => out.push(text),
  );
  return { code, out: out.join('\n') };
}

describe(`the spam filter behind the form in ${engine}`, () => {
  it('holds a pitch, mails an enquiry, and mails a held message on "not spam"', async () => {
    const tab = await open();
    const enquiry = await send(
      tab,
      'Enquiry',
      `${LONG_ENOUGH} Our site: https://bookclub.example.org`,
    );
    const pitch = await send(tab, 'Pitch', PITCH);
    expect(site.mails(enquiry.id)).toBe(1);
    expect(pitch.delivery.state).toBe('spam');
    expect(pitch.spam?.reasons.join(' ')).toMatch(/pitch/);
    expect(site.mails(pitch.id)).toBe(0);

    const freed = await messages('not-spam', pitch.id);
    expect(freed.code).toBe(0);
    expect(site.mails(pitch.id)).toBe(1);
  });

  it('learns a mark of spam, and keeps it across a restart', async () => {
    const tab = await open();
    const amber = await send(tab, 'Amber', AMBER);
    expect(amber.delivery.state).not.toBe('spam');
    expect((await messages('spam', amber.id)).code).toBe(0);
    await site.restart();
    const again = await send(tab, 'Amber', AMBER_AGAIN);
    expect(again.delivery.state).toBe('spam');
    expect(site.mails(again.id)).toBe(0);
  });
});
