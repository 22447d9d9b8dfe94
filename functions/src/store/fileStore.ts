import { mkdir, readdir, readFile, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { lock } from 'proper-lockfile';
import { IDEMPOTENCY_KEY } from '../../../src/contract/rules';
import { createFileAtomic, writeFileAtomic } from './durableFile';
import {
  byReceived,
  claimable,
  counted,
  deliveryOf,
  MAIL,
  released,
  requeued,
  StoreUnavailableError,
  withDelivery,
} from './types';
import type {
  ContactRecord,
  ContactStore,
  DueDestination,
  DueOptions,
  RateBucket,
  ReleaseOutcome,
  UsedChallenge,
} from './types';

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

function missing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/** The local backend's store: one durable JSON file per message and per rate-limit bucket. */
export class FileStore implements ContactStore {
  readonly messagesDir: string;
  readonly bucketsDir: string;
  readonly challengesDir: string;
  private lastChallengeSweep = 0;
  private readonly locks = new Map<string, Promise<unknown>>();

  constructor(readonly dataDir: string) {
    this.messagesDir = join(dataDir, 'messages');
    this.bucketsDir = join(dataDir, 'ratelimits');
    this.challengesDir = join(dataDir, 'challenges');
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

  async create(record: ContactRecord): Promise<'created' | 'exists'> {
    const path = this.file(record.id);
    return this.locked(record.id, path, () =>
      this.io('create', async () =>
        (await createFileAtomic(path, JSON.stringify(record, null, 2))) ? 'created' : 'exists',
      ),
    );
  }

  async get(id: string): Promise<ContactRecord | null> {
    const path = this.file(id);
    return this.io('read', () => this.readJson<ContactRecord>(path));
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

  async requeue(id: string, now: Date, channel = MAIL): Promise<ContactRecord | null> {
    return this.update(id, 'requeue', (record) => {
      const d = deliveryOf(record, channel);
      const delivery = d && requeued(d, now);
      return delivery && withDelivery(record, channel, delivery);
    });
  }

  async list(): Promise<ContactRecord[]> {
    return this.io('list', async () => {
      const records = await Promise.all(
        (await this.names(this.messagesDir)).map((n) =>
          this.readJson<ContactRecord>(join(this.messagesDir, n)),
        ),
      );
      return records
        .filter((r): r is ContactRecord => r !== null)
        .sort(byReceived)
        .reverse();
    });
  }

  async undelivered(now: Date, limit: number, due: DueOptions = {}): Promise<string[]> {
    const records = await this.list();
    return records
      .filter((r) => claimable(r.delivery, now, due.maxDelayMs))
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
        const next: RateBucket = { name: bucket, windowStart, keys };
        await writeFileAtomic(path, JSON.stringify(next));
        return true;
      }),
    );
  }

  async bucket(name: string): Promise<RateBucket | null> {
    const path = this.bucketFile(name);
    return this.io('read bucket', () => this.readJson<RateBucket>(path));
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
}
