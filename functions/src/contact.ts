import { createHash } from 'node:crypto';
import {
  HttpsError,
  type CallableRequest,
  type FunctionsErrorCode,
} from 'firebase-functions/v2/https';
import { logger } from 'firebase-functions';
import {
  CONTACT_REFUSALS,
  parseContactRequest,
  SENT,
  type ContactAnswer,
  type ContactRefusal,
  type ContactRequest,
} from '../../src/contract/contact';
import { checkSolution } from './challenge';
import {
  clientAddress,
  clientBucket,
  emailBucket,
  pseudonym,
  pseudonymKeyId,
} from './clientAddress';
import { deliverAll, destinationSenders } from './delivery';
import type { Mailer } from './mail';
import { expireAt } from './retention';
import { noteSendTime, paceLikeSend, screen } from './spam/intake';
import type { BackendSettings } from './settings';
import {
  pendingDelivery,
  StoreUnavailableError,
  withDerived,
  type ChallengeStore,
  type ContactRecord,
  type LimitStore,
  type MessageStore,
  type SpamMarkStore,
} from './store/types';

/** The store's roles a message needs: its record and delivery, the limits, its challenge. */
type CallableStore = MessageStore & LimitStore & ChallengeStore & SpamMarkStore;

export interface ContactRuntime {
  store: CallableStore;
  mailer: Mailer;
  settings: BackendSettings;
  now?: () => Date;
}

/** The error code (and so the HTTP status) each refusal is answered with. */
const REFUSAL_CODES: Record<ContactRefusal, FunctionsErrorCode> = {
  invalid: 'invalid-argument',
  'too-large': 'invalid-argument',
  'token-used': 'permission-denied',
  'key-reused': 'already-exists',
  'too-many': 'resource-exhausted',
  'store-down': 'unavailable',
  'key-freed': 'aborted',
  'challenge-missing': 'failed-precondition',
  'challenge-invalid': 'failed-precondition',
  'challenge-expired': 'failed-precondition',
  'challenge-reused': 'failed-precondition',
};

/** Refuses the call for `reason`, with its text (`message` for `invalid`) and the reason itself. */
function refuse(reason: ContactRefusal, message = ''): never {
  throw new HttpsError(REFUSAL_CODES[reason], CONTACT_REFUSALS[reason] ?? message, { reason });
}

function fingerprint(request: ContactRequest): string {
  const { name, email, message } = request.fields;
  return createHash('sha256')
    .update(JSON.stringify([name, email, message, request.spam]))
    .digest('hex');
}

/** A store that cannot be reached answers `unavailable`; any other error is thrown on. */
export function storeDown(error: unknown): never {
  if (error instanceof StoreUnavailableError) {
    logger.error('contact store unavailable', { error: error.message });
    throw new HttpsError('unavailable', CONTACT_REFUSALS['store-down'], { reason: 'store-down' });
  }
  throw error;
}

/** Same key and same text: the same answer as the first time. Same key, other text: refused. */
function replay(existing: ContactRecord, print: string): ContactAnswer {
  if (existing.fingerprint !== print) refuse('key-reused');
  return { success: true, message: SENT };
}

/** The call's message, read and checked before any other work; refused otherwise. */
function admit(request: CallableRequest<unknown>, settings: BackendSettings): ContactRequest {
  const raw = request.rawRequest as typeof request.rawRequest & { rawBody?: Buffer };
  // The platform has parsed the body already; refuse a big one before any other work.
  const size = raw.rawBody?.length ?? Number(raw.headers['content-length'] ?? 0);
  if (size > settings.maxBodyBytes) refuse('too-large');
  if (request.app?.alreadyConsumed) refuse('token-used');
  const parsed = parseContactRequest(request.data);
  if (!parsed.ok) refuse('invalid', parsed.message);
  return parsed.request;
}

/**
 * The message's solved challenge, checked and recorded as used by it: copies of the message may
 * bring it again, any other message is refused.
 */
async function takeChallenge(contact: ContactRequest, runtime: ContactRuntime, now: () => Date) {
  const { settings, store } = runtime;
  if (!settings.challenge) return;
  const checked = await checkSolution(contact.challenge, settings.challenge, now());
  if (!checked.ok) refuse(checked.reason);
  const key = contact.idempotencyKey;
  const owner = await store.useChallenge(checked.id, key, checked.expiresAt, now());
  if (owner !== key) refuse('challenge-reused');
}

/** Counts the message against the client's and the address's limits; refused when one is full. */
async function countAgainstLimits(
  contact: ContactRequest,
  runtime: ContactRuntime,
  clientHash: string,
  now: () => Date,
) {
  // Each bucket counts a key once: copies of one message racing here use one hit between them.
  const { settings, store } = runtime;
  const { windowMs, perClient, perEmail } = settings.rateLimits;
  const hit = (bucket: string, limit: number) =>
    store.hit(bucket, contact.idempotencyKey, limit, windowMs, now());
  if (
    !(await hit(clientBucket(clientHash), perClient)) ||
    !(await hit(emailBucket(settings.pseudonymSecret, contact.fields.email), perEmail))
  )
    refuse('too-many');
}

/** A new message's record: spam (the honeypot, or the filter's hold) is stored and held. */
async function newRecord(
  contact: ContactRequest,
  runtime: ContactRuntime,
  clientHash: string,
  receivedAt: Date,
): Promise<ContactRecord> {
  const { settings, store } = runtime;
  const screened = await screen(store, settings.spam, {
    ...contact.fields,
    honeypot: contact.spam,
  });
  // Each destination configured now gets a delivery state of its own; held spam goes nowhere.
  const destinations = screened.hold
    ? {}
    : Object.fromEntries(settings.destinations.map((d) => [d.name, pendingDelivery(false)]));
  return withDerived({
    id: contact.idempotencyKey,
    ...contact.fields,
    fingerprint: fingerprint(contact),
    receivedAt: receivedAt.toISOString(),
    clientHash,
    pseudonymKey: pseudonymKeyId(settings.pseudonymSecret),
    retainUntil: expireAt(receivedAt, settings.retentionDays),
    delivery: pendingDelivery(screened.hold),
    ...(Object.keys(destinations).length > 0 && { destinations, destinationsOpen: true }),
    ...(screened.info && { spam: screened.info }),
  });
}

/**
 * Stores the message, unless its key is taken: the stored record's answer then (a copy racing
 * this one). Null when this record is stored.
 */
async function store(record: ContactRecord, runtime: ContactRuntime, receivedAt: Date) {
  const created = await runtime.store.create(record, receivedAt);
  if (created === 'exists') {
    const winner = await runtime.store.get(record.id, receivedAt);
    if (winner) return replay(winner, record.fingerprint);
    // Stored a moment ago and gone since (erased, or past its retention): nothing was kept.
    logger.warn('contact message not stored: its key was taken and freed again', {
      id: record.id,
    });
    refuse('key-freed');
  }
  logger.info(
    created === 'replaced'
      ? 'contact message stored in place of an earlier record under its key, past its retention'
      : 'contact message stored',
    { id: record.id },
  );
  return null;
}

/** sendContactEmail's work: validate, rate-limit, store, mail; success once the message is stored. */
export async function handleContact(
  request: CallableRequest<unknown>,
  runtime: ContactRuntime,
): Promise<ContactAnswer> {
  const now = runtime.now ?? (() => new Date());
  const { settings } = runtime;
  const contact = admit(request, settings);
  let record: ContactRecord;
  try {
    // A solved challenge comes with one message; copies of that message may bring it again.
    await takeChallenge(contact, runtime, now);
    // A retry of a stored message is answered as the first time, without counting against limits.
    const existing = await runtime.store.get(contact.idempotencyKey, now());
    if (existing) return replay(existing, fingerprint(contact));
    const clientHash = pseudonym(
      settings.pseudonymSecret,
      'client',
      clientAddress(request.rawRequest),
    );
    await countAgainstLimits(contact, runtime, clientHash, now);
    const receivedAt = now();
    record = await newRecord(contact, runtime, clientHash, receivedAt);
    const answer = await store(record, runtime, receivedAt);
    if (answer) return answer;
  } catch (error) {
    return storeDown(error);
  }
  if (record.delivery.state === 'spam') {
    logger.info('contact message held as spam, not sent', {
      id: record.id,
      reasons: record.spam?.reasons,
    });
    // The same answer, after about as long as a send takes: a spammer cannot tell.
    await paceLikeSend();
    return { success: true, message: SENT };
  }

  // The message is stored: a failed mail or webhook is retried later, the visitor is done.
  const started = Date.now();
  await deliverAll(runtime.store, runtime.mailer, destinationSenders(settings), record, {
    ...settings,
    now,
  });
  noteSendTime(Date.now() - started);
  return { success: true, message: SENT };
}
