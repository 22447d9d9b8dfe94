/**
 * The two stores a backend test runs on: the file store in a folder of the test's own, and
 * FirestoreStore on the Firestore emulator the unit project started, in a `demo-` project of its
 * own that `close()` clears. Each comes with the env that opens the same store in a backend
 * process or in `npm run messages`.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { inject, onTestFinished } from 'vitest';
import { FileStore } from '../src/store/fileStore';
import { FirestoreStore } from '../src/store/firestoreStore';
import type { ContactStore } from '../src/store/types';
import { tempDir } from './harness';

interface OpenStore {
  store: ContactStore;
  /** The env a backend process or the messages tool opens the same store with. */
  env: Record<string, string>;
  /** The emulator's database, on the Firestore store. */
  firestore?: Firestore;
  close(): Promise<void>;
}

/** Deletes a project's documents through the emulator's REST call. */
export async function clearFirestoreEmulator(host: string, projectId: string): Promise<void> {
  const res = await fetch(
    `http://${host}/emulator/v1/projects/${projectId}/databases/(default)/documents`,
    { method: 'DELETE' },
  );
  if (!res.ok) {
    const body = (await res.text()).slice(0, 300);
    throw new Error(
      `Clearing ${projectId} in the Firestore emulator failed: ${res.status} ${body}`,
    );
  }
}

export interface StoreKit {
  name: string;
  open(dataDir: string): Promise<OpenStore>;
}

/** Both stores; `prefix` names the Firestore projects, e.g. `queue` for `demo-queue-1a2b3c4d`. */
export function storeKits(prefix: string): StoreKit[] {
  return [
    {
      name: 'file store',
      open: async (dir) => ({
        store: new FileStore(dir),
        env: { STORE: 'file' },
        close: async () => {},
      }),
    },
    {
      name: 'Firestore emulator',
      async open() {
        const host = inject('firestoreEmulatorHost');
        process.env.FIRESTORE_EMULATOR_HOST = host;
        const projectId = `demo-${prefix}-${randomUUID().slice(0, 8)}`;
        const app = initializeApp({ projectId }, projectId);
        const firestore = getFirestore(app);
        return {
          store: new FirestoreStore(firestore),
          env: {
            STORE: 'firestore',
            FIRESTORE_EMULATOR_HOST: host,
            VITE_FIREBASE_PROJECT_ID: projectId,
          },
          firestore,
          async close() {
            await deleteApp(app);
            await clearFirestoreEmulator(host, projectId);
          },
        };
      },
    },
  ];
}

/** A data folder of the test's own with `kit`'s store, both removed when the test ends. */
export async function openStore(kit: StoreKit) {
  const dir = await tempDir();
  const opened = await kit.open(dir.path);
  onTestFinished(async () => {
    await opened.close();
    await dir.remove();
  });
  return { ...opened, dataDir: dir.path };
}

const TOOL = fileURLToPath(new URL('../src/tools/messages.ts', import.meta.url));

/** `npm run messages -- …args` with `env` over this environment, logging at info. */
export function messagesTool(args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<{ code: number; out: string; err: string }>((ok) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', TOOL, ...args],
      { env: { ...process.env, LOG_LEVEL: 'info', ...env } },
      (error, out, err) => ok({ code: error ? Number(error.code) : 0, out, err }),
    );
  });
}
