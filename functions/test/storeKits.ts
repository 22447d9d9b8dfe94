/**
 * The two stores a backend test runs on: the file store in a folder of the test's own, and
 * FirestoreStore on the Firestore emulator the unit project started, in a `demo-` project of its
 * own that `close()` clears.
 */
import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { inject } from 'vitest';
import { FileStore } from '../src/store/fileStore';
import { FirestoreStore } from '../src/store/firestoreStore';
import type { ContactStore } from '../src/store/types';

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
  open(dataDir: string): Promise<{ store: ContactStore; close(): Promise<void> }>;
}

/** Both stores; `prefix` names the Firestore projects, e.g. `queue` for `demo-queue-1a2b3c4d`. */
export function storeKits(prefix: string): StoreKit[] {
  return [
    {
      name: 'file store',
      open: async (dir) => ({ store: new FileStore(dir), close: async () => {} }),
    },
    {
      name: 'Firestore store (emulator)',
      async open() {
        process.env.FIRESTORE_EMULATOR_HOST = inject('firestoreEmulatorHost');
        const projectId = `demo-${prefix}-${randomUUID().slice(0, 8)}`;
        const app = initializeApp({ projectId }, projectId);
        return {
          store: new FirestoreStore(getFirestore(app)),
          async close() {
            await deleteApp(app);
            await clearFirestoreEmulator(process.env.FIRESTORE_EMULATOR_HOST!, projectId);
          },
        };
      },
    },
  ];
}
