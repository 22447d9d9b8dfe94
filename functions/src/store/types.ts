export type DeliveryState = 'pending' | 'sending' | 'delivered' | 'spam';

export interface Delivery {
  state: DeliveryState;
  attempts: number;
  lastAttemptAt: string | null;
  lastError: string | null;
  deliveredAt: string | null;
  /** While `sending`: until when the claim holds (a crashed sender's claim runs out). */
  claimedUntil: string | null;
}

export interface ContactRecord {
  /** The idempotency key the form sent; the document / file name. */
  id: string;
  name: string;
  email: string;
  message: string;
  /** SHA-256 of the normalised fields: a retry with the same key must carry the same message. */
  fingerprint: string;
  receivedAt: string;
  clientHash: string;
  delivery: Delivery;
}

/** Where an accepted message is durably kept, with its delivery state. */
export interface ContactStore {
  /** Stores a new record durably. 'exists' when a record with this id is already stored. */
  create(record: ContactRecord): Promise<'created' | 'exists'>;
  get(id: string): Promise<ContactRecord | null>;
  /** Atomically marks a claimable record as sending and returns it; null when not claimable. */
  claim(id: string, now: Date, leaseMs: number): Promise<ContactRecord | null>;
  release(id: string, outcome: ReleaseOutcome): Promise<void>;
  /** Ids of records waiting for delivery (pending, or claimed with an expired claim). */
  undelivered(now: Date, limit: number): Promise<string[]>;
  /** One hit on a fixed-window bucket; false when `now`'s window already holds `limit` hits. */
  hit(bucket: string, limit: number, windowMs: number, now: Date): Promise<boolean>;
}

/** Thrown by a store that cannot be reached; the function answers `unavailable`. */
export class StoreUnavailableError extends Error {
  override name = 'StoreUnavailableError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

export function pendingDelivery(spam: boolean): Delivery {
  return {
    state: spam ? 'spam' : 'pending',
    attempts: 0,
    lastAttemptAt: null,
    lastError: null,
    deliveredAt: null,
    claimedUntil: null,
  };
}

export type ReleaseOutcome =
  { delivered: true; at: Date } | { delivered: false; at: Date; error: string };

/** The delivery state once a claim ends: delivered, or back to pending with the error. */
export function released(d: Delivery, outcome: ReleaseOutcome): Delivery {
  const at = outcome.at.toISOString();
  return {
    ...d,
    state: outcome.delivered ? 'delivered' : 'pending',
    attempts: d.attempts + 1,
    lastAttemptAt: at,
    lastError: outcome.delivered ? null : outcome.error,
    deliveredAt: outcome.delivered ? at : null,
    claimedUntil: null,
  };
}

export function claimable(d: Delivery, now: Date): boolean {
  if (d.state === 'pending') return true;
  return (
    d.state === 'sending' && d.claimedUntil !== null && Date.parse(d.claimedUntil) <= now.getTime()
  );
}
