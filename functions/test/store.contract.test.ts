/**
 * One contract for both stores (functions/src/store/types.ts): the file store of the local
 * backend, and the production store, FirestoreStore, on the real Cloud Firestore emulator that
 * the unit project's global setup started (firestore.global-setup.ts).
 */
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { clearFirestoreEmulator } from './storeKits';
import { FileStore } from '../src/store/fileStore';
import { FirestoreStore } from '../src/store/firestoreStore';
import { MAIL, pendingDelivery, type ContactRecord, type ContactStore } from '../src/store/types';
import { tempDir } from './harness';

/** The collection that holds the messages. */
const MESSAGES = 'contactMessages';

interface Opened {
  store: ContactStore;
  /**
   * Another client of the same data, as a second server or the studio's tool would hold: a
   * FirestoreStore on a second firebase-admin app, or a second FileStore on the same folder
   * (which shares no memory with the first: only the lock files keep them apart).
   */
  peer(): ContactStore;
  /** Writes what is not a record under `id`, as a crash or a hand edit would leave it. */
  spoil(id: string): Promise<void>;
  close(): Promise<void>;
}

interface Kit {
  name: string;
  open(): Promise<Opened>;
}

let apps = 0;
function firestoreClient(projectId: string): { store: FirestoreStore; app: App } {
  const app = initializeApp({ projectId }, `store-contract-${++apps}`);
  return { store: new FirestoreStore(getFirestore(app)), app };
}

const KITS: Kit[] = [
  {
    name: 'FileStore',
    async open() {
      const dir = await tempDir();
      const store = new FileStore(dir.path);
      return {
        store,
        peer: () => new FileStore(dir.path),
        async spoil(id) {
          await mkdir(store.messagesDir, { recursive: true });
          await writeFile(join(store.messagesDir, `${id}.json`), '');
        },
        close: dir.remove,
      };
    },
  },
  {
    name: 'FirestoreStore (emulator)',
    async open() {
      process.env.FIRESTORE_EMULATOR_HOST = inject('firestoreEmulatorHost');
      // A project per test: tests never see each other's documents.
      const projectId = `demo-store-${randomUUID().slice(0, 8)}`;
      const clients = [firestoreClient(projectId)];
      return {
        store: clients[0]!.store,
        peer() {
          const client = firestoreClient(projectId);
          clients.push(client);
          return client.store;
        },
        async spoil(id) {
          // A document edited by hand: due by its state, but no message in it.
          await getFirestore(clients[0]!.app)
            .collection(MESSAGES)
            .doc(id)
            .set({ receivedAt: T0.toISOString(), delivery: { state: 'pending' } });
        },
        async close() {
          await Promise.all(clients.map((c) => deleteApp(c.app)));
          await clearFirestoreEmulator(process.env.FIRESTORE_EMULATOR_HOST!, projectId);
        },
      };
    },
  },
];

const T0 = new Date('2026-03-01T10:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const LEASE = 60_000;
// Racing writes retry on the emulator, which can be slow on a loaded machine.
const RACE_TIMEOUT = 60_000;

let n = 0;
function record(patch: Partial<ContactRecord> = {}): ContactRecord {
  const id = patch.id ?? `contract-${String(++n).padStart(6, '0')}-${randomUUID().slice(0, 8)}`;
  return {
    id,
    name: 'Ada Lovelace',
    email: 'ada@example.org',
    message: `Message ${id}: we would like a small app for our book club, with reminders.`,
    fingerprint: 'f'.repeat(64),
    receivedAt: T0.toISOString(),
    clientHash: 'c'.repeat(64),
    delivery: pendingDelivery(false),
    ...patch,
  };
}

const opened: Opened[] = [];
afterEach(async () => {
  while (opened.length) await opened.pop()!.close();
});

describe.each(KITS)('$name', (kit) => {
  async function open(): Promise<Opened> {
    const o = await kit.open();
    opened.push(o);
    return o;
  }

  // A first call to a cold emulator (JIT, channel set-up) can take seconds: not in a test's time.
  beforeAll(async () => {
    const o = await kit.open();
    await o.store.get('warm-up-key-000000');
    await o.close();
  }, 60_000);

  it('creates a record once: the same key again is "exists" and leaves the first unchanged', async () => {
    const { store } = await open();
    const first = record();
    expect(await store.create(first)).toBe('created');
    const second = { ...first, name: 'Someone Else', message: 'other text '.repeat(10) };
    expect(await store.create(second)).toBe('exists');
    expect(await store.get(first.id)).toEqual(first);
  });

  it(
    'answers the same key from two clients at once: one "created", the rest "exists"',
    async () => {
      const o = await open();
      const base = record();
      const stores = [o.store, o.peer(), o.store, o.peer()];
      const outcomes = await Promise.all(
        stores.map((s, i) => s.create({ ...base, name: `Writer number ${i}` })),
      );
      expect(outcomes.filter((x) => x === 'created')).toHaveLength(1);
      const winner = outcomes.indexOf('created');
      expect((await o.store.get(base.id))?.name).toBe(`Writer number ${winner}`);
    },
    RACE_TIMEOUT,
  );

  it('gets a stored record whole, and null for an unknown key', async () => {
    const { store } = await open();
    const r = record({ name: 'Zoë Ðurić 山田', message: `Grüße 👋 ${'ñ'.repeat(60)}` });
    await store.create(r);
    expect(await store.get(r.id)).toEqual(r);
    expect(await store.get('never-stored-key-0001')).toBeNull();
  });

  it('claims with a lease: refused while it holds, claimable again once it runs out', async () => {
    const o = await open();
    const r = record();
    await o.store.create(r);
    const claimed = await o.store.claim(r.id, T0, LEASE);
    expect(claimed?.delivery).toMatchObject({
      state: 'sending',
      claimedUntil: at(LEASE).toISOString(),
      attempts: 0,
    });
    expect(await o.store.get(r.id)).toEqual(claimed);
    expect(await o.store.claim(r.id, at(1000), LEASE)).toBeNull();
    expect(await o.peer().claim(r.id, at(LEASE - 1), LEASE)).toBeNull();
    const again = await o.peer().claim(r.id, at(LEASE), LEASE);
    expect(again?.delivery.claimedUntil).toBe(at(2 * LEASE).toISOString());
    expect(await o.store.claim('never-stored-key-0002', T0, LEASE)).toBeNull();
  });

  it(
    'lets exactly one of many concurrent claims win',
    async () => {
      const o = await open();
      const r = record();
      await o.store.create(r);
      const stores = Array.from({ length: 8 }, (_, i) => (i % 2 ? o.peer() : o.store));
      const wins = await Promise.all(stores.map((s) => s.claim(r.id, T0, LEASE)));
      expect(wins.filter(Boolean)).toHaveLength(1);
    },
    RACE_TIMEOUT,
  );

  it(
    'lets concurrent claims of different deliveries of one record all win, and one per delivery',
    async () => {
      const o = await open();
      const destinations = {
        webhook_a: pendingDelivery(false),
        slack: pendingDelivery(false),
        discord: pendingDelivery(false),
      };
      const r = record({ destinations, destinationsOpen: true });
      await o.store.create(r);
      const channels = [MAIL, 'webhook_a', 'slack', 'discord'];
      const claims = channels.flatMap((channel, i) => [
        (i % 2 ? o.peer() : o.store).claim(r.id, T0, LEASE, { channel }),
        (i % 2 ? o.store : o.peer()).claim(r.id, T0, LEASE, { channel }),
      ]);
      const wins = await Promise.all(claims);
      expect(wins.filter(Boolean)).toHaveLength(channels.length);
      const after = await o.store.get(r.id);
      expect(after?.delivery.state).toBe('sending');
      for (const name of Object.keys(destinations))
        expect(after?.destinations?.[name]?.state).toBe('sending');
    },
    RACE_TIMEOUT,
  );

  it('releases as delivered (attempts, deliveredAt) or back to pending with the error', async () => {
    const { store } = await open();
    const r = record();
    await store.create(r);
    await store.claim(r.id, T0, LEASE);
    await store.release(r.id, {
      delivered: false,
      at: at(10),
      error: 'SMTP said no',
      retryAt: at(20),
    });
    expect((await store.get(r.id))?.delivery).toEqual({
      state: 'pending',
      attempts: 1,
      lastAttemptAt: at(10).toISOString(),
      lastError: 'SMTP said no',
      deliveredAt: null,
      claimedUntil: null,
      nextAttemptAt: at(20).toISOString(),
      requeuedAt: null,
    });
    // Not before its backoff runs out.
    expect(await store.claim(r.id, at(19), LEASE)).toBeNull();
    expect(await store.claim(r.id, at(20), LEASE)).not.toBeNull();
    await store.release(r.id, { delivered: true, at: at(30) });
    const done = await store.get(r.id);
    expect(done?.delivery).toEqual({
      state: 'delivered',
      attempts: 2,
      lastAttemptAt: at(30).toISOString(),
      lastError: null,
      deliveredAt: at(30).toISOString(),
      claimedUntil: null,
      nextAttemptAt: null,
      requeuedAt: null,
    });
    expect({ ...done, delivery: r.delivery }).toEqual(r);
    expect(await store.claim(r.id, at(10 * LEASE), LEASE)).toBeNull();
    // Releasing a record that was never stored is a no-op, not an error.
    await store.release('never-stored-key-0003', { delivered: true, at: T0 });
    expect(await store.get('never-stored-key-0003')).toBeNull();
  });

  it('releases a message that failed for good as failed: never claimed or listed, until requeued', async () => {
    const { store } = await open();
    const r = record();
    await store.create(r);
    await store.claim(r.id, T0, LEASE);
    await store.release(r.id, { delivered: false, at: at(10), error: '554 no', retryAt: null });
    expect((await store.get(r.id))?.delivery).toMatchObject({
      state: 'failed',
      attempts: 1,
      lastError: '554 no',
      nextAttemptAt: null,
    });
    expect(await store.claim(r.id, at(10 * LEASE), LEASE)).toBeNull();
    expect(await store.undelivered(at(10 * LEASE), 50)).toEqual([]);

    const again = await store.requeue(r.id, at(100));
    expect(again?.delivery).toMatchObject({
      state: 'pending',
      attempts: 0,
      nextAttemptAt: null,
      requeuedAt: at(100).toISOString(),
      lastError: '554 no',
    });
    expect(await store.get(r.id)).toEqual(again);
    expect(await store.undelivered(at(100), 50)).toEqual([r.id]);
    // A delivered message, or none, is not requeued.
    await store.claim(r.id, at(100), LEASE);
    await store.release(r.id, { delivered: true, at: at(101) });
    expect(await store.requeue(r.id, at(102))).toBeNull();
    expect(await store.requeue('never-stored-key-0004', at(102))).toBeNull();
  });

  it('lists due messages oldest received first, whatever their keys, past those in backoff', async () => {
    const { store } = await open();
    const received = (ms: number) => at(ms).toISOString();
    // Keys that sort first belong to the newest messages.
    const newest = record({ id: `a-newest-record-${n}`, receivedAt: received(3000) });
    const oldest = record({ id: `z-oldest-record-${n}`, receivedAt: received(1000) });
    const middle = record({ id: `m-middle-record-${n}`, receivedAt: received(2000) });
    const waiting = Array.from({ length: 5 }, (_, i) =>
      record({
        id: `b-waiting-record-${i}-${n}`,
        receivedAt: received(i),
        delivery: { ...pendingDelivery(false), attempts: 1, nextAttemptAt: received(60_000) },
      }),
    );
    for (const r of [newest, oldest, middle, ...waiting]) await store.create(r);
    const now = at(5000);
    expect(await store.undelivered(now, 50)).toEqual([oldest.id, middle.id, newest.id]);
    expect(await store.undelivered(now, 2)).toEqual([oldest.id, middle.id]);
    expect(await store.undelivered(at(60_000), 3)).toEqual(waiting.slice(0, 3).map((r) => r.id));
  });

  it('keeps a delivery per destination beside the mail: claimed, released and listed apart', async () => {
    const o = await open();
    const { store } = o;
    const destinations = { webhook_a: pendingDelivery(false), slack: pendingDelivery(false) };
    const older = record({ receivedAt: at(1).toISOString(), destinations, destinationsOpen: true });
    const newer = record({ receivedAt: at(2).toISOString(), destinations, destinationsOpen: true });
    const none = record({ receivedAt: at(0).toISOString() });
    for (const r of [newer, older, none]) await store.create(r);
    expect(await store.destinationsDue(T0, 50)).toEqual([
      { id: older.id, destination: 'webhook_a' },
      { id: older.id, destination: 'slack' },
      { id: newer.id, destination: 'webhook_a' },
      { id: newer.id, destination: 'slack' },
    ]);
    expect(await store.destinationsDue(T0, 3)).toHaveLength(3);

    // A destination's claim is its own: the mail and the other destination stay claimable.
    const claimed = await o.peer().claim(older.id, T0, LEASE, { channel: 'webhook_a' });
    expect(claimed?.destinations?.webhook_a?.state).toBe('sending');
    expect(claimed?.delivery.state).toBe('pending');
    expect(await store.claim(older.id, T0, LEASE, { channel: 'webhook_a' })).toBeNull();
    expect(await store.claim(older.id, T0, LEASE, { channel: 'nowhere' })).toBeNull();
    expect(await store.claim(older.id, T0, LEASE, { channel: 'slack' })).not.toBeNull();
    expect(await store.claim(older.id, T0, LEASE)).not.toBeNull();
    await store.release(older.id, { delivered: true, at: at(5) }, MAIL);
    await store.release(
      older.id,
      { delivered: false, at: at(5), error: 'HTTP 410', retryAt: null },
      'webhook_a',
    );
    await store.release(older.id, { delivered: true, at: at(6) }, 'slack');
    const done = await store.get(older.id);
    expect(done?.delivery).toMatchObject({ state: 'delivered', attempts: 1 });
    expect(done?.destinations?.webhook_a).toMatchObject({
      state: 'failed',
      attempts: 1,
      lastError: 'HTTP 410',
    });
    expect(done?.destinations?.slack).toMatchObject({ state: 'delivered', attempts: 1 });
    expect(done?.destinationsOpen).toBe(false);
    expect(await store.destinationsDue(at(LEASE * 10), 50)).toEqual([
      { id: newer.id, destination: 'webhook_a' },
      { id: newer.id, destination: 'slack' },
    ]);
    // Requeued by name, it is due again; the others are not touched.
    const again = await store.requeue(older.id, at(10), 'webhook_a');
    expect(again?.destinations?.webhook_a).toMatchObject({ state: 'pending', attempts: 0 });
    expect(again?.destinationsOpen).toBe(true);
    expect(again?.delivery.state).toBe('delivered');
    expect((await store.destinationsDue(at(10), 50))[0]).toEqual({
      id: older.id,
      destination: 'webhook_a',
    });
  });

  it('takes a pending delivery set further ahead than the longest backoff (a clock set back) as due', async () => {
    const o = await open();
    const year = 365 * 24 * 3_600_000;
    const ahead = { ...pendingDelivery(false), attempts: 1, nextAttemptAt: at(year).toISOString() };
    const r = record({ delivery: ahead, destinations: { slack: ahead }, destinationsOpen: true });
    await o.store.create(r);
    const maxDelayMs = 6 * 3_600_000;
    expect(await o.store.undelivered(T0, 50)).toEqual([]);
    expect(await o.store.destinationsDue(T0, 50)).toEqual([]);
    expect(await o.store.undelivered(T0, 50, { maxDelayMs })).toEqual([r.id]);
    expect(await o.store.destinationsDue(T0, 50, { maxDelayMs })).toEqual([
      { id: r.id, destination: 'slack' },
    ]);
    // Within the longest backoff, it waits.
    const soon = { ...ahead, nextAttemptAt: at(maxDelayMs).toISOString() };
    const waiting = record({ delivery: soon });
    await o.store.create(waiting);
    expect(await o.store.undelivered(T0, 50, { maxDelayMs })).toEqual([r.id]);
    expect(await o.store.claim(waiting.id, T0, LEASE, { maxDelayMs })).toBeNull();
    expect(await o.peer().claim(r.id, T0, LEASE, { maxDelayMs })).not.toBeNull();
    expect(await o.store.claim(r.id, T0, LEASE, { channel: 'slack', maxDelayMs })).not.toBeNull();
  });

  it('lists every record newest first, removes one, and keeps the rest', async () => {
    const { store } = await open();
    const older = record({ receivedAt: at(1).toISOString() });
    const newer = record({ receivedAt: at(2).toISOString() });
    await store.create(older);
    await store.create(newer);
    expect((await store.list()).map((r) => r.id)).toEqual([newer.id, older.id]);
    expect(await store.remove(older.id)).toBe(true);
    expect(await store.remove(older.id)).toBe(false);
    expect(await store.get(older.id)).toBeNull();
    expect((await store.list()).map((r) => r.id)).toEqual([newer.id]);
  });

  it('never claims spam', async () => {
    const { store } = await open();
    const r = record({ delivery: pendingDelivery(true) });
    await store.create(r);
    expect(await store.claim(r.id, T0, LEASE)).toBeNull();
  });

  it('lists pending and expired claims, not delivered, spam or live claims, within the limit', async () => {
    const { store } = await open();
    // Live claims whose ids sort first, more than twice the limit: a pending record behind
    // them is still found.
    const live = Array.from({ length: 6 }, (_, i) => record({ id: `a-live-claim-${i}-${n}` }));
    const pending = record({ id: `m-pending-record-${n}` });
    const expired = record({ id: `n-expired-claim-${n}` });
    const delivered = record({ id: `o-delivered-record-${n}` });
    const spam = record({ id: `p-spam-record-x-${n}`, delivery: pendingDelivery(true) });
    for (const r of [...live, pending, expired, delivered, spam]) await store.create(r);
    for (const r of live) await store.claim(r.id, at(5000), LEASE);
    await store.claim(expired.id, T0, 1000);
    await store.claim(delivered.id, T0, LEASE);
    await store.release(delivered.id, { delivered: true, at: at(1) });

    const now = at(2000);
    expect((await store.undelivered(now, 2)).sort()).toEqual([pending.id, expired.id].sort());
    expect((await store.undelivered(now, 50)).sort()).toEqual([pending.id, expired.id].sort());
    expect(await store.undelivered(now, 1)).toHaveLength(1);
    // Once the live claims run out they are listed too.
    expect(await store.undelivered(at(5000 + LEASE), 50)).toHaveLength(8);

    const more = Array.from({ length: 7 }, () => record());
    for (const r of more) await store.create(r);
    expect(await store.undelivered(now, 5)).toHaveLength(5);
    expect(await store.undelivered(now, 100)).toHaveLength(9);
  });

  it(
    'rate-limits per bucket and window: exactly `limit` of many concurrent keys from two clients pass',
    async () => {
      const o = await open();
      const stores = [o.store, o.peer()];
      const hits = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          stores[i % 2]!.hit('client-abc', `key-${i}`, 5, 60_000, T0),
        ),
      );
      expect(hits.filter(Boolean)).toHaveLength(5);
      // A key counted before passes again; another bucket has its own count; the next window
      // starts again from zero.
      const first = hits.findIndex(Boolean);
      expect(await o.store.hit('client-abc', `key-${first}`, 5, 60_000, at(59_999))).toBe(true);
      expect(await o.store.hit('email-def', 'key-x', 5, 60_000, T0)).toBe(true);
      expect(await o.store.hit('client-abc', 'key-y', 5, 60_000, at(59_999))).toBe(false);
      expect(await o.peer().hit('client-abc', 'key-y', 5, 60_000, at(60_000))).toBe(true);
      expect(await o.store.bucket('client-abc')).toEqual({
        name: 'client-abc',
        windowStart: at(60_000).getTime(),
        keys: ['key-y'],
      });
    },
    RACE_TIMEOUT,
  );

  it(
    'counts twenty racing copies of one key once, from two clients',
    async () => {
      const o = await open();
      const stores = [o.store, o.peer()];
      const hits = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          stores[i % 2]!.hit('client-race', 'same-key', 5, 60_000, T0),
        ),
      );
      expect(hits.every(Boolean)).toBe(true);
      expect((await o.store.bucket('client-race'))?.keys).toEqual(['same-key']);
    },
    RACE_TIMEOUT,
  );

  it('sets an unreadable record aside, names where, and serves every other record', async () => {
    const o = await open();
    const good = record({ receivedAt: at(1).toISOString() });
    await o.store.create(good);
    await o.spoil('spoilt-record-000001');
    // A retry pass: the due query may name it (Firestore reads only the fields it needs), the
    // claim reads it whole and sets it aside; the good message is claimed all the same.
    const due = await o.store.undelivered(at(10), 10);
    expect(due).toContain(good.id);
    for (const id of due) await o.store.claim(id, at(10), LEASE);
    expect((await o.store.get(good.id))?.delivery.state).toBe('sending');
    expect((await o.store.list()).map((r) => r.id)).toEqual([good.id]);
    expect(await o.store.get('spoilt-record-000001')).toBeNull();
    const aside = await o.store.unreadable();
    expect(aside).toHaveLength(1);
    expect(aside[0]).toContain('spoilt-record-000001');
  });

  it("takes one visitor's keys out of a shared bucket, and removes it once none is left", async () => {
    const { store } = await open();
    for (const key of ['ada-1', 'grace-1', 'ada-2'])
      await store.hit('client-shared', key, 5, 60_000, T0);
    expect(await store.forgetKeys('client-shared', ['ada-1', 'ada-2'])).toBe('reduced');
    expect(await store.bucket('client-shared')).toEqual({
      name: 'client-shared',
      windowStart: T0.getTime(),
      keys: ['grace-1'],
    });
    // Counting goes on where it was: grace-1 still counts once.
    expect(await store.hit('client-shared', 'grace-1', 1, 60_000, T0)).toBe(true);
    expect(await store.forgetKeys('client-shared', ['grace-1'])).toBe('removed');
    expect(await store.bucket('client-shared')).toBeNull();
    expect(await store.forgetKeys('client-shared', ['grace-1'])).toBe('none');
  });

  it('leaves a message past its expireAt out of every read, and sweeps it with old ones and spent buckets', async () => {
    const { store } = await open();
    const now = new Date();
    const day = 24 * 3_600_000;
    const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
    const delivered = { ...pendingDelivery(false), state: 'delivered' as const, attempts: 1 };
    const lapsed = record({ receivedAt: ago(3 * day), expireAt: ago(day), delivery: delivered });
    const old = record({ receivedAt: ago(3 * day), delivery: delivered });
    // Older than the retention too, but its mail is still pending: the studio has not had it.
    const waiting = record({ receivedAt: ago(3 * day), retainUntil: ago(2 * day), expireAt: null });
    const kept = record({ receivedAt: ago(day / 2), expireAt: new Date(+now + day).toISOString() });
    for (const r of [lapsed, old, waiting, kept]) expect(await store.create(r)).toBe('created');
    // TTL deletion is not instant: until it is gone, no read serves it and nobody sends it.
    expect(await store.get(lapsed.id)).toBeNull();
    const live = [old.id, waiting.id, kept.id].sort();
    expect((await store.list()).map((r) => r.id).sort()).toEqual(live);
    expect((await store.undelivered(now, 10)).sort()).toEqual([waiting.id, kept.id].sort());
    expect(await store.claim(lapsed.id, now, LEASE)).toBeNull();
    expect(await store.get(kept.id)).toEqual(kept);
    // A new message under the key of one past its retention takes its place.
    expect(await store.create(record({ id: lapsed.id }), now)).toBe('replaced');
    expect(await store.create(record({ id: kept.id }), now)).toBe('exists');
    await store.remove(lapsed.id);

    const windowMs = 3_600_000;
    await store.hit('client-spent', 'k-1', 5, windowMs, new Date(+now - 3 * windowMs));
    await store.hit('client-live', 'k-2', 5, windowMs, now);

    // No retention: only what has its own expireAt, and buckets whose window is over.
    await store.create(lapsed);
    const first = await store.sweep(now, null);
    expect(first).toEqual({ messages: [lapsed.id], buckets: 1, kept: [] });
    expect(await store.bucket('client-spent')).toBeNull();
    expect(await store.bucket('client-live')).not.toBeNull();
    // A retention of two days: the message received three days ago goes too.
    const second = await store.sweep(now, new Date(now.getTime() - 2 * day));
    expect(second).toEqual({ messages: [old.id], buckets: 0, kept: [waiting.id] });
    expect((await store.list()).map((r) => r.id).sort()).toEqual([waiting.id, kept.id].sort());
  });

  it('reads and removes a bucket', async () => {
    const { store } = await open();
    expect(await store.bucket('email-none')).toBeNull();
    await store.hit('email-abc', 'key-1', 3, 60_000, T0);
    expect((await store.bucket('email-abc'))?.keys).toEqual(['key-1']);
    expect(await store.removeBucket('email-abc')).toBe(true);
    expect(await store.removeBucket('email-abc')).toBe(false);
    expect(await store.bucket('email-abc')).toBeNull();
  });
});

describe('FileStore: several processes on one data folder', () => {
  it('keeps rate-limit buckets on disk: a restart (a second instance) counts on', async () => {
    const dir = await tempDir();
    try {
      const a = new FileStore(dir.path);
      for (let i = 0; i < 3; i++)
        expect(await a.hit('client-x', `k-${i}`, 3, 60_000, T0)).toBe(true);
      const b = new FileStore(dir.path);
      expect(await b.hit('client-x', 'k-3', 3, 60_000, T0)).toBe(false);
      expect(await b.hit('client-x', 'k-1', 3, 60_000, T0)).toBe(true);
    } finally {
      await dir.remove();
    }
  });
});
