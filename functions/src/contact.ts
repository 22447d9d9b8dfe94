import { createHash } from 'node:crypto';
import { HttpsError, type CallableRequest } from 'firebase-functions/v2/https';
import { logger } from 'firebase-functions';
import { studio } from '../../src/contract/company';
import type { ChallengeRefusal } from '../../src/contract/callable';
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
import { parseContactRequest, type ContactRequest } from './request';
import { expireAt } from './retention';
import { noteSendTime, paceLikeSend, screen } from './spam/intake';
import type { BackendSettings } from './settings';
import {
  pendingDelivery,
  StoreUnavailableError,
  withDerived,
  type ContactRecord,
  type ContactStore,
} from './store/types';

export interface ContactRuntime {
  store: ContactStore;
  mailer: Mailer;
  settings: BackendSettings;
  now?: () => Date;
}

export interface ContactAnswer {
  success: true;
  message: string;
}

export const SENT = 'Thank you! Your message has been sent.';
export const TOO_LARGE = 'The request is too large.';
export const TOO_MANY = `You have sent several messages in a short time. Please try again later, or write to us at ${studio.email}.`;
export const STORE_DOWN =
  'Your message could not be saved right now. Please try again in a few minutes.';
export const KEY_REUSED =
  'This message was already sent with different text. Please reload the page and send it again.';

/** What the visitor reads if the form's own second try is refused too. */
export const CHALLENGE_MESSAGES: Record<ChallengeRefusal, string> = {
  'challenge-missing':
    'This message did not carry the spam check. Please reload the page and send it again.',
  'challenge-invalid': 'The spam check of this message did not pass. Please send it again.',
  'challenge-expired': 'The spam check of this message has expired. Please send it again.',
  'challenge-reused': 'The spam check of this message was already used. Please send it again.',
};

function refuseChallenge(reason: ChallengeRefusal): never {
  throw new HttpsError('failed-precondition', CHALLENGE_MESSAGES[reason], { reason });
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
    throw new HttpsError('unavailable', STORE_DOWN);
  }
  throw error;
}

/** Same key and same text: the same answer as the first time. Same key, other text: refused. */
function replay(existing: ContactRecord, print: string): ContactAnswer {
  if (existing.fingerprint !== print) throw new HttpsError('already-exists', KEY_REUSED);
  return { success: true, message: SENT };
}

/** sendContactEmail's work: validate, rate-limit, store, mail; success once the message is stored. */
export async function handleContact(
  request: CallableRequest<unknown>,
  runtime: ContactRuntime,
): Promise<ContactAnswer> {
  const now = runtime.now ?? (() => new Date());
  const { store, settings } = runtime;
  const raw = request.rawRequest as typeof request.rawRequest & { rawBody?: Buffer };
  // The platform has parsed the body already; refuse a big one before any other work.
  const size = raw.rawBody?.length ?? Number(raw.headers['content-length'] ?? 0);
  if (size > settings.maxBodyBytes) throw new HttpsError('invalid-argument', TOO_LARGE);
  if (request.app?.alreadyConsumed)
    throw new HttpsError(
      'permission-denied',
      'This request was already used. Please reload the page.',
    );

  const parsed = parseContactRequest(request.data);
  if (!parsed.ok) throw new HttpsError('invalid-argument', parsed.message);
  const contact = parsed.request;
  const print = fingerprint(contact);

  const checked = settings.challenge
    ? await checkSolution(contact.challenge, settings.challenge, now())
    : null;
  if (checked && !checked.ok) refuseChallenge(checked.reason);

  let record: ContactRecord;
  let held = false;
  try {
    // A solved challenge comes with one message; copies of that message may bring it again.
    if (checked?.ok) {
      const owner = await store.useChallenge(
        checked.id,
        contact.idempotencyKey,
        checked.expiresAt,
        now(),
      );
      if (owner !== contact.idempotencyKey) refuseChallenge('challenge-reused');
    }
    // A retry of a stored message is answered as the first time, without counting against limits.
    const existing = await store.get(contact.idempotencyKey, now());
    if (existing) return replay(existing, print);

    // Each bucket counts a key once: copies of one message racing here use one hit between them.
    const { windowMs, perClient, perEmail } = settings.rateLimits;
    const clientHash = pseudonym(settings.pseudonymSecret, 'client', clientAddress(raw));
    const hit = (bucket: string, limit: number) =>
      store.hit(bucket, contact.idempotencyKey, limit, windowMs, now());
    if (
      !(await hit(clientBucket(clientHash), perClient)) ||
      !(await hit(emailBucket(settings.pseudonymSecret, contact.fields.email), perEmail))
    ) {
      throw new HttpsError('resource-exhausted', TOO_MANY);
    }

    // Spam (the honeypot, or the filter's verdict with SPAM_ACTION=hold) is stored and held.
    const screened = await screen(store, settings.spam, {
      ...contact.fields,
      honeypot: contact.spam,
    });
    held = screened.hold;
    // Each destination configured now gets a delivery state of its own; held spam goes nowhere.
    const destinations = held
      ? {}
      : Object.fromEntries(settings.destinations.map((d) => [d.name, pendingDelivery(false)]));
    const receivedAt = now();
    record = withDerived({
      id: contact.idempotencyKey,
      ...contact.fields,
      fingerprint: print,
      receivedAt: receivedAt.toISOString(),
      clientHash,
      pseudonymKey: pseudonymKeyId(settings.pseudonymSecret),
      retainUntil: expireAt(receivedAt, settings.retentionDays),
      delivery: pendingDelivery(held),
      ...(Object.keys(destinations).length > 0 && { destinations, destinationsOpen: true }),
      ...(screened.info && { spam: screened.info }),
    });
    const created = await store.create(record, receivedAt);
    if (created === 'exists') {
      const winner = await store.get(record.id, receivedAt);
      if (winner) return replay(winner, print);
      // Stored a moment ago and gone since (erased, or past its retention): nothing was kept.
      logger.warn('contact message not stored: its key was taken and freed again', {
        id: record.id,
      });
      throw new HttpsError('aborted', STORE_DOWN);
    }
    logger.info(
      created === 'replaced'
        ? 'contact message stored in place of an earlier record under its key, past its retention'
        : 'contact message stored',
      { id: record.id },
    );
  } catch (error) {
    return storeDown(error);
  }
  if (held) {
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
  await deliverAll(store, runtime.mailer, destinationSenders(settings), record, {
    ...settings,
    now,
  });
  noteSendTime(Date.now() - started);
  return { success: true, message: SENT };
}
