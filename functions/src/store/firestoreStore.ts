import type {
  DocumentReference,
  DocumentSnapshot,
  Firestore,
  Query,
  QueryDocumentSnapshot,
} from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import type { InboxFolder } from '../../../src/contract/inbox';
import {
  awaitingStudio,
  byReceived,
  claimable,
  counted,
  deliveryOf,
  expired,
  isContactRecord,
  judged,
  MAIL,
  pendingDue,
  released,
  requeued,
  StoreUnavailableError,
  withDelivery,
  withDerived,
  withoutKeys,
} from './types';
import type {
  ContactRecord,
  ContactStore,
  Delivery,
  InboxCursor,
  DueDestination,
  DueOptions,
  RateBucket,
  ReleaseOutcome,
  SpamMarks,
  Swept,
} from './types';
import { NO_MARKS } from '../spam/marks';

const MESSAGES = 'contactMessages';
const BUCKETS = 'contactRateLimits';
/** Solved challenges, by signature; a TTL policy on `expiresAt` deletes expired ones. */
const CHALLENGES = 'contactChallenges';
/** The spam filter's marks: one document, SPAM_MARKS_DOC, under the 1 MiB limit (spam/marks.ts). */
const SPAM_FILTER = 'contactSpamFilter';
const SPAM_MARKS_DOC = 'marks';
/** Where documents of MESSAGES that are not records are moved (unreadable()). */
const UNREADABLE = 'contactMessagesUnreadable';
/** A message's retention: a Timestamp, so a TTL policy can delete it (firestore.indexes.json). */
const EXPIRE_AT = 'expireAt';
/** A rate-limit bucket's end: a Timestamp, with a TTL policy too. */
const BUCKET_EXPIRES_AT = 'expiresAt';

/** A Timestamp read back from Firestore (duck-typed: firebase-admin loads only when needed). */
function isoOf(value: unknown): string | null {
  const toDate = (value as { toDate?: unknown } | null)?.toDate;
  return typeof toDate === 'function' ? (toDate.call(value) as Date).toISOString() : null;
}
const STATE = 'delivery.state';
const CLAIMED_UNTIL = 'delivery.claimedUntil';
const NEXT_ATTEMPT = 'delivery.nextAttemptAt';
const RECEIVED = 'receivedAt';
/** The inbox folder (withDerived), for a page of one folder. */
const FOLDER = 'folder';
const DESTINATIONS = 'destinations';
const DESTINATIONS_OPEN = 'destinationsOpen';
/** Pending messages read per query while looking for due ones (some wait out their backoff). */
const PAGE = 200;

/** A record as its document holds it: `expireAt` a Timestamp (a Date here), for the TTL policy. */
function documentOf(record: ContactRecord): Record<string, unknown> {
  if (record.expireAt === undefined) return { ...record };
  return { ...record, [EXPIRE_AT]: record.expireAt ? new Date(record.expireAt) : null };
}

/** The fields that hold `channel`'s delivery, and the retention they decide, for an update to `next`. */
function deliveryFields(next: ContactRecord, channel: string): Record<string, unknown> {
  const retention =
    next.expireAt === undefined
      ? {}
      : { retainUntil: next.retainUntil ?? null, [EXPIRE_AT]: documentOf(next)[EXPIRE_AT] };
  if (channel === MAIL) return { delivery: next.delivery, ...retention };
  return {
    [`${DESTINATIONS}.${channel}`]: next.destinations![channel],
    [DESTINATIONS_OPEN]: next.destinationsOpen,
    ...retention,
  };
}

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

  /**
   * The record a document holds, or null. A document that is not a record (edited by hand) is
   * moved to UNREADABLE, in one batch, and named in an error log.
   */
  private async record(snap: DocumentSnapshot): Promise<ContactRecord | null> {
    if (!snap.exists) return null;
    const data = snap.data() as Record<string, unknown>;
    const record = EXPIRE_AT in data ? { ...data, [EXPIRE_AT]: isoOf(data[EXPIRE_AT]) } : data;
    if (isContactRecord(record)) return record;
    const aside = this.db.collection(UNREADABLE).doc(snap.id);
    await this.db.batch().set(aside, data).delete(snap.ref).commit();
    logger.error('contact record unreadable; set aside, the other messages go on', {
      document: aside.path,
    });
    return null;
  }

  async create(record: ContactRecord, now = new Date()) {
    const ref = this.db.collection(MESSAGES).doc(record.id);
    const doc = documentOf(record);
    try {
      if (await unchanged(() => ref.create(doc), ALREADY_EXISTS)) return 'created';
      // A record past its retention, not deleted yet, is gone to every read: its key is free.
      return await untilWon(async () => {
        const snap = await ref.get();
        const stored = await this.record(snap);
        if (stored && !expired(stored, now)) return 'exists';
        // Deleted only as read, then created: of racing senders, one creates and the rest read it.
        if (
          snap.exists &&
          !(await unchanged(() => ref.delete({ lastUpdateTime: snap.updateTime })))
        )
          return LOST;
        const written = await unchanged(() => ref.create(doc), ALREADY_EXISTS);
        return written ? (stored ? 'replaced' : 'created') : LOST;
      });
    } catch (error) {
      throw unavailable('create', error);
    }
  }

  async get(id: string, now = new Date()): Promise<ContactRecord | null> {
    try {
      const record = await this.record(await this.db.collection(MESSAGES).doc(id).get());
      return record && !expired(record, now) ? record : null;
    } catch (error) {
      throw unavailable('read', error);
    }
  }

  async claim(
    id: string,
    now: Date,
    leaseMs: number,
    due: DueOptions = {},
  ): Promise<ContactRecord | null> {
    const channel = due.channel ?? MAIL;
    const ref = this.db.collection(MESSAGES).doc(id);
    try {
      return await untilWon(async () => {
        const snap = await ref.get();
        const record = await this.record(snap);
        const d = record && deliveryOf(record, channel);
        if (!record || expired(record, now) || !d || !claimable(d, now, due.maxDelayMs))
          return null;
        const claimedUntil = new Date(now.getTime() + leaseMs).toISOString();
        const next = withDelivery(record, channel, { ...d, state: 'sending', claimedUntil });
        // Only if nobody wrote it since the read: of racing claims, one wins and no lock is
        // held. A write to another delivery of the record comes first too: read again.
        const won = await unchanged(() =>
          ref.update(deliveryFields(next, channel), { lastUpdateTime: snap.updateTime! }),
        );
        return won ? next : LOST;
      });
    } catch (error) {
      throw unavailable('claim', error);
    }
  }

  /** Writes `change(delivery)` of `channel` on the version read, again while other writers land first. */
  private async rewrite(
    ref: DocumentReference,
    channel: string,
    change: (d: Delivery) => Delivery | null,
  ): Promise<ContactRecord | null> {
    return untilWon(async () => {
      const snap = await ref.get();
      const record = await this.record(snap);
      if (!record) return null;
      const current = deliveryOf(record, channel);
      const delivery = current && change(current);
      if (!delivery) return null;
      const next = withDelivery(record, channel, delivery);
      const written = await unchanged(() =>
        ref.update(deliveryFields(next, channel), { lastUpdateTime: snap.updateTime! }),
      );
      return written ? next : LOST;
    });
  }

  async release(id: string, outcome: ReleaseOutcome, channel = MAIL): Promise<void> {
    try {
      await this.rewrite(this.db.collection(MESSAGES).doc(id), channel, (d) =>
        released(d, outcome),
      );
    } catch (error) {
      throw unavailable('release', error);
    }
  }

  async change(id: string, change: (record: ContactRecord) => ContactRecord | null) {
    const ref = this.db.collection(MESSAGES).doc(id);
    try {
      return await untilWon(async () => {
        const snap = await ref.get();
        const record = await this.record(snap);
        const changed = record && change(record);
        if (!changed) return null;
        const next = withDerived(changed);
        // Every field of the new record, on the version read (a change never drops a field).
        const written = await unchanged(() =>
          ref.update(documentOf(next), { lastUpdateTime: snap.updateTime! }),
        );
        return written ? next : LOST;
      });
    } catch (error) {
      throw unavailable('change', error);
    }
  }

  async inboxPage(folder: InboxFolder, cursor: InboxCursor | null, limit: number) {
    const messages = this.db.collection(MESSAGES);
    let query = (folder === 'all' ? messages : messages.where(FOLDER, '==', folder))
      .orderBy(RECEIVED, 'desc')
      .orderBy('__name__', 'desc');
    if (cursor) query = query.startAfter(cursor.receivedAt, cursor.id);
    const now = new Date();
    try {
      const page = await query.limit(limit).get();
      const records = await Promise.all(page.docs.map((d) => this.record(d)));
      return records.filter((r): r is ContactRecord => r !== null && !expired(r, now));
    } catch (error) {
      throw unavailable('list', error);
    }
  }

  async inboxCounts(): Promise<Record<InboxFolder, number>> {
    const messages = this.db.collection(MESSAGES);
    const count = async (query: Query) => (await query.count().get()).data().count;
    try {
      const [fresh, handled, spam, all] = await Promise.all([
        count(messages.where(FOLDER, '==', 'new')),
        count(messages.where(FOLDER, '==', 'handled')),
        count(messages.where(FOLDER, '==', 'spam')),
        count(messages),
      ]);
      return { new: fresh, handled, spam, all };
    } catch (error) {
      throw unavailable('count', error);
    }
  }

  async requeue(id: string, now: Date, channel = MAIL): Promise<ContactRecord | null> {
    try {
      return await this.rewrite(this.db.collection(MESSAGES).doc(id), channel, (d) =>
        requeued(d, now),
      );
    } catch (error) {
      throw unavailable('requeue', error);
    }
  }

  async destinationsDue(now: Date, limit: number, due: DueOptions = {}): Promise<DueDestination[]> {
    const found: DueDestination[] = [];
    try {
      let after: QueryDocumentSnapshot | undefined;
      while (found.length < limit) {
        let query = this.db
          .collection(MESSAGES)
          .where(DESTINATIONS_OPEN, '==', true)
          .orderBy(RECEIVED)
          .select(RECEIVED, DESTINATIONS)
          .limit(PAGE);
        if (after) query = query.startAfter(after);
        const page = await query.get();
        for (const doc of page.docs) {
          const destinations = (doc.get(DESTINATIONS) ?? {}) as Record<string, Delivery>;
          for (const [destination, d] of Object.entries(destinations))
            if (claimable(d, now, due.maxDelayMs)) found.push({ id: doc.id, destination });
        }
        if (page.size < PAGE) break;
        after = page.docs.at(-1);
      }
    } catch (error) {
      throw unavailable('list', error);
    }
    return found.slice(0, limit);
  }

  async undelivered(now: Date, limit: number, options: DueOptions = {}): Promise<string[]> {
    const messages = this.db.collection(MESSAGES);
    const due: { id: string; receivedAt: string }[] = [];
    const entry = (d: QueryDocumentSnapshot) => ({
      id: d.id,
      receivedAt: String(d.get(RECEIVED)),
    });
    // TTL deletion is not instant: a message past its retention is never sent.
    const outlived = (d: QueryDocumentSnapshot) =>
      expired({ expireAt: isoOf(d.get(EXPIRE_AT)) }, now);
    try {
      // Oldest received first; those still waiting out their backoff are read past, never returned.
      let after: QueryDocumentSnapshot | undefined;
      while (due.length < limit) {
        let query = messages
          .where(STATE, '==', 'pending')
          .orderBy(RECEIVED)
          .select(RECEIVED, NEXT_ATTEMPT, EXPIRE_AT)
          .limit(PAGE);
        if (after) query = query.startAfter(after);
        const page = await query.get();
        for (const d of page.docs) {
          const next = d.get(NEXT_ATTEMPT) as string | null | undefined;
          if (outlived(d)) continue;
          if (pendingDue(next, now, options.maxDelayMs)) due.push(entry(d));
        }
        if (page.size < PAGE) break;
        after = page.docs.at(-1);
      }
      // A separate query, so live claims (however many) never crowd pending messages out.
      const lapsed = await messages
        .where(STATE, '==', 'sending')
        .where(CLAIMED_UNTIL, '<=', now.toISOString())
        .select(RECEIVED, EXPIRE_AT)
        .limit(limit)
        .get();
      due.push(...lapsed.docs.filter((d) => !outlived(d)).map(entry));
    } catch (error) {
      throw unavailable('list', error);
    }
    return due
      .sort(byReceived)
      .slice(0, limit)
      .map((d) => d.id);
  }

  async list(): Promise<ContactRecord[]> {
    try {
      const all = await this.db.collection(MESSAGES).orderBy(RECEIVED, 'desc').get();
      const now = new Date();
      const records = await Promise.all(all.docs.map((d) => this.record(d)));
      return records.filter((r): r is ContactRecord => r !== null && !expired(r, now));
    } catch (error) {
      throw unavailable('list', error);
    }
  }

  async forgetKeys(name: string, keys: string[]): Promise<'reduced' | 'removed' | 'none'> {
    const ref = this.db.collection(BUCKETS).doc(name);
    try {
      return await untilWon(async () => {
        const snap = await ref.get();
        const data = snap.data() as { keys?: string[] } | undefined;
        if (!data) return 'none' as const;
        const left = withoutKeys(data.keys ?? [], keys);
        const at = { lastUpdateTime: snap.updateTime! };
        const written = await unchanged(() =>
          left ? ref.update({ keys: left }, at) : ref.delete(at),
        );
        return written ? (left ? ('reduced' as const) : ('removed' as const)) : LOST;
      });
    } catch (error) {
      throw unavailable('reduce bucket', error);
    }
  }

  /** Deletes what `query` finds, a page at a time; the ids deleted. */
  private async deleteAll(query: Query): Promise<string[]> {
    const ids: string[] = [];
    for (;;) {
      const page = await query.select().limit(PAGE).get();
      if (page.empty) return ids;
      const batch = this.db.batch();
      for (const d of page.docs) batch.delete(d.ref);
      await batch.commit();
      ids.push(...page.docs.map((d) => d.id));
    }
  }

  /**
   * Deletes the messages `query` finds, a page at a time, except those the studio has not had;
   * each is deleted only as it was read, so a delivery written since keeps it.
   */
  private async deleteSettled(query: Query, swept: Swept): Promise<void> {
    let after: QueryDocumentSnapshot | undefined;
    for (;;) {
      const paged = query.select('delivery', DESTINATIONS).limit(PAGE);
      const page = await (after ? paged.startAfter(after) : paged).get();
      for (const d of page.docs) {
        const deliveries = d.data() as Pick<ContactRecord, 'delivery' | 'destinations'>;
        if (deliveries.delivery && awaitingStudio(deliveries)) swept.kept.push(d.id);
        else if (await unchanged(() => d.ref.delete({ lastUpdateTime: d.updateTime })))
          swept.messages.push(d.id);
      }
      if (page.size < PAGE) return;
      after = page.docs.at(-1);
    }
  }

  async sweep(now: Date, receivedBefore: Date | null): Promise<Swept> {
    const messages = this.db.collection(MESSAGES);
    const swept: Swept = { messages: [], buckets: 0, kept: [] };
    try {
      await this.deleteSettled(messages.where(EXPIRE_AT, '<=', now), swept);
      if (receivedBefore)
        await this.deleteSettled(
          messages.where(RECEIVED, '<', receivedBefore.toISOString()),
          swept,
        );
      const buckets = await this.deleteAll(
        this.db.collection(BUCKETS).where(BUCKET_EXPIRES_AT, '<=', now),
      );
      swept.kept = [...new Set(swept.kept)];
      return { ...swept, buckets: buckets.length };
    } catch (error) {
      throw unavailable('sweep', error);
    }
  }

  async unreadable(): Promise<string[]> {
    try {
      const aside = await this.db.collection(UNREADABLE).select().get();
      return aside.docs.map((d) => d.ref.path).sort();
    } catch (error) {
      throw unavailable('list unreadable', error);
    }
  }

  async remove(id: string): Promise<boolean> {
    return this.removeDoc(this.db.collection(MESSAGES).doc(id), 'remove');
  }

  async bucket(name: string): Promise<RateBucket | null> {
    try {
      const snap = await this.db.collection(BUCKETS).doc(name).get();
      const data = snap.data() as { windowStart: number; keys?: string[] } | undefined;
      return data ? { name, windowStart: data.windowStart, keys: data.keys ?? [] } : null;
    } catch (error) {
      throw unavailable('read bucket', error);
    }
  }

  async removeBucket(name: string): Promise<boolean> {
    return this.removeDoc(this.db.collection(BUCKETS).doc(name), 'remove bucket');
  }

  private async removeDoc(ref: DocumentReference, what: string): Promise<boolean> {
    try {
      const snap = await ref.get();
      if (!snap.exists) return false;
      await ref.delete();
      return true;
    } catch (error) {
      throw unavailable(what, error);
    }
  }

  async hit(bucket: string, key: string, limit: number, windowMs: number, now: Date) {
    const windowStart = Math.floor(now.getTime() / windowMs) * windowMs;
    const ref = this.db.collection(BUCKETS).doc(bucket);
    try {
      return await untilWon(async () => {
        const snap = await ref.get();
        const data = snap.data() as { windowStart: number; keys?: string[] } | undefined;
        const keys = counted(
          data ? { windowStart: data.windowStart, keys: data.keys ?? [] } : null,
          key,
          limit,
          windowStart,
        );
        if (keys === 'already') return true;
        if (!keys) return false;
        // expiresAt lets a Firestore TTL policy delete old buckets.
        const next = {
          windowStart,
          keys,
          [BUCKET_EXPIRES_AT]: new Date(windowStart + 2 * windowMs),
        };
        // A write on the read's version only; a racing hit reads again.
        const written = snap.exists
          ? await unchanged(() => ref.update(next, { lastUpdateTime: snap.updateTime! }))
          : await unchanged(() => ref.create(next), ALREADY_EXISTS);
        return written || LOST;
      });
    } catch (error) {
      throw unavailable('rate limit', error);
    }
  }

  async useChallenge(challenge: string, messageId: string, expiresAt: Date, _now: Date) {
    const ref = this.db.collection(CHALLENGES).doc(challenge);
    try {
      // create() fails on an existing document: of racing calls, one wins and the others read it.
      if (await unchanged(() => ref.create({ messageId, expiresAt }), ALREADY_EXISTS))
        return messageId;
      const snap = await ref.get();
      return (snap.data() as { messageId?: string } | undefined)?.messageId ?? messageId;
    } catch (error) {
      throw unavailable('use challenge', error);
    }
  }

  async judge(id: string, mark: 'spam' | 'ham', destinations: string[]) {
    const ref = this.db.collection(MESSAGES).doc(id);
    try {
      return await untilWon(async () => {
        const snap = await ref.get();
        const record = await this.record(snap);
        if (!record) return null;
        const next = judged(record, mark, destinations);
        const fields: Record<string, unknown> = { spam: next.spam, delivery: next.delivery };
        if (next.destinations) {
          fields[DESTINATIONS] = next.destinations;
          fields[DESTINATIONS_OPEN] = next.destinationsOpen;
        }
        fields[FOLDER] = next.folder;
        // A held message sent on has no expireAt until the studio has had it.
        if (next.expireAt !== undefined) {
          fields.retainUntil = next.retainUntil ?? null;
          fields[EXPIRE_AT] = documentOf(next)[EXPIRE_AT];
        }
        const written = await unchanged(() =>
          ref.update(fields, { lastUpdateTime: snap.updateTime! }),
        );
        return written ? next : LOST;
      });
    } catch (error) {
      throw unavailable('judge', error);
    }
  }

  async spamMarks(known?: string): Promise<SpamMarks | 'unchanged'> {
    const filter = this.db.collection(SPAM_FILTER);
    try {
      if (known !== undefined) {
        // Only the version: one small read per message while the marks stay as they are.
        const { FieldPath } = await import('firebase-admin/firestore');
        const head = await filter
          .where(FieldPath.documentId(), '==', SPAM_MARKS_DOC)
          .select('version')
          .get();
        const version = (head.docs[0]?.get('version') as string | undefined) ?? NO_MARKS.version;
        if (version === known) return 'unchanged';
      }
      const snap = await filter.doc(SPAM_MARKS_DOC).get();
      return (snap.data() as SpamMarks | undefined) ?? NO_MARKS;
    } catch (error) {
      throw unavailable('read spam marks', error);
    }
  }

  async changeSpamMarks(change: (current: SpamMarks) => SpamMarks | null): Promise<void> {
    const ref = this.db.collection(SPAM_FILTER).doc(SPAM_MARKS_DOC);
    try {
      await untilWon(async () => {
        const snap = await ref.get();
        const next = change((snap.data() as SpamMarks | undefined) ?? NO_MARKS);
        if (!next) return true;
        const written = snap.exists
          ? await unchanged(() => ref.update({ ...next }, { lastUpdateTime: snap.updateTime! }))
          : await unchanged(() => ref.create(next), ALREADY_EXISTS);
        return written || LOST;
      });
    } catch (error) {
      throw unavailable('write spam marks', error);
    }
  }
}
