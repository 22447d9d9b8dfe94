/**
 * One send per message, on both stores: `npm run messages -- retry ID` run as its own process
 * while the backend's retry timer runs in another, and an SMTP server that is slow but never
 * idle, whose sends must end before their claim does.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, onTestFinished } from 'vitest';
import { pendingDelivery, type ContactRecord } from '../src/store/types';
import { header, startBackend, startHarness, startSmtp, testSettings, waitFor } from './harness';
import { messagesTool, openStore, storeKits } from './storeKits';

function record(id: string, patch: Partial<ContactRecord> = {}): ContactRecord {
  return {
    id,
    name: 'Ada Lovelace',
    email: 'ada@example.org',
    message: `Message ${id}: a small app for our book club, with reminders.`,
    fingerprint: 'f'.repeat(64),
    receivedAt: new Date().toISOString(),
    clientHash: 'c'.repeat(64),
    delivery: pendingDelivery(false),
    ...patch,
  };
}

/**
 * An SMTP server that answers one character at a time, `gapMs` apart: never idle long enough
 * for a socket timeout, yet one mail takes seconds. It counts mails taken and open connections.
 */
async function startDripSmtp(gapMs: number) {
  const stats = { mails: 0, open: 0, mostOpen: 0, connections: 0 };
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    stats.connections++;
    stats.open++;
    stats.mostOpen = Math.max(stats.mostOpen, stats.open);
    let queue = Promise.resolve();
    const drip = (text: string) => {
      queue = queue.then(async () => {
        for (const ch of text) {
          if (socket.destroyed) return;
          socket.write(ch);
          await new Promise((r) => setTimeout(r, gapMs));
        }
      });
    };
    let data = false;
    let buffer = '';
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('latin1');
      for (;;) {
        if (data) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          buffer = buffer.slice(end + 5);
          data = false;
          stats.mails++;
          drip('250 OK\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol).toUpperCase();
        buffer = buffer.slice(eol + 2);
        if (line.startsWith('DATA')) {
          data = true;
          drip('354 go\r\n');
        } else if (line.startsWith('QUIT')) {
          drip('221 bye\r\n');
          queue = queue.then(() => void socket.end());
        } else drip('250 OK\r\n');
      }
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      stats.open--;
      sockets.delete(socket);
    });
    drip('220 slow.test ESMTP\r\n');
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    stats,
    close: () =>
      new Promise<void>((ok) => {
        for (const s of sockets) s.destroy();
        server.close(() => ok());
      }),
  };
}

describe.each(storeKits('send-once'))('one send per message on the $name', (kit) => {
  const { name } = kit;
  it('sends each message once when npm run messages -- retry runs beside the backend retry timer', async () => {
    const { dataDir, env: storeEnv, store } = await openStore(kit);
    const smtp = await startSmtp();
    onTestFinished(smtp.close);
    const ids = Array.from(
      { length: 16 },
      (_, i) => `send-once-${String(i).padStart(3, '0')}-${randomUUID()}`,
    );
    const failed = {
      ...pendingDelivery(false),
      state: 'failed' as const,
      attempts: 3,
      lastError: '421 try later',
    };
    for (const id of ids) await store.create(record(id, { delivery: failed }));

    const env: NodeJS.ProcessEnv = {
      ...storeEnv,
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      RETRY_INTERVAL_MS: '5',
      RETRY_BASE_MS: '1',
      RETRY_MAX_DELAY_MS: '10',
      LOG_LEVEL: 'info',
    };
    await startBackend(env);
    // The studio sends every failed message again, a few at a time, while the timer runs.
    const results: { code: number; out: string }[] = [];
    const queue = [...ids];
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let id = queue.shift(); id; id = queue.shift())
          results.push(await messagesTool(['retry', id], env));
      }),
    );
    const records = await waitFor(async () => {
      const all = await store.list();
      return all.every((r) => r.delivery.state === 'delivered') && all;
    }, 30_000);

    const counts = new Map<string, number>();
    for (const mail of smtp.received) {
      const id = header(mail.raw, 'X-Contact-Message-Id') ?? '';
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    const twice = [...counts.values()].filter((c) => c > 1).length;
    const byTool = results.filter((r) => !r.out.includes('another sender')).length;
    console.log(
      `${name}: retry ID for ${ids.length} failed messages beside a 5 ms retry timer: ` +
        `${smtp.received.length} mails, ${twice} mailed twice; ${byTool} sent by the tool, ` +
        `${ids.length - byTool} by the backend first`,
    );
    expect(records).toHaveLength(ids.length);
    for (const id of ids) expect(counts.get(id), id).toBe(1);
    expect(results.every((r) => r.code === 0)).toBe(true);
  }, 240_000);

  it('ends a send to a slow but never idle SMTP server before its claim runs out', async () => {
    const { dataDir, store } = await openStore(kit);
    const slow = await startDripSmtp(40);
    onTestFinished(slow.close);
    // A claim of 1 s: each send has half of it. One mail to this server takes about 3 s.
    const settings = { ...testSettings(), claimMs: 1000 };
    const h = await startHarness({
      dataDir,
      store,
      smtpUrl: slow.url,
      settings,
      retryIntervalMs: 3_600_000,
    });
    onTestFinished(h.close);
    const id = `slow-smtp-${randomUUID()}`;
    const call = h.call({
      name: 'Ada Lovelace',
      email: 'ada@example.org',
      message: 'We would like a small app for our book club, with reading lists and reminders.',
      idempotencyKey: id,
      website: '',
    });
    // Retry passes, as the timer would run them, until the send has hit its deadline.
    await expect
      .poll(
        async () => {
          await h.backend.retry();
          return (await store.get(id))?.delivery.lastError;
        },
        { timeout: 20_000, interval: 100 },
      )
      .toMatch(/deadline/);
    await call;
    const after = await store.get(id);
    console.log(
      `${name}: slow SMTP (a character every 40 ms), claim 1 s: ${slow.stats.connections} ` +
        `connections, at most ${slow.stats.mostOpen} at once, ${slow.stats.mails} mails taken; ` +
        `last error "${after?.delivery.lastError}"`,
    );
    expect(slow.stats.mostOpen).toBe(1);
    expect(slow.stats.mails).toBeLessThanOrEqual(1);
    expect(after?.delivery.lastError).toMatch(/deadline/);
  }, 60_000);
});
