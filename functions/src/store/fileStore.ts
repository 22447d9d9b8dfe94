import { mkdir, readdir, readFile, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { logger } from 'firebase-functions';
import { IDEMPOTENCY_KEY } from '../../../src/contact/rules';
import { createFileAtomic, writeFileAtomic } from './durableFile';
import {
  byReceived,
  claimable,
  counted,
  expired,
  isContactRecord,
  released,
  requeued,
  StoreUnavailableError,
  withoutKeys,
} from './types';
import type { ContactRecord, ContactStore, RateBucket, ReleaseOutcome, Swept } from './types';

const BUCKET_NAME = /^[A-Za-z0-9-]{1,100}$/;
/** A bucket file written before buckets held `expiresAt` is swept this long after its window began. */
const UNDATED_BUCKET_MS = 2 * 24 * 3_600_000;

/** A bucket file: the bucket, and when its window is over for good. */
interface BucketFile extends RateBucket {
  expiresAt?: string;
}

function missing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/** The local backend's store: one durable JSON file per message and per rate-limit bucket. */
export class FileStore implements ContactStore {
  readonly messagesDir: string;
  readonly bucketsDir: string;
  /** Where records that cannot be read are moved, out of every listing (unreadable()). */
  readonly asideDir: string;
  private readonly locks = new Map<string, Promise<unknown>>();

  constructor(readonly dataDir: string) {
    this.messagesDir = join(dataDir, 'messages');
    this.bucketsDir = join(dataDir, 'ratelimits');
    this.asideDir = join(this.messagesDir, 'unreadable');
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

  /** Runs `work` after any earlier work on the same name: claims, releases and hits read, then write. */
  private async locked<T>(name: string, work: () => Promise<T>): Promise<T> {
    const before = this.locks.get(name) ?? Promise.resolve();
    const run = before.then(work, work);
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

  async create(record: ContactRecord): Promise<'created' | 'exists'> {
    const path = this.file(record.id);
    return this.locked(record.id, () =>
      this.io('create', async () =>
        (await createFileAtomic(path, JSON.stringify(record, null, 2))) ? 'created' : 'exists',
      ),
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

  /** Every readable record, expired or not. */
  private async all(): Promise<ContactRecord[]> {
    const records = await Promise.all(
      (await this.names(this.messagesDir)).map((n) => this.readRecord(n)),
    );
    return records.filter((r): r is ContactRecord => r !== null);
  }

  async get(id: string): Promise<ContactRecord | null> {
    const name = `${id}.json`;
    this.file(id);
    return this.io('read', async () => {
      const record = await this.readRecord(name);
      return record && !expired(record, new Date()) ? record : null;
    });
  }

  /** Reads, changes and writes one record under its lock; `change` returns null to leave it. */
  private async update(
    id: string,
    what: string,
    change: (record: ContactRecord) => ContactRecord | null,
  ): Promise<ContactRecord | null> {
    return this.locked(id, async () => {
      const record = await this.get(id);
      const next = record && change(record);
      if (!next) return null;
      await this.io(what, () => writeFileAtomic(this.file(id), JSON.stringify(next, null, 2)));
      return next;
    });
  }

  async claim(id: string, now: Date, leaseMs: number): Promise<ContactRecord | null> {
    return this.update(id, 'claim', (record) =>
      claimable(record.delivery, now)
        ? {
            ...record,
            delivery: {
              ...record.delivery,
              state: 'sending',
              claimedUntil: new Date(now.getTime() + leaseMs).toISOString(),
            },
          }
        : null,
    );
  }

  async release(id: string, outcome: ReleaseOutcome): Promise<void> {
    await this.update(id, 'release', (record) => ({
      ...record,
      delivery: released(record.delivery, outcome),
    }));
  }

  async requeue(id: string, now: Date): Promise<ContactRecord | null> {
    return this.update(id, 'requeue', (record) => {
      const delivery = requeued(record.delivery, now);
      return delivery && { ...record, delivery };
    });
  }

  async list(): Promise<ContactRecord[]> {
    return this.io('list', async () => {
      const now = new Date();
      return (await this.all())
        .filter((r) => !expired(r, now))
        .sort(byReceived)
        .reverse();
    });
  }

  async undelivered(now: Date, limit: number): Promise<string[]> {
    const records = await this.io('list', () => this.all());
    return records
      .filter((r) => !expired(r, now) && claimable(r.delivery, now))
      .sort(byReceived)
      .slice(0, limit)
      .map((r) => r.id);
  }

  async remove(id: string): Promise<boolean> {
    const path = this.file(id);
    return this.locked(id, () => this.io('remove', () => this.unlinkIfThere(path)));
  }

  async hit(bucket: string, key: string, limit: number, windowMs: number, now: Date) {
    const path = this.bucketFile(bucket);
    const windowStart = Math.floor(now.getTime() / windowMs) * windowMs;
    return this.locked(`bucket:${bucket}`, () =>
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
    return this.locked(`bucket:${name}`, () =>
      this.io('remove bucket', () => this.unlinkIfThere(path)),
    );
  }

  async forgetKeys(name: string, keys: string[]): Promise<'reduced' | 'removed' | 'none'> {
    const path = this.bucketFile(name);
    return this.locked(`bucket:${name}`, () =>
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
      const swept: Swept = { messages: [], buckets: 0 };
      for (const record of await this.all()) {
        const old = receivedBefore !== null && Date.parse(record.receivedAt) < +receivedBefore;
        if ((old || expired(record, now)) && (await this.remove(record.id)))
          swept.messages.push(record.id);
      }
      for (const file of await this.names(this.bucketsDir)) {
        const name = file.slice(0, -'.json'.length);
        if (!BUCKET_NAME.test(name)) continue;
        const path = this.bucketFile(name);
        const gone = await this.locked(`bucket:${name}`, async () => {
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
}
