import type { Firestore } from 'firebase-admin/firestore';
import { claimable, released, StoreUnavailableError } from './types';
import type { ContactRecord, ContactStore, ReleaseOutcome } from './types';

export const MESSAGES = 'contactMessages';
const BUCKETS = 'contactRateLimits';
const STATE = 'delivery.state';
const CLAIMED_UNTIL = 'delivery.claimedUntil';

/** The composite index the expired-claims query needs; a test holds firestore.indexes.json to it. */
export const EXPIRED_CLAIMS_INDEX = {
  collectionGroup: MESSAGES,
  queryScope: 'COLLECTION',
  fields: [
    { fieldPath: STATE, order: 'ASCENDING' },
    { fieldPath: CLAIMED_UNTIL, order: 'ASCENDING' },
  ],
} as const;
/** gRPC status of a document that already exists. */
const ALREADY_EXISTS = 6;
/** gRPC status of a write whose precondition (the version it read) no longer holds. */
const FAILED_PRECONDITION = 9;
/** How often a release or a hit reads and writes again while other writers land first: bounded. */
const ATTEMPTS = 20;

/** Runs a write made on the version it read; false if another came first (docs/firestore.md). */
async function unchanged(write: () => Promise<unknown>, lost = FAILED_PRECONDITION) {
  try {
    await write();
    return true;
  } catch (error) {
    if ((error as { code?: unknown }).code === lost) return false;
    throw error;
  }
}

const LOST = Symbol('lost to another writer');

/** Runs `round` (a read, then a write on that version) again while it is LOST, up to ATTEMPTS. */
async function untilWon<T>(round: () => Promise<T | typeof LOST>): Promise<T> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const result = await round();
    if (result !== LOST) return result;
  }
  throw new Error(`still contended after ${ATTEMPTS} attempts`);
}

function unavailable(what: string, error: unknown): StoreUnavailableError {
  return new StoreUnavailableError(`Firestore: ${what} failed: ${(error as Error).message}`, {
    cause: error,
  });
}

/** The production store: `create()` per key; claims, releases and hits write on the version they read. */
export class FirestoreStore implements ContactStore {
  constructor(private readonly db: Firestore) {}

  async create(record: ContactRecord): Promise<'created' | 'exists'> {
    const ref = this.db.collection(MESSAGES).doc(record.id);
    try {
      return (await unchanged(() => ref.create(record), ALREADY_EXISTS)) ? 'created' : 'exists';
    } catch (error) {
      throw unavailable('create', error);
    }
  }

  async get(id: string): Promise<ContactRecord | null> {
    try {
      const snap = await this.db.collection(MESSAGES).doc(id).get();
      return snap.exists ? (snap.data() as ContactRecord) : null;
    } catch (error) {
      throw unavailable('read', error);
    }
  }

  async claim(id: string, now: Date, leaseMs: number): Promise<ContactRecord | null> {
    const ref = this.db.collection(MESSAGES).doc(id);
    try {
      const snap = await ref.get();
      const record = snap.exists ? (snap.data() as ContactRecord) : null;
      if (!record || !claimable(record.delivery, now)) return null;
      const claimedUntil = new Date(now.getTime() + leaseMs).toISOString();
      // Only if nobody wrote it since the read: of racing claims, one wins and no lock is held.
      const won = await unchanged(() =>
        ref.update(
          { [STATE]: 'sending', [CLAIMED_UNTIL]: claimedUntil },
          { lastUpdateTime: snap.updateTime! },
        ),
      );
      return won
        ? { ...record, delivery: { ...record.delivery, state: 'sending' as const, claimedUntil } }
        : null;
    } catch (error) {
      throw unavailable('claim', error);
    }
  }

  async release(id: string, outcome: ReleaseOutcome): Promise<void> {
    const ref = this.db.collection(MESSAGES).doc(id);
    try {
      await untilWon(async () => {
        const snap = await ref.get();
        if (!snap.exists) return;
        const delivery = released((snap.data() as ContactRecord).delivery, outcome);
        const written = await unchanged(() =>
          ref.update({ delivery }, { lastUpdateTime: snap.updateTime! }),
        );
        return written ? undefined : LOST;
      });
    } catch (error) {
      throw unavailable('release', error);
    }
  }

  async undelivered(now: Date, limit: number): Promise<string[]> {
    const messages = this.db.collection(MESSAGES);
    try {
      // Two queries, so live claims (however many) never crowd pending messages out of the page.
      const pending = await messages.where(STATE, '==', 'pending').limit(limit).select().get();
      const room = limit - pending.size;
      const expired =
        room > 0
          ? await messages
              .where(STATE, '==', 'sending')
              .where(CLAIMED_UNTIL, '<=', now.toISOString())
              .limit(room)
              .select()
              .get()
          : null;
      return [...pending.docs, ...(expired?.docs ?? [])].map((d) => d.id);
    } catch (error) {
      throw unavailable('list', error);
    }
  }

  async hit(bucket: string, limit: number, windowMs: number, now: Date): Promise<boolean> {
    const windowStart = Math.floor(now.getTime() / windowMs) * windowMs;
    const ref = this.db.collection(BUCKETS).doc(bucket);
    try {
      return await untilWon(async () => {
        const snap = await ref.get();
        const data = snap.data() as { windowStart?: number; hits?: number } | undefined;
        const hits = data?.windowStart === windowStart ? (data.hits ?? 0) : 0;
        if (hits >= limit) return false;
        // expiresAt lets a Firestore TTL policy delete old buckets.
        const next = {
          windowStart,
          hits: hits + 1,
          expiresAt: new Date(windowStart + 2 * windowMs),
        };
        // A write on the read's version only; a racing hit reads again.
        const counted = snap.exists
          ? await unchanged(() => ref.update(next, { lastUpdateTime: snap.updateTime! }))
          : await unchanged(() => ref.create(next), ALREADY_EXISTS);
        return counted || LOST;
      });
    } catch (error) {
      throw unavailable('rate limit', error);
    }
  }
}
