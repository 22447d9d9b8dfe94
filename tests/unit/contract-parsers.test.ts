/**
 * The wire's parsers (src/contract/) with what an attacker sends: wrong types, extra fields, huge
 * strings and prototype keys. Every input is read through the parser the function or the page
 * calls.
 */
import { describe, expect, it } from 'vitest';
import {
  contactRefusalOf,
  parseChallengeAnswer,
  parseChallengeRequest,
  parseContactAnswer,
  parseContactRequest,
} from '../../src/contract/contact';
import { inboxRefusalOf, parseInboxAnswer, parseInboxRequest } from '../../src/contract/inbox';
import { MESSAGES } from '../../functions/test/contactMessages';

const SHAPE = 'The request is not a contact message.';
const KEY = 'abcdefgh-12345678';
const valid = () => ({
  name: 'Ada Lovelace',
  email: 'ada@example.org',
  message: 'I would like an app for my bakery. It should take orders and show the menu.',
  idempotencyKey: KEY,
  website: '',
});
/** What the callable protocol hands the function: the body's JSON, decoded. */
const decoded = (json: string): unknown => JSON.parse(json);
const refusal = (data: unknown) => {
  const parsed = parseContactRequest(data);
  return parsed.ok ? null : parsed.message;
};

describe('parseContactRequest', () => {
  it('takes a message, normalised, the honeypot as a flag, the challenge when it came', () => {
    const parsed = parseContactRequest({ ...valid(), name: '  Ada Lovelace ', challenge: 'c2Vl' });
    expect(parsed).toEqual({
      ok: true,
      request: {
        fields: { name: 'Ada Lovelace', email: valid().email, message: valid().message },
        idempotencyKey: KEY,
        spam: false,
        challenge: 'c2Vl',
      },
    });
    const spam = parseContactRequest({ ...valid(), website: 'http://spam.example' });
    expect(spam.ok && spam.request).toMatchObject({ spam: true, challenge: null });
  });

  it('refuses data that is not an object', () => {
    for (const data of [null, undefined, 42, 'Ada', true, [valid()], () => valid()])
      expect(refusal(data), String(data)).toBe(SHAPE);
  });

  it('refuses a field of another type, named', () => {
    for (const key of ['name', 'email', 'message', 'website', 'challenge'])
      for (const value of [42, true, {}, ['Ada'], { toString: () => 'Ada' }])
        expect(refusal({ ...valid(), [key]: value })).toBe(`${SHAPE} "${key}" must be text.`);
  });

  it('refuses an unknown field, its name cut short', () => {
    expect(refusal({ ...valid(), to: 'eve@example.org' })).toBe(`${SHAPE} Unexpected field "to".`);
    expect(refusal({ ...valid(), constructor: 'x' })).toBe(
      `${SHAPE} Unexpected field "constructor".`,
    );
    expect(refusal({ ...valid(), ['x'.repeat(100_000)]: 1 })).toBe(
      `${SHAPE} Unexpected field "${'x'.repeat(40)}".`,
    );
  });

  it('refuses a __proto__ key, and never reads a value from a prototype', () => {
    const body = JSON.stringify(valid()).replace('{', '{"__proto__":{"admin":true},');
    expect(refusal(decoded(body))).toBe(`${SHAPE} Unexpected field "__proto__".`);
    // As a decoder that honours it would hand it in: the fields come from the prototype.
    expect(refusal(Object.setPrototypeOf({}, valid()))).toBe(
      `${SHAPE} Unexpected field "__proto__".`,
    );
    expect(refusal(Object.create(null))).toBe(`${SHAPE} Unexpected field "__proto__".`);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('refuses an idempotency key that is missing, short, long or of other characters', () => {
    const bad = `${SHAPE} "idempotencyKey" must be 16 to 64 letters, digits or dashes.`;
    for (const idempotencyKey of [undefined, null, 42, 'short', 'k'.repeat(65), `${KEY}/../x`])
      expect(refusal({ ...valid(), idempotencyKey }), String(idempotencyKey)).toBe(bad);
  });

  it("refuses huge strings with the rules' messages", () => {
    expect(refusal({ ...valid(), message: 'a'.repeat(1_000_000) })).toBe(MESSAGES.messageLong);
    expect(refusal({ ...valid(), name: 'A'.repeat(1_000_000) })).toBe(MESSAGES.nameLong);
    expect(refusal({ ...valid(), email: `${'a'.repeat(1_000_000)}@example.org` })).toBe(
      MESSAGES.email,
    );
  });

  it('reads a missing or null field as empty, so the rules name it', () => {
    expect(refusal({ idempotencyKey: KEY, name: null })).toBe(
      [MESSAGES.name, MESSAGES.email, MESSAGES.messageShort].join(' '),
    );
  });
});

describe('parseContactAnswer and contactRefusalOf', () => {
  it('reads an answer, and nothing else as one', () => {
    expect(parseContactAnswer({ success: true, message: 'Thanks' })).toEqual({
      success: true,
      message: 'Thanks',
    });
    expect(parseContactAnswer({ success: 'true', message: 42 })).toEqual({
      success: false,
      message: '',
    });
    for (const data of [null, 'ok', 1, [{ success: true }]])
      expect(parseContactAnswer(data)).toBe(null);
    expect(parseContactAnswer(Object.setPrototypeOf({}, { success: true, message: 'x' }))).toEqual({
      success: false,
      message: '',
    });
  });

  it("reads a refusal's reason from its own details only", () => {
    const error = (details: unknown) => Object.assign(new Error('x'), { details });
    expect(contactRefusalOf(error({ reason: 'too-many' }))).toBe('too-many');
    expect(contactRefusalOf(error({ reason: 'challenge-expired' }))).toBe('challenge-expired');
    for (const details of [
      { reason: 'toString' },
      { reason: '__proto__' },
      { reason: ['too-many'] },
      { reason: 'x'.repeat(100_000) },
      Object.create({ reason: 'too-many' }),
      'too-many',
      null,
    ])
      expect(contactRefusalOf(error(details))).toBe(null);
    expect(contactRefusalOf(null)).toBe(null);
    expect(contactRefusalOf('too-many')).toBe(null);
  });
});

describe('the challenge call', () => {
  const challenge = {
    parameters: {
      algorithm: 'PBKDF2/SHA-256',
      nonce: 'ab',
      salt: 'cd',
      cost: 5000,
      keyLength: 32,
      keyPrefix: 'ef',
      data: { expires: 1 },
    },
    signature: '00',
  };

  it('takes no data', () => {
    for (const data of [null, undefined, {}]) expect(parseChallengeRequest(data)).toBe(true);
    for (const data of [{ cost: 1 }, [], 'x', 0, decoded('{"__proto__":{}}')])
      expect(parseChallengeRequest(data)).toBe(false);
  });

  it('reads a challenge, or the check off, and nothing else as an answer', () => {
    expect(parseChallengeAnswer({ challenge })).toEqual({ challenge });
    expect(parseChallengeAnswer({ challenge: null })).toEqual({ challenge: null });
    for (const data of [
      null,
      {},
      { challenge: 'x' },
      { challenge: { parameters: { ...challenge.parameters, cost: '5000' } } },
      { challenge: { ...challenge, parameters: null } },
      { challenge: Object.setPrototypeOf({}, challenge) },
    ])
      expect(parseChallengeAnswer(data), JSON.stringify(data)).toBe(null);
  });
});

describe('parseInboxRequest and inboxRefusalOf', () => {
  const refused = (data: unknown) => parseInboxRequest(data).ok === false;

  it('takes each op with its fields', () => {
    expect(parseInboxRequest({ op: 'list', folder: 'new', query: '', cursor: null })).toEqual({
      ok: true,
      request: { op: 'list', folder: 'new', query: '', cursor: null },
    });
    expect(parseInboxRequest({ op: 'mark', selection: { ids: [KEY, KEY] }, mark: 'spam' })).toEqual(
      { ok: true, request: { op: 'mark', selection: { ids: [KEY] }, mark: 'spam' } },
    );
  });

  it('refuses wrong types, unknown ops and huge values', () => {
    for (const data of [
      null,
      [],
      'list',
      { op: 'drop' },
      { op: 'toString' },
      { op: '__proto__' },
      { op: 'list', folder: 'trash', query: '', cursor: null },
      { op: 'list', folder: 'new', query: 'q'.repeat(201), cursor: null },
      { op: 'list', folder: 'new', query: '', cursor: 'c'.repeat(301) },
      { op: 'open', id: 42 },
      { op: 'open', id: 'k'.repeat(100_000) },
      { op: 'mark', selection: { ids: Array(501).fill(KEY) }, mark: 'new' },
      { op: 'mark', selection: { ids: [KEY] }, mark: 'delete' },
      { op: 'retry', id: KEY, channel: '../mail' },
      { op: 'visitor', email: `${'a'.repeat(300)}@example.org`, erase: false },
      { op: 'visitor', email: 'ada@example.org', erase: 'yes' },
    ])
      expect(refused(data), JSON.stringify(data)).toBe(true);
  });

  it('never reads a field from a prototype', () => {
    expect(refused(Object.setPrototypeOf({}, { op: 'open', id: KEY }))).toBe(true);
    expect(refused(decoded(`{"op":"open","__proto__":{"id":"${KEY}"}}`))).toBe(true);
    const inherited = Object.setPrototypeOf({ op: 'export' }, { folder: 'all', query: '' });
    expect(refused(inherited)).toBe(true);
  });

  it("reads a refusal's reason from its own details only", () => {
    const error = (details: unknown) => Object.assign(new Error('x'), { details });
    expect(inboxRefusalOf(error({ reason: 'not-owner' }))).toBe('not-owner');
    expect(inboxRefusalOf(error({ reason: 'too-many' }))).toBe(null);
    expect(inboxRefusalOf(error(Object.create({ reason: 'not-owner' })))).toBe(null);
  });

  it("reads each op's answer with its fields, and nothing else as one", () => {
    const counts = { new: 1, handled: 0, spam: 0, all: 1 };
    const list = { rows: [], next: null, counts, matching: 0 };
    expect(parseInboxAnswer('list', list)).toEqual(list);
    expect(parseInboxAnswer('mark', { changed: 2 })).toEqual({ changed: 2 });
    for (const data of [
      null,
      [],
      { ...list, next: 3 },
      { ...list, rows: {} },
      { ...list, counts: null },
      Object.setPrototypeOf({}, list),
    ])
      expect(parseInboxAnswer('list', data), JSON.stringify(data)).toBe(null);
    expect(parseInboxAnswer('mark', { changed: '2' })).toBe(null);
    expect(parseInboxAnswer('export', { csv: 'x'.repeat(1_000_000) })).toBe(null);
  });
});
