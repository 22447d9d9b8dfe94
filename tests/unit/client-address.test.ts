/**
 * Which client a rate limit counts, through the two local servers that forward the contact call:
 * `npm run serve` (scripts/hosting.ts) and `npm start` (Vite's dev server and its proxy). Both add
 * the peer as the right-most X-Forwarded-For hop, and the backend trusts that hop alone, so a
 * made-up header buys no fresh limit.
 */
import type { AddressInfo } from 'node:net';
import { createServer as createViteServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_CALLABLE, FUNCTIONS_REGION } from '../../src/contract/callable';
import { startHosting } from '../../scripts/hosting';
import { startHarness, tempDir, testSettings, type Harness } from '../../functions/test/harness';

const PER_CLIENT = 3;
let harness: Harness;
let removeDir: () => Promise<void>;
const closers: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  const dir = await tempDir();
  removeDir = dir.remove;
  const fixed = new Date();
  harness = await startHarness({
    dataDir: dir.path,
    // No proof of work here: each message costs only its limits.
    settings: { ...testSettings({ perClient: PER_CLIENT }), challenge: null },
    // A clock that stands still: every message falls into one window.
    now: () => fixed,
  });
}, 60_000);

afterAll(async () => {
  for (const close of closers.reverse()) await close();
  await harness.close();
  await removeDir();
});

let n = 0;
/** Posts one new message to `origin` as the SDK would; the HTTP status. */
async function send(origin: string, forwardedFor?: string): Promise<number> {
  const data = {
    name: 'Ada Lovelace',
    email: `ada-${++n}@example.org`,
    message: 'We would like a small app for our book club, with reading lists and reminders.',
    idempotencyKey: `client-address-${String(n).padStart(4, '0')}-${Date.now()}`,
    website: '',
  };
  const res = await fetch(`${origin}/demo-test/${FUNCTIONS_REGION}/${CONTACT_CALLABLE}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(forwardedFor !== undefined && { 'X-Forwarded-For': forwardedFor }),
    },
    body: JSON.stringify({ data }),
  });
  await res.arrayBuffer();
  return res.status;
}

/** Fills one client's limit, then tries made-up headers from the same client. */
async function expectOneLimit(origin: string) {
  const first = [];
  for (let i = 0; i <= PER_CLIENT; i++) first.push(await send(origin));
  expect(first).toEqual([200, 200, 200, 429]);
  const madeUp = ['203.0.113.7', '198.51.100.1, 203.0.113.8', '2001:db8::1', 'unknown', ''];
  const statuses = [];
  for (const header of madeUp) statuses.push(await send(origin, header));
  expect(statuses, 'a made-up X-Forwarded-For buys no fresh limit').toEqual(madeUp.map(() => 429));
}

describe('the client a rate limit counts', () => {
  it('is the peer through npm run serve, whatever X-Forwarded-For the caller sends', async () => {
    const dir = await tempDir();
    closers.push(dir.remove);
    const site = await startHosting({
      root: dir.path,
      port: 0,
      backend: harness.backend.origin,
    });
    closers.push(
      () =>
        new Promise<void>((ok) => {
          site.closeAllConnections();
          site.close(() => ok());
        }),
    );
    await expectOneLimit(`http://127.0.0.1:${(site.address() as AddressInfo).port}`);
  }, 60_000);

  it('is the peer through npm start (the Vite dev server), whatever X-Forwarded-For says', async () => {
    // Both servers forward from 127.0.0.1, one client: let the first test's count go.
    for (const record of await harness.backend.store.list())
      await harness.backend.store.removeBucket(`client-${record.clientHash}`);
    const previous = process.env.BACKEND_PORT;
    process.env.BACKEND_PORT = String(harness.backend.port);
    let vite: ViteDevServer;
    try {
      vite = await createViteServer({
        configFile: 'vite.config.ts',
        logLevel: 'silent',
        server: { port: 0, strictPort: false, hmr: false },
      });
    } finally {
      if (previous === undefined) delete process.env.BACKEND_PORT;
      else process.env.BACKEND_PORT = previous;
    }
    closers.push(() => vite.close());
    await vite.listen();
    const port = (vite.httpServer!.address() as AddressInfo).port;
    await expectOneLimit(`http://127.0.0.1:${port}`);
  }, 60_000);
});
