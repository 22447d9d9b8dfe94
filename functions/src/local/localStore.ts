import { resolve } from 'node:path';
import { LOCAL_PROJECT_ID } from '../../../src/contract/project';
import { FileStore } from '../store/fileStore';
import { FirestoreStore } from '../store/firestoreStore';
import type { ContactStore } from '../store/types';
import { startFirestoreEmulator } from './firestoreEmulator';

export type StoreKind = 'file' | 'firestore';

export interface LocalStore {
  kind: StoreKind;
  store: ContactStore;
  where: string;
  close(): Promise<void>;
}

/** The STORE setting: `file` when unset. */
export function storeKind(env: NodeJS.ProcessEnv = process.env): StoreKind {
  const raw = env.STORE?.trim().toLowerCase() || 'file';
  if (raw !== 'file' && raw !== 'firestore')
    throw new Error(`STORE must be "file" or "firestore", got "${env.STORE}"`);
  return raw;
}

/** The store STORE names: files, or FirestoreStore on an emulator, never a real project. */
export async function openLocalStore(options: {
  kind: StoreKind;
  dataDir: string;
  env?: NodeJS.ProcessEnv;
}): Promise<LocalStore> {
  const env = options.env ?? process.env;
  if (options.kind === 'file') {
    const dir = resolve(options.dataDir, 'messages');
    return {
      kind: 'file',
      store: new FileStore(options.dataDir),
      where: dir,
      close: async () => {},
    };
  }
  const given = env.FIRESTORE_EMULATOR_HOST?.trim();
  const emulator = given ? null : await startFirestoreEmulator();
  const host = given || emulator!.host;
  // firebase-admin reads it when its Firestore client is made: set before, never unset.
  process.env.FIRESTORE_EMULATOR_HOST = host;
  try {
    const { deleteApp, initializeApp } = await import('firebase-admin/app');
    const { getFirestore } = await import('firebase-admin/firestore');
    const projectId = env.VITE_FIREBASE_PROJECT_ID?.trim() || LOCAL_PROJECT_ID;
    const app = initializeApp({ projectId }, 'local-backend');
    return {
      kind: 'firestore',
      store: new FirestoreStore(getFirestore(app)),
      where: `Firestore emulator ${host}${emulator ? ' (started here)' : ''}, project ${projectId}`,
      async close() {
        await deleteApp(app);
        await emulator?.stop();
      },
    };
  } catch (error) {
    await emulator?.stop();
    throw error;
  }
}
