/**
 * The emulator serves any query without an index; production refuses one that lacks its
 * composite index. The indexes the store's queries need must be in firestore.indexes.json,
 * which firebase.json deploys.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  EXPIRED_CLAIMS_INDEX,
  INBOX_FOLDER_INDEX,
  OPEN_DESTINATIONS_INDEX,
  PENDING_BY_RECEIVED_INDEX,
  TTL_OVERRIDES,
} from '../src/store/firestoreStore';

const root = new URL('../../', import.meta.url);
const read = (file: string): unknown => JSON.parse(readFileSync(new URL(file, root), 'utf8'));

describe('firestore.indexes.json', () => {
  it('holds the composite indexes of the undelivered queries and of a page of an inbox folder', () => {
    const file = read('firestore.indexes.json') as {
      indexes: unknown[];
      fieldOverrides: unknown[];
    };
    expect(file.indexes).toContainEqual(EXPIRED_CLAIMS_INDEX);
    expect(file.indexes).toContainEqual(PENDING_BY_RECEIVED_INDEX);
    expect(file.indexes).toContainEqual(OPEN_DESTINATIONS_INDEX);
    expect(file.indexes).toContainEqual(INBOX_FOLDER_INDEX);
  });

  it('declares the TTL policies of retention, spent rate-limit buckets and expired challenges, queryable by the sweep', () => {
    const file = read('firestore.indexes.json') as { fieldOverrides: unknown[] };
    expect(file.fieldOverrides).toEqual(TTL_OVERRIDES);
    expect(TTL_OVERRIDES.map((o) => `${o.collectionGroup}.${o.fieldPath}`)).toEqual([
      'contactMessages.expireAt',
      'contactRateLimits.expiresAt',
      'contactChallenges.expiresAt',
    ]);
  });

  it('is deployed by firebase.json, with rules that let no client in', () => {
    const config = read('firebase.json') as { firestore?: { indexes?: string; rules?: string } };
    expect(config.firestore?.indexes).toBe('firestore.indexes.json');
    expect(config.firestore?.rules).toBe('firestore.rules');
    const rules = readFileSync(new URL('firestore.rules', root), 'utf8');
    expect(rules.replace(/\/\/.*$/gm, '')).toMatch(
      /match \/\{document=\*\*\} \{\s*allow read, write: if false;\s*\}/,
    );
  });
});
