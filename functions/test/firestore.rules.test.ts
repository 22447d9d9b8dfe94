/**
 * firestore.rules on the Cloud Firestore emulator, with @firebase/rules-unit-testing: no client
 * reads or writes any document, a signed-in owner of the inbox neither. Only the functions do
 * (firebase-admin bypasses the rules), and the inbox reads through its callable.
 */
import { readFileSync } from 'node:fs';
import {
  assertFails,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';

let env: RulesTestEnvironment;
beforeAll(async () => {
  const [host, port] = inject('firestoreEmulatorHost').split(':');
  env = await initializeTestEnvironment({
    projectId: `demo-rules-${Date.now()}`,
    firestore: {
      host,
      port: Number(port),
      rules: readFileSync(new URL('../../firestore.rules', import.meta.url), 'utf8'),
    },
  });
  await env.withSecurityRulesDisabled(async (admin) => {
    await admin.firestore().doc('contactMessages/seeded-message-0001').set({ name: 'Ada' });
  });
}, 60_000);
afterAll(() => env.cleanup());

describe('firestore.rules', () => {
  const owner = () =>
    env.authenticatedContext('owner', { email: 'hello@example.com', email_verified: true });
  for (const [who, context] of [
    ['a visitor', () => env.unauthenticatedContext()],
    ['a signed-in owner of the inbox', owner],
  ] as const) {
    it(`lets ${who} read and write nothing`, async () => {
      const db = context().firestore();
      await assertFails(db.doc('contactMessages/seeded-message-0001').get());
      await assertFails(db.collection('contactMessages').get());
      await assertFails(db.doc('contactMessages/new-message-0001').set({ name: 'Mallory' }));
      await assertFails(db.doc('contactMessages/seeded-message-0001').delete());
      await assertFails(db.doc('contactRateLimits/any').get());
      await assertFails(db.doc('contactSpamMarks/any').set({ marks: {} }));
    });
  }
});
