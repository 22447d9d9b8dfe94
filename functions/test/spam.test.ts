/**
 * The spam filter on both stores, through the real web SDK against the real callable, with mail
 * to a real SMTP server on loopback and `npm run messages` run as a process: spam is stored and
 * held with its reasons, the visitor's answer is the same, "not spam" sends a held message, and
 * what the studio marks is learnt at once and kept across a restart.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { SENT } from '../../src/contract/contact';
import { sweepExpired } from '../src/retention';
import { backendSettings } from '../src/settings';
import { judge } from '../src/spam/filter';
import { withMarks } from '../src/spam/classifier';
import { setSpamMark } from '../src/spam/marks';
import type { ContactRecord } from '../src/store/types';
import { destinationSettings } from '../src/destinations';
import { header, startHarness, startSmtp, tempDir, TEST_SECRET, testSettings } from './harness';
import { startReceiver } from './receiver';
import { messagesTool, openStore, storeKits } from './storeKits';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

const PITCH =
  'Hello, I was checking your website and it is not ranking on Google. We can place your site on the first page of Google. May I send you an SEO proposal and price?';
const ENQUIRY =
  'Hello, we would like a small app for our book club, with reading lists and a calendar. Our site: https://bookclub.example.org';
const AMBER =
  'We are a small workshop in Riga making handmade amber jewellery. We sell wholesale to shops and studios; catalogue on request. Write back for prices and minimum orders.';
const AMBER_AGAIN =
  'Hello from Riga! Our workshop makes handmade amber jewellery for shops and studios. Write back for our wholesale catalogue, prices and minimum orders.';

const message = (name: string, text: string) => ({
  name,
  email: `${name.split(' ')[0]!.toLowerCase()}@example.org`,
  message: text,
  idempotencyKey: `spam-${randomUUID()}`,
  website: '',
});

const settings = { ...testSettings(), spam: backendSettings({}).spam };

describe.each(storeKits('spam'))('the spam filter on the $name', (kit) => {
  it('holds spam with its reasons, mails the rest, sends a held message on "not spam", and learns marks at once and for good', async () => {
    const opened = await openStore(kit);
    const smtp = await startSmtp(0);
    cleanups.push(smtp.close);
    const start = () =>
      startHarness({ dataDir: opened.dataDir, store: opened.store, smtpUrl: smtp.url, settings });
    let h = await start();
    const env = {
      ...opened.env,
      DATA_DIR: opened.dataDir,
      PSEUDONYM_SECRET: TEST_SECRET,
      SMTP_URL: smtp.url,
    };
    const stored = async (id: string) => (await h.backend.store.get(id)) as ContactRecord;

    const pitch = message('Rahul Sharma', PITCH);
    const enquiry = message('Ada Lovelace', ENQUIRY);
    // The same answer for both: a spammer learns nothing.
    expect(await h.call(pitch)).toEqual({ success: true, message: SENT });
    expect(await h.call(enquiry)).toEqual({ success: true, message: SENT });

    const held = await stored(pitch.idempotencyKey);
    expect(held.delivery.state).toBe('spam');
    expect(held.spam).toMatchObject({ flagged: true });
    expect(held.spam!.score).toBeGreaterThanOrEqual(1);
    expect(held.spam!.reasons.join(' ')).toMatch(/pitch: SEO/);
    const mailed = await stored(enquiry.idempotencyKey);
    expect(mailed.delivery.state).toBe('delivered');
    expect(mailed.spam).toMatchObject({ flagged: false });
    expect(smtp.received.map((m) => header(m.raw, 'X-Contact-Message-Id'))).toEqual([
      enquiry.idempotencyKey,
    ]);

    const listed = await messagesTool(['list', '--spam'], env);
    expect(listed.code).toBe(0);
    expect(listed.out).toContain(pitch.idempotencyKey);
    expect(listed.out).not.toContain(enquiry.idempotencyKey);
    expect(listed.out).toMatch(/spam score [\d.]+: pitch: SEO/);

    // "Not spam": the held message goes now, and the filter learns it.
    const freed = await messagesTool(['not-spam', pitch.idempotencyKey], env);
    expect(freed.out).toMatch(/not spam, sent \(mail delivered\)/);
    expect(freed.code).toBe(0);
    expect(smtp.received.map((m) => header(m.raw, 'X-Contact-Message-Id'))).toContain(
      pitch.idempotencyKey,
    );
    expect((await stored(pitch.idempotencyKey)).spam?.mark).toBe('ham');

    // A delivered message marked spam: the next one like it is held, by the running backend.
    const amber = message('Ilze Ozola', AMBER);
    await h.call(amber);
    expect((await stored(amber.idempotencyKey)).delivery.state).toBe('delivered');
    expect((await messagesTool(['spam', amber.idempotencyKey], env)).code).toBe(0);
    const again = message('Ilze Ozola', AMBER_AGAIN);
    await h.call(again);
    expect((await stored(again.idempotencyKey)).delivery.state).toBe('spam');

    // After a restart the mark is still there.
    await h.close();
    h = await start();
    cleanups.push(() => h.close());
    const third = message('Ilze Ozola', AMBER_AGAIN.replace('Hello', 'Good day'));
    await h.call(third);
    expect((await stored(third.idempotencyKey)).delivery.state).toBe('spam');
    expect((await messagesTool(['spam', 'spam-nothing-0000000'], env)).code).toBe(1);

    // Retention: a swept message takes what the filter learnt from it along.
    const marked = await h.backend.store.spamMarks();
    expect(marked !== 'unchanged' && Object.keys(marked.marks).sort()).toEqual(
      [pitch.idempotencyKey, amber.idempotencyKey].sort(),
    );
    const later = new Date(Date.now() + 3 * 86_400_000);
    await sweepExpired(h.backend.store, { now: later, retentionDays: 1 });
    const left = await h.backend.store.spamMarks();
    expect(left !== 'unchanged' && left.marks).toEqual({});
  }, 60_000);
});

describe('the spam filter, settings and bounds', () => {
  it('tags instead of holding with SPAM_ACTION=tag, and lets everything through with SPAM_FILTER=off', async () => {
    const dir = await tempDir();
    cleanups.push(dir.remove);
    const smtp = await startSmtp(0);
    cleanups.push(smtp.close);
    const receiver = await startReceiver({ '/slack': () => 200 });
    cleanups.push(receiver.close);
    const slack = destinationSettings({ SLACK_WEBHOOK_URL: `${receiver.origin}/slack` }, 'local');
    for (const [mode, spam] of [
      ['tag', backendSettings({ SPAM_ACTION: 'tag' }).spam],
      ['off', backendSettings({ SPAM_FILTER: 'off' }).spam],
    ] as const) {
      const h = await startHarness({
        dataDir: dir.path,
        smtpUrl: smtp.url,
        settings: { ...testSettings(), ...slack, spam },
      });
      const pitch = message('Rahul Sharma', PITCH);
      await h.call(pitch);
      await h.close();
      const mail = smtp.received.find((m) => m.raw.includes(pitch.idempotencyKey))!;
      expect(mail, mode).toBeDefined();
      if (mode === 'tag') {
        expect(header(mail.raw, 'Subject')).toMatch(/^\[Spam\?\] Website message/);
        expect(mail.raw).toMatch(/Possible spam \(score [\d.]+\): pitch: SEO/);
        const posted = JSON.parse(receiver.at('/slack')[0]!.body) as { text: string };
        expect(posted.text).toMatch(/^\[Spam\?\] A message .*\nPossible spam \(score/);
      } else {
        expect(header(mail.raw, 'Subject')).toMatch(/^Website message/);
        const record = (await h.records()).find((r) => r.id === pitch.idempotencyKey)!;
        expect(record.spam).toBeUndefined();
      }
    }
    expect(() => backendSettings({ SPAM_ACTION: 'drop' })).toThrow(/SPAM_ACTION/);
  });

  it('scores bad input', () => {
    const nbc = withMarks([]);
    const cases = {
      repeated: `${'buy '.repeat(500)}`.slice(0, 2000),
      links: Array.from({ length: 500 }, (_, i) => `https://l${i}.example.com/x`).join(' '),
      scripts: '你好 Привет مرحبا שלום 🌻🚀 Hеllо wörld '.repeat(40),
    };
    for (const [what, text] of Object.entries(cases)) {
      const verdict = judge(nbc, 'Some Body', text);
      expect(verdict.score, what).toBeGreaterThanOrEqual(1);
      expect(verdict.reasons.length, what).toBeGreaterThan(0);
    }
  });

  it('keeps the marks under their size cap, the oldest dropped first', async () => {
    const { store } = await openStore(storeKits('spam-cap')[0]!);
    const words = Array.from({ length: 400 }, (_, i) => `w${i.toString(36)}xyz`);
    for (let i = 0; i < 250; i++)
      await setSpamMark(store, `id-${i}`, {
        label: 'spam',
        features: words,
        at: new Date(i).toISOString(),
      });
    const marks = await store.spamMarks();
    if (marks === 'unchanged') throw new Error('no marks read');
    // The cap: 512 KiB, well under a Firestore document's 1 MiB.
    expect(JSON.stringify(marks.marks).length).toBeLessThanOrEqual(512 * 1024);
    expect(marks.marks['id-249']).toBeDefined();
    expect(marks.marks['id-0']).toBeUndefined();
  }, 60_000);
});
