/**
 * Destinations on both stores: signed webhooks, Slack and Discord, each with a delivery state of
 * its own beside the mail's. The real web SDK calls the real callable; mail goes to a real SMTP
 * server on loopback; webhooks go to a receiver on loopback that checks every signature with the
 * `standardwebhooks` package.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { destinationSenders } from '../src/delivery';
import { destinationSettings } from '../src/destinations';
import { pendingDelivery, type ContactRecord } from '../src/store/types';
import { closedPort, header, startHarness, startSmtp, tempDir, testSettings } from './harness';
import { startReceiver, TEST_WEBHOOK_SECRET, type Receiver, type Script } from './receiver';
import { messagesTool, openStore, storeKits } from './storeKits';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

let keys = 0;
const message = (patch: Record<string, string> = {}) => ({
  name: 'Ada Lovelace',
  email: 'ada@example.org',
  message: 'We would like a small app for our book club, with reading lists and reminders.',
  idempotencyKey: `hooks-${String(++keys).padStart(6, '0')}-${randomUUID()}`,
  website: '',
  ...patch,
});

const ids = (r: Receiver, path: string) => new Set(r.at(path).map((x) => x.headers['webhook-id']));

describe.each(storeKits('hooks'))('destinations on the $name', (kit) => {
  // A first call to a cold emulator can take seconds: not in a test's time.
  beforeAll(async () => {
    const dir = await tempDir();
    const opened = await kit.open(dir.path);
    await opened.store.get('warm-up-key-000000');
    await opened.close();
    await dir.remove();
  }, 60_000);

  /** A backend whose destinations are the receiver's `paths`; mail to `smtpPort`. */
  async function backend(options: {
    scripts: Record<string, Script>;
    webhooks?: string[];
    slack?: string;
    discord?: string;
    smtpPort?: number;
    webhookTimeoutMs?: number;
    /** The longest backoff (10 ms unless a test needs real waits). */
    maxDelayMs?: number;
    now?: () => Date;
  }) {
    const receiver = await startReceiver(options.scripts);
    cleanups.push(receiver.close);
    const smtp = options.smtpPort ? null : await startSmtp();
    if (smtp) cleanups.push(smtp.close);
    const opened = await openStore(kit);
    const env = {
      WEBHOOK_URLS: (options.webhooks ?? []).map((p) => receiver.origin + p).join(','),
      WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
      SLACK_WEBHOOK_URL: options.slack ? receiver.origin + options.slack : '',
      DISCORD_WEBHOOK_URL: options.discord ? receiver.origin + options.discord : '',
    };
    const base = testSettings();
    const settings = {
      ...base,
      ...destinationSettings(env, 'local'),
      webhookTimeoutMs: options.webhookTimeoutMs ?? 15_000,
      retry: { ...base.retry, maxDelayMs: options.maxDelayMs ?? base.retry.maxDelayMs },
    };
    const smtpUrl = smtp?.url ?? `smtp://127.0.0.1:${options.smtpPort}`;
    const h = await startHarness({
      dataDir: opened.dataDir,
      store: opened.store,
      smtpUrl,
      settings,
      now: options.now,
      retryIntervalMs: 3_600_000,
    });
    cleanups.push(h.close);
    const toolEnv = { ...opened.env, ...env, DATA_DIR: opened.dataDir, SMTP_URL: smtpUrl };
    return { h, store: opened.store, receiver, smtp, settings, toolEnv };
  }

  /** A tool run printed no error (firebase-admin may add a warning of its own on Firestore). */
  const noError = (err: string) => expect(err).not.toMatch(/^messages:|Error/m);

  /** Retry passes until `done` holds (each backoff here is at most 10 ms). */
  async function passes(h: { backend: { retry(): Promise<unknown> } }, done: () => boolean) {
    await vi.waitFor(
      async () => {
        if (done()) return;
        await h.backend.retry();
        if (!done()) throw new Error('Not yet');
      },
      { timeout: 5_000, interval: 15 },
    );
  }

  it('posts each message signed; 503 twice then 200 is one delivery under one webhook-id', async () => {
    const { h, store, receiver, smtp, settings } = await backend({
      scripts: { '/flaky': (n) => (n < 2 ? 503 : 200) },
      webhooks: ['/flaky'],
    });
    const sent = message();
    await h.call(sent);
    await passes(h, () => receiver.at('/flaky').length >= 3);
    await h.backend.retry();
    await h.backend.retry();

    const posts = receiver.at('/flaky');
    const name = settings.destinations[0]!.name;
    const record = await store.get(sent.idempotencyKey);
    console.log(
      `${kit.name}: 503, 503, 200: ${posts.length} posts, answers ${posts.map((p) => p.answer).join(',')}, ` +
        `${ids(receiver, '/flaky').size} webhook-id, signatures ${posts.map((p) => p.verified).join(',')}, ` +
        `state ${record?.destinations?.[name]?.state}, ${smtp!.received.length} mail`,
    );
    expect(posts.map((p) => p.answer)).toEqual([503, 503, 200]);
    expect(posts.every((p) => p.verified === true)).toBe(true);
    expect(ids(receiver, '/flaky')).toEqual(new Set([`msg_${sent.idempotencyKey}`]));
    expect(JSON.parse(posts[2]!.body)).toEqual({
      type: 'contact.message',
      timestamp: record?.receivedAt,
      data: {
        id: sent.idempotencyKey,
        name: sent.name,
        email: sent.email,
        message: sent.message,
        receivedAt: record?.receivedAt,
      },
    });
    expect(record?.destinations?.[name]).toMatchObject({ state: 'delivered', attempts: 3 });
    expect(record?.destinationsOpen).toBe(false);
    // The mail went once, at once, whatever the webhook did.
    expect(smtp!.received).toHaveLength(1);
    expect(record?.delivery).toMatchObject({ state: 'delivered', attempts: 1 });
  }, 60_000);

  it('stops posting to a destination that answers 410, and the mail goes on', async () => {
    const { h, store, receiver, smtp, settings, toolEnv } = await backend({
      scripts: { '/gone': (n) => (n < 1 ? 410 : 200) },
      webhooks: ['/gone'],
    });
    const sent = message();
    await h.call(sent);
    for (let i = 0; i < 3; i++) await h.backend.retry();
    const name = settings.destinations[0]!.name;
    const record = await store.get(sent.idempotencyKey);
    console.log(
      `${kit.name}: 410: ${receiver.at('/gone').length} post, state ${record?.destinations?.[name]?.state} ` +
        `(${record?.destinations?.[name]?.lastError}), ${smtp!.received.length} mail`,
    );
    expect(receiver.at('/gone')).toHaveLength(1);
    expect(record?.destinations?.[name]).toMatchObject({ state: 'failed', attempts: 1 });
    expect(record?.destinations?.[name]?.lastError).toMatch(/410/);
    expect(smtp!.received).toHaveLength(1);

    // The studio's tool shows the destination's state, and sends it again by name.
    const list = await messagesTool(['list'], toolEnv);
    expect(list.code).toBe(0);
    expect(list.out).toMatch(new RegExp(`${name}: failed  HTTP 410`));
    const again = await messagesTool(['retry', sent.idempotencyKey, name], toolEnv);
    noError(again.err);
    expect(again).toMatchObject({ code: 0 });
    expect(again.out).toContain(`Message ${sent.idempotencyKey} to ${name}: delivered`);
    expect(receiver.at('/gone').map((p) => p.answer)).toEqual([410, 200]);
    expect(receiver.at('/gone').every((p) => p.verified)).toBe(true);
    expect(smtp!.received).toHaveLength(1);
  }, 60_000);

  it('waits as long as a Retry-After asks, up to the longest backoff', async () => {
    let clock = Date.now();
    const { h, store, receiver, settings } = await backend({
      scripts: {
        '/busy': (n) =>
          n === 0
            ? { status: 429, headers: { 'retry-after': '120' } }
            : n === 1
              ? {
                  status: 503,
                  headers: { 'retry-after': new Date(clock + 7_200_000).toUTCString() },
                }
              : 200,
      },
      webhooks: ['/busy'],
      maxDelayMs: 3_600_000,
      now: () => new Date(clock),
    });
    const sent = message();
    await h.call(sent);
    const name = settings.destinations[0]!.name;
    const state = async () => (await store.get(sent.idempotencyKey))?.destinations?.[name];
    const waited = (d: Awaited<ReturnType<typeof state>>) =>
      Date.parse(d!.nextAttemptAt!) - Date.parse(d!.lastAttemptAt!);

    // 429 with a wait in seconds: the next try is that far ahead, not the 1 ms backoff.
    const first = await state();
    expect(first).toMatchObject({ state: 'pending', attempts: 1 });
    expect(first?.lastError).toBe('HTTP 429, retry after 120 s');
    expect(waited(first)).toBe(120_000);
    clock += 119_000;
    await h.backend.retry();
    expect(receiver.at('/busy'), 'not posted again before the wait is over').toHaveLength(1);
    clock += 1_000;
    await h.backend.retry();
    expect(receiver.at('/busy')).toHaveLength(2);

    // 503 with a date two hours ahead: the wait stops at the longest backoff, an hour.
    const second = await state();
    expect(second).toMatchObject({ state: 'pending', attempts: 2 });
    expect(second?.lastError).toMatch(/^HTTP 503, retry after \d+ s$/);
    expect(waited(second)).toBe(3_600_000);
    clock += 3_600_000;
    await h.backend.retry();
    console.log(
      `${kit.name}: Retry-After: answers ${receiver
        .at('/busy')
        .map((p) => p.answer)
        .join(',')}, waits ${waited(first)} and ${waited(second)} ms, ` +
        `state ${(await state())?.state}`,
    );
    expect(receiver.at('/busy').map((p) => p.answer)).toEqual([429, 503, 200]);
    expect(ids(receiver, '/busy').size).toBe(1);
    expect(await state()).toMatchObject({ state: 'delivered', attempts: 3 });
  }, 60_000);

  it('gives up on a post slower than the timeout and sends it again', async () => {
    const { h, store, receiver, settings } = await backend({
      scripts: { '/slow': (n) => (n < 1 ? 'hold' : 200) },
      webhooks: ['/slow'],
      webhookTimeoutMs: 300,
    });
    const sent = message();
    await h.call(sent);
    const name = settings.destinations[0]!.name;
    const first = await store.get(sent.idempotencyKey);
    expect(first?.destinations?.[name]).toMatchObject({ state: 'pending', attempts: 1 });
    expect(first?.destinations?.[name]?.lastError).toMatch(/deadline/);
    await passes(h, () => receiver.at('/slow').length >= 2);
    const record = await store.get(sent.idempotencyKey);
    console.log(
      `${kit.name}: slow past a 300 ms timeout: ${receiver.at('/slow').length} posts, answers ` +
        `${receiver
          .at('/slow')
          .map((p) => p.answer)
          .join(',')}, ${ids(receiver, '/slow').size} webhook-id, ` +
        `first error "${first?.destinations?.[name]?.lastError}", state ${record?.destinations?.[name]?.state}`,
    );
    expect(receiver.at('/slow').map((p) => p.answer)).toEqual(['no answer', 200]);
    expect(ids(receiver, '/slow').size).toBe(1);
    expect(record?.destinations?.[name]).toMatchObject({ state: 'delivered', attempts: 2 });
  }, 60_000);

  it('posts Slack and Discord text escaped: no mention, no link, Discord within 2,000 characters', async () => {
    const { h, receiver } = await backend({
      scripts: {},
      slack: '/slack',
      discord: '/discord',
    });
    const nasty = message({
      name: 'Eve <!channel> @everyone',
      message:
        'Hello <!here> & <https://evil.example|your bank> @everyone <@&123> [click me](https://evil.example) # Title',
    });
    await h.call(nasty);
    const slack = JSON.parse(receiver.at('/slack')[0]!.body) as { text: string };
    expect(Object.keys(slack)).toEqual(['text']);
    expect(slack.text).toContain('Name: Eve &lt;!channel&gt; @everyone');
    expect(slack.text).toContain('Email: ada@example.org');
    expect(slack.text).toContain(
      'Hello &lt;!here&gt; &amp; &lt;https://evil.example|your bank&gt; @everyone &lt;@&amp;123&gt;',
    );
    expect(slack.text).not.toMatch(/<|>/);

    const discord = JSON.parse(receiver.at('/discord')[0]!.body) as {
      content: string;
      allowed_mentions: unknown;
    };
    expect(discord.allowed_mentions).toEqual({ parse: [] });
    expect(discord.content).toContain('Name: Eve \\<!channel\\> \\@everyone');
    expect(discord.content).toContain('\\[click me\\]\\(https\\://evil.example\\)');
    expect(discord.content).toContain('\\<\\@&123\\>');
    expect(discord.content).not.toMatch(/(^|[^\\])[@[<]/);
    expect(receiver.at('/slack')[0]!.verified).toBeNull();

    // The longest message, all marks: cut to Discord's limit, never mid-escape.
    const longest = message({ message: `${'@['.repeat(999)}!!` });
    await h.call(longest);
    const cut = JSON.parse(receiver.at('/discord')[1]!.body) as { content: string };
    console.log(
      `${kit.name}: Discord content for a 2,000-character message of marks: ${Array.from(cut.content).length} characters`,
    );
    expect(Array.from(cut.content).length).toBeLessThanOrEqual(2000); // Discord's limit
    expect(cut.content).toContain(`the mail holds the whole message, id`);
    expect(cut.content).not.toMatch(/(^|[^\\])(\\\\)*[@[]/);
  }, 60_000);

  it('keeps mail and webhook apart: a failing one never delays or repeats the other', async () => {
    // The mail server is down; the webhook works.
    const port = await closedPort();
    const down = await backend({
      scripts: { '/ok': () => 200 },
      webhooks: ['/ok'],
      smtpPort: port,
    });
    const first = message();
    await down.h.call(first);
    expect(down.receiver.at('/ok')).toHaveLength(1);
    for (let i = 0; i < 3; i++) await down.h.backend.retry();
    const waiting = await down.store.get(first.idempotencyKey);
    expect(waiting?.delivery.state).toBe('pending');
    expect(waiting?.delivery.attempts).toBeGreaterThan(1);
    const smtp = await startSmtp(port);
    cleanups.push(smtp.close);
    await passes(down.h, () => smtp.received.length > 0);
    await down.h.backend.retry();
    expect(smtp.received).toHaveLength(1);
    expect(down.receiver.at('/ok')).toHaveLength(1);
    await smtp.close();

    // The webhook keeps failing; the mail works.
    const failing = await backend({ scripts: { '/down': () => 500 }, webhooks: ['/down'] });
    const second = message();
    await failing.h.call(second);
    expect(failing.smtp!.received).toHaveLength(1);
    for (let i = 0; i < 3; i++) await failing.h.backend.retry();
    const record = await failing.store.get(second.idempotencyKey);
    const name = failing.settings.destinations[0]!.name;
    console.log(
      `${kit.name}: mail down: webhook posts ${down.receiver.at('/ok').length}, mails after recovery ` +
        `${smtp.received.length}; webhook failing: ${failing.receiver.at('/down').length} posts, ` +
        `${failing.smtp!.received.length} mail`,
    );
    expect(failing.receiver.at('/down').length).toBeGreaterThan(1);
    expect(record?.destinations?.[name]?.state).toBe('pending');
    expect(record?.delivery).toMatchObject({ state: 'delivered', attempts: 1 });
    expect(failing.smtp!.received).toHaveLength(1);
  }, 60_000);

  it('sends a pending message set a year ahead (a clock set back) within the longest backoff', async () => {
    const clock = Date.UTC(2026, 0, 1, 12);
    const { h, store, receiver, smtp, settings, toolEnv } = await backend({
      scripts: {},
      webhooks: ['/later'],
      now: () => new Date(clock),
    });
    const year = 365 * 24 * 3_600_000;
    const ahead = {
      ...pendingDelivery(false),
      attempts: 1,
      nextAttemptAt: new Date(clock + year).toISOString(),
    };
    const name = settings.destinations[0]!.name;
    const record = (id: string): ContactRecord => ({
      id,
      name: 'Ada Lovelace',
      email: 'ada@example.org',
      message: 'We would like a small app for our book club, with reading lists.',
      fingerprint: 'f'.repeat(64),
      receivedAt: new Date(clock - 1000).toISOString(),
      clientHash: 'c'.repeat(64),
      delivery: ahead,
      destinations: { [name]: ahead },
      destinationsOpen: true,
    });
    const passed = record(`ahead-pass-${randomUUID()}`);
    await store.create(passed);
    await h.backend.retry();
    const after = await store.get(passed.id);
    expect(after?.delivery.state).toBe('delivered');
    expect(after?.destinations?.[name]?.state).toBe('delivered');
    expect(smtp!.received.map((m) => header(m.raw, 'X-Contact-Message-Id'))).toEqual([passed.id]);
    expect(receiver.at('/later')).toHaveLength(1);

    // The studio's tool sends a pending message now, whatever its nextAttemptAt.
    const pending = {
      ...record(`ahead-tool-${randomUUID()}`),
      delivery: { ...ahead, nextAttemptAt: new Date(Date.now() + 60_000).toISOString() },
    };
    await store.create(pending);
    const sent = await messagesTool(['retry', pending.id], toolEnv);
    noError(sent.err);
    expect(sent).toMatchObject({ code: 0 });
    expect(sent.out).toContain(`Message ${pending.id}: delivered`);
    expect(smtp!.received).toHaveLength(2);
  }, 60_000);
});

describe('Retry-After', () => {
  it('reads whole seconds and HTTP dates, and nothing else', async () => {
    const soon = new Date(Date.now() + 120_000).toUTCString();
    const goneBy = new Date(Date.now() - 3_600_000).toUTCString();
    // Each header value the receiver answers with, and the whole error the sender throws for it.
    const answers: [string | null, RegExp][] = [
      ['120', /^HTTP 429, retry after 120 s$/],
      [' 0 ', /^HTTP 429, retry after 0 s$/],
      [soon, /^HTTP 429, retry after 1(19|20) s$/],
      [goneBy, /^HTTP 429, retry after 0 s$/],
      ...[null, '-5', '1.5', 'soon', '2026-03-01T12:02:00Z'].map(
        (nonsense): [string | null, RegExp] => [nonsense, /^HTTP 429$/],
      ),
    ];
    const headers = (value: string | null): Record<string, string> =>
      value === null ? {} : { 'retry-after': value };
    const receiver = await startReceiver({
      '/busy': (n) => ({ status: 429, headers: headers(answers[n]![0]) }),
    });
    cleanups.push(() => receiver.close());
    const settings = destinationSettings(
      { WEBHOOK_URLS: `${receiver.origin}/busy`, WEBHOOK_SECRET: TEST_WEBHOOK_SECRET },
      'local',
    );
    const sender = [...destinationSenders(settings).values()][0]!;
    const record: ContactRecord = {
      id: `retry-after-${randomUUID()}`,
      name: 'Ada Lovelace',
      email: 'ada@example.org',
      message: 'We would like a small app for our book club, with reading lists.',
      fingerprint: 'f'.repeat(64),
      receivedAt: new Date().toISOString(),
      clientHash: 'c'.repeat(64),
      delivery: pendingDelivery(false),
    };
    for (const [value, error] of answers)
      await expect(sender.send(record), String(value)).rejects.toThrow(error);
  });
});

describe('destination settings', () => {
  it('takes https: URLs, and http://127.0.0.1 only locally; never prints a URL', () => {
    const token = 'T000/B000/very-secret-token';
    const local = destinationSettings(
      {
        WEBHOOK_URLS: 'https://hooks.example/a, http://127.0.0.1:9000/b,https://hooks.example/a',
        WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
        SLACK_WEBHOOK_URL: `https://hooks.slack.com/services/${token}`,
        DISCORD_WEBHOOK_URL: 'none',
      },
      'local',
    );
    expect(local.destinations.map((d) => d.kind)).toEqual(['webhook', 'webhook', 'slack']);
    expect(local.destinations[0]!.name).toMatch(/^webhook_[0-9a-f]{8}$/);
    expect(() =>
      destinationSettings(
        { WEBHOOK_URLS: 'http://127.0.0.1:9000/b', WEBHOOK_SECRET: TEST_WEBHOOK_SECRET },
        'deployed',
      ),
    ).toThrow('WEBHOOK_URLS must hold https: URLs');
    for (const url of [`http://hooks.slack.com/${token}`, `http://localhost/${token}`]) {
      let thrown = '';
      try {
        destinationSettings({ SLACK_WEBHOOK_URL: url }, 'local');
      } catch (error) {
        thrown = (error as Error).message;
      }
      expect(thrown).toContain('SLACK_WEBHOOK_URL must hold https: URLs');
      expect(thrown).not.toContain(token);
    }
    expect(() => destinationSettings({ WEBHOOK_URLS: 'https://hooks.example/a' }, 'local')).toThrow(
      'WEBHOOK_URLS needs WEBHOOK_SECRET',
    );
    expect(() =>
      destinationSettings(
        { WEBHOOK_URLS: 'https://hooks.example/a', WEBHOOK_SECRET: 'plain' },
        'local',
      ),
    ).toThrow('WEBHOOK_SECRET must be whsec_');
    expect(destinationSettings({}, 'deployed')).toEqual({ destinations: [], webhookSecret: null });
  });
});
