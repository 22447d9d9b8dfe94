import { logger } from 'firebase-functions';
import type { Mailer } from './mail';
import type { RetryPolicy } from './settings';
import type { ContactRecord, ContactStore } from './store/types';

export type DeliveryOutcome = 'delivered' | 'deferred' | 'failed' | 'skipped';

export interface DeliveryOptions {
  now?: () => Date;
  claimMs: number;
  retry: RetryPolicy;
  /** 0 ≤ random() < 1: the jitter's source. */
  random?: () => number;
}

/** An SMTP answer of 5xx refuses the mail for good; anything else may pass on a later try. */
export function permanentFailure(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** The wait before attempt `attempts + 1`: doubling from baseMs, capped, half of it random. */
export function backoffMs(attempts: number, policy: RetryPolicy, random = Math.random): number {
  const full = Math.min(policy.maxDelayMs, policy.baseMs * 2 ** Math.max(0, attempts - 1));
  // "Equal jitter": messages that failed together spread out, and none waits less than half.
  return full / 2 + random() * (full / 2);
}

/** When to try again after a failed attempt, or null when the message has failed for good. */
export function retryAt(
  record: ContactRecord,
  error: unknown,
  at: Date,
  policy: RetryPolicy,
  random = Math.random,
): Date | null {
  const attempts = record.delivery.attempts + 1;
  const queued = Date.parse(record.delivery.requeuedAt ?? record.receivedAt);
  const next = at.getTime() + backoffMs(attempts, policy, random);
  if (permanentFailure(error) || attempts >= policy.maxAttempts) return null;
  if (next - queued > policy.maxAgeMs) return null;
  return new Date(next);
}

/** Claims, mails and releases one message, so two senders never mail it twice. */
export async function deliver(
  store: ContactStore,
  mailer: Mailer,
  id: string,
  options: DeliveryOptions,
): Promise<DeliveryOutcome> {
  const now = options.now ?? (() => new Date());
  const record = await store.claim(id, now(), options.claimMs);
  if (!record) return 'skipped';
  try {
    await mailer.send(record);
  } catch (error) {
    const message = ((error as Error).message || String(error)).slice(0, 500);
    const at = now();
    const next = retryAt(record, error, at, options.retry, options.random);
    const attempt = record.delivery.attempts + 1;
    await store.release(id, { delivered: false, at, error: message, retryAt: next });
    if (next) {
      logger.warn('contact mail not sent; it stays stored and will be retried', {
        id,
        attempt,
        retryAt: next.toISOString(),
        error: message,
      });
      return 'deferred';
    }
    // Error level, with the id: what a Cloud Logging alert watches for.
    logger.error('contact mail failed for good; send it again with: npm run messages -- retry ID', {
      id,
      attempt,
      error: message,
    });
    return 'failed';
  }
  await store.release(id, { delivered: true, at: now() });
  logger.info('contact mail sent', { id });
  return 'delivered';
}

export interface PassCounts {
  delivered: number;
  deferred: number;
  failed: number;
}

/**
 * One retry pass: every due message, oldest received first, a page at a time, until none is
 * due or `maxPerPass` were tried. A message tried once in the pass is not tried again in it.
 */
export async function retryUndelivered(
  store: ContactStore,
  mailer: Mailer,
  options: DeliveryOptions & { pageSize?: number; maxPerPass?: number },
): Promise<PassCounts> {
  const now = options.now ?? (() => new Date());
  const pageSize = options.pageSize ?? 50;
  const maxPerPass = options.maxPerPass ?? 500;
  const counts: PassCounts = { delivered: 0, deferred: 0, failed: 0 };
  const tried = new Set<string>();
  while (tried.size < maxPerPass) {
    const page = (await store.undelivered(now(), pageSize)).filter((id) => !tried.has(id));
    if (page.length === 0) break;
    for (const id of page) {
      tried.add(id);
      const outcome = await deliver(store, mailer, id, options);
      if (outcome !== 'skipped') counts[outcome]++;
      if (tried.size >= maxPerPass) break;
    }
  }
  return counts;
}
