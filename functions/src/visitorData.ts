/**
 * What is held about one visitor, found by email address, and its erasure: the studio's tool
 * (`npm run messages -- export|erase`) and the inbox use these, so both find and remove the same.
 */
import { join } from 'node:path';
import { canonicalEmail, clientBucket, emailBucket, pseudonymKeyId } from './clientAddress';
import { DEV_PSEUDONYM_SECRET } from './settings';
import { setSpamMark } from './spam/marks';
import { removeIfThere } from './store/durableFile';
import type {
  ContactRecord,
  InboxStore,
  LimitStore,
  RateBucket,
  SpamMarkStore,
} from './store/types';

export interface Held {
  messages: ContactRecord[];
  buckets: RateBucket[];
}

/**
 * The messages and rate-limit buckets held about one address, matched as the form stores it
 * (canonicalEmail). A client's bucket may also count other visitors' messages (one network, one
 * address): it is shown with this visitor's keys only, and erase takes only those out of it.
 */
export async function heldAbout(
  store: InboxStore & LimitStore,
  email: string,
  secret: string,
): Promise<Held> {
  const wanted = canonicalEmail(email);
  const messages = (await store.list()).filter((r) => canonicalEmail(r.email) === wanted);
  const ids = new Set(messages.map((r) => r.id));
  const buckets: RateBucket[] = [];
  const own = await store.bucket(emailBucket(secret, wanted));
  if (own) buckets.push(own);
  for (const name of new Set(messages.map((r) => clientBucket(r.clientHash)))) {
    const shared = await store.bucket(name);
    const keys = shared?.keys.filter((k) => ids.has(k)) ?? [];
    if (shared && keys.length > 0) buckets.push({ ...shared, keys });
  }
  return { messages, buckets };
}

/**
 * Why an address's buckets cannot be found with `secret`, or null: the records name the secret
 * that made their pseudonyms (pseudonymKeyId), and this one is not it. `deployed`: a deployed
 * store, where the dev-only key is never the backend's.
 */
export async function pseudonymProblem(
  store: InboxStore,
  secret: string,
  deployed: boolean,
): Promise<string | null> {
  const mine = pseudonymKeyId(secret);
  const other = (await store.list()).some((r) => r.pseudonymKey && r.pseudonymKey !== mine);
  if (!other && !(deployed && secret === DEV_PSEUDONYM_SECRET)) return null;
  return secret === DEV_PSEUDONYM_SECRET
    ? "PSEUDONYM_SECRET is not set, and the backend has one: without it the tool cannot find an address's rate-limit buckets. Set PSEUDONYM_SECRET to the backend's value and run again."
    : "PSEUDONYM_SECRET is not the backend's: with it the tool cannot find an address's rate-limit buckets. Set it to the backend's value and run again.";
}

/** Removes what `held` names, and each message's outbox mail in `outboxDir`; what went, a line each. */
export async function eraseHeld(
  store: InboxStore & LimitStore & SpamMarkStore,
  held: Held,
  outboxDir: string | null,
): Promise<string[]> {
  const removed: string[] = [];
  for (const r of held.messages) {
    if (await store.remove(r.id)) removed.push(`message ${r.id}`);
    // What the spam filter learnt from the message (hashed words) goes with it.
    if (r.spam?.mark) await setSpamMark(store, r.id, null);
    if (outboxDir && (await removeIfThere(join(outboxDir, `${r.id}.eml`))))
      removed.push(`outbox mail ${r.id}.eml`);
  }
  for (const b of held.buckets) {
    const outcome = await store.forgetKeys(b.name, b.keys);
    if (outcome === 'removed') removed.push(`rate-limit bucket ${b.name}`);
    if (outcome === 'reduced')
      removed.push(`${b.keys.length} key(s) from the shared rate-limit bucket ${b.name}`);
  }
  return removed;
}
