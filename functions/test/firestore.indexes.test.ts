/**
 * The emulator serves any query without an index; production refuses one that lacks its
 * composite index. The indexes the store's queries need must be in firestore.indexes.json,
 * which firebase.json deploys.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** A composite index on contactMessages, its fields in order. */
const index = (...fields: [string, 'ASCENDING' | 'DESCENDING'][]) => ({
  collectionGroup: 'contactMessages',
  queryScope: 'COLLECTION',
  fields: fields.map(([fieldPath, order]) => ({ fieldPath, order })),
});
/** The TTL policies, each with the ascending index the retention sweep queries. */
const TTL_OVERRIDES = [
  ['contactMessages', 'expireAt'],
  ['contactRateLimits', 'expiresAt'],
  ['contactChallenges', 'expiresAt'],
].map(([collectionGroup, fieldPath]) => ({
  collectionGroup,
  fieldPath,
  ttl: true,
  indexes: [{ order: 'ASCENDING', queryScope: 'COLLECTION' }],
}));

const root = new URL('../../', import.meta.url);
const read = (file: string): unknown => JSON.parse(readFileSync(new URL(file, root), 'utf8'));

describe('firestore.indexes.json', () => {
  it('holds the composite indexes of the undelivered queries and of a page of an inbox folder', () => {
    const file = read('firestore.indexes.json') as {
      indexes: unknown[];
      fieldOverrides: unknown[];
    };
    // The store's queries: expired claims, pending oldest first, open destinations oldest
    // first, and a page of one inbox folder newest first.
    expect(file.indexes).toContainEqual(
      index(['delivery.state', 'ASCENDING'], ['delivery.claimedUntil', 'ASCENDING']),
    );
    expect(file.indexes).toContainEqual(
      index(['delivery.state', 'ASCENDING'], ['receivedAt', 'ASCENDING']),
    );
    expect(file.indexes).toContainEqual(
      index(['destinationsOpen', 'ASCENDING'], ['receivedAt', 'ASCENDING']),
    );
    expect(file.indexes).toContainEqual(
      index(['folder', 'ASCENDING'], ['receivedAt', 'DESCENDING'], ['__name__', 'DESCENDING']),
    );
  });

  it('declares the TTL policies of retention, spent rate-limit buckets and expired challenges, queryable by the sweep', () => {
    const file = read('firestore.indexes.json') as { fieldOverrides: unknown[] };
    expect(file.fieldOverrides).toEqual(TTL_OVERRIDES);
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
