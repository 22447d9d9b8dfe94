import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { logger } from 'firebase-functions';
import { removeIfThere } from './store/durableFile';
import type { RetentionStore, SpamMarkStore } from './store/types';
import { forgetSpamMarks } from './spam/marks';

const DAY_MS = 24 * 3_600_000;

export interface SweepOptions {
  now: Date;
  /** RETENTION_DAYS; null keeps messages. */
  retentionDays: number | null;
  /** The local outbox: the .eml copies of removed messages go too. */
  outboxDir?: string;
}

export interface SweepCounts {
  messages: number;
  mails: number;
  buckets: number;
  /** Messages past their retention kept, since the studio has not had them. */
  kept: number;
}

/** When the retention of a message received now ends: what a new record's `retainUntil` holds. */
export function expireAt(receivedAt: Date, retentionDays: number | null): string | null {
  return retentionDays === null
    ? null
    : new Date(receivedAt.getTime() + retentionDays * DAY_MS).toISOString();
}

/** Deletes what is past its time (docs/contact.md, "Retention"), at start and each retry pass. */
export async function sweepExpired(
  store: RetentionStore & SpamMarkStore,
  options: SweepOptions,
): Promise<SweepCounts> {
  const { now, retentionDays, outboxDir } = options;
  const before = retentionDays === null ? null : new Date(now.getTime() - retentionDays * DAY_MS);
  const swept = await store.sweep(now, before);
  // What the spam filter learnt from a message goes with it.
  await forgetSpamMarks(store, swept.messages, before);
  let mails = 0;
  if (outboxDir) {
    for (const id of swept.messages) if (await removeIfThere(join(outboxDir, `${id}.eml`))) mails++;
    // A copy whose record went another way (Firestore's TTL) goes by its own age.
    if (before) {
      const names = await readdir(outboxDir).catch(() => [] as string[]);
      for (const name of names.filter((n) => n.endsWith('.eml'))) {
        const path = join(outboxDir, name);
        const info = await stat(path).catch(() => null);
        if (info && info.mtimeMs < before.getTime() && (await removeIfThere(path))) mails++;
      }
    }
  }
  const counts = {
    messages: swept.messages.length,
    mails,
    buckets: swept.buckets,
    kept: swept.kept.length,
  };
  if (counts.messages || counts.mails || counts.buckets)
    logger.info('contact retention sweep', { ...counts, ids: swept.messages.join(' ') });
  // Past its retention, but the studio has not had it: kept, and said each time until it has.
  if (counts.kept)
    logger.warn('contact messages past their retention kept until the studio has them', {
      ids: swept.kept.join(' '),
    });
  return counts;
}
