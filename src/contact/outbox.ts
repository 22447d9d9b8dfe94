/** The outbox: messages the network could not carry, kept in IndexedDB and sent again (docs/contact.md). */
import { createStore as createIdbStore, del, entries, get, set, type UseStore } from 'idb-keyval';
import type { ContactPayload } from '../contract/contact';
import { clearDraft, draftText, parseDraft } from './draft';
import { markOutbox } from './outboxHint';

export interface QueuedMessage {
  payload: ContactPayload;
  queuedAt: number;
  serverTries: number;
}

export type Delivery = { key: string; sent: true } | { key: string; sent: false; message: string };

export const RETRY_FIRST_MS = 5_000;
export const RETRY_MAX_MS = 60_000;
/** A server that keeps answering busy or failing for one message: it is refused after this many. */
export const MAX_SERVER_TRIES = 8;

let waitingCount = 0;
const countListeners = new Set<() => void>();

/** How many messages wait (for the staff mark on a kiosk; a useSyncExternalStore snapshot). */
export const waitingMessages = (): number => waitingCount;

/** Calls `listener` whenever the waiting count changes; returns the unsubscribe. */
export function onWaitingChange(listener: () => void): () => void {
  countListeners.add(listener);
  return () => countListeners.delete(listener);
}

let db: UseStore | null | undefined;
function store(): UseStore | null {
  if (db === undefined) {
    try {
      db = typeof indexedDB === 'undefined' ? null : createIdbStore('bluestem-contact', 'outbox');
    } catch {
      db = null;
    }
  }
  return db;
}

const listeners = new Set<(delivery: Delivery) => void>();
/** What became of each message this page saw leave, for a form that subscribes late. */
const outcomes = new Map<string, Delivery>();

function settle(delivery: Delivery): void {
  outcomes.set(delivery.key, delivery);
  // A message sent from another page: the draft it came from is done with too.
  if (delivery.sent && parseDraft(draftText()).idempotencyKey === delivery.key) clearDraft();
  for (const listener of listeners) listener(delivery);
}

/** Calls `listener` with each message that leaves the outbox; returns the unsubscribe. */
export function onDelivery(listener: (delivery: Delivery) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

async function queued(db: UseStore): Promise<QueuedMessage[]> {
  const all = await entries<string, QueuedMessage>(db);
  return all.map(([, m]) => m).sort((a, b) => a.queuedAt - b.queuedAt);
}

async function recount(db: UseStore): Promise<number> {
  const waiting = (await queued(db)).length;
  if (waiting !== waitingCount) {
    waitingCount = waiting;
    for (const listener of countListeners) listener();
  }
  if (waiting === 0) markOutbox(false);
  return waiting;
}

/** Where a message is: waiting in the outbox, left it (sent or refused) during this page, or neither. */
export async function statusOf(key: string): Promise<'queued' | Delivery | null> {
  const left = outcomes.get(key);
  if (left) return left;
  const db = store();
  if (!db) return null;
  try {
    return (await get<QueuedMessage>(key, db)) ? 'queued' : null;
  } catch {
    return null;
  }
}

/** Keeps a message the network could not carry. Resolves false when the device cannot keep it. */
export async function enqueue(payload: ContactPayload): Promise<boolean> {
  const db = store();
  if (!db) return false;
  try {
    markOutbox(true);
    await set(payload.idempotencyKey, { payload, queuedAt: Date.now(), serverTries: 0 }, db);
    outcomes.delete(payload.idempotencyKey);
    await recount(db);
  } catch (error) {
    console.warn('The outbox could not keep a message on this device:', error);
    return false;
  }
  listen();
  schedule(); // the call just failed: the first try waits for the network or the timer
  return true;
}

let flushing: Promise<void> | null = null;
let retries = 0;
let timer: ReturnType<typeof setTimeout> | undefined;

/** Sends what waits, oldest first, once at a time; a call while one runs joins it. */
export function flush(): Promise<void> {
  return (flushing ??= sendQueued().finally(() => (flushing = null)));
}

async function sendQueued(): Promise<void> {
  const db = store();
  if (!db) return;
  clearTimeout(timer);
  let waiting: QueuedMessage[];
  try {
    waiting = await queued(db);
  } catch {
    return; // IndexedDB refused (private mode): nothing was ever queued here.
  }
  if (waiting.length > 0) {
    let client: typeof import('./client') | null = null;
    try {
      client = await import('./client');
    } catch {
      // The client's chunk did not load: the network is still down.
    }
    for (const message of client ? waiting : []) {
      const key = message.payload.idempotencyKey;
      const outcome = await client!.callContact(message.payload);
      if (outcome.failure === 'unreachable') break; // the rest would fail alike
      if (outcome.failure === null) {
        await del(key, db);
        retries = 0;
        settle({ key, sent: true });
      } else if (outcome.failure === 'transient' && message.serverTries + 1 < MAX_SERVER_TRIES) {
        await set(key, { ...message, serverTries: message.serverTries + 1 }, db);
      } else {
        console.error(
          `The server refused a queued contact message for good; it left the outbox (${key}):`,
          outcome.result.message,
          outcome.error,
        );
        await del(key, db);
        settle({ key, sent: false, message: outcome.result.message });
      }
    }
  }
  if ((await recount(db)) > 0) schedule();
}

function schedule(): void {
  clearTimeout(timer);
  const delay = Math.min(RETRY_FIRST_MS * 2 ** retries, RETRY_MAX_MS) * (0.8 + Math.random() * 0.4);
  retries = Math.min(retries + 1, 16);
  timer = setTimeout(() => void flush(), delay);
}

let listening = false;
function listen(win: Window = window): void {
  if (listening) return;
  listening = true;
  win.addEventListener('online', () => {
    retries = 0;
    void flush();
  });
}

/** Sends what waits now, and again whenever the network comes back. */
export function startOutbox(win: Window = window): void {
  listen(win);
  void flush();
}
