/**
 * The unit project's global setup: one Cloud Firestore emulator for the whole run (it takes
 * seconds to start), its host provided to the tests as `firestoreEmulatorHost`. A running one
 * named by FIRESTORE_EMULATOR_HOST is used instead. Not installed: the run fails, saying so.
 */
import type { TestProject } from 'vitest/node';
import { startFirestoreEmulator } from '../src/local/firestoreEmulator';

declare module 'vitest' {
  export interface ProvidedContext {
    /** 127.0.0.1:PORT of the Firestore emulator the unit tests share. */
    firestoreEmulatorHost: string;
  }
}

export default async function setup(project: TestProject) {
  const given = process.env.FIRESTORE_EMULATOR_HOST?.trim();
  if (given) {
    project.provide('firestoreEmulatorHost', given);
    return;
  }
  const emulator = await startFirestoreEmulator();
  project.provide('firestoreEmulatorHost', emulator.host);
  return () => emulator.stop();
}
