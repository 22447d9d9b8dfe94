/**
 * The production build with a contact backend of its own, for the outbox tests in any engine. The
 * backend sits behind a switch: `down()` refuses every connection to it, so the page's call gets
 * no answer, as with the hall's network gone; `up()` brings it back. The page's own origin stays
 * up, so a reload works while the backend is down. Mail goes to a real SMTP server on loopback,
 * which counts what arrives per message.
 */
import { readdir, readFile } from 'node:fs/promises';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Challenge } from 'altcha-lib';
import { startHosting } from '../../scripts/hosting';
import { startLocalBackend } from '../../functions/src/local/backend';
import { backendSettings } from '../../functions/src/settings';
import {
  CHALLENGE_CALLABLE,
  CONTACT_CALLABLE,
  FUNCTIONS_REGION,
} from '../../src/contract/callable';
import type { ContactRecord, UsedChallenge } from '../../functions/src/store/types';
import { solve, startSmtp, tempDir } from '../../functions/test/harness';

export interface ContactSite {
  /** The site's origin, e.g. http://localhost:PORT: an origin of its own (its own storage). */
  base: string;
  /** The callable's URL on the backend itself, past the switch. */
  callableURL: string;
  down(): Promise<void>;
  up(): Promise<void>;
  /** Every message the backend stored. */
  records(): Promise<ContactRecord[]>;
  /** The message each solved challenge the backend accepted came with. */
  challengeMessages(): Promise<string[]>;
  /** A challenge from the backend, solved in Node: the field a message carries. */
  solved(): Promise<string>;
  /** How many mails arrived for a message. */
  mails(id: string): number;
  /** The backend's DATA_DIR (its file store) and SMTP server, for `npm run messages`. */
  dataDir: string;
  smtpUrl: string;
  /** Stops the backend and starts it again on the same port and data, as a redeploy would. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/** A TCP switch in front of `target`: while down, its port refuses connections. */
async function tcpSwitch(target: number) {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(target, '127.0.0.1');
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => s.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) =>
    new Promise<void>((ok, fail) => {
      server.once('error', fail);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', fail);
        ok();
      });
    });
  await listen(0);
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    async down() {
      if (!server.listening) return;
      const closed = new Promise((ok) => server.close(ok));
      for (const s of sockets) s.destroy();
      await closed;
    },
    async up() {
      if (!server.listening) await listen(port);
    },
  };
}

export async function contactSite(): Promise<ContactSite> {
  const data = await tempDir();
  const smtp = await startSmtp();
  const start = (port: number) =>
    startLocalBackend({
      port,
      dataDir: data.path,
      smtpUrl: smtp.url,
      retryIntervalMs: 3_600_000,
      // One kiosk is one client address: these tests send more than a visitor would.
      settings: backendSettings({ RATE_LIMIT_PER_CLIENT: '1000', RATE_LIMIT_PER_EMAIL: '1000' }),
    });
  let backend = await start(0);
  const gate = await tcpSwitch(backend.port);
  const site = await startHosting({
    root: process.env.DIST_DIR ?? 'dist',
    port: 0,
    host: '::',
    backend: `http://127.0.0.1:${gate.port}`,
  });
  const idOf = (raw: string) => /^X-Contact-Message-Id: (.+?)\r?$/im.exec(raw)?.[1];
  return {
    base: `http://localhost:${(site.address() as AddressInfo).port}`,
    callableURL: `${backend.origin}/demo-bluestem/${FUNCTIONS_REGION}/${CONTACT_CALLABLE}`,
    down: gate.down,
    up: gate.up,
    async records() {
      const dir = join(data.path, 'messages');
      const names = (await readdir(dir).catch(() => [] as string[])).filter(
        (n) => n.endsWith('.json') && !n.startsWith('.'),
      );
      return Promise.all(
        names.map(async (n) => JSON.parse(await readFile(join(dir, n), 'utf8')) as ContactRecord),
      );
    },
    async challengeMessages() {
      const dir = join(data.path, 'challenges');
      const names = (await readdir(dir).catch(() => [] as string[])).filter(
        (n) => n.endsWith('.json') && !n.startsWith('.'),
      );
      return Promise.all(
        names.map(
          async (n) =>
            (JSON.parse(await readFile(join(dir, n), 'utf8')) as UsedChallenge).messageId,
        ),
      );
    },
    async solved() {
      const res = await fetch(
        `${backend.origin}/demo-bluestem/${FUNCTIONS_REGION}/${CHALLENGE_CALLABLE}`,
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ data: null }),
        },
      );
      return solve(((await res.json()) as { result: { challenge: Challenge } }).result.challenge);
    },
    mails: (id) => smtp.received.filter((m) => idOf(m.raw) === id).length,
    dataDir: data.path,
    smtpUrl: smtp.url,
    async restart() {
      const { port } = backend;
      await backend.close();
      backend = await start(port);
    },
    async close() {
      site.closeAllConnections();
      await new Promise((ok) => site.close(ok));
      await gate.down();
      await backend.close();
      await smtp.close();
      await data.remove();
    },
  };
}
