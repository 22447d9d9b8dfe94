/**
 * The studio's inbox on the server: who may call it (owners, by a verified email), and what
 * each request does on the store. The page is `src/inbox/`; the wire is `src/contract/inbox.ts`.
 */
import {
  HttpsError,
  type CallableRequest,
  type FunctionsErrorCode,
} from 'firebase-functions/v2/https';
import { logger } from 'firebase-functions';
import { studio } from '../../../src/contract/company';
import {
  INBOX_PAGE_SIZE,
  parseInboxRequest,
  type InboxAnswers,
  type InboxFolder,
  type InboxRefusal,
  type InboxRequest,
  type InboxSelection,
} from '../../../src/contract/inbox';
import { canonicalEmail } from '../clientAddress';
import { storeDown } from '../contact';
import { deliver, deliverAll, destinationSenders } from '../delivery';
import type { Mailer } from '../mail';
import type { BackendSettings } from '../settings';
import {
  cursorText,
  deliveryOf,
  folderOf,
  inFolder,
  newestFirst,
  parseCursor,
  after,
  type ContactRecord,
  type InboxStore,
  type LimitStore,
  type MessageStore,
  type SpamMarkStore,
} from '../store/types';
import { eraseHeld, heldAbout, pseudonymProblem } from '../visitorData';
import { messagesCsv } from './csv';
import { judgeMessage } from '../spam/judge';
import { marked, matches, messageOf, rowOf } from './view';

/** The store's roles the inbox uses: the messages, their folders, spam marks, visitor data. */
type StudioStore = MessageStore & InboxStore & SpamMarkStore & LimitStore;

export interface InboxRuntime {
  store: StudioStore;
  mailer: Mailer;
  settings: BackendSettings;
  /** INBOX_OWNERS: the addresses that may open the inbox, canonical. */
  owners: string[];
  /** The local outbox, whose .eml copies an erase removes too; null deployed. */
  outboxDir: string | null;
  /** A deployed store, where the dev-only pseudonym key is never the backend's. */
  deployed: boolean;
  now?: () => Date;
}

type Env = Record<string, string | undefined>;

/**
 * INBOX_OWNERS, comma-separated: who may open the inbox. Locally it defaults to the studio's
 * email; deployed it must be set, or the inbox stays shut.
 */
export function inboxOwners(env: Env, place: 'local' | 'deployed'): string[] {
  const given = (env.INBOX_OWNERS ?? '')
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  if (given.some((a) => !/^[^@\s]+@[^@\s]+$/.test(a)))
    throw new Error('INBOX_OWNERS must hold email addresses, separated by commas');
  if (given.length === 0 && place === 'deployed')
    throw new Error('INBOX_OWNERS is not set: name the addresses that may open the inbox');
  return (given.length ? given : [studio.email]).map(canonicalEmail);
}

/** The error code (and so the HTTP status) each refusal is answered with. */
const REFUSAL_CODES: Record<InboxRefusal, FunctionsErrorCode> = {
  'signed-out': 'unauthenticated',
  'not-owner': 'permission-denied',
  invalid: 'invalid-argument',
  gone: 'not-found',
  'not-retryable': 'failed-precondition',
  'not-configured': 'failed-precondition',
  pseudonyms: 'failed-precondition',
  'store-down': 'unavailable',
};

/** Refuses the call for `reason`, with the message that says what to do. */
function refuse(reason: InboxRefusal, message: string): never {
  throw new HttpsError(REFUSAL_CODES[reason], message, { reason });
}

/** The owner making the call; `unauthenticated` with no valid token, `permission-denied` for anyone else. */
function ownerOf(auth: CallableRequest['auth'], owners: string[]): string {
  if (!auth) refuse('signed-out', 'Sign in to open the inbox.');
  const email = typeof auth.token.email === 'string' ? canonicalEmail(auth.token.email) : '';
  if (!email || auth.token.email_verified !== true || !owners.includes(email))
    refuse('not-owner', 'This address cannot open the inbox.');
  return email;
}

/** Every kept message of a folder that a search matches, newest first. */
async function matching(store: StudioStore, folder: InboxFolder, query: string) {
  return (await store.list())
    .filter((r) => inFolder(r, folder) && matches(r, query))
    .sort(newestFirst);
}

async function selected(store: StudioStore, selection: InboxSelection): Promise<string[]> {
  if ('ids' in selection) return selection.ids;
  return (await matching(store, selection.folder, selection.query)).map((r) => r.id);
}

async function list(
  store: StudioStore,
  request: Extract<InboxRequest, { op: 'list' }>,
): Promise<InboxAnswers['list']> {
  const cursor = parseCursor(request.cursor);
  const counts = await store.inboxCounts();
  let page: ContactRecord[];
  let total: number;
  if (request.query.trim()) {
    const all = await matching(store, request.folder, request.query);
    total = all.length;
    page = all.filter((r) => after(r, cursor)).slice(0, INBOX_PAGE_SIZE + 1);
  } else {
    total = counts[request.folder];
    page = await store.inboxPage(request.folder, cursor, INBOX_PAGE_SIZE + 1);
  }
  const rows = page.slice(0, INBOX_PAGE_SIZE);
  const last = rows.at(-1);
  return {
    rows: rows.map(rowOf),
    next: page.length > INBOX_PAGE_SIZE && last ? cursorText(last) : null,
    counts,
    matching: total,
  };
}

async function found(store: StudioStore, id: string, now: Date): Promise<ContactRecord> {
  const record = await store.get(id, now);
  if (!record) refuse('gone', 'This message is no longer kept.');
  return record;
}

type Op<K extends InboxRequest['op']> = Extract<InboxRequest, { op: K }>;

/** Marks the selected messages; the studio's word on spam teaches the filter. */
async function mark(request: Op<'mark'>, runtime: InboxRuntime, now: () => Date) {
  const { store, settings } = runtime;
  let changed = 0;
  for (const id of await selected(store, request.selection)) {
    if (request.mark === 'handled' || request.mark === 'new') {
      const mark = request.mark;
      if (await store.change(id, (r) => marked(r, mark, now()))) changed++;
      continue;
    }
    const before = await store.get(id, now());
    if (!before || (folderOf(before) === 'spam') === (request.mark === 'spam')) continue;
    // The studio's word teaches the filter; "not spam" on a held message sends it now.
    const judged = await judgeMessage(
      store,
      id,
      request.mark === 'spam' ? 'spam' : 'ham',
      settings,
    );
    if (!judged) continue;
    changed++;
    if (judged.released)
      await deliverAll(store, runtime.mailer, destinationSenders(settings), judged.after, {
        ...settings,
        now,
      });
  }
  return { changed };
}

/** Sends one failed or waiting delivery of a message again, now. */
async function retry(request: Op<'retry'>, runtime: InboxRuntime, now: () => Date) {
  const { store, settings } = runtime;
  const record = await found(store, request.id, now());
  const state = deliveryOf(record, request.channel)?.state;
  if (state !== 'failed' && state !== 'pending')
    refuse('not-retryable', 'Only a failed or waiting delivery is sent again.');
  const sender =
    request.channel === 'mail' ? runtime.mailer : destinationSenders(settings).get(request.channel);
  if (!sender) refuse('not-configured', `${request.channel} is not configured now.`);
  await store.requeue(record.id, now(), request.channel);
  await deliver(store, sender, record.id, { ...settings, now }, request.channel);
  return { message: messageOf(await found(store, record.id, now())) };
}

/** What is held about a visitor, as the visitor's copy, or erased. */
async function visitor(request: Op<'visitor'>, runtime: InboxRuntime) {
  const { store, settings } = runtime;
  const secret = settings.pseudonymSecret;
  const problem = await pseudonymProblem(store, secret, runtime.deployed);
  if (problem) refuse('pseudonyms', problem);
  const held = await heldAbout(store, request.email, secret);
  const summary = {
    email: request.email,
    messages: held.messages.map((r) => ({ id: r.id, receivedAt: r.receivedAt })),
    rateLimitBuckets: held.buckets.length,
  };
  if (!request.erase) {
    const json = JSON.stringify(
      { email: request.email, messages: held.messages, rateLimitBuckets: held.buckets },
      null,
      2,
    );
    return { ...summary, erased: false, json };
  }
  const removed = await eraseHeld(store, held, runtime.outboxDir);
  logger.info('inbox erased a visitor', { removed: removed.length });
  return { ...summary, erased: true, json: '' };
}

/** What one request does; the caller is an owner. */
async function run(request: InboxRequest, runtime: InboxRuntime): Promise<unknown> {
  const now = runtime.now ?? (() => new Date());
  const { store } = runtime;
  switch (request.op) {
    case 'list':
      return list(store, request);
    case 'open':
      return { message: messageOf(await found(store, request.id, now())) };
    case 'mark':
      return mark(request, runtime, now);
    case 'retry':
      return retry(request, runtime, now);
    case 'export': {
      const records = await matching(store, request.folder, request.query);
      const day = now().toISOString().slice(0, 10);
      return { csv: messagesCsv(records), fileName: `messages-${request.folder}-${day}.csv` };
    }
    case 'visitor':
      return visitor(request, runtime);
  }
}

/** The inbox callable's work: an owner's request, checked, then done. */
export async function handleInbox(
  request: CallableRequest<unknown>,
  runtime: InboxRuntime,
): Promise<unknown> {
  ownerOf(request.auth, runtime.owners);
  const parsed = parseInboxRequest(request.data);
  if (!parsed.ok) refuse('invalid', parsed.message);
  return run(parsed.request, runtime).catch(storeDown);
}
