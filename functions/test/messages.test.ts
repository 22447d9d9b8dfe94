/**
 * `npm run messages` on both stores: the tool run as a process, as the studio runs it, on data a
 * real backend stored (the web SDK against the callable, mail to a real SMTP server on loopback).
 */
import { randomUUID } from 'node:crypto';
import { access, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { clientBucket, emailBucket } from '../src/clientAddress';
import { startHarness, startSmtp, tempDir, TEST_SECRET, testSettings } from './harness';
import type { Firestore } from 'firebase-admin/firestore';
import { messagesTool, openStore, storeKits } from './storeKits';

/** The collection that holds the messages. */
const MESSAGES = 'contactMessages';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/**
 * Rate-limit windows of an hour: a run on a busy machine takes minutes, and with one-minute
 * windows a bucket could restart between two messages, or be swept as spent mid-test.
 */
const hourWindows = testSettings({ windowMs: 3_600_000 });

let n = 0;
const message = (
  email: string,
  text = 'We would like a small app for our book club, with reading lists.',
) => ({
  name: /^ada/i.test(email) ? 'Ada Lovelace' : 'Grace Hopper',
  email,
  message: text,
  idempotencyKey: `tool-${String(++n).padStart(4, '0')}-${randomUUID()}`,
  website: '',
});

/** A backend on `opened`'s store, and the env that runs the tool on the same store. */
async function backend(
  opened: Awaited<ReturnType<typeof openStore>>,
  options: { smtpUrl?: string; now?: () => Date } = {},
) {
  const { dataDir, store } = opened;
  const h = await startHarness({ dataDir, store, settings: hourWindows, ...options });
  cleanups.push(h.close);
  const env = { ...opened.env, DATA_DIR: dataDir, PSEUDONYM_SECRET: TEST_SECRET, SMTP_URL: '' };
  return { h, env, opened };
}

/** Writes what is not a record under `id`, as a crash or a hand edit would leave it. */
async function spoil(opened: { dataDir: string; firestore?: Firestore }, id: string) {
  const hand = { receivedAt: new Date().toISOString(), name: 'edited by hand' };
  if (opened.firestore) await opened.firestore.collection(MESSAGES).doc(id).set(hand);
  else await writeFile(join(opened.dataDir, 'messages', `${id}.json`), '');
}

describe.each(storeKits('tool'))('npm run messages on the $name', (kit) => {
  it('lists, exports, sends a failed message again and erases an address with its mails and buckets', async () => {
    const opened = await openStore(kit);
    const smtp = await startSmtp(0, { refuse: 'POISON' });
    cleanups.push(smtp.close);
    // The backend's clock: a second passes between two messages, so each has its own time.
    let at = Date.now() - 60_000;
    const { h, env } = await backend(opened, { smtpUrl: smtp.url, now: () => new Date(at) });

    const ada = message('ada@example.org');
    const poison = message('Ada@Example.org', `POISON ${'x'.repeat(60)}`);
    const grace = message('grace@example.org');
    for (const m of [ada, poison, grace]) {
      await h.call(m);
      at += 1_000;
    }

    const list = await messagesTool(['list'], env);
    expect(list.code).toBe(0);
    const ids = list.out
      .trim()
      .split('\n')
      .map((l) => l.split(/\s+/)[2]);
    expect(ids).toEqual([grace.idempotencyKey, poison.idempotencyKey, ada.idempotencyKey]);
    expect(list.out).toMatch(/delivered\s+.*Grace Hopper <grace@example.org>/);
    const failed = await messagesTool(['list', '--state', 'failed'], env);
    expect(failed.out.trim().split('\n')).toHaveLength(1);
    expect(failed.out).toMatch(
      new RegExp(`failed\\s+${poison.idempotencyKey}  Ada Lovelace <Ada@Example.org>  .*554`),
    );

    const exported = await messagesTool(['export', '--email', 'ADA@example.org'], env);
    expect(exported.code).toBe(0);
    const data = JSON.parse(exported.out) as {
      messages: { id: string; message: string }[];
      rateLimitBuckets: { name: string; keys: string[] }[];
    };
    expect(data.messages.map((m) => m.id).sort()).toEqual(
      [ada.idempotencyKey, poison.idempotencyKey].sort(),
    );
    const bucketName = emailBucket(TEST_SECRET, 'ada@example.org');
    expect(data.rateLimitBuckets.find((b) => b.name === bucketName)?.keys.sort()).toEqual(
      [ada.idempotencyKey, poison.idempotencyKey].sort(),
    );
    expect(data.rateLimitBuckets.some((b) => b.name.startsWith('client-'))).toBe(true);

    const notFailed = await messagesTool(['retry', ada.idempotencyKey], env);
    expect(notFailed).toMatchObject({ code: 1 });
    expect(notFailed.err).toContain('is delivered, not failed');
    // Sent again, to the local outbox (no SMTP_URL).
    const retried = await messagesTool(['retry', poison.idempotencyKey], env);
    expect(retried.err).toBe('');
    expect(retried).toMatchObject({ code: 0 });
    expect(retried.out).toContain(`Message ${poison.idempotencyKey}: delivered`);
    const eml = join(opened.dataDir, 'outbox', `${poison.idempotencyKey}.eml`);
    await access(eml);
    expect((await messagesTool(['list', '--state', 'failed'], env)).out.trim()).toBe(
      'No messages.',
    );

    const dry = await messagesTool(['erase', '--email', 'ada@example.org'], env);
    expect(dry.code).toBe(0);
    expect(dry.out).toContain('Would remove');
    expect(dry.out).toContain(`message ${ada.idempotencyKey}`);
    expect(dry.out).toContain(`rate-limit bucket ${bucketName}`);
    expect((await messagesTool(['list'], env)).out.trim().split('\n')).toHaveLength(3);

    const erased = await messagesTool(['erase', '--email', 'ada@example.org', '--yes'], env);
    expect(erased.code).toBe(0);
    for (const line of [
      `message ${ada.idempotencyKey}`,
      `message ${poison.idempotencyKey}`,
      `outbox mail ${poison.idempotencyKey}.eml`,
      `rate-limit bucket ${bucketName}`,
    ])
      expect(erased.out).toContain(line);
    const left = await messagesTool(['list'], env);
    expect(left.out.trim().split('\n')).toHaveLength(1);
    expect(left.out).toContain(grace.idempotencyKey);
    await expect(access(eml)).rejects.toThrow();
    expect(await h.backend.store.bucket(bucketName)).toBeNull();
    expect(
      await h.backend.store.bucket(emailBucket(TEST_SECRET, 'grace@example.org')),
    ).not.toBeNull();
    const after = JSON.parse(
      (await messagesTool(['export', '--email', 'ada@example.org'], env)).out,
    ) as {
      messages: unknown[];
      rateLimitBuckets: unknown[];
    };
    expect(after).toMatchObject({ messages: [], rateLimitBuckets: [] });
    expect(await readdir(join(opened.dataDir, 'outbox')).catch(() => [])).toEqual([]);
  }, 120_000);
});

describe.each(storeKits('tool'))(
  'npm run messages on the $name, for one visitor among others',
  (kit) => {
    const storeBackend = async () => backend(await openStore(kit));

    it('finds an address by its Unicode domain and in any letter case, as the form stored it', async () => {
      const { h, env } = await storeBackend();
      // The browser submits the domain in ASCII; the visitor asks with the one they typed.
      const ada = message('ada@xn--bcher-kva.example');
      await h.call(ada);
      for (const asked of [
        'ada@bücher.example',
        'ADA@BÜCHER.example',
        'Ada@XN--BCHER-KVA.example',
      ]) {
        const exported = await messagesTool(['export', '--email', asked], env);
        expect(exported.code, asked).toBe(0);
        const data = JSON.parse(exported.out) as {
          messages: { id: string }[];
          rateLimitBuckets: { name: string; keys: string[] }[];
        };
        expect(
          data.messages.map((m) => m.id),
          asked,
        ).toEqual([ada.idempotencyKey]);
        expect(
          data.rateLimitBuckets.map((b) => b.name),
          asked,
        ).toContain(emailBucket(TEST_SECRET, 'ada@xn--bcher-kva.example'));
      }
      const erased = await messagesTool(['erase', '--email', 'ada@bücher.example', '--yes'], env);
      expect(erased.code).toBe(0);
      expect(erased.out).toContain(`message ${ada.idempotencyKey}`);
      expect(await h.backend.store.list()).toEqual([]);
    }, 180_000);

    it("exports and erases only the visitor's own data, reducing a client bucket others share", async () => {
      const { h, env } = await storeBackend();
      const ada = message('ada@example.org');
      const grace = message('grace@example.org'); // the same client address (one office network)
      for (const m of [ada, grace]) await h.call(m);
      const [adaRecord] = (await h.backend.store.list()).filter((r) => r.id === ada.idempotencyKey);
      const shared = clientBucket(adaRecord!.clientHash);
      expect((await h.backend.store.bucket(shared))?.keys.sort()).toEqual(
        [ada.idempotencyKey, grace.idempotencyKey].sort(),
      );

      const exported = await messagesTool(['export', '--email', 'ada@example.org'], env);
      expect(exported.code).toBe(0);
      // Nothing of grace's, not even her message id.
      expect(exported.out).not.toContain(grace.idempotencyKey);
      const data = JSON.parse(exported.out) as {
        rateLimitBuckets: { name: string; keys: string[] }[];
      };
      expect(data.rateLimitBuckets.map((b) => [b.name, b.keys])).toEqual(
        expect.arrayContaining([
          [emailBucket(TEST_SECRET, 'ada@example.org'), [ada.idempotencyKey]],
          [shared, [ada.idempotencyKey]],
        ]),
      );

      const erased = await messagesTool(['erase', '--email', 'ada@example.org', '--yes'], env);
      expect(erased.code).toBe(0);
      expect(erased.out).toContain(`1 key(s) from the shared rate-limit bucket ${shared}`);
      // Grace's message, her email bucket and her key in the shared bucket are all still there.
      expect((await h.backend.store.list()).map((r) => r.id)).toEqual([grace.idempotencyKey]);
      expect((await h.backend.store.bucket(shared))?.keys).toEqual([grace.idempotencyKey]);
      expect(
        (await h.backend.store.bucket(emailBucket(TEST_SECRET, 'grace@example.org')))?.keys,
      ).toEqual([grace.idempotencyKey]);
    }, 180_000);

    it('sets an unreadable record aside: the retry pass goes on, and list names it and lists the rest', async () => {
      const { h, env, opened } = await storeBackend();
      const ada = message('ada@example.org');
      const grace = message('grace@example.org');
      for (const m of [ada, grace]) await h.call(m);
      await spoil(opened, 'spoilt-record-0001');
      await expect(h.backend.retry()).resolves.toMatchObject({ failed: 0 });

      const list = await messagesTool(['list'], env);
      expect(list.code).toBe(0);
      expect(list.out).toContain(ada.idempotencyKey);
      expect(list.out).toContain(grace.idempotencyKey);
      expect(list.err).toContain('unreadable record(s), set aside');
      expect(list.err).toContain('spoilt-record-0001');
    }, 180_000);

    it("refuses export and erase without the backend's PSEUDONYM_SECRET, and touches nothing", async () => {
      const { h, env } = await storeBackend();
      const ada = message('ada@example.org');
      await h.call(ada);
      for (const args of [
        ['export', '--email', 'ada@example.org'],
        ['erase', '--email', 'ada@example.org', '--yes'],
      ]) {
        const refused = await messagesTool(args, { ...env, PSEUDONYM_SECRET: '' });
        expect(refused.code, args[0]).toBe(1);
        expect(refused.err, args[0]).toContain('PSEUDONYM_SECRET is not set');
        expect(refused.out, args[0]).toBe('');
      }
      const otherSecret = await messagesTool(['erase', '--email', 'ada@example.org', '--yes'], {
        ...env,
        PSEUDONYM_SECRET: 'not-the-backend-secret',
      });
      expect(otherSecret.code).toBe(1);
      expect(otherSecret.err).toContain("PSEUDONYM_SECRET is not the backend's");
      expect((await h.backend.store.list()).map((r) => r.id)).toEqual([ada.idempotencyKey]);
      expect(
        await h.backend.store.bucket(emailBucket(TEST_SECRET, 'ada@example.org')),
      ).not.toBeNull();
    }, 180_000);
  },
);

describe('npm run messages with bad arguments', () => {
  it('prints its usage and exits 2', async () => {
    const dir = await tempDir();
    cleanups.push(dir.remove);
    const env = { STORE: 'file', DATA_DIR: dir.path };
    for (const args of [
      [],
      ['frobnicate'],
      ['list', '--state', 'lost'],
      ['list', 'extra'],
      ['export'],
      ['export', '--email', 'ada@example.org', '--yes'],
      ['erase', '--email'],
      ['retry'],
      ['retry', 'a', 'b', 'c'],
      ['list', '--everything'],
    ]) {
      const result = await messagesTool(args, env);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.err, args.join(' ')).toContain('Usage: npm run messages -- <command>');
      expect(result.out).toBe('');
    }
    const missing = await messagesTool(['retry', 'no-such-message-0001'], env);
    expect(missing).toMatchObject({ code: 1, err: 'No message with id no-such-message-0001.\n' });
  }, 60_000);
});
