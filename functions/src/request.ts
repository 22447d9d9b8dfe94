import {
  contactProblems,
  IDEMPOTENCY_KEY,
  normaliseContact,
  problemsBanner,
  type ContactFields,
} from '../../src/contract/rules';
import { CHALLENGE_FIELD } from '../../src/contract/callable';

export interface ContactRequest {
  fields: ContactFields;
  idempotencyKey: string;
  /** The honeypot: empty for people. */
  spam: boolean;
  /** The solved proof-of-work challenge (base64 of ALTCHA's payload), or null when none came. */
  challenge: string | null;
}

export type Parsed = { ok: true; request: ContactRequest } | { ok: false; message: string };

const FIELDS = ['name', 'email', 'message'] as const;
const KNOWN = new Set<string>([...FIELDS, 'idempotencyKey', 'website', CHALLENGE_FIELD]);

export const SHAPE_ERROR = 'The request is not a contact message.';
export const UNDECODABLE_BODY = 'The request body cannot be decoded.';
/** Deeper than any contact message (the body, `data`, a field) by far. */
export const MAX_BODY_DEPTH = 32;

/**
 * A parsed body the callable protocol could not decode: nested deeper than MAX_BODY_DEPTH (the
 * SDK's decoder recurses and would overflow the stack), or holding a typed value (`@type`),
 * which the decoder refuses with an error and no contact field is. Checked without recursion.
 */
export function undecodable(body: unknown): boolean {
  const stack: [unknown, number][] = [[body, 0]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_BODY_DEPTH) return true;
    if (!Array.isArray(value) && Object.hasOwn(value, '@type')) return true;
    for (const child of Object.values(value)) stack.push([child, depth + 1]);
  }
  return false;
}

/** The callable's data as a contact request, or the message that refuses it. */
export function parseContactRequest(data: unknown): Parsed {
  if (data === null || typeof data !== 'object' || Array.isArray(data))
    return { ok: false, message: SHAPE_ERROR };
  // A "__proto__" key in the JSON sets the decoded object's prototype.
  if (Object.getPrototypeOf(data) !== Object.prototype)
    return { ok: false, message: `${SHAPE_ERROR} Unexpected field "__proto__".` };
  const own = data as Record<string, unknown>;
  const unknownKey = Object.keys(own).find((k) => !KNOWN.has(k));
  if (unknownKey !== undefined)
    return { ok: false, message: `${SHAPE_ERROR} Unexpected field "${unknownKey.slice(0, 40)}".` };

  const value = (key: string) => (Object.hasOwn(own, key) ? own[key] : undefined);
  const fields = { name: '', email: '', message: '' };
  for (const key of FIELDS) {
    const v = value(key);
    // Missing is empty (the SDK sends undefined as null), so the rules name it.
    if (v === undefined || v === null) continue;
    if (typeof v !== 'string')
      return { ok: false, message: `${SHAPE_ERROR} "${key}" must be text.` };
    fields[key] = v;
  }
  const website = value('website') ?? '';
  if (typeof website !== 'string')
    return { ok: false, message: `${SHAPE_ERROR} "website" must be text.` };
  const challenge = value(CHALLENGE_FIELD) ?? null;
  if (challenge !== null && typeof challenge !== 'string')
    return { ok: false, message: `${SHAPE_ERROR} "${CHALLENGE_FIELD}" must be text.` };
  const key = value('idempotencyKey');
  if (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key)) {
    return {
      ok: false,
      message: `${SHAPE_ERROR} "idempotencyKey" must be 16 to 64 letters, digits or dashes.`,
    };
  }

  const problems = contactProblems(fields);
  if (problems.length > 0) return { ok: false, message: problemsBanner(problems) };
  return {
    ok: true,
    request: {
      fields: normaliseContact(fields),
      idempotencyKey: key,
      spam: website.trim() !== '',
      challenge,
    },
  };
}
