/**
 * The production store under a crash: `npm run backend` with STORE=firestore on the Firestore
 * emulator, mailing to a real SMTP server on loopback, killed with SIGKILL in the middle of a
 * burst of calls through the real web SDK, then started again on the same emulator. Every call
 * answered success is stored once and whole, and delivered after the restart; a mail is sent
 * twice only when the killed process had sent it and died before recording that (at-least-once:
 * the Message-ID, the same on both, lets the inbox show it once).
 */
import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { describe, expect, inject, it, onTestFinished } from 'vitest';
import { clearFirestoreEmulator } from './storeKits';
import type { ContactRecord } from '../src/store/types';
import { header, sdkCallable, startBackend, startSmtp, tempDir, waitFor } from './harness';

/** The collection that holds the messages. */
const MESSAGES = 'contactMessages';

/** The dead sender's claims run out this fast here (2 minutes by default). */
const CLAIM_MS = 3000;

describe('STORE=firestore: a backend killed with SIGKILL mid-burst, restarted on the same emulator', () => {
  it('keeps every answered message once and whole, delivers all of them, mails none twice but the crash window', async () => {
    const host = inject('firestoreEmulatorHost');
    process.env.FIRESTORE_EMULATOR_HOST = host;
    const projectId = `demo-crash-${randomUUID().slice(0, 8)}`;
    const data = await tempDir();
    onTestFinished(data.remove);
    const smtp = await startSmtp();
    onTestFinished(smtp.close);
    // The store holds no transaction, so a killed process leaves no lock and the clear succeeds.
    onTestFinished(() => clearFirestoreEmulator(host, projectId));
    const env: NodeJS.ProcessEnv = {
      STORE: 'firestore',
      FIRESTORE_EMULATOR_HOST: host,
      VITE_FIREBASE_PROJECT_ID: projectId,
      BACKEND_PORT: '0',
      DATA_DIR: data.path,
      SMTP_URL: smtp.url,
      CLAIM_MS: String(CLAIM_MS),
      RETRY_INTERVAL_MS: '3600000',
      RATE_LIMIT_PER_CLIENT: '100000',
      RATE_LIMIT_PER_EMAIL: '100000',
      LOG_LEVEL: 'info',
    };

    const backend = await startBackend(env);
    const sdk = sdkCallable(backend.port, 30_000);
    const answered = new Map<string, string>();
    let next = 0;
    let killed = false;
    const worker = async () => {
      while (!killed) {
        const id = `fs-crash-${String(next++).padStart(6, '0')}-${randomUUID().slice(0, 8)}`;
        const message = `Burst message ${id}: we would like a small app for our book club, with reminders.`;
        try {
          await sdk.call({
            name: 'Ada Lovelace',
            // One email bucket per call: only the client's bucket is shared by the burst.
            email: `ada+${id}@example.org`,
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
    const burstStart = Date.now();
    const workers = Array.from({ length: 4 }, worker);
    await expect
      .poll(() => answered.size, { timeout: 60_000, interval: 5 })
      .toBeGreaterThanOrEqual(20);
    backend.child.kill('SIGKILL');
    killed = true;
    await Promise.all(workers);
    await sdk.close();
    const burstMs = Date.now() - burstStart;
    expect(backend.output()).toMatch(/^contact message stored \(id=fs-crash-/m);

    // What the killed process mailed, before anything else could send.
    const keyOf = (raw: string) => header(raw, 'X-Contact-Message-Id') ?? '';
    const mailedBeforeRestart = new Set(smtp.received.map((m) => keyOf(m.raw)));
    const restartedAt = Date.now();
    await startBackend({ ...env, RETRY_INTERVAL_MS: '500' });

    const app = initializeApp({ projectId }, `crash-check-${projectId}`);
    onTestFinished(() => deleteApp(app));
    const stored = async () =>
      (await getFirestore(app).collection(MESSAGES).get()).docs.map(
        (d) => d.data() as ContactRecord,
      );
    const records = await waitFor(async () => {
      const all = await stored();
      return (
        all.length >= answered.size && all.every((r) => r.delivery.state === 'delivered') && all
      );
    }, 60_000);
    const deliverMs = Date.now() - restartedAt;

    const byId = new Map(records.map((r) => [r.id, r]));
    const lost = [...answered.keys()].filter((id) => byId.get(id)?.message !== answered.get(id));
    const mails = new Map<string, number>();
    for (const m of smtp.received) mails.set(keyOf(m.raw), (mails.get(keyOf(m.raw)) ?? 0) + 1);
    const duplicates = [...mails].filter(([, count]) => count > 1).map(([id]) => id);
    console.log(
      `Firestore crash: ${answered.size} accepted in ${burstMs} ms, ${records.length} stored ` +
        `(${records.length - answered.size} more were in flight), ${lost.length} lost, ` +
        `${smtp.received.length} mails for ${mails.size} keys, ${duplicates.length} duplicate(s), ` +
        `everything delivered ${deliverMs} ms after the restart (claims of ${CLAIM_MS} ms)`,
    );

    expect(lost).toEqual([]);
    expect(records.length).toBe(byId.size);
    for (const r of records) expect(mails.get(r.id), r.id).toBeGreaterThanOrEqual(1);
    // A second mail only for a message the dead process had mailed without recording it.
    for (const id of duplicates) {
      expect(mails.get(id), id).toBe(2);
      expect(mailedBeforeRestart.has(id), id).toBe(true);
    }
  }, 180_000);
});
