/**
 * 300 messages at full speed through the real web SDK into `npm run backend` (file store, local
 * outbox): every one answered, stored once, mailed once, and no temp file left.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { sdkCallable, startBackend, tempDir, waitFor } from './harness';

describe('a burst of 300 messages', () => {
  it('stores and mails every one once', async () => {
    const data = await tempDir();
    onTestFinished(data.remove);
    const backend = await startBackend({
      DATA_DIR: data.path,
      SMTP_URL: '',
      RATE_LIMIT_PER_CLIENT: '100000',
      RATE_LIMIT_PER_EMAIL: '100000',
      RETRY_INTERVAL_MS: '3600000',
    });
    const sdk = sdkCallable(backend.port, 60_000);
    onTestFinished(() => sdk.close());
    const ids = Array.from(
      { length: 300 },
      (_, i) => `load-${String(i).padStart(4, '0')}-${Date.now()}`,
    );
    let next = 0;
    const started = Date.now();
    const worker = async () => {
      while (next < ids.length) {
        const id = ids[next++]!;
        await sdk.call({
          name: 'Ada Lovelace',
          email: `ada+${id}@example.org`,
          message: `Load message ${id}: we would like a small app for our book club, with reminders.`,
          idempotencyKey: id,
          website: '',
        });
      }
    };
    await Promise.all(Array.from({ length: 30 }, worker));
    const ms = Date.now() - started;
    const files = (dir: string) => readdir(join(data.path, dir)).catch(() => [] as string[]);
    const mails = await waitFor(async () => {
      const names = (await files('outbox')).filter((n) => n.endsWith('.eml'));
      return names.length >= ids.length && names;
    }, 30_000);
    const stored = (await files('messages')).filter(
      (n) => n.endsWith('.json') && !n.startsWith('.'),
    );
    const temp = [
      ...(await files('messages')),
      ...(await files('outbox')),
      ...(await files('ratelimits')),
    ].filter((n) => n.endsWith('.tmp'));
    console.log(
      `300 messages in ${ms} ms: ${stored.length} stored, ${mails.length} mailed, ${temp.length} temp files`,
    );
    expect(stored.sort()).toEqual(ids.map((id) => `${id}.json`).sort());
    expect(mails.sort()).toEqual(ids.map((id) => `${id}.eml`).sort());
    expect(temp).toEqual([]);
  }, 180_000);
});
