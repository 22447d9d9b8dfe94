/**
 * The studio's inbox callable on both stores, through the real web SDK signed in by email link on
 * the Auth emulator: folders and counts, pages, search, marks, "not spam", retry, CSV export and a
 * visitor's data; and every caller that is not a signed-in owner, refused.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FUNCTIONS_REGION } from '../../src/contract/callable';
import { INBOX_CALLABLE, INBOX_PAGE_SIZE } from '../../src/contract/inbox';
import { destinationSettings } from '../src/destinations';
import { pendingDelivery, withDerived, type ContactRecord } from '../src/store/types';
import {
  callError,
  PROJECT,
  startHarness,
  startSmtp,
  tempDir,
  testSettings,
  type Harness,
} from './harness';
import { signedIn, startTestAuth, withClaims } from './inboxAuth';
import { startReceiver, TEST_WEBHOOK_SECRET } from './receiver';
import { openStore, storeKits } from './storeKits';

const OWNER = 'owner@bluestem.test';
let auth: Awaited<ReturnType<typeof startTestAuth>>;
beforeAll(async () => {
  auth = await startTestAuth();
}, 90_000);
afterAll(() => auth.stop());

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

let n = 0;
const message = (patch: Record<string, string> = {}) => ({
  name: 'Ada Lovelace',
  email: 'ada@example.org',
  message: 'We would like a small app for our book club, with reading lists and reminders.',
  idempotencyKey: `inbox-${String(++n).padStart(5, '0')}-${randomUUID()}`,
  website: '',
  ...patch,
});

/** A stored record, as the callable would store it, received `minutesAgo` before now. */
function record(minutesAgo: number, patch: Partial<ContactRecord> = {}): ContactRecord {
  return withDerived({
    id: `seeded-${String(++n).padStart(6, '0')}-${randomUUID().slice(0, 8)}`,
    name: 'Grace Hopper',
    email: 'grace@example.org',
    message: `Seeded message ${n}: a question about an app for a museum, with a map and audio.`,
    fingerprint: 'f'.repeat(64),
    receivedAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    clientHash: 'c'.repeat(64),
    delivery: { ...pendingDelivery(false), state: 'delivered', attempts: 1 },
    ...patch,
  });
}

describe.each(storeKits('inbox'))('the inbox on the $name', { timeout: 30_000 }, (kit) => {
  async function desk(options: { webhook?: string } = {}) {
    const opened = await openStore(kit);
    const smtp = await startSmtp();
    cleanups.push(smtp.close);
    const settings = {
      ...testSettings(),
      ...(options.webhook &&
        destinationSettings(
          { WEBHOOK_URLS: options.webhook, WEBHOOK_SECRET: TEST_WEBHOOK_SECRET },
          'local',
        )),
    };
    const h: Harness = await startHarness({
      dataDir: opened.dataDir,
      store: opened.store,
      settings,
      smtpUrl: smtp.url,
      owners: [OWNER],
      projectId: PROJECT,
      retryIntervalMs: 3_600_000,
    });
    cleanups.push(h.close);
    const owner = await signedIn(auth.host, h.backend.port, OWNER);
    cleanups.push(owner.close);
    return { h, smtp, store: opened.store, owner };
  }

  it('lists each folder newest first with its count, opens a message whole, and marks it', async () => {
    const { h, owner } = await desk();
    const first = message({ name: 'Ada Lovelace' });
    const second = message({
      name: 'Grace Hopper',
      email: 'grace@example.org',
      message: 'Hello! <b>not bold</b> & a second line\nabout a kiosk app for our museum shop.',
    });
    await h.call(first);
    await h.call(second);
    const list = await owner.call({ op: 'list', folder: 'new', query: '', cursor: null });
    expect(list.rows.map((r) => r.name)).toEqual(['Grace Hopper', 'Ada Lovelace']);
    expect(list.counts).toEqual({ new: 2, handled: 0, spam: 0, all: 2 });
    expect(list.rows[0]!.preview).toBe(
      'Hello! <b>not bold</b> & a second line about a kiosk app for our museum shop.',
    );

    const { message: opened } = await owner.call({ op: 'open', id: second.idempotencyKey });
    expect(opened.message).toBe(second.message);
    expect(opened.deliveries).toEqual([
      expect.objectContaining({ channel: 'mail', state: 'delivered', lastError: null }),
    ]);

    expect(
      await owner.call({
        op: 'mark',
        selection: { ids: [second.idempotencyKey] },
        mark: 'handled',
      }),
    ).toEqual({ changed: 1 });
    const after = await owner.call({ op: 'list', folder: 'handled', query: '', cursor: null });
    expect(after.rows.map((r) => r.id)).toEqual([second.idempotencyKey]);
    expect(after.counts).toEqual({ new: 1, handled: 1, spam: 0, all: 2 });
    // Marked again: nothing changes.
    expect(
      await owner.call({
        op: 'mark',
        selection: { ids: [second.idempotencyKey] },
        mark: 'handled',
      }),
    ).toEqual({ changed: 0 });
  });

  it('pages 50 at a time with a cursor, and searches name, email and text', async () => {
    const { store, owner } = await desk();
    const seeded = Array.from({ length: INBOX_PAGE_SIZE + 7 }, (_, i) => record(i + 1));
    seeded.push(
      record(500, {
        name: 'Zoë Müller',
        email: 'zoe@beispiel.de',
        message: 'Wir möchten eine App für unseren Verein, mit Terminen und Fotos.',
      }),
    );
    for (const r of seeded) await store.create(r);
    const first = await owner.call({ op: 'list', folder: 'all', query: '', cursor: null });
    expect(first.rows).toHaveLength(INBOX_PAGE_SIZE);
    expect(first.rows[0]!.id).toBe(seeded[0]!.id);
    expect(first.next).not.toBeNull();
    const second = await owner.call({ op: 'list', folder: 'all', query: '', cursor: first.next });
    expect(second.rows.map((r) => r.id)).toEqual(seeded.slice(INBOX_PAGE_SIZE).map((r) => r.id));
    expect(second.next).toBeNull();

    for (const query of ['zoë', 'ZOE@BEISPIEL', 'verein termine', 'Müller fotos']) {
      const found = await owner.call({ op: 'list', folder: 'all', query, cursor: null });
      expect(
        found.rows.map((r) => r.name),
        query,
      ).toEqual(['Zoë Müller']);
      expect(found.matching).toBe(1);
    }
    const none = await owner.call({ op: 'list', folder: 'all', query: 'kiosk', cursor: null });
    expect(none).toMatchObject({ rows: [], matching: 0, next: null });
  }, 60_000);

  it('marks spam and back; "not spam" on a held message mails it now', async () => {
    const { h, smtp, owner } = await desk();
    const held = message({ website: 'https://spam.example' }); // the honeypot: held as spam
    const kept = message({ email: 'grace@example.org' });
    await h.call(held);
    await h.call(kept);
    expect(smtp.received).toHaveLength(1);
    const spam = await owner.call({ op: 'list', folder: 'spam', query: '', cursor: null });
    expect(spam.rows.map((r) => r.id)).toEqual([held.idempotencyKey]);

    // By hand: a delivered message into Spam, then out again.
    await owner.call({ op: 'mark', selection: { ids: [kept.idempotencyKey] }, mark: 'spam' });
    expect(
      (await owner.call({ op: 'list', folder: 'spam', query: '', cursor: null })).counts.spam,
    ).toBe(2);
    await owner.call({ op: 'mark', selection: { ids: [kept.idempotencyKey] }, mark: 'not-spam' });
    expect(smtp.received).toHaveLength(1);

    // Everything in the Spam folder: "not spam" sends the held one now.
    expect(
      await owner.call({ op: 'mark', selection: { folder: 'spam', query: '' }, mark: 'not-spam' }),
    ).toEqual({ changed: 1 });
    expect(smtp.received).toHaveLength(2);
    const { message: sent } = await owner.call({ op: 'open', id: held.idempotencyKey });
    expect(sent.folder).toBe('new');
    expect(sent.deliveries[0]).toMatchObject({ channel: 'mail', state: 'delivered' });
  });

  it('sends a failed destination again', async () => {
    let down = true;
    const receiver = await startReceiver({ '/hook': () => (down ? 410 : 200) });
    cleanups.push(receiver.close);
    const { h, owner } = await desk({ webhook: `${receiver.origin}/hook` });
    const sent = message();
    await h.call(sent);
    const { message: before } = await owner.call({ op: 'open', id: sent.idempotencyKey });
    const hook = before.deliveries.find((d) => d.channel.startsWith('webhook_'))!;
    expect(hook).toMatchObject({
      state: 'failed',
      lastError: 'HTTP 410 Gone: not sent there again',
    });
    down = false;
    const { message: after } = await owner.call({
      op: 'retry',
      id: sent.idempotencyKey,
      channel: hook.channel,
    });
    expect(after.deliveries.find((d) => d.channel === hook.channel)).toMatchObject({
      state: 'delivered',
      lastError: null,
    });
    expect(receiver.at('/hook')).toHaveLength(2);
    // A delivered one is not sent again.
    expect(
      await callError(owner.call({ op: 'retry', id: sent.idempotencyKey, channel: 'mail' })),
    ).toMatchObject({ code: 'functions/failed-precondition' });
  });

  it('exports a folder as CSV for a spreadsheet: BOM, CRLF, quotes doubled, formulas defused', async () => {
    const { h, owner } = await desk();
    await h.call(message({ name: '=HYPERLINK("http://evil.example","x")' }));
    await h.call(
      message({
        name: 'Grace Hopper',
        message: '+1 555 0100, call us "soon"; @everyone\nsecond line of a longer message for you.',
      }),
    );
    const { csv, fileName } = await owner.call({ op: 'export', folder: 'new', query: '' });
    expect(fileName).toMatch(/^messages-new-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(csv.startsWith('\uFEFFid,received at,folder,name,email,message,deliveries\r\n')).toBe(
      true,
    );
    expect(csv).toContain(`,"'=HYPERLINK(""http://evil.example"",""x"")",`);
    expect(csv).toContain(
      `"'+1 555 0100, call us ""soon""; @everyone\nsecond line of a longer message for you."`,
    );
    // The header and two rows: a line break inside a quoted cell stays in its row.
    expect(csv.split('\r\n').filter(Boolean)).toHaveLength(3);
  });

  it("finds a visitor's data by address, previews it, and erases it as the tool does", async () => {
    const { h, owner } = await desk();
    // What a browser submits for ada@bücher.example: its domain in ASCII.
    const ada = message({ email: 'Ada@xn--bcher-kva.example' });
    await h.call(ada);
    await h.call(message({ email: 'grace@example.org' }));
    const preview = await owner.call({ op: 'visitor', email: 'ada@bücher.example', erase: false });
    expect(preview.messages.map((m) => m.id)).toEqual([ada.idempotencyKey]);
    expect(preview.rateLimitBuckets).toBe(2); // the client's (this visitor's keys) and the email's
    expect(JSON.parse(preview.json).messages[0].message).toBe(ada.message);
    const erased = await owner.call({ op: 'visitor', email: 'ada@bücher.example', erase: true });
    expect(erased).toMatchObject({ erased: true, json: '' });
    const all = await owner.call({ op: 'list', folder: 'all', query: '', cursor: null });
    expect(all.rows.map((r) => r.email)).toEqual(['grace@example.org']);
  });
});

describe('who may call the inbox', () => {
  let h: Harness;
  const url = () => `${h.backend.origin}/${PROJECT}/${FUNCTIONS_REGION}/${INBOX_CALLABLE}`;
  const list = { op: 'list', folder: 'new', query: '', cursor: null };
  /** A raw call with `token` (none: no header); the status and error code. */
  async function raw(token: string | null) {
    const res = await fetch(url(), {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(token && { Authorization: `Bearer ${token}` }),
      },
      body: JSON.stringify({ data: list }),
    });
    const body = (await res.json()) as { error?: { status: string } };
    return { status: res.status, code: body.error?.status ?? 'OK' };
  }

  beforeAll(async () => {
    const dir = await tempDir();
    cleanups.push(dir.remove);
    h = await startHarness({
      dataDir: dir.path,
      settings: testSettings(),
      owners: [OWNER],
      projectId: PROJECT,
    });
  }, 60_000);
  afterAll(() => h.close());

  it('answers an owner, and refuses a call with no token, another address, and an unverified one', async () => {
    const owner = await signedIn(auth.host, h.backend.port, OWNER);
    cleanups.push(owner.close);
    const token = await owner.user.getIdToken();
    expect(await raw(token)).toEqual({ status: 200, code: 'OK' });
    expect(await raw(null)).toEqual({ status: 401, code: 'UNAUTHENTICATED' });
    // A long session: the SDK refreshes the token, and the refreshed one is taken too.
    const refreshed = await owner.user.getIdToken(true);
    expect(await raw(refreshed)).toEqual({ status: 200, code: 'OK' });
    await expect(owner.call(list as never)).resolves.toMatchObject({ matching: 0 });

    const stranger = await signedIn(auth.host, h.backend.port, 'someone@example.org');
    cleanups.push(stranger.close);
    expect(await callError(stranger.call(list as never))).toMatchObject({
      code: 'functions/permission-denied',
      message: 'This address cannot open the inbox. [403]',
    });
    // An account made with a password: its email is not verified, even when it names the owner.
    const signUp = await fetch(
      `http://${auth.host}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-key`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'unverified@bluestem.test', password: 'a long password 1' }),
      },
    );
    const { idToken } = (await signUp.json()) as { idToken: string };
    const unverified = withClaims(idToken, { email: OWNER });
    expect(await raw(unverified)).toEqual({ status: 403, code: 'PERMISSION_DENIED' });
  });

  it('refuses an expired token, a token for another project, and an unsigned one without the emulator', async () => {
    const owner = await signedIn(auth.host, h.backend.port, OWNER);
    cleanups.push(owner.close);
    const token = await owner.user.getIdToken();
    const past = Math.floor(Date.now() / 1000) - 7200;
    expect(await raw(withClaims(token, { exp: past + 3600, iat: past, auth_time: past }))).toEqual({
      status: 401,
      code: 'UNAUTHENTICATED',
    });
    expect(
      await raw(
        withClaims(token, {
          aud: 'demo-other',
          iss: 'https://securetoken.google.com/demo-other',
        }),
      ),
    ).toEqual({ status: 401, code: 'UNAUTHENTICATED' });
    // Without the emulator firebase-admin wants Google's signature: an unsigned token fails.
    const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
    delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    try {
      expect(await raw(token)).toEqual({ status: 401, code: 'UNAUTHENTICATED' });
    } finally {
      process.env.FIREBASE_AUTH_EMULATOR_HOST = host;
    }
    expect(await raw(token)).toEqual({ status: 200, code: 'OK' });
  });
});
