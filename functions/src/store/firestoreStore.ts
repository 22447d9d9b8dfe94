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

function unavailable(what: string, error: unknown): StoreUnavailableError {
  return new StoreUnavailableError(`Firestore: ${what} failed: ${(error as Error).message}`, {
    cause: error,
  });
}

/** The production store: `create()` per key, so a retry never overwrites or doubles a message. */
export class FirestoreStore implements ContactStore {
  constructor(private readonly db: Firestore) {}

  async create(record: ContactRecord): Promise<'created' | 'exists'> {
    try {
      await this.db.collection(MESSAGES).doc(record.id).create(record);
      return 'created';
    } catch (error) {
      if ((error as { code?: unknown }).code === ALREADY_EXISTS) return 'exists';
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
      return await this.db.runTransaction(async (tx) => {
        const snap = await tx.get(ref);
        const record = snap.exists ? (snap.data() as ContactRecord) : null;
        if (!record || !claimable(record.delivery, now)) return null;
        const claimedUntil = new Date(now.getTime() + leaseMs).toISOString();
        tx.update(ref, { 'delivery.state': 'sending', 'delivery.claimedUntil': claimedUntil });
        return {
          ...record,
          delivery: { ...record.delivery, state: 'sending' as const, claimedUntil },
        };
      });
    } catch (error) {
      throw unavailable('claim', error);
    }
  }

  async release(id: string, outcome: ReleaseOutcome): Promise<void> {
    const ref = this.db.collection(MESSAGES).doc(id);
    try {
      await this.db.runTransaction(async (tx) => {
        const snap = await tx.get(ref);
        if (!snap.exists) return;
        tx.update(ref, { delivery: released((snap.data() as ContactRecord).delivery, outcome) });
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
      return await this.db.runTransaction(async (tx) => {
        const snap = await tx.get(ref);
        const data = snap.data() as { windowStart?: number; hits?: number } | undefined;
        const hits = data?.windowStart === windowStart ? (data.hits ?? 0) : 0;
        if (hits >= limit) return false;
        // expiresAt lets a Firestore TTL policy delete old buckets.
        tx.set(ref, {
          windowStart,
          hits: hits + 1,
          expiresAt: new Date(windowStart + 2 * windowMs),
        });
        return true;
      });
    } catch (error) {
      throw unavailable('rate limit', error);
    }
  }
}
