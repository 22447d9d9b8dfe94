/**
 * The contact form's two callables: `sendContactEmail` takes a message, `contactChallenge` hands
 * out the proof-of-work challenge the message carries. What the page sends, what each answers and
 * why each refuses are declared here once, with the parsers both sides use.
 */
import { studio } from './company.ts';
import { field, isRecord, refusalOf } from './read.ts';
import {
  contactProblems,
  IDEMPOTENCY_KEY,
  normaliseContact,
  problemsBanner,
  type ContactFields,
} from './rules.ts';

/** What the form sends to `sendContactEmail`. */
export interface ContactPayload extends ContactFields {
  /** 16 to 64 letters, digits or dashes: one per message, the same for each of its copies. */
  idempotencyKey: string;
  /** The honeypot: empty for people. */
  website: string;
  /** The solved challenge, base64 of ALTCHA's JSON payload; left out with the check off. */
  challenge?: string;
}

/** The payload as the function reads it: checked and normalised, the honeypot a flag. */
export interface ContactRequest {
  fields: ContactFields;
  idempotencyKey: string;
  /** The honeypot was filled. */
  spam: boolean;
  /** The solved challenge, or null when none came. */
  challenge: string | null;
}

/** What `sendContactEmail` answers, and what the page makes of any outcome of the call. */
export interface ContactAnswer {
  success: boolean;
  message: string;
}

const STORE_DOWN = 'Your message could not be saved right now. Please try again in a few minutes.';

/** The answer to a message that is taken: stored (or held as spam), or a copy of one that was. */
export const SENT = 'Thank you! Your message has been sent.';

/**
 * Why `sendContactEmail` refuses a message, in the error's `details.reason`, and what the visitor
 * reads for it. `invalid` says what is wrong in the server's own message (the rules' messages, or
 * the field that is not one). The form fetches a new challenge and sends once more on a
 * `challenge-` reason.
 */
export const CONTACT_REFUSALS = {
  invalid: null,
  'too-large': 'The request is too large.',
  'token-used': 'This request was already used. Please reload the page.',
  'key-reused':
    'This message was already sent with different text. Please reload the page and send it again.',
  'too-many': `You have sent several messages in a short time. Please try again later, or write to us at ${studio.email}.`,
  'store-down': STORE_DOWN,
  /** The message's key was freed (erased) while it was being stored: nothing was kept. */
  'key-freed': STORE_DOWN,
  'challenge-missing':
    'This message did not carry the spam check. Please reload the page and send it again.',
  'challenge-invalid': 'The spam check of this message did not pass. Please send it again.',
  'challenge-expired': 'The spam check of this message has expired. Please send it again.',
  'challenge-reused': 'The spam check of this message was already used. Please send it again.',
} as const satisfies Record<string, string | null>;
export type ContactRefusal = keyof typeof CONTACT_REFUSALS;
export type ChallengeRefusal = Extract<ContactRefusal, `challenge-${string}`>;

/** The reason of a refused `sendContactEmail` call; null for any other failure. */
export function contactRefusalOf(error: unknown): ContactRefusal | null {
  return refusalOf(error, Object.keys(CONTACT_REFUSALS) as ContactRefusal[]);
}

/**
 * The answer of a call, checked: null for anything that is not one. A failure's message may be
 * empty; the page shows its own text then.
 */
export function parseContactAnswer(data: unknown): ContactAnswer | null {
  if (!isRecord(data)) return null;
  const [success, message] = [field(data, 'success'), field(data, 'message')];
  return { success: success === true, message: typeof message === 'string' ? message : '' };
}

/** A signed proof-of-work challenge, ALTCHA v2's, as altcha-lib makes and solves it. */
export interface SignedChallenge {
  parameters: {
    algorithm: string;
    nonce: string;
    salt: string;
    cost: number;
    keyLength: number;
    keyPrefix: string;
    keySignature?: string;
    expiresAt?: number;
    /** Signed with the challenge: `expires`, when it stops being accepted (ms since 1970). */
    data?: Record<string, string | number | boolean | null>;
  };
  signature?: string;
}

/** What `contactChallenge` answers: a challenge, or null when the backend has the check off. */
export interface ChallengeAnswer {
  challenge: SignedChallenge | null;
}

/**
 * Why `contactChallenge` refuses: data it does not take, or settings that are wrong. These are
 * reasons of `sendContactEmail` too, so the page reads both with contactRefusalOf.
 */
export type ChallengeCallRefusal = Extract<ContactRefusal, 'invalid' | 'store-down'>;

/** `contactChallenge` takes no data: the SDK sends null, a hand-made call may send `{}`. */
export function parseChallengeRequest(data: unknown): boolean {
  return data === null || data === undefined || (isRecord(data) && Object.keys(data).length === 0);
}

const PARAMETER_TYPES = {
  algorithm: 'string',
  nonce: 'string',
  salt: 'string',
  cost: 'number',
  keyLength: 'number',
  keyPrefix: 'string',
} as const;

/** The answer of `contactChallenge`, checked: null for anything that is not one. */
export function parseChallengeAnswer(data: unknown): ChallengeAnswer | null {
  if (!isRecord(data)) return null;
  const challenge = field(data, 'challenge');
  if (challenge === null) return { challenge };
  const parameters = isRecord(challenge) ? field(challenge, 'parameters') : undefined;
  if (!isRecord(parameters)) return null;
  const typed = Object.entries(PARAMETER_TYPES).every(
    ([key, type]) => typeof field(parameters, key) === type,
  );
  return typed ? { challenge: challenge as SignedChallenge } : null;
}

/** How each field of the payload is read: text (missing is empty), or the idempotency key. */
const PAYLOAD_FIELDS = {
  name: 'text',
  email: 'text',
  message: 'text',
  website: 'text',
  challenge: 'text',
  idempotencyKey: 'key',
} as const satisfies Record<keyof ContactPayload, 'text' | 'key'>;

const SHAPE_ERROR = 'The request is not a contact message.';

type Parsed = { ok: true; request: ContactRequest } | { ok: false; message: string };

/** The payload's fields as text, or the message that refuses it. */
function texts(data: object): Record<keyof ContactPayload, string | null> | string {
  const unknownKey = Object.keys(data).find((k) => !Object.hasOwn(PAYLOAD_FIELDS, k));
  if (unknownKey !== undefined) return `Unexpected field "${unknownKey.slice(0, 40)}".`;
  const read = {} as Record<keyof ContactPayload, string | null>;
  for (const [key, kind] of Object.entries(PAYLOAD_FIELDS) as [keyof ContactPayload, string][]) {
    const v = field(data, key);
    if (kind === 'key') {
      if (typeof v !== 'string' || !IDEMPOTENCY_KEY.test(v))
        return `"${key}" must be 16 to 64 letters, digits or dashes.`;
    } else if (v !== undefined && v !== null && typeof v !== 'string') {
      return `"${key}" must be text.`;
    }
    // Missing is empty (the SDK sends undefined as null), so the rules name it.
    read[key] = typeof v === 'string' ? v : null;
  }
  return read;
}

/** The callable's data as a contact request, or the message that refuses it. */
export function parseContactRequest(data: unknown): Parsed {
  if (!isRecord(data)) return { ok: false, message: SHAPE_ERROR };
  // A "__proto__" key in the JSON sets the decoded object's prototype.
  if (Object.getPrototypeOf(data) !== Object.prototype)
    return { ok: false, message: `${SHAPE_ERROR} Unexpected field "__proto__".` };
  const read = texts(data);
  if (typeof read === 'string') return { ok: false, message: `${SHAPE_ERROR} ${read}` };
  const fields = { name: read.name ?? '', email: read.email ?? '', message: read.message ?? '' };
  const problems = contactProblems(fields);
  if (problems.length > 0) return { ok: false, message: problemsBanner(problems) };
  return {
    ok: true,
    request: {
      fields: normaliseContact(fields),
      idempotencyKey: read.idempotencyKey!,
      spam: (read.website ?? '').trim() !== '',
      challenge: read.challenge,
    },
  };
}
