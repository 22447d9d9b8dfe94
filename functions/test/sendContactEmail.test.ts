/**
 * sendContactEmail over HTTP: the real firebase web SDK against the real callable in express on
 * loopback, storing on disk and mailing to a real SMTP server on loopback.
 */
import { createHmac } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from './contactMessages';
import { CONTACT_REFUSALS, SENT } from '../../src/contract/contact';
/** What the local backend answers for a body it cannot read. */
const UNREADABLE_BODY = 'The request body is not valid JSON.';
import { UNDECODABLE_BODY } from '../src/request';
import {
  callError,
  closedPort,
  header,
  mimePart,
  startHarness,
  startSmtp,
  tempDir,
  TEST_SECRET,
  testSettings,
  waitFor,
  type Harness,
  type Smtp,
} from './harness';

const {
  'key-reused': KEY_REUSED,
  'store-down': STORE_DOWN,
  'too-large': TOO_LARGE,
  'too-many': TOO_MANY,
} = CONTACT_REFUSALS;
/** How every refusal of data that is not a contact message begins. */
const SHAPE_ERROR = 'The request is not a contact message.';

let keys = 0;
const key = () => `test-key-${String(++keys).padStart(8, '0')}-${Date.now()}`;
const valid = () => ({
  name: 'Ada Lovelace',
  email: 'ada@example.org',
  message: 'We would like a small app for our book club, with reading lists and reminders.',
  idempotencyKey: key(),
  website: '',
});

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function setUp(
  options: {
    smtp?: Smtp | null;
    smtpUrl?: string;
    rate?: Parameters<typeof testSettings>[0];
    retryIntervalMs?: number;
    dataDir?: string;
    now?: () => Date;
  } = {},
) {
  const dir = options.dataDir ? null : await tempDir();
  if (dir) cleanups.push(dir.remove);
  const smtp = options.smtp === undefined ? await startSmtp() : options.smtp;
  if (smtp && options.smtp === undefined) cleanups.push(smtp.close);
  const h = await startHarness({
    dataDir: options.dataDir ?? dir!.path,
    smtpUrl: options.smtpUrl ?? smtp?.url,
    settings: testSettings(options.rate),
    retryIntervalMs: options.retryIntervalMs ?? 60_000,
    now: options.now,
  });
  cleanups.push(h.close);
  return { h, smtp: smtp! };
}

/** Rate windows are fixed (a minute in tests): on the real clock a count could straddle two. */
function stillClock(at = Date.UTC(2026, 0, 1, 12, 0, 0)) {
  let t = at;
  return { now: () => new Date(t), advance: (ms: number) => void (t += ms) };
}

describe('a valid message', () => {
  it('is stored once and mailed once, From the studio, Reply-To the visitor, with escaped HTML', async () => {
    const { h, smtp } = await setUp();
    const data = {
      ...valid(),
      name: 'Ada <b>Lovelace</b> & "Co"',
      message:
        'Hello <img src=x onerror=alert(1)> & welcome.\nSecond line with <script>alert("x")</script> in it.',
    };
    await expect(h.call(data)).resolves.toEqual({ success: true, message: SENT });

    const records = await h.records();
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      id: data.idempotencyKey,
      name: data.name,
      email: data.email,
      message: data.message,
    });
    expect(records[0]!.delivery).toMatchObject({
      state: 'delivered',
      attempts: 1,
      lastError: null,
    });

    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.from).toBe('website@bluestem.test');
    expect(mail.to).toEqual(['studio@bluestem.test']);
    expect(header(mail.raw, 'From')).toBe('Bluestem Software website <website@bluestem.test>');
    expect(header(mail.raw, 'To')).toBe('studio@bluestem.test');
    expect(header(mail.raw, 'Reply-To')).toBe('"Ada <b>Lovelace</b> & \\"Co\\"" <ada@example.org>');
    expect(header(mail.raw, 'Subject')).toBe('Website message from Ada <b>Lovelace</b> & "Co"');
    expect(header(mail.raw, 'Message-ID')).toBe(`<contact-${data.idempotencyKey}@bluestem.test>`);

    const text = mimePart(mail.raw, 'text/plain');
    expect(text).toContain('Name: Ada <b>Lovelace</b> & "Co"');
    expect(text).toContain(data.message);
    const html = mimePart(mail.raw, 'text/html');
    expect(html).toContain('<td>Ada &lt;b&gt;Lovelace&lt;/b&gt; &amp; &quot;Co&quot;</td>');
    expect(html).toContain('Hello &lt;img src=x onerror=alert(1)&gt; &amp; welcome.');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).not.toMatch(/<img|<script|<b>/);
  });

  it('keeps non-Latin text intact through the store and the mail (NFC)', async () => {
    const { h, smtp } = await setUp();
    const data = {
      ...valid(),
      name: 'Zoe\u0308 Ðurić 山田',
      message: `Grüße aus Köln 👋 — ${'ñ'.repeat(60)}`,
    };
    await h.call(data);
    const [record] = await h.records();
    expect(record!.name).toBe('Zoë Ðurić 山田');
    expect(mimePart(smtp.received[0]!.raw, 'text/plain')).toContain('Grüße aus Köln 👋');
  });
});

/** Each bad input, what it must get, and (for the report) how it was sent. */
interface BadInput {
  what: string;
  data?: unknown;
  raw?: {
    body: string | Uint8Array;
    headers?: Record<string, string>;
    method?: string;
    status: number;
    /** The refusal's reason: the callable's own refusals carry one, the HTTP layer's none. */
    reason?: string;
  };
  code: string;
  message: string;
}

const long = (n: number) => 'x'.repeat(n);
const BAD_INPUTS: BadInput[] = [
  { what: 'data is null (SDK)', data: null, code: 'invalid-argument', message: SHAPE_ERROR },
  {
    what: 'data is a string',
    data: 'Ada Lovelace',
    code: 'invalid-argument',
    message: SHAPE_ERROR,
  },
  { what: 'data is a number', data: 42, code: 'invalid-argument', message: SHAPE_ERROR },
  { what: 'data is an array', data: [valid()], code: 'invalid-argument', message: SHAPE_ERROR },
  {
    what: 'every field missing',
    data: { idempotencyKey: key() },
    code: 'invalid-argument',
    message: [MESSAGES.name, MESSAGES.email, MESSAGES.messageShort].join(' '),
  },
  {
    what: 'name missing',
    data: { ...valid(), name: undefined },
    code: 'invalid-argument',
    message: MESSAGES.name,
  },
  {
    what: 'name is a number',
    data: { ...valid(), name: 12345 },
    code: 'invalid-argument',
    message: `${SHAPE_ERROR} "name" must be text.`,
  },
  {
    what: 'name is true',
    data: { ...valid(), name: true },
    code: 'invalid-argument',
    message: `${SHAPE_ERROR} "name" must be text.`,
  },
  {
    what: 'email is an array',
    data: { ...valid(), email: ['ada@example.org'] },
    code: 'invalid-argument',
    message: `${SHAPE_ERROR} "email" must be text.`,
  },
  {
    what: 'message is an object',
    data: { ...valid(), message: { text: long(60) } },
    code: 'invalid-argument',
    message: `${SHAPE_ERROR} "message" must be text.`,
  },
  {
    what: 'message is null',
    data: { ...valid(), message: null },
    code: 'invalid-argument',
    message: MESSAGES.messageShort,
  },
  {
    what: 'honeypot is a number',
    data: { ...valid(), website: 1 },
    code: 'invalid-argument',
    message: `${SHAPE_ERROR} "website" must be text.`,
  },
  {
    what: 'extra key "to"',
    data: { ...valid(), to: 'eve@example.org' },
    code: 'invalid-argument',
    message: `${SHAPE_ERROR} Unexpected field "to".`,
  },
  {
    what: 'extra key "constructor"',
    data: { ...valid(), constructor: { name: 'x' } },
    code: 'invalid-argument',
    message: `${SHAPE_ERROR} Unexpected field "constructor".`,
  },
  {
    what: 'idempotency key missing',
    data: { ...valid(), idempotencyKey: undefined },
    code: 'invalid-argument',
    message: `${SHAPE_ERROR} "idempotencyKey" must be 16 to 64 letters, digits or dashes.`,
  },
  {
    what: 'idempotency key is a path',
    data: { ...valid(), idempotencyKey: '../../../etc/passwd' },
    code: 'invalid-argument',
    message: `${SHAPE_ERROR} "idempotencyKey" must be 16 to 64 letters, digits or dashes.`,
  },
  {
    what: 'CRLF + Bcc header in name',
    data: { ...valid(), name: 'Ada\r\nBcc: eve@example.org' },
    code: 'invalid-argument',
    message: MESSAGES.nameCharacters,
  },
  {
    what: 'LF in name',
    data: { ...valid(), name: 'Ada\nLovelace' },
    code: 'invalid-argument',
    message: MESSAGES.nameCharacters,
  },
  {
    what: 'a line separator (U+2028) in name',
    data: { ...valid(), name: 'Ada Lovelace\u2028Email: eve@example.org' },
    code: 'invalid-argument',
    message: MESSAGES.nameCharacters,
  },
  {
    what: 'a paragraph separator (U+2029) in name',
    data: { ...valid(), name: 'Ada Lovelace\u2029Email: eve@example.org' },
    code: 'invalid-argument',
    message: MESSAGES.nameCharacters,
  },
  {
    what: 'NUL in name',
    data: { ...valid(), name: 'Ada\u0000Lovelace' },
    code: 'invalid-argument',
    message: MESSAGES.nameCharacters,
  },
  {
    what: 'bidi override in name',
    data: { ...valid(), name: 'Ada \u202eecalevoL' },
    code: 'invalid-argument',
    message: MESSAGES.nameCharacters,
  },
  {
    what: 'lone surrogate in name',
    data: { ...valid(), name: 'Ada \ud800 Lovelace' },
    code: 'invalid-argument',
    message: MESSAGES.nameCharacters,
  },
  {
    what: 'CRLF + Bcc header in email',
    data: { ...valid(), email: 'ada@example.org\r\nBcc: eve@example.org' },
    code: 'invalid-argument',
    message: MESSAGES.email,
  },
  {
    what: 'two addresses (comma) in email',
    data: { ...valid(), email: 'ada@example.org,eve@example.org' },
    code: 'invalid-argument',
    message: MESSAGES.email,
  },
  {
    what: 'semicolon in email',
    data: { ...valid(), email: 'ada@example.org;eve@example.org' },
    code: 'invalid-argument',
    message: MESSAGES.email,
  },
  {
    what: 'angle brackets in email',
    data: { ...valid(), email: 'Eve <eve@example.org>' },
    code: 'invalid-argument',
    message: MESSAGES.email,
  },
  {
    what: 'email of 255 characters',
    data: {
      ...valid(),
      email: `${'a'.repeat(65)}@${'b'.repeat(61)}.${'c'.repeat(61)}.${'d'.repeat(61)}.com`,
    },
    code: 'invalid-argument',
    message: MESSAGES.email,
  },
  {
    what: 'zero-width-only name',
    data: { ...valid(), name: '\u200b'.repeat(10) },
    code: 'invalid-argument',
    message: MESSAGES.name,
  },
  {
    what: 'name of 101 characters',
    data: { ...valid(), name: 'A'.repeat(101) },
    code: 'invalid-argument',
    message: MESSAGES.nameLong,
  },
  {
    what: 'name of 15,000 characters',
    data: { ...valid(), name: 'A'.repeat(15_000) },
    code: 'invalid-argument',
    message: MESSAGES.nameLong,
  },
  ...[
    ['braille blanks', '\u2800'],
    ['Hangul fillers', '\u3164'],
    ['Hangul choseong and jungseong fillers', '\u115F\u1160'],
    ['halfwidth Hangul fillers', '\uFFA0'],
    ['combining grapheme joiners', '\u034F'],
    ['tag characters', '\u{E0041}\u{E0042}'],
    ['word joiners and invisible times', '\u2060\u2062'],
  ].map(([what, chars]) => ({
    what: `name of only ${what}`,
    data: { ...valid(), name: chars!.repeat(10) },
    code: 'invalid-argument',
    message: MESSAGES.name,
  })),
  {
    what: 'message of only braille blanks',
    data: { ...valid(), message: '\u2800'.repeat(100) },
    code: 'invalid-argument',
    message: MESSAGES.messageShort,
  },
  {
    what: 'email group:eve@example.org (a group, not an address)',
    data: { ...valid(), email: 'group:eve@example.org' },
    code: 'invalid-argument',
    message: MESSAGES.email,
  },
  {
    what: 'email .a..b.@example.org (leading and doubled dots)',
    data: { ...valid(), email: '.a..b.@example.org' },
    code: 'invalid-argument',
    message: MESSAGES.email,
  },
  {
    what: 'whitespace-only message',
    data: { ...valid(), message: ' \n'.repeat(60) },
    code: 'invalid-argument',
    message: MESSAGES.messageShort,
  },
  {
    what: 'message of 2001 characters',
    data: { ...valid(), message: long(2001) },
    code: 'invalid-argument',
    message: MESSAGES.messageLong,
  },
  {
    what: 'NUL in message',
    data: { ...valid(), message: `${long(60)}\u0000` },
    code: 'invalid-argument',
    message: MESSAGES.messageCharacters,
  },
  {
    what: '__proto__ key in data smuggling a name',
    raw: {
      body: JSON.stringify({ data: { ...valid(), name: undefined } }).replace(
        '{"data":{',
        '{"data":{"__proto__":{"name":"Ada Lovelace"},',
      ),
      status: 400,
      reason: 'invalid',
    },
    code: 'INVALID_ARGUMENT',
    message: `${SHAPE_ERROR} Unexpected field "__proto__".`,
  },
  {
    what: '__proto__ key at the top level',
    raw: {
      body: JSON.stringify({ data: valid() }).replace('{', '{"__proto__":{"admin":true},'),
      status: 400,
    },
    code: 'INVALID_ARGUMENT',
    message: 'Bad Request',
  },
  {
    what: '{"data": null} (raw)',
    raw: { body: '{"data":null}', status: 400, reason: 'invalid' },
    code: 'INVALID_ARGUMENT',
    message: SHAPE_ERROR,
  },
  {
    what: 'a 1 MB body',
    raw: {
      body: JSON.stringify({ data: { ...valid(), message: long(1024 * 1024) } }),
      status: 413,
    },
    code: 'INVALID_ARGUMENT',
    message: TOO_LARGE,
  },
  {
    what: 'a body just over 16 KB',
    raw: { body: JSON.stringify({ data: { ...valid(), message: long(16 * 1024) } }), status: 413 },
    code: 'INVALID_ARGUMENT',
    message: TOO_LARGE,
  },
  {
    what: 'a 20 MB body',
    raw: {
      body: JSON.stringify({ data: { ...valid(), message: long(20 * 1024 * 1024) } }),
      status: 413,
    },
    code: 'INVALID_ARGUMENT',
    message: TOO_LARGE,
  },
  {
    what: 'a gzip bomb (20 MB inflated from about 20 KB)',
    raw: {
      body: gzipSync(JSON.stringify({ data: { ...valid(), message: long(20 * 1024 * 1024) } })),
      headers: { 'Content-Encoding': 'gzip' },
      status: 413,
    },
    code: 'INVALID_ARGUMENT',
    message: TOO_LARGE,
  },
  {
    what: 'a false Content-Encoding: gzip on plain JSON',
    raw: {
      body: JSON.stringify({ data: valid() }),
      headers: { 'Content-Encoding': 'gzip' },
      status: 400,
    },
    code: 'INVALID_ARGUMENT',
    message: UNREADABLE_BODY,
  },
  {
    what: 'an unknown Content-Encoding',
    raw: {
      body: JSON.stringify({ data: valid() }),
      headers: { 'Content-Encoding': 'x-rot13' },
      status: 400,
    },
    code: 'INVALID_ARGUMENT',
    message: UNREADABLE_BODY,
  },
  {
    what: 'an unknown charset',
    raw: {
      body: JSON.stringify({ data: valid() }),
      headers: { 'Content-Type': 'application/json; charset=x-klingon' },
      status: 400,
    },
    code: 'INVALID_ARGUMENT',
    message: UNREADABLE_BODY,
  },
  {
    what: 'a 16 KB body nested 8,000 levels deep',
    raw: { body: `{"data":${'['.repeat(8000)}${']'.repeat(8000)}}`, status: 400 },
    code: 'INVALID_ARGUMENT',
    message: UNDECODABLE_BODY,
  },
  {
    what: 'a field nested 2,000 objects deep',
    raw: {
      body: `{"data":{"name":${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}}}`,
      status: 400,
    },
    code: 'INVALID_ARGUMENT',
    message: UNDECODABLE_BODY,
  },
  {
    what: 'a value of an unknown protocol type',
    raw: { body: JSON.stringify({ data: { ...valid(), name: { '@type': 'x' } } }), status: 400 },
    code: 'INVALID_ARGUMENT',
    message: UNDECODABLE_BODY,
  },
  {
    what: 'a protocol number that is not a number',
    raw: {
      body: JSON.stringify({
        data: {
          ...valid(),
          name: { '@type': 'type.googleapis.com/google.protobuf.Int64Value', value: 'x' },
        },
      }),
      status: 400,
    },
    code: 'INVALID_ARGUMENT',
    message: UNDECODABLE_BODY,
  },
  {
    what: 'malformed JSON',
    raw: { body: '{"data": {"name": "Ada"', status: 400 },
    code: 'INVALID_ARGUMENT',
    message: 'The request body is not valid JSON.',
  },
  {
    what: 'wrong content type (text/plain)',
    raw: {
      body: JSON.stringify({ data: valid() }),
      headers: { 'Content-Type': 'text/plain' },
      status: 400,
    },
    code: 'INVALID_ARGUMENT',
    message: 'Bad Request',
  },
  {
    what: 'GET instead of POST',
    raw: { body: '', method: 'GET', status: 400 },
    code: 'INVALID_ARGUMENT',
    message: 'Bad Request',
  },
  {
    what: 'no data field',
    raw: { body: JSON.stringify(valid()), status: 400 },
    code: 'INVALID_ARGUMENT',
    message: 'Bad Request',
  },
  {
    what: 'extra top-level field',
    raw: { body: JSON.stringify({ data: valid(), admin: true }), status: 400 },
    code: 'INVALID_ARGUMENT',
    message: 'Bad Request',
  },
];

describe('bad inputs', () => {
  let h: Harness;
  let smtp: Smtp;
  let dir: { path: string; remove(): Promise<void> };
  beforeAll(async () => {
    dir = await tempDir();
    smtp = await startSmtp();
    h = await startHarness({ dataDir: dir.path, smtpUrl: smtp.url, settings: testSettings() });
  });
  afterAll(async () => {
    await h?.close();
    await smtp?.close();
    await dir?.remove();
  });

  it('cover every validation message the rules have, alone', () => {
    const alone = new Set(BAD_INPUTS.map((bad) => bad.message));
    expect(Object.values(MESSAGES).filter((m) => !alone.has(m))).toEqual([]);
  });

  for (const bad of BAD_INPUTS) {
    it(`refuse ${bad.what}: ${bad.code}, "${bad.message.slice(0, 70)}"`, async () => {
      if (bad.raw) {
        const res = await h.post(bad.raw.body, {
          headers: bad.raw.headers,
          method: bad.raw.method,
        });
        expect(res.status).toBe(bad.raw.status);
        const details = bad.raw.reason ? { details: { reason: bad.raw.reason } } : {};
        expect(res.json).toEqual({ error: { status: bad.code, message: bad.message, ...details } });
      } else {
        await expect(callError(h.call(bad.data))).resolves.toEqual({
          code: `functions/${bad.code}`,
          message: `${bad.message} [400]`,
        });
      }
    });
  }

  it('the deployed callable keeps the endpoint the deploy reads around its body check', async () => {
    const { sendContactEmail } = await import('../src/index');
    expect(sendContactEmail.__endpoint).toMatchObject({ callableTrigger: {}, platform: 'gcfv2' });
    expect(typeof sendContactEmail.run).toBe('function');
  });

  it('stored nothing and mailed nothing for any of them', async () => {
    expect(await h.records()).toEqual([]);
    expect(await h.outbox()).toEqual([]);
    expect(smtp.received).toEqual([]);
  });
});

describe('rate limits', () => {
  const xff = (chain: string) => ({ 'X-Forwarded-For': chain });
  const body = async (h: Harness) =>
    JSON.stringify({ data: { ...valid(), challenge: await h.solved() } });

  it('refuse a third message from one client, by the right-most X-Forwarded-For hop', async () => {
    const { h, smtp } = await setUp({ rate: { perClient: 2 }, now: stillClock().now });
    // The client writes whatever it likes on the left; the proxy's hop on the right is the truth.
    expect((await h.post(await body(h), { headers: xff('1.1.1.1, 203.0.113.9') })).status).toBe(
      200,
    );
    expect((await h.post(await body(h), { headers: xff('2.2.2.2, 203.0.113.9') })).status).toBe(
      200,
    );
    const { status, json } = await h.post(await body(h), {
      headers: xff('3.3.3.3, 203.0.113.9'),
    });
    expect({ status, json }).toEqual({
      status: 429,
      json: {
        error: { status: 'RESOURCE_EXHAUSTED', message: TOO_MANY, details: { reason: 'too-many' } },
      },
    });
    // Another client (another right-most hop) is not affected, even with the same left-most hop.
    expect((await h.post(await body(h), { headers: xff('1.1.1.1, 198.51.100.7') })).status).toBe(
      200,
    );
    expect(await h.records()).toHaveLength(3);
    expect(smtp.received).toHaveLength(3);
  });

  it('count an IPv6 client by its /64: six addresses of one /64 share the limit of 5', async () => {
    const { h } = await setUp({ rate: { perClient: 5 }, now: stillClock().now });
    const sameNetwork = [
      '2001:db8:1:2::1',
      '2001:db8:1:2::2',
      '2001:DB8:1:2:a:b:c:d',
      '2001:0db8:0001:0002:ffff:ffff:ffff:ffff',
      '2001:db8:1:2:1234::99',
    ];
    for (const address of sameNetwork)
      expect((await h.post(await body(h), { headers: xff(address) })).status, address).toBe(200);
    const sixth = await h.post(await body(h), { headers: xff('2001:db8:1:2::6') });
    expect(sixth.status).toBe(429);
    // The next /64 is another client; an IPv4 address written as IPv6 is that IPv4 client.
    expect((await h.post(await body(h), { headers: xff('2001:db8:1:3::1') })).status).toBe(200);
    expect((await h.post(await body(h), { headers: xff('::ffff:192.0.2.1') })).status).toBe(200);
    const records = await h.records();
    expect(records).toHaveLength(7);
    expect(new Set(records.map((r) => r.clientHash)).size).toBe(3);
  });

  it('refuse a third message for one email address, whatever its letter case, through the SDK', async () => {
    const { h } = await setUp({ rate: { perEmail: 2 }, now: stillClock().now });
    await h.call({ ...valid(), email: 'ada@example.org' });
    await h.call({ ...valid(), email: 'ADA@Example.org' });
    await expect(callError(h.call({ ...valid(), email: 'Ada@example.ORG' }))).resolves.toEqual({
      code: 'functions/resource-exhausted',
      message: `${TOO_MANY} [429]`,
    });
    await h.call({ ...valid(), email: 'grace@example.org' });
    expect(await h.records()).toHaveLength(3);
  });

  it('open again in the next window', async () => {
    const clock = stillClock();
    const { h } = await setUp({ rate: { perClient: 1, windowMs: 1000 }, now: clock.now });
    await h.call(valid());
    await expect(callError(h.call(valid()))).resolves.toMatchObject({
      code: 'functions/resource-exhausted',
    });
    clock.advance(999);
    await expect(callError(h.call(valid()))).resolves.toMatchObject({
      code: 'functions/resource-exhausted',
    });
    clock.advance(1);
    await expect(h.call(valid())).resolves.toEqual({ success: true, message: SENT });
  });
});

describe('idempotency', () => {
  it('stores and mails one message for the same key sent twice, and answers the same', async () => {
    const { h, smtp } = await setUp();
    const data = valid();
    const first = await h.call(data);
    const second = await h.call(data);
    expect(second).toEqual(first);
    expect(await h.records()).toHaveLength(1);
    expect(smtp.received).toHaveLength(1);
  });

  it('stores and mails one message when five retries of it race', async () => {
    const { h, smtp } = await setUp();
    const data = valid();
    const answers = await Promise.all(Array.from({ length: 5 }, () => h.call(data)));
    expect(answers).toEqual(Array(5).fill({ success: true, message: SENT }));
    expect(await h.records()).toHaveLength(1);
    // A retry pass would send anything a racing copy left undelivered.
    await h.backend.retry();
    expect(smtp.received).toHaveLength(1);
  });

  it('does not count a retry against the rate limit', async () => {
    const { h } = await setUp({ rate: { perClient: 1 }, now: stillClock().now });
    const data = valid();
    await h.call(data);
    await expect(h.call(data)).resolves.toEqual({ success: true, message: SENT });
  });

  it('refuses the same key with another text', async () => {
    const { h, smtp } = await setUp();
    const data = valid();
    await h.call(data);
    await expect(
      callError(h.call({ ...data, message: `${data.message} Edited.` })),
    ).resolves.toEqual({
      code: 'functions/already-exists',
      message: `${KEY_REUSED} [409]`,
    });
    expect(await h.records()).toHaveLength(1);
    expect(smtp.received).toHaveLength(1);
  });
});

describe('the honeypot', () => {
  it('answers success, stores the message as spam and mails nothing', async () => {
    const { h, smtp } = await setUp();
    await expect(h.call({ ...valid(), website: 'https://spam.example' })).resolves.toEqual({
      success: true,
      message: SENT,
    });
    const [record] = await h.records();
    expect(record!.delivery.state).toBe('spam');
    await h.backend.retry();
    expect(smtp.received).toEqual([]);
  });
});

describe('when the SMTP server is down', () => {
  it('still answers success once stored, keeps the delivery state, and delivers on a later retry', async () => {
    const port = await closedPort();
    const { h } = await setUp({
      smtp: null,
      smtpUrl: `smtp://127.0.0.1:${port}`,
      retryIntervalMs: 50,
    });
    const data = valid();
    await expect(h.call(data)).resolves.toEqual({ success: true, message: SENT });
    const [stored] = await h.records();
    expect(stored!.id).toBe(data.idempotencyKey);
    expect(stored!.delivery.state).toBe('pending');
    expect(stored!.delivery.attempts).toBeGreaterThanOrEqual(1);
    expect(stored!.delivery.lastError).toMatch(/ECONNREFUSED|connect/i);

    const smtp = await startSmtp(port); // the server comes back
    cleanups.push(smtp.close);
    await waitFor(async () => smtp.received.length > 0);
    const [delivered] = await waitFor(async () => {
      const records = await h.records();
      return records[0]?.delivery.state === 'delivered' && records;
    });
    expect(delivered!.delivery.lastError).toBeNull();
    // More retry passes send nothing again.
    await h.backend.retry();
    await h.backend.retry();
    expect(smtp.received).toHaveLength(1);
    expect(header(smtp.received[0]!.raw, 'Reply-To')).toBe('Ada Lovelace <ada@example.org>');
  });
});

describe('when the store is down', () => {
  it('answers unavailable and mails nothing', async () => {
    const dir = await tempDir();
    cleanups.push(dir.remove);
    // The messages folder is a file: every write fails as a full or broken disk would.
    await mkdir(dir.path, { recursive: true });
    await writeFile(join(dir.path, 'messages'), 'not a folder');
    const { h, smtp } = await setUp({ dataDir: dir.path });
    await expect(callError(h.call(valid()))).resolves.toEqual({
      code: 'functions/unavailable',
      message: `${STORE_DOWN} [503]`,
    });
    await h.backend.retry().catch(() => {});
    expect(smtp.received).toEqual([]);
    expect(await h.outbox()).toEqual([]);
  });
});

describe('a restart of the local backend', () => {
  it('loses nothing: stored messages survive and are delivered by the next process', async () => {
    const dir = await tempDir();
    cleanups.push(dir.remove);
    const port = await closedPort();
    const first = await startHarness({
      dataDir: dir.path,
      smtpUrl: `smtp://127.0.0.1:${port}`,
      settings: testSettings(),
    });
    const sent = [valid(), valid(), valid()];
    for (const data of sent) await first.call(data);
    await first.close();

    const smtp = await startSmtp(port);
    cleanups.push(smtp.close);
    const second = await startHarness({
      dataDir: dir.path,
      smtpUrl: smtp.url,
      settings: testSettings(),
    });
    cleanups.push(second.close);
    expect((await second.records()).map((r) => r.id).sort()).toEqual(
      sent.map((d) => d.idempotencyKey).sort(),
    );
    await expect(second.backend.retry()).resolves.toEqual({ delivered: 3, deferred: 0, failed: 0 });
    expect(smtp.received).toHaveLength(3);
    // A retry of an old message after the restart is still the same message.
    await expect(second.call(sent[0])).resolves.toEqual({ success: true, message: SENT });
    expect(await second.records()).toHaveLength(3);
    expect(smtp.received).toHaveLength(3);
  });

  it('writes every line of every outbox .eml with CRLF, whatever breaks the visitor typed', async () => {
    const dir = await tempDir();
    cleanups.push(dir.remove);
    const h = await startHarness({ dataDir: dir.path, settings: testSettings() });
    cleanups.push(h.close);
    const text = 'A first line of the message, long enough to pass the rules.';
    for (const [name, message] of [
      ['Ada Lovelace', `${text}\nsecond\n\nthird`],
      ['Grace Hopper', `${text}\r\nsecond\rthird`],
      ['Ada =?x?= Lovelace', `${text}\n${'ü'.repeat(300)}\n`],
    ])
      await h.call({ ...valid(), name, message });
    const files = await h.outbox();
    expect(files).toHaveLength(3);
    for (const file of files) {
      const raw = await readFile(join(h.backend.outboxDir, file), 'latin1');
      expect(raw.match(/(?<!\r)\n/g) ?? [], file).toEqual([]);
      expect(raw.match(/\r(?!\n)/g) ?? [], file).toEqual([]);
    }
  });

  it('writes the outbox (no SMTP_URL) as .eml files that survive too', async () => {
    const dir = await tempDir();
    cleanups.push(dir.remove);
    const h = await startHarness({ dataDir: dir.path, settings: testSettings() });
    const data = valid();
    await h.call(data);
    await h.close();
    const again = await startHarness({ dataDir: dir.path, settings: testSettings() });
    cleanups.push(again.close);
    expect(await again.outbox()).toEqual([`${data.idempotencyKey}.eml`]);
    expect((await again.records())[0]!.delivery.state).toBe('delivered');
  });
});

/** Every line of a raw message's header block, as sent (folded lines each on their own). */
const headerLines = (raw: string) => raw.split(/\r\n\r\n/)[0]!.split('\r\n');
const longestLine = (raw: string) => Math.max(...raw.split('\r\n').map((l) => l.length));

describe('the mail, as the SMTP server receives it', () => {
  it('never passes a typed encoded word through live: Subject and Reply-To decode to the text typed', async () => {
    const { h, smtp } = await setUp();
    const name = '=?UTF-8?Q?Ada_=E2=80=AEecalevoL=0D=0ABcc:_eve@example.org?=';
    await h.call({ ...valid(), name });
    const raw = smtp.received[0]!.raw;
    const head = headerLines(raw).join('\n');
    // The typed word is not in the header as it was typed: its "=?" is itself encoded.
    expect(head).not.toContain('=?UTF-8?Q?Ada_');
    expect(head).not.toMatch(/^bcc:/im);
    // Decoded once, as a mail client does, each header shows the typed text, nothing more.
    expect(header(raw, 'Subject')).toBe(`Website message from ${name}`);
    expect(header(raw, 'Reply-To')).toBe(`${name} <ada@example.org>`);
    for (const line of headerLines(raw)) expect(line).not.toContain('\u202e');
    expect(smtp.received[0]!.to).toEqual(['studio@bluestem.test']);
  });

  it('encodes a Reply-To name holding "=?" whole, never as an encoded word in quotes', async () => {
    const { h, smtp } = await setUp();
    const names = ['Ada =?x?= Lovelace', '"=?UTF-8?B?QWRh?=" Lovelace', `=?${'👋'.repeat(40)}`];
    for (const name of names) await h.call({ ...valid(), name });
    for (const [i, { raw }] of smtp.received.entries()) {
      const line = headerLines(raw)
        .join('\r\n')
        .replace(/\r\n[ \t]+/g, ' ')
        .split('\r\n')
        .find((l) => l.startsWith('Reply-To:'))!;
      // RFC 2047 §5(3): only encoded words, no quoted string, before the address.
      expect(line).toMatch(/^Reply-To: (?:=\?UTF-8\?[QB]\?[^?\s"]*\?= )+<ada@example\.org>$/);
      expect(header(raw, 'Reply-To')).toBe(`${names[i]} <ada@example.org>`);
    }
    // A name without "=?" is as before: nodemailer quotes what needs quotes.
    await h.call({ ...valid(), name: 'Ada "the Countess" Lovelace' });
    expect(header(smtp.received.at(-1)!.raw, 'Reply-To')).toBe(
      '"Ada \\"the Countess\\" Lovelace" <ada@example.org>',
    );
  });

  it('keeps every line within 998 characters for the longest name of the worst characters', async () => {
    const { h, smtp } = await setUp();
    const worst = [
      '"'.repeat(100),
      '\\'.repeat(100),
      '👋'.repeat(100),
      '=?'.repeat(50),
      'W'.repeat(100),
    ];
    const email = `${'a'.repeat(64)}@${'b'.repeat(61)}.${'c'.repeat(61)}.${'d'.repeat(61)}.com`;
    for (const name of worst) await h.call({ ...valid(), name, email });
    expect(smtp.received).toHaveLength(worst.length);
    const longest = smtp.received.map((m) => longestLine(m.raw));
    console.log(
      `Longest line per mail (100-character names, 254-character email): ${longest.join(', ')}`,
    );
    for (const [i, m] of smtp.received.entries()) {
      expect(longest[i]).toBeLessThanOrEqual(998);
      expect(header(m.raw, 'Subject')).toBe(`Website message from ${worst[i]}`);
    }
  });
});

describe('the callable across origins', () => {
  const preflight = (h: Harness, origin: string) =>
    fetch(h.url, {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
      },
    });

  it("answers a preflight from the site's own origins and refuses a foreign one", async () => {
    const dir = await tempDir();
    cleanups.push(dir.remove);
    const h = await startHarness({
      dataDir: dir.path,
      settings: testSettings(),
      origins: ['http://localhost:5173', 'https://www.bluestem.test'],
    });
    cleanups.push(h.close);
    for (const origin of ['http://localhost:5173', 'https://www.bluestem.test']) {
      const res = await preflight(h, origin);
      expect(res.headers.get('access-control-allow-origin'), origin).toBe(origin);
    }
    const foreign = await preflight(h, 'https://evil.example');
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    // A page of that origin cannot read the answer to a call either.
    const res = await h.post(JSON.stringify({ data: valid() }), {
      headers: { Origin: 'https://evil.example' },
    });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('pseudonyms', () => {
  it('are an HMAC of the client address under the secret setting, never a plain hash', async () => {
    const { h } = await setUp();
    await h.call(valid());
    const [record] = await h.records();
    const keyed = (secret: string) =>
      createHmac('sha256', secret).update('client:127.0.0.1').digest('hex').slice(0, 32);
    expect(record!.clientHash).toBe(keyed(TEST_SECRET));
    expect(record!.clientHash).not.toBe(keyed('another-secret'));
    expect(JSON.stringify(record)).not.toContain('127.0.0.1');
  });
});
