/**
 * The two stores a backend test runs on: the file store in a folder of the test's own, and
 * FirestoreStore on the Firestore emulator the unit project started, in a `demo-` project of its
 * own that `close()` clears.
 */
import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { inject } from 'vitest';
import { clearFirestoreEmulator } from '../src/local/firestoreEmulator';
import { FileStore } from '../src/store/fileStore';
import { FirestoreStore } from '../src/store/firestoreStore';
import type { ContactStore } from '../src/store/types';

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
