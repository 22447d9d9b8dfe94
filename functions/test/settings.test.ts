/**
 * Settings are checked at start and name what is wrong; a destination that fails in any way
 * fails alone; a destination's answer is read only so far; a crash's leftovers go at start.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { destinationSettings } from '../src/destinations';
import { startLocalBackend } from '../src/local/backend';
import { backendSettings, challengeSettings } from '../src/settings';
import { fileStoreFolders } from '../src/store/fileStore';
import { startHarness, startSmtp, tempDir, testSettings } from './harness';
import { startReceiver, TEST_WEBHOOK_SECRET } from './receiver';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** The message a setting check throws, or '' when it passes. */
function refusal(check: () => unknown): string {
  try {
    check();
    return '';
  } catch (error) {
    return (error as Error).message;
  }
}

const hook = 'https://hooks.example/contact';
const message = () => ({
  name: 'Ada Lovelace',
  email: 'ada@example.org',
  message: 'We would like a small app for our book club, with reading lists and reminders.',
  idempotencyKey: `settings-${randomUUID()}`,
  website: '',
});

describe('settings checked at start', () => {
  it('refuses a WEBHOOK_SECRET that is not base64 of 24 to 64 bytes, naming it', () => {
    const bytes = (n: number) => `whsec_${Buffer.alloc(n, 9).toString('base64')}`;
    const cases: [string, RegExp | ''][] = [
      ['whsec_abc', /WEBHOOK_SECRET must be whsec_ followed by base64/],
      ['whsec_AAAA', /WEBHOOK_SECRET must hold 24 to 64 random bytes; it holds 3/],
      ['whsec_c2VjcmV0', /WEBHOOK_SECRET must hold 24 to 64 random bytes; it holds 6/],
      [bytes(23), /it holds 23/],
      [bytes(65), /it holds 65/],
      [bytes(24), ''],
      [bytes(64), ''],
      [TEST_WEBHOOK_SECRET, ''],
    ];
    for (const [secret, expected] of cases) {
      const said = refusal(() =>
        destinationSettings({ WEBHOOK_URLS: hook, WEBHOOK_SECRET: secret }, 'deployed'),
      );
      if (expected === '') expect(said, secret).toBe('');
      else expect(said, secret).toMatch(expected);
    }
  });

  it('refuses a destination URL that holds a user name or password, and never prints it', () => {
    const cases = [
      ['WEBHOOK_URLS', 'https://user:hunter22@hooks.example/contact'],
      ['SLACK_WEBHOOK_URL', 'https://hunter22@hooks.slack.example/services/T0'],
      ['DISCORD_WEBHOOK_URL', 'https://:hunter22@discord.example/api/webhooks/1'],
    ] as const;
    for (const [key, url] of cases) {
      const said = refusal(() =>
        destinationSettings({ [key]: url, WEBHOOK_SECRET: TEST_WEBHOOK_SECRET }, 'deployed'),
      );
      expect(said, key).toBe(`${key} must not hold a user name or password`);
      expect(said).not.toContain('hunter22');
    }
  });

  it('takes a blank secret as unset: deployed, the start stops naming it; locally, the dev key', () => {
    const deployed = { PSEUDONYM_SECRET: 'a long random pseudonym key', CHALLENGE_SECRET: 'x' };
    expect(refusal(() => backendSettings(deployed, 'deployed'))).toBe('');
    for (const blank of ['', '   ', '\t\n']) {
      expect(
        refusal(() => backendSettings({ ...deployed, PSEUDONYM_SECRET: blank }, 'deployed')),
      ).toMatch(/^PSEUDONYM_SECRET is not set/);
      expect(
        refusal(() => backendSettings({ ...deployed, CHALLENGE_SECRET: blank }, 'deployed')),
      ).toMatch(/^CHALLENGE_SECRET is not set/);
      expect(refusal(() => challengeSettings({ CHALLENGE_SECRET: blank }, 'deployed'))).toMatch(
        /^CHALLENGE_SECRET is not set/,
      );
      expect(backendSettings({ PSEUDONYM_SECRET: blank }).pseudonymSecret).toMatch(/dev-only/);
    }
    // With the challenge off, no challenge secret is needed.
    expect(challengeSettings({ CHALLENGE: 'off' }, 'deployed')).toBeNull();
  });

  it('deployed, a blank CHALLENGE_SECRET gives no challenge: the call is unavailable', async () => {
    const saved = process.env.CHALLENGE_SECRET;
    process.env.CHALLENGE_SECRET = '  ';
    cleanups.push(async () => {
      if (saved === undefined) delete process.env.CHALLENGE_SECRET;
      else process.env.CHALLENGE_SECRET = saved;
    });
    const { contactChallenge } = await import('../src/index');
    const run = (contactChallenge as unknown as { run(r: unknown): Promise<unknown> }).run;
    await expect(run({ data: null, rawRequest: { headers: {} } })).rejects.toMatchObject({
      code: 'unavailable',
    });
  });

  it('stops the local backend at start on a bad setting, naming it', async () => {
    const dir = await tempDir();
    cleanups.push(dir.remove);
    const saved = { ...process.env };
    cleanups.push(async () => {
      process.env = saved;
    });
    process.env = {
      ...saved,
      WEBHOOK_URLS: 'http://127.0.0.1:9/hook',
      WEBHOOK_SECRET: 'whsec_abc',
    };
    await expect(startLocalBackend({ port: 0, dataDir: dir.path })).rejects.toThrow(
      'WEBHOOK_SECRET must be whsec_ followed by base64',
    );
  });
});

describe('one destination fails alone', () => {
  it('mails and answers the visitor when the webhook signer refuses its secret', async () => {
    const receiver = await startReceiver({});
    cleanups.push(receiver.close);
    const smtp = await startSmtp();
    cleanups.push(smtp.close);
    const dir = await tempDir();
    cleanups.push(dir.remove);
    const good = destinationSettings(
      { WEBHOOK_URLS: `${receiver.origin}/hook`, WEBHOOK_SECRET: TEST_WEBHOOK_SECRET },
      'local',
    );
    // A secret that slipped past the start check (set in code): the signer throws on it.
    const settings = { ...testSettings(), ...good, webhookSecret: 'whsec_abc' };
    const h = await startHarness({ dataDir: dir.path, settings, smtpUrl: smtp.url });
    cleanups.push(h.close);
    const sent = message();
    await expect(h.call(sent)).resolves.toMatchObject({ success: true });
    expect(smtp.received).toHaveLength(1);
    const record = await h.backend.store.get(sent.idempotencyKey);
    const webhook = Object.values(record?.destinations ?? {})[0];
    expect(webhook?.state).toBe('pending');
    expect(webhook?.lastError).toMatch(/Base64|padding|secret/i);
    expect(receiver.received).toHaveLength(0);
    // The retry pass goes on too, mail first or not.
    await expect(h.backend.retry()).resolves.toBeDefined();
  });
});

describe("a destination's answer", () => {
  it('is read only so far: an endless gzip answer is cut, and the post counts as delivered', async () => {
    let written = 0;
    let closed!: () => void;
    const done = new Promise<void>((ok) => (closed = ok));
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' });
        const zeros = new Readable({
          read() {
            this.push(Buffer.alloc(1 << 20));
          },
        });
        const gzip = createGzip();
        gzip.on('data', (chunk: Buffer) => {
          written += chunk.length;
          if (!res.write(chunk)) gzip.pause();
        });
        res.on('drain', () => gzip.resume());
        res.on('close', () => {
          zeros.destroy();
          gzip.destroy();
          closed();
        });
        zeros.pipe(gzip);
      });
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    cleanups.push(
      () =>
        new Promise<void>((ok) => {
          server.closeAllConnections();
          server.close(() => ok());
        }),
    );
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const smtp = await startSmtp();
    cleanups.push(smtp.close);
    const dir = await tempDir();
    cleanups.push(dir.remove);
    const settings = {
      ...testSettings(),
      ...destinationSettings({ SLACK_WEBHOOK_URL: `${origin}/slack` }, 'local'),
      webhookTimeoutMs: 20_000,
    };
    const h = await startHarness({ dataDir: dir.path, settings, smtpUrl: smtp.url });
    cleanups.push(h.close);
    const sent = message();
    await h.call(sent);
    const record = await h.backend.store.get(sent.idempotencyKey);
    expect(record?.destinations?.slack?.state).toBe('delivered');
    await done;
    // A few chunks in flight at most: nowhere near what reading it whole would take.
    expect(written).toBeLessThan(8 << 20);
  }, 60_000);
});

describe('start-up sweep', () => {
  it("removes a crashed writer's temp files in every folder the file store writes", async () => {
    const dir = await tempDir();
    cleanups.push(dir.remove);
    const folders = [...Object.values(fileStoreFolders(dir.path)), join(dir.path, 'outbox')];
    // A pid that no process has: the writer is gone.
    for (const folder of folders) {
      await mkdir(folder, { recursive: true });
      await writeFile(join(folder, '.leftover.json.999999999.0a1b2c.tmp'), '{"half":');
    }
    const backend = await startLocalBackend({
      port: 0,
      dataDir: dir.path,
      settings: testSettings(),
    });
    cleanups.push(() => backend.close());
    for (const folder of folders)
      expect(
        (await readdir(folder)).filter((n) => n.endsWith('.tmp')),
        folder,
      ).toEqual([]);
  });
});
