/**
 * The local backend killed with SIGKILL in the middle of a retry pass, then started again on the
 * same data folder: every stored message is delivered, and only the one in flight when the
 * process died can be mailed twice (claims make every other one go once).
 */
import { describe, expect, it, onTestFinished } from 'vitest';
import { closedPort, header, sdkCallable, startBackend, startSmtp, waitFor } from './harness';
import { openStore, storeKits } from './storeKits';

/** The ids of the mails a slow SMTP server accepted, in order; it refuses "POISON" for good. */
async function startSlowSmtp(port: number, delayMs: number) {
  const smtp = await startSmtp(port, { refuse: 'POISON', delayMs });
  onTestFinished(smtp.close);
  return {
    get ids() {
      return smtp.received.map((mail) => header(mail.raw, 'X-Contact-Message-Id') ?? '');
    },
  };
}

describe.each(storeKits('retry-crash'))(
  'a backend on the $name killed with SIGKILL during a retry pass',
  (kit) => {
    const { name } = kit;
    it('loses nothing and mails at most the one message in flight twice', async () => {
      const { dataDir, env: storeEnv, store } = await openStore(kit);
      const port = await closedPort();
      const env: NodeJS.ProcessEnv = {
        ...storeEnv,
        DATA_DIR: dataDir,
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        RETRY_INTERVAL_MS: '3600000',
        RETRY_BASE_MS: '1',
        RETRY_MAX_DELAY_MS: '10',
        CLAIM_MS: '3000',
        RATE_LIMIT_PER_CLIENT: '100000',
        RATE_LIMIT_PER_EMAIL: '100000',
        LOG_LEVEL: 'info',
      };

      // The mail server is down: every message is stored and waits.
      const first = await startBackend(env);
      const sdk = sdkCallable(first.port);
      const ids: string[] = [];
      for (let i = 0; i < 30; i++) {
        const id = `retry-crash-${String(i).padStart(4, '0')}-${Date.now()}`;
        const text =
          i === 0
            ? `POISON ${'x'.repeat(60)}`
            : `Queued message ${id}: a small app for our book club.`;
        await sdk.call({
          name: 'Ada Lovelace',
          email: 'ada@example.org',
          message: text,
          idempotencyKey: id,
          website: '',
        });
        ids.push(id);
      }
      await sdk.close();
      await first.stop();

      // It comes back, slow; a retry pass starts and is killed part-way.
      const mails = await startSlowSmtp(port, 100);
      const passing = await startBackend({ ...env, RETRY_INTERVAL_MS: '200' });
      await waitFor(async () => mails.ids.length >= 10, 30_000);
      passing.child.kill('SIGKILL');
      await passing.stop();
      const beforeRestart = mails.ids.length;
      expect(passing.output()).toMatch(
        new RegExp(`contact mail failed for good.*id=${ids[0]}`, 's'),
      );

      await startBackend({ ...env, RETRY_INTERVAL_MS: '200' });
      const records = await waitFor(async () => {
        const all = await store.list();
        return all.every((r) => ['delivered', 'failed'].includes(r.delivery.state)) && all;
      }, 60_000);

      const counts = new Map<string, number>();
      for (const id of mails.ids) counts.set(id, (counts.get(id) ?? 0) + 1);
      const twice = [...counts].filter(([, c]) => c > 1);
      console.log(
        `${name}: retry pass killed after ${beforeRestart} of ${ids.length - 1} mails: ${records.length} stored, ` +
          `${records.filter((r) => r.delivery.state === 'delivered').length} delivered, ` +
          `${records.filter((r) => r.delivery.state === 'failed').length} failed (the poison), ` +
          `${twice.length} mailed twice`,
      );
      expect(records).toHaveLength(ids.length);
      expect(records.find((r) => r.id === ids[0])?.delivery.state).toBe('failed');
      for (const id of ids.slice(1)) expect(counts.get(id), id).toBeGreaterThanOrEqual(1);
      expect(twice.length).toBeLessThanOrEqual(1);
    }, 120_000);
  },
);
