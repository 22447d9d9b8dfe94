import { logger } from 'firebase-functions';
import type { Mailer } from './mail';
import { DEFAULT_CLAIM_MS } from './settings';
import type { ContactStore } from './store/types';

export const CLAIM_MS = DEFAULT_CLAIM_MS;

export type DeliveryOutcome = 'delivered' | 'failed' | 'skipped';

/** Claims, mails and releases one message, so two senders never mail it twice. */
export async function deliver(
  store: ContactStore,
  mailer: Mailer,
  id: string,
  now = () => new Date(),
  claimMs = CLAIM_MS,
): Promise<DeliveryOutcome> {
  const record = await store.claim(id, now(), claimMs);
  if (!record) return 'skipped';
  try {
    await mailer.send(record);
  } catch (error) {
    const message = (error as Error).message || String(error);
    logger.warn('contact mail not sent; it stays stored and will be retried', {
      id,
      attempt: record.delivery.attempts + 1,
      error: message,
    });
    await store.release(id, { delivered: false, at: now(), error: message.slice(0, 500) });
    return 'failed';
  }
  await store.release(id, { delivered: true, at: now() });
  logger.info('contact mail sent', { id });
  return 'delivered';
}

/** One retry pass over undelivered messages; returns how many were delivered and how many failed. */
export async function retryUndelivered(
  store: ContactStore,
  mailer: Mailer,
  limit = 50,
  now = () => new Date(),
  claimMs = CLAIM_MS,
) {
  const counts = { delivered: 0, failed: 0 };
  for (const id of await store.undelivered(now(), limit)) {
    const outcome = await deliver(store, mailer, id, now, claimMs);
    if (outcome !== 'skipped') counts[outcome]++;
  }
  return counts;
}
