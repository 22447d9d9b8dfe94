/**
 * What a visitor's copies and the mail queue do on both stores: the file store, and FirestoreStore
 * on the Firestore emulator the unit project started. The real web SDK calls the real callable
 * over HTTP; mail goes to a real SMTP server on loopback.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { emailBucket } from '../src/clientAddress';
import { SENT } from '../../src/contract/contact';
import { backendSettings } from '../src/settings';
import { closedPort, startHarness, startSmtp, TEST_SECRET, testSettings } from './harness';
import { openStore, storeKits } from './storeKits';

const KITS = storeKits('queue');

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

function stillClock(at = Date.UTC(2026, 0, 1, 12, 0, 0)) {
  let t = at;
  return { now: () => new Date(t), advance: (ms: number) => void (t += ms) };
}

let keys = 0;
const message = (patch: Record<string, string> = {}) => ({
  name: 'Ada Lovelace',
  email: 'ada@example.org',
  message: 'We would like a small app for our book club, with reading lists and reminders.',
  idempotencyKey: `queue-${String(++keys).padStart(6, '0')}-${randomUUID()}`,
  website: '',
  ...patch,
});

describe.each(KITS)('on the $name', (kit) => {
  async function backend(options: { smtpPort: number; now: () => Date; defaults?: boolean }) {
    const opened = await openStore(kit);
    const settings = options.defaults
      ? backendSettings({
          CONTACT_TO: 'studio@bluestem.test',
          CONTACT_FROM: 'website@bluestem.test',
          PSEUDONYM_SECRET: TEST_SECRET,
        })
      : testSettings();
    const h = await startHarness({
      dataDir: opened.dataDir,
      store: opened.store,
      smtpUrl: `smtp://127.0.0.1:${options.smtpPort}`,
      settings,
      now: options.now,
      retryIntervalMs: 3_600_000,
    });
    cleanups.push(h.close);
    return { h, store: opened.store, settings };
  }

  it('counts 20 racing copies of one message once under the default limits: all sent, one stored, one mail, the next message accepted', async () => {
    const port = await closedPort();
    const smtp = await startSmtp(port, { refuse: 'POISON' });
    cleanups.push(smtp.close);
    const clock = stillClock();
    const { h, store, settings } = await backend({
      smtpPort: port,
      now: clock.now,
      defaults: true,
    });
    expect(settings.rateLimits).toMatchObject({ perClient: 5, perEmail: 3 });

    const copy = message();
    const answers = await Promise.allSettled(Array.from({ length: 20 }, () => h.call(copy)));
    const sent = answers.filter(
      (a) => a.status === 'fulfilled' && (a.value as { message: string }).message === SENT,
    ).length;
    expect(await store.list()).toHaveLength(1);
    await expect.poll(() => smtp.received.length).toBe(1);
    const bucket = await store.bucket(emailBucket(TEST_SECRET, copy.email));
    console.log(
      `${kit.name}: 20 racing copies under the default limits: ${sent} answered sent, ` +
        `${(await store.list()).length} stored, ${smtp.received.length} mail, ` +
        `email bucket holds ${bucket?.keys.length} key(s)`,
    );
    expect(sent).toBe(20);
    expect(bucket?.keys).toEqual([copy.idempotencyKey]);

    // The same visitor's next messages: the email limit (3) still has two left.
    await expect(h.call(message())).resolves.toEqual({ success: true, message: SENT });
    await expect(h.call(message())).resolves.toEqual({ success: true, message: SENT });
    expect(await store.list()).toHaveLength(3);
  }, 60_000);

  it('delivers an ordinary message on the first pass after the mail server recovers, behind 50 refused for good', async () => {
    const port = await closedPort();
    const clock = stillClock();
    const { h, store, settings } = await backend({ smtpPort: port, now: clock.now });

    // While the server is down: 50 poison messages under keys that sort first, received first.
    const poison = Array.from({ length: 50 }, (_, i) =>
      message({
        idempotencyKey: `0000-poison-${String(i).padStart(3, '0')}-${randomUUID()}`,
        message: `POISON ${'x'.repeat(60)}`,
      }),
    );
    for (const p of poison) {
      await h.call(p);
      clock.advance(1);
    }
    const ordinary = message({ idempotencyKey: `zzzz-ordinary-${randomUUID()}` });
    await h.call(ordinary);
    const waiting = await store.list();
    expect(waiting.filter((r) => r.delivery.state === 'pending')).toHaveLength(51);

    // The server comes back; it refuses the poison for good.
    const smtp = await startSmtp(port, { refuse: 'POISON' });
    cleanups.push(smtp.close);
    clock.advance(settings.retry.maxDelayMs);
    const counts = await h.backend.retry();
    const records = await store.list();
    const ordinaryAfter = records.find((r) => r.id === ordinary.idempotencyKey)!;
    console.log(
      `${kit.name}: first pass after recovery: ${JSON.stringify(counts)}; ordinary message ` +
        `${ordinaryAfter.delivery.state}, ${smtp.received.length} mail, ` +
        `${records.filter((r) => r.delivery.state === 'failed').length} failed`,
    );
    expect(counts).toEqual({ delivered: 1, deferred: 0, failed: 50 });
    expect(ordinaryAfter.delivery.state).toBe('delivered');
    expect(smtp.received).toHaveLength(1);
    for (const p of poison) {
      const r = records.find((x) => x.id === p.idempotencyKey)!;
      expect(r.delivery).toMatchObject({ state: 'failed', attempts: 2 });
      expect(r.delivery.lastError).toMatch(/554/);
    }

    // Failed messages are not retried on their own; the next pass has nothing to do.
    clock.advance(settings.retry.maxDelayMs);
    await expect(h.backend.retry()).resolves.toEqual({ delivered: 0, deferred: 0, failed: 0 });
  }, 120_000);
});
