import type { InboxFolder, MessageFolder } from '../../../src/contract/inbox';

export type DeliveryState = 'pending' | 'sending' | 'delivered' | 'failed' | 'spam';

export interface Delivery {
  state: DeliveryState;
  attempts: number;
  lastAttemptAt: string | null;
  lastError: string | null;
  deliveredAt: string | null;
  /** While `sending`: until when the claim holds (a crashed sender's claim runs out). */
  claimedUntil: string | null;
  /** While `pending`: not sent before this time (the backoff); null sends at once. */
  nextAttemptAt: string | null;
  /** When the studio queued a `failed` message again; the age cap counts from it, or from receivedAt. */
  requeuedAt: string | null;
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
  /**
   * Which PSEUDONYM_SECRET made clientHash and the email's bucket (pseudonymKeyId), so the
   * studio's tool can tell when it lacks that secret. Absent on older records.
   */
  pseudonymKey?: string;
  /** The studio handled it (the inbox's Handled folder); null or absent while it is new. */
  handledAt?: string | null;
  /** The inbox folder, worked out from the fields above (withDerived), so a store can query it. */
  folder?: MessageFolder;
  /** Its receipt plus the retention (RETENTION_DAYS); null when messages are kept. */
  retainUntil?: string | null;
  /**
   * When the sweep (and Firestore's TTL policy) may delete it: `retainUntil` once the studio has
   * had the message, and null while it has not (awaitingStudio).
   */
  expireAt?: string | null;
  delivery: Delivery;
  /** Each configured webhook's delivery, by destination name (destinations.ts); none on spam. */
  destinations?: Record<string, Delivery>;
  /** True while some destination is pending or sending: what the retry pass queries for. */
  destinationsOpen?: boolean;
  /** What the spam filter found (functions/src/spam/), and the studio's mark; absent with it off. */
  spam?: SpamInfo;
}

/** The spam filter's verdict on a record, as the studio reads it. */
export interface SpamInfo {
  /** 0 and up; at or over the threshold (SPAM_THRESHOLD) the message is spam. */
  score: number;
  /** Why: each rule that fired, and the classifier's share. */
  reasons: string[];
  /** Over the threshold: held (delivery `spam`) or sent tagged (SPAM_ACTION=tag). */
  flagged: boolean;
  /** The studio's word: `spam ID` or `not-spam ID` in `npm run messages`. */
  mark?: 'spam' | 'ham';
}

/** A message the studio marked, as the filter learns it: hashed words, never the text. */
export interface SpamMark {
  label: 'spam' | 'ham';
  features: string[];
  at: string;
}

/** Every mark the filter learns from, by message id; `version` changes with each change. */
export interface SpamMarks {
  version: string;
  marks: Record<string, SpamMark>;
}

/** What a delivery is for: the mail, or a destination by its name. */
export const MAIL = 'mail';

/** The delivery state of `channel` (MAIL or a destination name); null when it has none. */
export function deliveryOf(record: ContactRecord, channel: string): Delivery | null {
  if (channel === MAIL) return record.delivery;
  return record.destinations?.[channel] ?? null;
}

/**
 * The record with `channel`'s delivery replaced, and `destinationsOpen` and `expireAt` worked out
 * again.
 */
export function withDelivery(record: ContactRecord, channel: string, d: Delivery): ContactRecord {
  if (channel === MAIL) return withExpiry({ ...record, delivery: d });
  const destinations = { ...record.destinations, [channel]: d };
  return withExpiry({ ...record, destinations, destinationsOpen: open(destinations) });
}

/**
 * True while the studio has not had the message: a delivery is still being tried, or every
 * delivery that ended failed. Retention never deletes such a message (docs/contact.md).
 */
export function awaitingStudio(record: Pick<ContactRecord, 'delivery' | 'destinations'>): boolean {
  const all = [record.delivery, ...Object.values(record.destinations ?? {})];
  if (all.some((d) => d.state === 'pending' || d.state === 'sending')) return true;
  return all.some((d) => d.state === 'failed') && !all.some((d) => d.state === 'delivered');
}

/**
 * The inbox folder of a message: Spam while it is held as spam (the honeypot, or the filter), or
 * flagged by the filter, or the studio marked it so, unless the studio marked it not spam; else
 * Handled once the studio handled it, else New.
 */
export function folderOf(
  record: Pick<ContactRecord, 'delivery' | 'spam' | 'handledAt'>,
): MessageFolder {
  const mark = record.spam?.mark;
  const spam =
    mark === 'spam' ||
    (mark !== 'ham' && (record.delivery.state === 'spam' || record.spam?.flagged === true));
  if (spam) return 'spam';
  return record.handledAt ? 'handled' : 'new';
}

/** True when `record` is in `folder` (every message is in `all`). */
export function inFolder(record: ContactRecord, folder: InboxFolder): boolean {
  return folder === 'all' || folderOf(record) === folder;
}

/**
 * The record with `expireAt` set from its retention: `retainUntil`, or null while the studio has
 * not had it. A record stored before `retainUntil` existed takes it from its `expireAt`.
 */
function withExpiry(record: ContactRecord): ContactRecord {
  if (record.retainUntil === undefined && record.expireAt === undefined) return record;
  const retainUntil = record.retainUntil !== undefined ? record.retainUntil : record.expireAt!;
  return { ...record, retainUntil, expireAt: awaitingStudio(record) ? null : retainUntil };
}

/**
 * The record with every field derived from its deliveries and marks worked out again: `folder`
 * (a delivery's claim or release never moves a message to another folder) and `expireAt`.
 */
export function withDerived(record: ContactRecord): ContactRecord {
  return withExpiry({ ...record, folder: folderOf(record) });
}

/** Where a page of the inbox ends: the last message's receipt and id (newest first). */
export interface InboxCursor {
  receivedAt: string;
  id: string;
}

/** The cursor as the page carries it, and back; null for text that is not one. */
export function cursorText(c: InboxCursor): string {
  return `${c.receivedAt}|${c.id}`;
}
export function parseCursor(text: string | null): InboxCursor | null {
  const [receivedAt, id, more] = text?.split('|') ?? [];
  return receivedAt && id && more === undefined ? { receivedAt, id } : null;
}

/** Newest received first; the id breaks a tie, as the stores order pages. */
export function newestFirst(a: Received, b: Received): number {
  return -byReceived(a, b);
}

/** True when `r` comes after `cursor` in newest-first order. */
export function after(r: Received, cursor: InboxCursor | null): boolean {
  return !cursor || newestFirst(r, cursor) > 0;
}

/** True while a destination still has work: pending or sending. */
function open(destinations: Record<string, Delivery>): boolean {
  return Object.values(destinations).some((d) => d.state === 'pending' || d.state === 'sending');
}

/** A message due for one of its destinations. */
export interface DueDestination {
  id: string;
  destination: string;
}

/** A fixed-window rate-limit bucket: the message keys it counted in the window. */
export interface RateBucket {
  name: string;
  windowStart: number;
  keys: string[];
}

/** What one sweep removed (sweepExpired in retention.ts). */
export interface Swept {
  /** Ids of the messages removed. */
  messages: string[];
  buckets: number;
  /** Ids of the messages past their retention that are kept, since the studio has not had them. */
  kept: string[];
}

/**
 * Where an accepted message is durably kept, with its delivery state: its record, and the claims
 * that let one sender at a time deliver it.
 */
export interface MessageStore {
  /**
   * Stores a new record durably. 'exists' when a record with this id is already stored;
   * 'replaced' when the one stored was past its `expireAt` at `now`, and is replaced.
   */
  create(record: ContactRecord, now?: Date): Promise<'created' | 'replaced' | 'exists'>;
  /** The record, unless it is past its `expireAt` at `now` (then it is gone to every read). */
  get(id: string, now?: Date): Promise<ContactRecord | null>;
  /**
   * Reads, changes and writes one record as one step: `change` gets the record and returns the
   * new one, or null to leave it. The derived fields (withDerived) are worked out again. Null
   * when there is no such record or it was left.
   */
  change(
    id: string,
    change: (record: ContactRecord) => ContactRecord | null,
  ): Promise<ContactRecord | null>;
  /**
   * Atomically marks a claimable delivery (the mail's unless `channel` names a destination) as
   * sending and returns the record; null when not claimable.
   */
  claim(id: string, now: Date, leaseMs: number, due?: DueOptions): Promise<ContactRecord | null>;
  release(id: string, outcome: ReleaseOutcome, channel?: string): Promise<void>;
  /** Ids of records whose mail is due (pending and due, or an expired claim), oldest received first. */
  undelivered(now: Date, limit: number, due?: DueOptions): Promise<string[]>;
  /** Messages with a destination due, oldest received first, at most `limit`. */
  destinationsDue(now: Date, limit: number, due?: DueOptions): Promise<DueDestination[]>;
  /** A `failed` or `pending` delivery back to `pending`, due now, its attempts and age counted afresh. */
  requeue(id: string, now: Date, channel?: string): Promise<ContactRecord | null>;
}

/** The rate limits: fixed-window buckets of message keys. */
export interface LimitStore {
  /**
   * Counts message `key` once in a fixed-window bucket; true if it is counted (now or before),
   * false when the window already holds `limit` other keys.
   */
  hit(bucket: string, key: string, limit: number, windowMs: number, now: Date): Promise<boolean>;
  bucket(name: string): Promise<RateBucket | null>;
  removeBucket(name: string): Promise<boolean>;
  /**
   * Takes `keys` out of a bucket, which other messages may share; the bucket goes once it holds
   * none. 'none' when there was no such bucket.
   */
  forgetKeys(name: string, keys: string[]): Promise<'reduced' | 'removed' | 'none'>;
}

/** The solved challenges messages came with, each used once. */
export interface ChallengeStore {
  /**
   * Records that the solved challenge `challenge` (its signature, hex) came with message
   * `messageId`, kept until `expiresAt`; answers the message it came with first. A challenge is
   * used once: by one message, and again only by copies of that message.
   */
  useChallenge(challenge: string, messageId: string, expiresAt: Date, now: Date): Promise<string>;
}

/** The retention: what is kept past its time goes. */
export interface RetentionStore {
  /**
   * Removes the messages past their `expireAt` or received before `receivedBefore` (the
   * retention), except those the studio has not had (awaitingStudio), and the rate-limit buckets
   * whose window is over, whatever the retention.
   */
  sweep(now: Date, receivedBefore: Date | null): Promise<Swept>;
}

/** The studio's view of the messages: the inbox, `npm run messages`, a visitor's data. */
export interface InboxStore {
  /** Every record, newest received first. */
  list(): Promise<ContactRecord[]>;
  /** Deletes a record; false when there was none. */
  remove(id: string): Promise<boolean>;
  /** One page of a folder, newest first, after `cursor`; at most `limit` records. */
  inboxPage(
    folder: InboxFolder,
    cursor: InboxCursor | null,
    limit: number,
  ): Promise<ContactRecord[]>;
  /** How many kept messages each folder holds. */
  inboxCounts(): Promise<Record<InboxFolder, number>>;
  /** Where the records that could not be read were set aside (a file, a document path). */
  unreadable(): Promise<string[]>;
}

/** The studio's word on spam, and the marks the filter learns from. */
export interface SpamMarkStore {
  /**
   * The studio's word on a message: records `mark` in its `spam`, and for 'ham' sends a held
   * message on (its mail and the `destinations` named, pending and due now). Null when no such record.
   */
  judge(id: string, mark: 'spam' | 'ham', destinations: string[]): Promise<ContactRecord | null>;
  /** The spam filter's marks; 'unchanged' when their version is still `known`. */
  spamMarks(known?: string): Promise<SpamMarks | 'unchanged'>;
  /** Rewrites the spam filter's marks with `change` (spam/marks.ts); null from it writes nothing. */
  changeSpamMarks(change: (current: SpamMarks) => SpamMarks | null): Promise<void>;
}

/**
 * A whole store, every role: what the file and Firestore stores implement. A caller asks for the
 * roles it uses.
 */
export interface ContactStore
  extends MessageStore, LimitStore, ChallengeStore, RetentionStore, InboxStore, SpamMarkStore {}

/** A solved challenge the store has seen: the message it came with, kept until it expires. */
export interface UsedChallenge {
  messageId: string;
  expiresAt: string;
}

/** Which delivery a claim is for, and how far ahead a pending one may be set before it counts as due. */
export interface DueOptions {
  /** MAIL (the default) or a destination name. */
  channel?: string;
  /**
   * RETRY_MAX_DELAY_MS: no retry is set further ahead than this, so a `nextAttemptAt` further
   * ahead of `now` comes from a clock that was set back, and the delivery is due now.
   */
  maxDelayMs?: number;
}

const STATES: readonly string[] = ['pending', 'sending', 'delivered', 'failed', 'spam'];

/**
 * True for data shaped as a record. Anything else (an empty file, a document edited by hand) is
 * set aside by the store that read it, so one bad record never stops the others.
 */
export function isContactRecord(data: unknown): data is ContactRecord {
  if (data === null || typeof data !== 'object') return false;
  const r = data as Record<string, unknown>;
  const d = r.delivery as Record<string, unknown> | null | undefined;
  return (
    ['id', 'name', 'email', 'message', 'fingerprint', 'clientHash'].every(
      (key) => typeof r[key] === 'string',
    ) &&
    typeof r.receivedAt === 'string' &&
    !Number.isNaN(Date.parse(r.receivedAt)) &&
    typeof d === 'object' &&
    d !== null &&
    typeof d.state === 'string' &&
    STATES.includes(d.state) &&
    typeof d.attempts === 'number'
  );
}

/** Past its retention: `expireAt` has come. Reads leave such a record out until it is swept. */
export function expired(record: Pick<ContactRecord, 'expireAt'>, now: Date): boolean {
  return typeof record.expireAt === 'string' && Date.parse(record.expireAt) <= now.getTime();
}

/** The bucket once `keys` are taken out; null when it holds none then. */
export function withoutKeys(keys: string[], forget: string[]): string[] | null {
  const left = keys.filter((k) => !forget.includes(k));
  return left.length > 0 ? left : null;
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
    nextAttemptAt: null,
    requeuedAt: null,
  };
}

/**
 * The record once the studio has judged it: the mark kept, and a held message sent on, its mail
 * and `destinations` pending and due now.
 */
export function judged(
  record: ContactRecord,
  mark: 'spam' | 'ham',
  destinations: string[],
): ContactRecord {
  const spam: SpamInfo = { ...(record.spam ?? { score: 0, reasons: [], flagged: false }), mark };
  if (mark === 'spam' || record.delivery.state !== 'spam') return withDerived({ ...record, spam });
  const pending = Object.fromEntries(destinations.map((name) => [name, pendingDelivery(false)]));
  // Sent on: retention keeps it again until the studio has had it.
  return withDerived({
    ...record,
    spam,
    delivery: pendingDelivery(false),
    ...(destinations.length > 0 && { destinations: pending, destinationsOpen: true }),
  });
}

/** How a claim ends: delivered; or not, to be tried at `retryAt`, or never again (null: failed). */
export type ReleaseOutcome =
  | { delivered: true; at: Date }
  | { delivered: false; at: Date; error: string; retryAt: Date | null };

/** The delivery state once a claim ends: delivered, pending until `retryAt`, or failed. */
export function released(d: Delivery, outcome: ReleaseOutcome): Delivery {
  const at = outcome.at.toISOString();
  const retryAt = outcome.delivered ? null : outcome.retryAt;
  return {
    ...d,
    state: outcome.delivered ? 'delivered' : retryAt ? 'pending' : 'failed',
    attempts: d.attempts + 1,
    lastAttemptAt: at,
    lastError: outcome.delivered ? null : outcome.error,
    deliveredAt: outcome.delivered ? at : null,
    claimedUntil: null,
    nextAttemptAt: retryAt ? retryAt.toISOString() : null,
  };
}

/** A message the studio sends again: pending and due now, with a fresh count of attempts. */
export function requeued(d: Delivery, now: Date): Delivery | null {
  if (d.state !== 'failed' && d.state !== 'pending') return null;
  return {
    ...d,
    state: 'pending',
    attempts: 0,
    nextAttemptAt: null,
    requeuedAt: now.toISOString(),
  };
}

/**
 * Due now: pending past its backoff (or with a backoff longer than `maxDelayMs` allows), or
 * claimed by a sender whose claim has run out.
 */
export function claimable(d: Delivery, now: Date, maxDelayMs = Infinity): boolean {
  const due = (at: string | null | undefined) => !at || Date.parse(at) <= now.getTime();
  if (d.state === 'pending') return pendingDue(d.nextAttemptAt, now, maxDelayMs);
  return d.state === 'sending' && d.claimedUntil !== null && due(d.claimedUntil);
}

/** A pending delivery's `nextAttemptAt` is due: past, or further ahead than any backoff sets it. */
export function pendingDue(next: string | null | undefined, now: Date, maxDelayMs = Infinity) {
  if (!next) return true;
  const wait = Date.parse(next) - now.getTime();
  return wait <= 0 || wait > maxDelayMs;
}

type Received = Pick<ContactRecord, 'id' | 'receivedAt'>;

/** Oldest received first; the id breaks a tie so both stores list in one order. */
export function byReceived(a: Received, b: Received): number {
  return a.receivedAt < b.receivedAt ? -1 : a.receivedAt > b.receivedAt ? 1 : a.id < b.id ? -1 : 1;
}

/** The bucket after counting `key` in `now`'s window, or null when the window is full. */
export function counted(
  current: Pick<RateBucket, 'windowStart' | 'keys'> | null,
  key: string,
  limit: number,
  windowStart: number,
): string[] | 'already' | null {
  const keys = current && current.windowStart === windowStart ? current.keys : [];
  if (keys.includes(key)) return 'already';
  if (keys.length >= limit) return null;
  return [...keys, key];
}
