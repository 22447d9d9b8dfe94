import { mkdir, readdir, readFile, rename, stat, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { logger } from 'firebase-functions';
import { lock } from 'proper-lockfile';
import { IDEMPOTENCY_KEY } from '../../../src/contract/rules';
import { createFileAtomic, writeFileAtomic } from './durableFile';
import type { InboxFolder } from '../../../src/contract/inbox';
import {
  after,
  awaitingStudio,
  byReceived,
  folderOf,
  inFolder,
  newestFirst,
  withDerived,
  claimable,
  counted,
  deliveryOf,
  expired,
  isContactRecord,
  judged,
  MAIL,
  released,
  requeued,
  StoreUnavailableError,
  withDelivery,
  withoutKeys,
} from './types';
import type {
  InboxCursor,
  ContactRecord,
  ContactStore,
  DueDestination,
  DueOptions,
  RateBucket,
  ReleaseOutcome,
  SpamMarks,
  Swept,
  UsedChallenge,
} from './types';
import { NO_MARKS } from '../spam/marks';

/**
 * The lock between processes (the backend and `npm run messages`): proper-lockfile makes a
 * `<file>.lock` folder, which only one process can create. It is held for one read and write
 * (milliseconds); one whose holder died is taken over once it is STALE_MS old.
 */
const STALE_MS = 5_000;
const LOCK_RETRIES = { retries: 400, factor: 1.2, minTimeout: 5, maxTimeout: 50 };

const BUCKET_NAME = /^[A-Za-z0-9-]{1,100}$/;
const CHALLENGE_ID = /^[0-9a-f]{64,128}$/;
/** A sweep of expired challenges at most this often, so the folder holds about one TTL's worth. */
const CHALLENGE_SWEEP_MS = 60_000;
/** A bucket file written before buckets held `expiresAt` is swept this long after its window began. */
const UNDATED_BUCKET_MS = 2 * 24 * 3_600_000;

/** A bucket file: the bucket, and when its window is over for good. */
interface BucketFile extends RateBucket {
  expiresAt?: string;
}

function missing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/** Every folder the file store writes in `dataDir`, each named once. */
export function fileStoreFolders(dataDir: string) {
  const messages = join(dataDir, 'messages');
  return {
    messages,
    buckets: join(dataDir, 'ratelimits'),
    challenges: join(dataDir, 'challenges'),
    aside: join(messages, 'unreadable'),
    spam: join(dataDir, 'spam'),
  };
}

/** The local backend's store: one durable JSON file per message and per rate-limit bucket. */
export class FileStore implements ContactStore {
  readonly messagesDir: string;
  readonly bucketsDir: string;
  readonly challengesDir: string;
  private lastChallengeSweep = 0;
  /** Where records that cannot be read are moved, out of every listing (unreadable()). */
  readonly asideDir: string;
  private readonly locks = new Map<string, Promise<unknown>>();
  /** Each record file as last parsed, by name, with the version of the file it came from. */
  private readonly parsed = new Map<string, { version: string; record: ContactRecord }>();
  /** The spam filter's marks (DATA_DIR/spam/marks.json) as last read, by the file's size and time. */
  private marksRead: { stamp: string; marks: SpamMarks } | null = null;

  constructor(readonly dataDir: string) {
    const folders = fileStoreFolders(dataDir);
    this.messagesDir = folders.messages;
    this.bucketsDir = folders.buckets;
    this.challengesDir = folders.challenges;
    this.asideDir = folders.aside;
  }

  private file(id: string): string {
    // Ids are validated before they get here; this keeps a bad one from ever naming a path.
    if (!IDEMPOTENCY_KEY.test(id)) throw new Error(`Not a message id: ${id}`);
    return join(this.messagesDir, `${id}.json`);
  }

  private bucketFile(name: string): string {
    if (!BUCKET_NAME.test(name)) throw new Error(`Not a bucket name: ${name}`);
    return join(this.bucketsDir, `${name}.json`);
  }

  /**
   * Runs `work` after any earlier work on the same name in this process, and while no other
   * process works on `path`: claims, releases and hits read, then write.
   */
  private async locked<T>(name: string, path: string, work: () => Promise<T>): Promise<T> {
    const before = this.locks.get(name) ?? Promise.resolve();
    const guarded = async () => {
      const unlock = await this.io('lock', async () => {
        await mkdir(dirname(path), { recursive: true });
        return lock(path, {
          realpath: false,
          stale: STALE_MS,
          retries: LOCK_RETRIES,
          // Held for milliseconds: a lock taken over means a stalled process, not a crash to cause.
          onCompromised: (error) => console.warn(`File store lock lost: ${error.message}`),
        });
      });
      try {
        return await work();
      } finally {
        await unlock().catch(() => {});
      }
    };
    const run = before.then(guarded, guarded);
    const tail = run.catch(() => {});
    this.locks.set(name, tail);
    try {
      return await run;
    } finally {
      if (this.locks.get(name) === tail) this.locks.delete(name);
    }
  }

  private async io<T>(what: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw new StoreUnavailableError(`File store: ${what} failed: ${(error as Error).message}`, {
        cause: error,
      });
    }
  }

  private async readJson<T>(path: string): Promise<T | null> {
    try {
      return JSON.parse(await readFile(path, 'utf8')) as T;
    } catch (error) {
      if (missing(error)) return null;
      throw error;
    }
  }

  private async names(dir: string): Promise<string[]> {
    try {
      return (await readdir(dir)).filter((n) => n.endsWith('.json') && !n.startsWith('.'));
    } catch (error) {
      if (missing(error)) return [];
      throw error;
    }
  }

  private async unlinkIfThere(path: string): Promise<boolean> {
    try {
      await unlink(path);
      return true;
    } catch (error) {
      if (missing(error)) return false;
      throw error;
    }
  }

  async create(record: ContactRecord, now = new Date()) {
    const path = this.file(record.id);
    const text = JSON.stringify(record, null, 2);
    return this.locked(record.id, path, () =>
      this.io('create', async () => {
        if (await createFileAtomic(path, text)) return 'created';
        // A record past its retention, not swept yet, is gone to every read: its key is free.
        const stored = await this.readRecord(`${record.id}.json`);
        if (stored && !expired(stored, now)) return 'exists';
        await writeFileAtomic(path, text);
        return stored ? 'replaced' : 'created';
      }),
    );
  }

  /**
   * The record in messages/<name>, or null. A file that is not a record (empty, cut short,
   * edited by hand) is moved to messages/unreadable/ and named in an error log.
   */
  private async readRecord(name: string): Promise<ContactRecord | null> {
    const path = join(this.messagesDir, name);
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      if (missing(error)) return null;
      throw error;
    }
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (error) {
      data = error;
    }
    if (isContactRecord(data)) return data;
    const aside = join(this.asideDir, name);
    await mkdir(this.asideDir, { recursive: true });
    try {
      await rename(path, aside);
    } catch (error) {
      if (!missing(error)) throw error; // another reader set it aside first
    }
    logger.error('contact record unreadable; set aside, the other messages go on', {
      file: aside,
      error: data instanceof Error ? data.message : 'not a contact record',
    });
    return null;
  }

  /**
   * Every readable record, expired or not. A file is parsed again only when it changed: each write
   * renames a new file into place, so its inode, time and size name its version.
   */
  private async all(): Promise<ContactRecord[]> {
    const names = await this.names(this.messagesDir);
    const records = await Promise.all(
      names.map(async (name) => {
        const info = await stat(join(this.messagesDir, name)).catch(() => null);
        if (!info) return null;
        const version = `${info.ino}:${info.mtimeMs}:${info.size}`;
        const known = this.parsed.get(name);
        if (known?.version === version) return known.record;
        const record = await this.readRecord(name);
        if (record) this.parsed.set(name, { version, record });
        return record;
      }),
    );
    // Forget the files that are gone.
    if (this.parsed.size > names.length) {
      const live = new Set(names);
      for (const name of this.parsed.keys()) if (!live.has(name)) this.parsed.delete(name);
    }
    return records.filter((r): r is ContactRecord => r !== null);
  }

  async get(id: string, now = new Date()): Promise<ContactRecord | null> {
    const name = `${id}.json`;
    this.file(id);
    return this.io('read', async () => {
      const record = await this.readRecord(name);
      return record && !expired(record, now) ? record : null;
    });
  }

  /** Reads, changes and writes one record under its lock; `change` returns null to leave it. */
  private async update(
    id: string,
    what: string,
    change: (record: ContactRecord) => ContactRecord | null,
  ): Promise<ContactRecord | null> {
    return this.locked(id, this.file(id), async () => {
      const record = await this.get(id);
      const next = record && change(record);
      if (!next) return null;
      await this.io(what, () => writeFileAtomic(this.file(id), JSON.stringify(next, null, 2)));
      return next;
    });
  }

  async claim(
    id: string,
    now: Date,
    leaseMs: number,
    due: DueOptions = {},
  ): Promise<ContactRecord | null> {
    const channel = due.channel ?? MAIL;
    return this.update(id, 'claim', (record) => {
      const d = deliveryOf(record, channel);
      if (!d || !claimable(d, now, due.maxDelayMs)) return null;
      const claimedUntil = new Date(now.getTime() + leaseMs).toISOString();
      return withDelivery(record, channel, { ...d, state: 'sending', claimedUntil });
    });
  }

  async release(id: string, outcome: ReleaseOutcome, channel = MAIL): Promise<void> {
    await this.update(id, 'release', (record) => {
      const d = deliveryOf(record, channel);
      return d && withDelivery(record, channel, released(d, outcome));
    });
  }

  async change(id: string, change: (record: ContactRecord) => ContactRecord | null) {
    return this.update(id, 'change', (record) => {
      const next = change(record);
      return next && withDerived(next);
    });
  }

  async inboxPage(folder: InboxFolder, cursor: InboxCursor | null, limit: number) {
    return (await this.list())
      .filter((r) => inFolder(r, folder) && after(r, cursor))
      .slice(0, limit);
  }

  async inboxCounts(): Promise<Record<InboxFolder, number>> {
    const counts = { new: 0, handled: 0, spam: 0, all: 0 };
    for (const r of await this.list()) {
      counts[folderOf(r)]++;
      counts.all++;
    }
    return counts;
  }

  async requeue(id: string, now: Date, channel = MAIL): Promise<ContactRecord | null> {
    return this.update(id, 'requeue', (record) => {
      const d = deliveryOf(record, channel);
      const delivery = d && requeued(d, now);
      return delivery && withDelivery(record, channel, delivery);
    });
  }

  async list(): Promise<ContactRecord[]> {
    return this.io('list', async () => {
      const now = new Date();
      return (await this.all()).filter((r) => !expired(r, now)).sort(newestFirst);
    });
  }

  async undelivered(now: Date, limit: number, due: DueOptions = {}): Promise<string[]> {
    const records = await this.io('list', () => this.all());
    return records
      .filter((r) => !expired(r, now) && claimable(r.delivery, now, due.maxDelayMs))
      .sort(byReceived)
      .slice(0, limit)
      .map((r) => r.id);
  }

  async destinationsDue(now: Date, limit: number, due: DueOptions = {}): Promise<DueDestination[]> {
    const records = (await this.list()).filter((r) => r.destinationsOpen).sort(byReceived);
    return records
      .flatMap((r) =>
        Object.entries(r.destinations ?? {})
          .filter(([, d]) => claimable(d, now, due.maxDelayMs))
          .map(([destination]) => ({ id: r.id, destination })),
      )
      .slice(0, limit);
  }

  /** Removes a record unless, read again under its lock, the studio has not had it yet. */
  private async removeIfSettled(id: string): Promise<boolean> {
    const path = this.file(id);
    return this.locked(id, path, async () => {
      const record = await this.io('read', () => this.readRecord(`${id}.json`));
      return (
        !!record && !awaitingStudio(record) && this.io('remove', () => this.unlinkIfThere(path))
      );
    });
  }

  async remove(id: string): Promise<boolean> {
    const path = this.file(id);
    return this.locked(id, path, () => this.io('remove', () => this.unlinkIfThere(path)));
  }

  async hit(bucket: string, key: string, limit: number, windowMs: number, now: Date) {
    const path = this.bucketFile(bucket);
    const windowStart = Math.floor(now.getTime() / windowMs) * windowMs;
    return this.locked(`bucket:${bucket}`, path, () =>
      this.io('rate limit', async () => {
        const keys = counted(await this.readJson<RateBucket>(path), key, limit, windowStart);
        if (keys === 'already') return true;
        if (!keys) return false;
        const expiresAt = new Date(windowStart + 2 * windowMs).toISOString();
        const next: BucketFile = { name: bucket, windowStart, keys, expiresAt };
        await writeFileAtomic(path, JSON.stringify(next));
        return true;
      }),
    );
  }

  async bucket(name: string): Promise<RateBucket | null> {
    const path = this.bucketFile(name);
    const file = await this.io('read bucket', () => this.readJson<BucketFile>(path));
    return file && { name: file.name, windowStart: file.windowStart, keys: file.keys };
  }

  async removeBucket(name: string): Promise<boolean> {
    const path = this.bucketFile(name);
    return this.locked(`bucket:${name}`, path, () =>
      this.io('remove bucket', () => this.unlinkIfThere(path)),
    );
  }

  async useChallenge(challenge: string, messageId: string, expiresAt: Date, now: Date) {
    if (!CHALLENGE_ID.test(challenge)) throw new Error(`Not a challenge id: ${challenge}`);
    const path = join(this.challengesDir, `${challenge}.json`);
    const used: UsedChallenge = { messageId, expiresAt: expiresAt.toISOString() };
    const owner = await this.io('use challenge', async () => {
      // Linked into place: of racing processes, one creates the file and the others read it.
      if (await createFileAtomic(path, JSON.stringify(used))) return messageId;
      return (await this.readJson<UsedChallenge>(path))?.messageId ?? messageId;
    });
    await this.sweepChallenges(now);
    return owner;
  }

  /** Removes the records of challenges that have expired: they can no longer be sent. */
  private async sweepChallenges(now: Date): Promise<void> {
    if (now.getTime() - this.lastChallengeSweep < CHALLENGE_SWEEP_MS) return;
    this.lastChallengeSweep = now.getTime();
    for (const name of await this.names(this.challengesDir).catch(() => [])) {
      const path = join(this.challengesDir, name);
      const used = await this.readJson<UsedChallenge>(path).catch(() => null);
      if (used && Date.parse(used.expiresAt) <= now.getTime())
        await this.unlinkIfThere(path).catch(() => false);
    }
  }

  async forgetKeys(name: string, keys: string[]): Promise<'reduced' | 'removed' | 'none'> {
    const path = this.bucketFile(name);
    return this.locked(`bucket:${name}`, path, () =>
      this.io('reduce bucket', async () => {
        const current = await this.readJson<BucketFile>(path);
        if (!current) return 'none';
        const left = withoutKeys(current.keys, keys);
        if (!left) return (await this.unlinkIfThere(path)) ? 'removed' : 'none';
        await writeFileAtomic(path, JSON.stringify({ ...current, keys: left }));
        return 'reduced';
      }),
    );
  }

  async sweep(now: Date, receivedBefore: Date | null): Promise<Swept> {
    return this.io('sweep', async () => {
      const swept: Swept = { messages: [], buckets: 0, kept: [] };
      for (const record of await this.all()) {
        const old = receivedBefore !== null && Date.parse(record.receivedAt) < +receivedBefore;
        if (!old && !expired(record, now)) continue;
        if (awaitingStudio(record)) swept.kept.push(record.id);
        else if (await this.removeIfSettled(record.id)) swept.messages.push(record.id);
      }
      for (const file of await this.names(this.bucketsDir)) {
        const name = file.slice(0, -'.json'.length);
        if (!BUCKET_NAME.test(name)) continue;
        const path = this.bucketFile(name);
        const gone = await this.locked(`bucket:${name}`, path, async () => {
          let bucket: BucketFile | null;
          try {
            bucket = await this.readJson<BucketFile>(path);
          } catch {
            bucket = null; // a bucket that cannot be read only counted: it goes
          }
          const until = bucket?.expiresAt
            ? Date.parse(bucket.expiresAt)
            : (bucket?.windowStart ?? 0) + UNDATED_BUCKET_MS;
          return until <= now.getTime() && this.unlinkIfThere(path);
        });
        if (gone) swept.buckets++;
      }
      return swept;
    });
  }

  async unreadable(): Promise<string[]> {
    return this.io('list unreadable', async () => {
      try {
        return (await readdir(this.asideDir)).sort().map((n) => join(this.asideDir, n));
      } catch (error) {
        if (missing(error)) return [];
        throw error;
      }
    });
  }

  async judge(id: string, mark: 'spam' | 'ham', destinations: string[]) {
    return this.update(id, 'judge', (record) => judged(record, mark, destinations));
  }

  private get marksFile(): string {
    return join(fileStoreFolders(this.dataDir).spam, 'marks.json');
  }

  async spamMarks(known?: string): Promise<SpamMarks | 'unchanged'> {
    return this.io('read spam marks', async () => {
      const info = await stat(this.marksFile).catch((error: unknown) => {
        if (missing(error)) return null;
        throw error;
      });
      if (!info) return known === NO_MARKS.version ? 'unchanged' : NO_MARKS;
      const stamp = `${info.size}:${info.mtimeMs}:${info.ino}`;
      if (this.marksRead?.stamp !== stamp) {
        const marks = (await this.readJson<SpamMarks>(this.marksFile)) ?? NO_MARKS;
        this.marksRead = { stamp, marks };
      }
      const { marks } = this.marksRead;
      return known === marks.version ? 'unchanged' : marks;
    });
  }

  async changeSpamMarks(change: (current: SpamMarks) => SpamMarks | null): Promise<void> {
    await this.locked('spam:marks', this.marksFile, () =>
      this.io('write spam marks', async () => {
        const next = change((await this.readJson<SpamMarks>(this.marksFile)) ?? NO_MARKS);
        if (next) await writeFileAtomic(this.marksFile, JSON.stringify(next));
      }),
    );
  }
}
