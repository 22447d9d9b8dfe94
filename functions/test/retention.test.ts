/**
 * Retention on both stores: the local backend with RETENTION_DAYS, on its own clock, sweeps at
 * start and before every retry pass; spent rate-limit buckets go whatever the retention.
 */
import { randomUUID } from 'node:crypto';
import { access, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { clearFirestoreEmulator } from './storeKits';
import { FirestoreStore } from '../src/store/firestoreStore';
import type { ContactStore } from '../src/store/types';
import { closedPort, startHarness, startSmtp, tempDir, testSettings } from './harness';

/** The collection that holds the messages. */
const MESSAGES = 'contactMessages';

const DAY = 24 * 3_600_000;

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

interface Kit {
  name: string;
  /** The store a backend on `dataDir` uses (undefined: the file store), and a raw field reader. */
  open(): Promise<{ store?: ContactStore; rawExpireAt?: (id: string) => Promise<unknown> }>;
}

const KITS: Kit[] = [
  { name: 'file store', open: async () => ({}) },
  {
    name: 'Firestore emulator',
    async open() {
      const host = inject('firestoreEmulatorHost');
      process.env.FIRESTORE_EMULATOR_HOST = host;
      const projectId = `demo-retention-${randomUUID().slice(0, 8)}`;
      const app = initializeApp({ projectId }, projectId);
      cleanups.push(() => clearFirestoreEmulator(host, projectId));
      cleanups.push(() => deleteApp(app));
      const db = getFirestore(app);
      return {
        store: new FirestoreStore(db),
        rawExpireAt: async (id) => (await db.collection(MESSAGES).doc(id).get()).get('expireAt'),
      };
    },
  },
];

let n = 0;
const message = (email: string) => ({
  name: 'Ada Lovelace',
  email,
  message: 'We would like a small app for our book club, with reading lists.',
  idempotencyKey: `keep-${String(++n).padStart(4, '0')}-${randomUUID()}`,
  website: '',
});

describe.each(KITS)('retention on the $name', (kit) => {
  /** A backend with a retention of one day on a clock the test moves, mailing to `smtpUrl`. */
  async function oneDayBackend(smtpUrl: string, startsAt: number, patch = {}) {
    const dir = await tempDir();
    cleanups.push(dir.remove);
    const opened = await kit.open();
    const clock = { t: startsAt };
    const h = await startHarness({
      dataDir: dir.path,
      store: opened.store,
      settings: { ...testSettings(), retentionDays: 1, ...patch },
      now: () => new Date(clock.t),
      smtpUrl,
      retryIntervalMs: 3_600_000,
    });
    cleanups.push(h.close);
    return { h, clock, now: () => new Date(clock.t), rawExpireAt: opened.rawExpireAt };
  }

  it('deletes messages older than RETENTION_DAYS with their .eml copies, at start and on each retry pass', async () => {
    const dir = await tempDir();
    cleanups.push(dir.remove);
    const opened = await kit.open();
    let t = Date.now() - DAY;
    const now = () => new Date(t);
    const settings = { ...testSettings(), retentionDays: 2 };
    const start = () => startHarness({ dataDir: dir.path, store: opened.store, settings, now });

    const first = await start();
    const old = message('ada@example.org');
    await first.call(old);
    const record = await first.backend.store.get(old.idempotencyKey);
    expect(record?.expireAt).toBe(new Date(t + 2 * DAY).toISOString());
    // Firestore's TTL policy deletes by a Timestamp field.
    if (opened.rawExpireAt)
      expect(await opened.rawExpireAt(old.idempotencyKey)).toBeInstanceOf(Timestamp);
    const oldEml = join(first.backend.outboxDir, `${old.idempotencyKey}.eml`);
    await access(oldEml);
    await first.close();

    // Two and a half days on, a new start sweeps before it serves anything.
    t += 2.5 * DAY;
    const second = await start();
    cleanups.push(second.close);
    expect(await second.backend.store.list()).toEqual([]);
    await expect(access(oldEml)).rejects.toThrow();

    const recent = message('grace@example.org');
    await second.call(recent);
    t += DAY;
    await second.backend.retry();
    expect((await second.backend.store.list()).map((r) => r.id)).toEqual([recent.idempotencyKey]);
    // Past the limit: gone on the next pass, with its copy in the outbox.
    t += 1.5 * DAY;
    await second.backend.retry();
    expect(await second.backend.store.list()).toEqual([]);
    expect(await second.outbox()).toEqual([]);
  }, 120_000);

  it('keeps a message past its retention until the studio has had it, then deletes it', async () => {
    const base = testSettings();
    // The mail server is down: the mail stays pending, and retries go on for a week, past the
    // retention of a day.
    const port = await closedPort();
    const { h, clock, now, rawExpireAt } = await oneDayBackend(
      `smtp://127.0.0.1:${port}`,
      Date.now() - DAY,
      { retry: { ...base.retry, maxAgeMs: 7 * DAY } },
    );
    const pending = message('ada@example.org');
    await h.call(pending);
    const stored = await h.backend.store.get(pending.idempotencyKey, now());
    expect(stored?.delivery.state).toBe('pending');
    expect(stored?.retainUntil).toBe(new Date(clock.t + DAY).toISOString());
    // Nothing for Firestore's TTL policy to delete while the studio has not had it.
    expect(stored?.expireAt).toBeNull();
    if (rawExpireAt) expect(await rawExpireAt(pending.idempotencyKey)).toBeNull();

    // Two days on, past its retention: each pass tries the mail again and keeps the message.
    clock.t += 2 * DAY;
    await h.backend.retry();
    clock.t += 1000; // past the backoff
    await h.backend.retry();
    const kept = await h.backend.store.get(pending.idempotencyKey, now());
    expect(kept?.delivery.state).toBe('pending');
    expect(kept?.delivery.attempts).toBeGreaterThanOrEqual(2);

    // The mail server is back: the pass mails it, and the next sweep deletes it.
    const smtp = await startSmtp(port);
    cleanups.push(smtp.close);
    clock.t += 1000;
    await h.backend.retry();
    expect(smtp.received).toHaveLength(1);
    await h.backend.retry();
    expect(await h.backend.store.list()).toEqual([]);
  }, 120_000);

  it('keeps a message whose every delivery failed for good until the studio sends it again', async () => {
    const smtp = await startSmtp(0, { refuse: 'REFUSE-ME' });
    cleanups.push(smtp.close);
    const { h, clock, now } = await oneDayBackend(smtp.url, Date.now() - DAY);
    const refused = {
      ...message('grace@example.org'),
      message: 'Please call us about a new app for our shop. REFUSE-ME',
    };
    await h.call(refused);
    const id = refused.idempotencyKey;
    expect((await h.backend.store.get(id, now()))?.delivery.state).toBe('failed');
    clock.t += 3 * DAY;
    await h.backend.retry();
    expect((await h.backend.store.list()).map((r) => r.id)).toEqual([id]);
    // The studio sends it again, and it arrives this time: then retention may delete it.
    expect(await h.backend.store.requeue(id, now())).not.toBeNull();
    await smtp.close();
    const open = await startSmtp(smtp.port);
    cleanups.push(open.close);
    clock.t += 1000;
    await h.backend.retry();
    expect(open.received).toHaveLength(1);
    await h.backend.retry();
    expect(await h.backend.store.list()).toEqual([]);
  }, 120_000);

  it('treats a key whose record is past its retention as new: stored and mailed again', async () => {
    const smtp = await startSmtp();
    cleanups.push(smtp.close);
    const { h, clock, now } = await oneDayBackend(smtp.url, Date.now() - 3 * DAY);
    const first = message('ada@example.org');
    await h.call(first);
    expect(smtp.received).toHaveLength(1);

    // A day and a half on, before any sweep: the same key with other text.
    clock.t += 1.5 * DAY;
    const again = { ...first, message: 'A new question about the same book club app, months on.' };
    await expect(h.call(again)).resolves.toEqual({
      success: true,
      message: 'Thank you! Your message has been sent.',
    });
    const stored = await h.backend.store.get(first.idempotencyKey, now());
    expect(stored?.message).toBe(again.message);
    expect(stored?.receivedAt).toBe(now().toISOString());
    expect(stored?.delivery.state).toBe('delivered');
    expect(smtp.received).toHaveLength(2);
    expect(smtp.received[1]!.raw).toContain('A new question');
  }, 120_000);

  it('sweeps spent rate-limit buckets whatever the retention, and keeps the messages', async () => {
    const dir = await tempDir();
    cleanups.push(dir.remove);
    const opened = await kit.open();
    let t = Date.now();
    const settings = { ...testSettings(), retentionDays: null };
    const h = await startHarness({
      dataDir: dir.path,
      store: opened.store,
      settings,
      now: () => new Date(t),
    });
    cleanups.push(h.close);
    const sent = ['a@example.org', 'b@example.org', 'c@example.org'].map(message);
    for (const m of sent) await h.call(m);
    const buckets = async () =>
      (await readdir(join(dir.path, 'ratelimits')).catch(() => [] as string[])).filter((f) =>
        f.endsWith('.json'),
      );
    if (!opened.store) expect(await buckets()).toHaveLength(4); // one client, three emails

    // Two windows on, every bucket is spent; the messages stay (no retention).
    t += 2 * settings.rateLimits.windowMs;
    await h.backend.retry();
    if (!opened.store) expect(await buckets()).toEqual([]);
    const records = await h.backend.store.list();
    expect(records).toHaveLength(3);
    expect(records.every((r) => r.expireAt === null)).toBe(true);
    for (const r of records)
      expect(await h.backend.store.bucket(`client-${r.clientHash}`)).toBeNull();
  }, 120_000);
});
