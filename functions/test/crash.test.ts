/**
 * The local backend killed outright (SIGKILL) in the middle of a burst of valid calls, then
 * started again on the same data folder: every call answered 200 is stored once and whole, and
 * the temp files the killed writes left are swept on start (those of a live writer are kept).
 */
import { readdir, readFile, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { ContactRecord } from '../src/store/types';
import { sdkCallable, startBackend as startBackendAt, tempDir } from './harness';

const TEMP = /\.tmp$/;

/** `npm run backend` on `dataDir`, without mail; stopped after the test. */
function startBackend(dataDir: string): ReturnType<typeof startBackendAt> {
  return startBackendAt({
    DATA_DIR: dataDir,
    SMTP_URL: '',
    RATE_LIMIT_PER_CLIENT: '100000',
    RATE_LIMIT_PER_EMAIL: '100000',
    RETRY_INTERVAL_MS: '3600000',
    LOG_LEVEL: 'info',
  });
}

const files = async (dir: string) => readdir(dir).catch(() => [] as string[]);

describe('a backend killed with SIGKILL in the middle of writes', () => {
  it('keeps every message it answered 200 for, whole and once, and sweeps the half-written files on start', async () => {
    const data = await tempDir();
    onTestFinished(data.remove);
    const messages = join(data.path, 'messages');
    const outbox = join(data.path, 'outbox');
    const answered = new Map<string, string>();
    let leftovers = 0;

    // A kill can land between writes: go again until one has left temp files behind.
    for (let round = 0; round < 8 && leftovers === 0; round++) {
      const backend = await startBackend(data.path);
      const sdk = sdkCallable(backend.port, 20_000);
      let next = 0;
      let killed = false;
      const worker = async () => {
        while (!killed) {
          const id = `crash-${round}-${String(next++).padStart(6, '0')}-${Date.now()}`;
          const message = `Burst message ${id}: we would like a small app for our book club, with reminders.`;
          try {
            await sdk.call({
              name: 'Ada Lovelace',
              email: 'ada@example.org',
              message,
              idempotencyKey: id,
              website: '',
            });
            if (!killed) answered.set(id, message);
          } catch {
            // in flight when the process died
          }
        }
      };
      const workers = Array.from({ length: 30 }, worker);
      // Let the burst get going, then kill it without a word.
      await expect
        .poll(() => answered.size, { timeout: 60_000, interval: 5 })
        .toBeGreaterThanOrEqual(40 * (round + 1));
      backend.child.kill('SIGKILL');
      killed = true;
      await Promise.all(workers);
      await sdk.close();
      // Local output: a short line per message, no structured DEBUG line per call.
      expect(backend.output()).toMatch(/^contact message stored \(id=crash-/m);
      expect(backend.output()).not.toMatch(/"severity"|DEBUG/);
      leftovers = [...(await files(messages)), ...(await files(outbox))].filter((n) =>
        TEMP.test(n),
      ).length;
    }
    expect(leftovers, 'no kill left a temp file behind').toBeGreaterThan(0);

    // A live writer's temp file (this process is alive) is not swept, unless older than the lease.
    const live = join(messages, `.live-writer.json.${process.pid}.abcdef.tmp`);
    const stale = join(messages, `.stale-writer.json.${process.pid}.fedcba.tmp`);
    await writeFile(live, '{"half');
    await writeFile(stale, '{"half');
    const anHourAgo = new Date(Date.now() - 3_600_000);
    await utimes(stale, anHourAgo, anHourAgo);

    const restarted = await startBackend(data.path);
    expect(restarted.output()).toMatch(/Removed \d+ half-written temp file/);
    expect((await files(messages)).filter((n) => TEMP.test(n))).toEqual([
      `.live-writer.json.${process.pid}.abcdef.tmp`,
    ]);
    expect((await files(outbox)).filter((n) => TEMP.test(n))).toEqual([]);

    const stored = (await files(messages)).filter((n) => n.endsWith('.json'));
    const records = await Promise.all(
      stored.map(
        async (n) => JSON.parse(await readFile(join(messages, n), 'utf8')) as ContactRecord,
      ),
    );
    for (const [i, record] of records.entries()) expect(`${record.id}.json`).toBe(stored[i]);
    const byId = new Map(records.map((r) => [r.id, r]));
    expect(answered.size).toBeGreaterThan(0);
    for (const [id, message] of answered) {
      expect(byId.get(id)?.message, id).toBe(message);
      expect(stored.filter((n) => n === `${id}.json`)).toHaveLength(1);
    }
    for (const eml of (await files(outbox)).filter((n) => n.endsWith('.eml')))
      expect(await readFile(join(outbox, eml), 'utf8')).toMatch(/\r\n\r\n[\s\S]*Burst message/);
  }, 120_000);
});
