import { logger } from 'firebase-functions';
import { destinationSender, type Destination, type Sender } from './destinations';
import type { Mailer } from './mail';
import type { RetryPolicy } from './settings';
import {
  deliveryOf,
  MAIL,
  type ContactRecord,
  type MessageStore,
  type Delivery,
} from './store/types';

export type DeliveryOutcome = 'delivered' | 'deferred' | 'failed' | 'skipped';

export interface DeliveryOptions {
  now?: () => Date;
  claimMs: number;
  retry: RetryPolicy;
  /** 0 ≤ random() < 1: the jitter's source. */
  random?: () => number;
  mailTimeoutMs?: number;
  webhookTimeoutMs?: number;
}

/** A send's timeout, never over half the claim: a claim never runs out while its send runs. */
function sendDeadlineMs(channel: string, options: DeliveryOptions): number {
  const timeout = channel === MAIL ? options.mailTimeoutMs : options.webhookTimeoutMs;
  return Math.min(timeout ?? Infinity, options.claimMs / 2);
}

/** Runs `send` with a signal that aborts at `ms`; rejects then, whatever `send` does after. */
async function withDeadline(ms: number, send: (signal: AbortSignal) => Promise<void>) {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_ok, fail) => {
    timer = setTimeout(() => {
      const error = new Error(`no answer within the send deadline (${ms} ms)`);
      controller.abort(error);
      fail(error);
    }, ms);
  });
  try {
    await Promise.race([send(controller.signal), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** Refused for good: an SMTP 5xx, or a destination's 410 Gone. Anything else may pass later. */
function permanentFailure(error: unknown): boolean {
  if ((error as { permanent?: unknown }).permanent === true) return true;
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** The wait before attempt `attempts + 1`: doubling from baseMs, capped, half of it random. */
function backoffMs(attempts: number, policy: RetryPolicy, random = Math.random): number {
  const full = Math.min(policy.maxDelayMs, policy.baseMs * 2 ** Math.max(0, attempts - 1));
  // "Equal jitter": messages that failed together spread out, and none waits less than half.
  return full / 2 + random() * (full / 2);
}

/** When to try again after a failed attempt (at least its `Retry-After`), or null for good. */
function retryAt(
  record: ContactRecord,
  error: unknown,
  at: Date,
  policy: RetryPolicy,
  random = Math.random,
  delivery: Delivery = record.delivery,
): Date | null {
  const attempts = delivery.attempts + 1;
  const queued = Date.parse(delivery.requeuedAt ?? record.receivedAt);
  const asked = (error as { retryAfterMs?: unknown }).retryAfterMs;
  const wait = Math.max(
    backoffMs(attempts, policy, random),
    typeof asked === 'number' ? Math.min(asked, policy.maxDelayMs) : 0,
  );
  const next = at.getTime() + wait;
  if (permanentFailure(error) || attempts >= policy.maxAttempts) return null;
  if (next - queued > policy.maxAgeMs) return null;
  return new Date(next);
}

/** Claims, sends and releases one delivery (the mail, or a destination), so none goes twice. */
export async function deliver(
  store: MessageStore,
  sender: Sender | Mailer,
  id: string,
  options: DeliveryOptions,
  channel: string = MAIL,
): Promise<DeliveryOutcome> {
  const now = options.now ?? (() => new Date());
  const record = await store.claim(id, now(), options.claimMs, {
    channel,
    maxDelayMs: options.retry.maxDelayMs,
  });
  const delivery = record && deliveryOf(record, channel);
  if (!record || !delivery) return 'skipped';
  const what = channel === MAIL ? 'contact mail' : `contact webhook ${channel}`;
  try {
    await withDeadline(sendDeadlineMs(channel, options), (signal) => sender.send(record, signal));
  } catch (error) {
    const message = ((error as Error).message || String(error)).slice(0, 500);
    const at = now();
    const next = retryAt(record, error, at, options.retry, options.random, delivery);
    const attempt = delivery.attempts + 1;
    await store.release(id, { delivered: false, at, error: message, retryAt: next }, channel);
    if (next) {
      logger.warn(`${what} not sent; it stays stored and will be retried`, {
        id,
        attempt,
        retryAt: next.toISOString(),
        error: message,
      });
      return 'deferred';
    }
    // Error level, with the id: what a Cloud Logging alert watches for.
    const again =
      channel === MAIL ? 'npm run messages -- retry ID' : `npm run messages -- retry ID ${channel}`;
    logger.error(`${what} failed for good; send it again with: ${again}`, {
      id,
      attempt,
      error: message,
    });
    return 'failed';
  }
  await store.release(id, { delivered: true, at: now() }, channel);
  logger.info(`${what} sent`, { id });
  return 'delivered';
}

export function destinationSenders(options: {
  destinations?: Destination[];
  webhookSecret?: string | null;
}): Map<string, Sender> {
  return new Map(
    (options.destinations ?? []).map((d) => [
      d.name,
      destinationSender(d, options.webhookSecret ?? null),
    ]),
  );
}

/** Every delivery of a new message at once. Never throws: what fails is left to the retry pass. */
export async function deliverAll(
  store: MessageStore,
  mailer: Mailer,
  senders: Map<string, Sender>,
  record: ContactRecord,
  options: DeliveryOptions,
): Promise<void> {
  const channels = [MAIL, ...Object.keys(record.destinations ?? {})];
  await Promise.all(
    channels.map(async (channel) => {
      const sender = channel === MAIL ? mailer : senders.get(channel);
      if (!sender) return;
      try {
        await deliver(store, sender, record.id, options, channel);
      } catch (error) {
        logger.error('contact delivery step failed; the retry will pick the message up', {
          id: record.id,
          channel,
          error: (error as Error).message,
        });
      }
    }),
  );
}

export interface PassCounts {
  delivered: number;
  deferred: number;
  failed: number;
}

export type PassOptions = DeliveryOptions & {
  pageSize?: number;
  maxPerPass?: number;
  destinations?: Destination[];
  webhookSecret?: string | null;
};

/** One retry pass: every due delivery, oldest first, each once, up to `maxPerPass`. */
export async function retryUndelivered(
  store: MessageStore,
  mailer: Mailer,
  options: PassOptions,
): Promise<PassCounts> {
  const now = options.now ?? (() => new Date());
  const pageSize = options.pageSize ?? 50;
  const maxPerPass = options.maxPerPass ?? 500;
  const due = { maxDelayMs: options.retry.maxDelayMs };
  const counts: PassCounts = { delivered: 0, deferred: 0, failed: 0 };
  const senders = destinationSenders(options);

  async function pass(
    page: () => Promise<{ id: string; channel: string }[]>,
    sender: (channel: string) => Sender | Mailer | undefined,
  ) {
    const tried = new Set<string>();
    while (tried.size < maxPerPass) {
      const items = (await page()).filter((i) => !tried.has(`${i.id} ${i.channel}`));
      if (items.length === 0) break;
      for (const { id, channel } of items) {
        tried.add(`${id} ${channel}`);
        const send = sender(channel);
        // A destination no longer configured keeps its state until it is configured again.
        if (!send) continue;
        // One delivery's fault (a store write that failed) is logged; the pass goes on.
        const outcome = await deliver(store, send, id, options, channel).catch((error: unknown) => {
          logger.error('contact delivery step failed; the next pass tries again', {
            id,
            channel,
            error: (error as Error).message,
          });
          return 'skipped' as const;
        });
        if (outcome !== 'skipped') counts[outcome]++;
        if (tried.size >= maxPerPass) break;
      }
    }
  }

  await Promise.all([
    pass(
      async () =>
        (await store.undelivered(now(), pageSize, due)).map((id) => ({ id, channel: MAIL })),
      () => mailer,
    ),
    senders.size === 0
      ? Promise.resolve()
      : pass(
          async () =>
            (await store.destinationsDue(now(), pageSize, due)).map((d) => ({
              id: d.id,
              channel: d.destination,
            })),
          (channel) => senders.get(channel),
        ),
  ]);
  return counts;
}
