import { createHash } from 'node:crypto';
import { HttpsError, type CallableRequest } from 'firebase-functions/v2/https';
import { logger } from 'firebase-functions';
import { company } from '../../src/content/company';
import {
  clientAddress,
  clientBucket,
  emailBucket,
  pseudonym,
  pseudonymKeyId,
} from './clientAddress';
import { deliver } from './delivery';
import type { Mailer } from './mail';
import { parseContactRequest, type ContactRequest } from './request';
import { expireAt } from './retention';
import type { BackendSettings } from './settings';
import {
  pendingDelivery,
  StoreUnavailableError,
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
export const TOO_MANY = `You have sent several messages in a short time. Please try again later, or write to us at ${company.email}.`;
export const STORE_DOWN =
  'Your message could not be saved right now. Please try again in a few minutes.';
export const KEY_REUSED =
  'This message was already sent with different text. Please reload the page and send it again.';

function fingerprint(request: ContactRequest): string {
  const { name, email, message } = request.fields;
  return createHash('sha256')
    .update(JSON.stringify([name, email, message, request.spam]))
    .digest('hex');
}

function storeDown(error: unknown): never {
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

  try {
    // A retry of a stored message is answered as the first time, without counting against limits.
    const existing = await store.get(contact.idempotencyKey);
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

    const receivedAt = now();
    const record: ContactRecord = {
      id: contact.idempotencyKey,
      ...contact.fields,
      fingerprint: print,
      receivedAt: receivedAt.toISOString(),
      clientHash,
      pseudonymKey: pseudonymKeyId(settings.pseudonymSecret),
      expireAt: expireAt(receivedAt, settings.retentionDays),
      delivery: pendingDelivery(contact.spam),
    };
    if ((await store.create(record)) === 'exists') {
      const winner = await store.get(record.id);
      if (winner) return replay(winner, print);
    }
    logger.info('contact message stored', { id: record.id });
    if (contact.spam) {
      logger.info('contact honeypot filled; stored as spam, not mailed', { id: record.id });
      return { success: true, message: SENT };
    }
  } catch (error) {
    storeDown(error);
  }

  // The message is stored: a failed mail is retried later, the visitor is done.
  try {
    await deliver(store, runtime.mailer, contact.idempotencyKey, {
      now,
      claimMs: settings.claimMs,
      retry: settings.retry,
    });
  } catch (error) {
    logger.error('contact delivery step failed; the retry will pick the message up', {
      id: contact.idempotencyKey,
      error: (error as Error).message,
    });
  }
  return { success: true, message: SENT };
}
