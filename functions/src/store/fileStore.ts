import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { IDEMPOTENCY_KEY } from '../../../src/contact/rules';
import { createFileAtomic, writeFileAtomic } from './durableFile';
import { claimable, released, StoreUnavailableError } from './types';
import type { ContactRecord, ContactStore, ReleaseOutcome } from './types';

/** The local backend's store: one durable JSON file per message, rate-limit buckets in memory. */
export class FileStore implements ContactStore {
  readonly messagesDir: string;
  private readonly locks = new Map<string, Promise<unknown>>();
  private readonly buckets = new Map<string, { windowStart: number; hits: number }>();

  constructor(readonly dataDir: string) {
    this.messagesDir = join(dataDir, 'messages');
  }

  private file(id: string): string {
    // Ids are validated before they get here; this keeps a bad one from ever naming a path.
    if (!IDEMPOTENCY_KEY.test(id)) throw new Error(`Not a message id: ${id}`);
    return join(this.messagesDir, `${id}.json`);
  }

  /** Runs `work` after any earlier work on the same id: claim/release are read-modify-write. */
  private async locked<T>(id: string, work: () => Promise<T>): Promise<T> {
    const before = this.locks.get(id) ?? Promise.resolve();
    const run = before.then(work, work);
    const tail = run.catch(() => {});
    this.locks.set(id, tail);
    try {
      return await run;
    } finally {
      if (this.locks.get(id) === tail) this.locks.delete(id);
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

  async create(record: ContactRecord): Promise<'created' | 'exists'> {
    const path = this.file(record.id);
    return this.locked(record.id, () =>
      this.io('create', async () =>
        (await createFileAtomic(path, JSON.stringify(record, null, 2))) ? 'created' : 'exists',
      ),
    );
  }

  async get(id: string): Promise<ContactRecord | null> {
    const path = this.file(id);
    return this.io('read', async () => {
      try {
        return JSON.parse(await readFile(path, 'utf8')) as ContactRecord;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    });
  }

  async claim(id: string, now: Date, leaseMs: number): Promise<ContactRecord | null> {
    return this.locked(id, async () => {
      const record = await this.get(id);
      if (!record || !claimable(record.delivery, now)) return null;
      const claimed: ContactRecord = {
        ...record,
        delivery: {
          ...record.delivery,
          state: 'sending',
          claimedUntil: new Date(now.getTime() + leaseMs).toISOString(),
        },
      };
      await this.io('claim', () =>
        writeFileAtomic(this.file(id), JSON.stringify(claimed, null, 2)),
      );
      return claimed;
    });
  }

  async release(id: string, outcome: ReleaseOutcome): Promise<void> {
    await this.locked(id, async () => {
      const record = await this.get(id);
      if (!record) return;
      const next = { ...record, delivery: released(record.delivery, outcome) };
      await this.io('release', () => writeFileAtomic(this.file(id), JSON.stringify(next, null, 2)));
    });
  }

  async undelivered(now: Date, limit: number): Promise<string[]> {
    return this.io('list', async () => {
      let names: string[];
      try {
        names = await readdir(this.messagesDir);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
      const ids: string[] = [];
      for (const name of names.sort()) {
        if (!name.endsWith('.json') || name.startsWith('.')) continue;
        const record = await this.get(name.slice(0, -5));
        if (record && claimable(record.delivery, now)) ids.push(record.id);
        if (ids.length >= limit) break;
      }
      return ids;
    });
  }

  async hit(bucket: string, limit: number, windowMs: number, now: Date): Promise<boolean> {
    const windowStart = Math.floor(now.getTime() / windowMs) * windowMs;
    const current = this.buckets.get(bucket);
    const hits = current && current.windowStart === windowStart ? current.hits : 0;
    if (hits >= limit) return false;
    this.buckets.set(bucket, { windowStart, hits: hits + 1 });
    if (this.buckets.size > 10_000) this.prune(windowStart);
    return true;
  }

  private prune(windowStart: number) {
    for (const [key, b] of this.buckets) if (b.windowStart < windowStart) this.buckets.delete(key);
  }
}
