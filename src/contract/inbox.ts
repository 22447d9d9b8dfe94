import { field, isRecord, refusalOf } from './read.ts';
import { IDEMPOTENCY_KEY } from './rules.ts';

/**
 * The studio's inbox (`/inbox`) and its one callable, `studioInbox`: each request names what to
 * do (`op`). The page and the function share these types and the one parser below.
 */

/** The inbox's callable: the function's export name and the name the page calls. */
export const INBOX_CALLABLE = 'studioInbox';

/** The folders, in the order the page shows them. `all` holds every kept message. */
export const INBOX_FOLDERS = ['new', 'handled', 'spam', 'all'] as const;
export type InboxFolder = (typeof INBOX_FOLDERS)[number];
/** The folder one message is in: every message is in `all` too. */
export type MessageFolder = Exclude<InboxFolder, 'all'>;

/** Messages in one page of a list, newest first. */
export const INBOX_PAGE_SIZE = 50;
/** The longest search the page sends. */
const INBOX_QUERY_MAX = 200;
/** The most messages one mark names by id (a page's worth, and then some). */
const INBOX_SELECTION_MAX = 500;

const INBOX_MARKS = ['handled', 'new', 'spam', 'not-spam'] as const;
export type InboxMark = (typeof INBOX_MARKS)[number];

/** One delivery of a message: its mail, or a destination by name (`slack`, `webhook_1a2b3c4d`). */
export interface InboxDelivery {
  channel: string;
  state: 'pending' | 'sending' | 'delivered' | 'failed' | 'spam';
  attempts: number;
  lastError: string | null;
  deliveredAt: string | null;
}

export interface InboxRow {
  id: string;
  name: string;
  email: string;
  /** The start of the text, on one line. */
  preview: string;
  receivedAt: string;
  folder: MessageFolder;
}

/** A message opened: all of it, with each delivery and, if it was flagged, why. */
export interface InboxMessage extends InboxRow {
  message: string;
  deliveries: InboxDelivery[];
  spamReasons: string[];
}

/** Messages named by id, or every message of a folder that matches a search ('' for all). */
export type InboxSelection = { ids: string[] } | { folder: InboxFolder; query: string };

export type InboxRequest =
  | { op: 'list'; folder: InboxFolder; query: string; cursor: string | null }
  | { op: 'open'; id: string }
  | { op: 'mark'; selection: InboxSelection; mark: InboxMark }
  | { op: 'retry'; id: string; channel: string }
  | { op: 'export'; folder: InboxFolder; query: string }
  | { op: 'visitor'; email: string; erase: boolean };

export interface InboxListAnswer {
  rows: InboxRow[];
  /** The cursor of the next page; null on the last. */
  next: string | null;
  /** How many messages each folder holds (a search narrows none of them). */
  counts: Record<InboxFolder, number>;
  /** How many messages the folder and search match. */
  matching: number;
}

export interface InboxVisitorAnswer {
  email: string;
  /** What is held about the address, or what was removed when `erased`. */
  messages: { id: string; receivedAt: string }[];
  rateLimitBuckets: number;
  erased: boolean;
  /** Everything held, as JSON: the visitor's copy (GDPR Art. 15). Empty once erased. */
  json: string;
}

export interface InboxAnswers {
  list: InboxListAnswer;
  open: { message: InboxMessage };
  mark: { changed: number };
  retry: { message: InboxMessage };
  export: { csv: string; fileName: string };
  visitor: InboxVisitorAnswer;
}

type Kind = 'string' | 'number' | 'boolean' | 'object' | 'array' | 'text-or-null';

/** Each op's answer: the kind of each of its fields. The compiler holds it to InboxAnswers. */
const ANSWER_FIELDS: { [Op in keyof InboxAnswers]: Record<keyof InboxAnswers[Op], Kind> } = {
  list: { rows: 'array', next: 'text-or-null', counts: 'object', matching: 'number' },
  open: { message: 'object' },
  mark: { changed: 'number' },
  retry: { message: 'object' },
  export: { csv: 'string', fileName: 'string' },
  visitor: {
    email: 'string',
    messages: 'array',
    rateLimitBuckets: 'number',
    erased: 'boolean',
    json: 'string',
  },
};

function ofKind(value: unknown, kind: Kind): boolean {
  if (kind === 'array') return Array.isArray(value);
  if (kind === 'object') return isRecord(value);
  if (kind === 'text-or-null') return value === null || typeof value === 'string';
  return typeof value === kind;
}

/** The answer of an `op`, its fields checked; null for anything that is not one. */
export function parseInboxAnswer<Op extends keyof InboxAnswers>(
  op: Op,
  data: unknown,
): InboxAnswers[Op] | null {
  if (!isRecord(data)) return null;
  const fields = Object.entries(ANSWER_FIELDS[op]) as [string, Kind][];
  return fields.every(([key, kind]) => ofKind(field(data, key), kind))
    ? (data as InboxAnswers[Op])
    : null;
}

/**
 * Why `studioInbox` refuses a request, in the error's `details.reason`; the server's message says
 * what to do. `signed-out`: no valid token; `not-owner`: an address not in INBOX_OWNERS; `gone`:
 * the message is no longer kept; `not-retryable`: its delivery is not failed or waiting;
 * `not-configured`: the destination is not set now; `pseudonyms`: the backend lacks the secret
 * that made the visitor's pseudonyms.
 */
const INBOX_REFUSALS = [
  'signed-out',
  'not-owner',
  'invalid',
  'gone',
  'not-retryable',
  'not-configured',
  'pseudonyms',
  'store-down',
] as const;
export type InboxRefusal = (typeof INBOX_REFUSALS)[number];

/** The reason of a refused `studioInbox` call; null for any other failure. */
export function inboxRefusalOf(error: unknown): InboxRefusal | null {
  return refusalOf(error, INBOX_REFUSALS);
}

type Parsed = { ok: true; request: InboxRequest } | { ok: false; message: string };

const CHANNEL = /^[A-Za-z0-9_-]{1,64}$/;

const isFolder = (v: unknown): v is InboxFolder =>
  typeof v === 'string' && (INBOX_FOLDERS as readonly string[]).includes(v);
const isQuery = (v: unknown): v is string => typeof v === 'string' && v.length <= INBOX_QUERY_MAX;
const isId = (v: unknown): v is string => typeof v === 'string' && IDEMPOTENCY_KEY.test(v);

function selection(v: unknown): InboxSelection | null {
  if (!isRecord(v)) return null;
  const ids = field(v, 'ids');
  if (ids !== undefined)
    return Array.isArray(ids) && ids.length <= INBOX_SELECTION_MAX && ids.every(isId)
      ? { ids: [...new Set(ids)] }
      : null;
  const folder = field(v, 'folder');
  const query = field(v, 'query');
  return isFolder(folder) && isQuery(query) ? { folder, query } : null;
}

/** The request the page sent, checked; anything else is refused with what is wrong. */
export function parseInboxRequest(data: unknown): Parsed {
  const refuse = (message: string): Parsed => ({ ok: false, message });
  if (!isRecord(data)) return refuse('Not a request.');
  const op = field(data, 'op');
  const get = (key: string) => field(data, key);
  switch (op) {
    case 'list': {
      const [folder, query, cursor] = [get('folder'), get('query'), get('cursor')];
      if (!isFolder(folder) || !isQuery(query)) return refuse('A list needs a folder and a query.');
      if (cursor !== null && (typeof cursor !== 'string' || cursor.length > 300))
        return refuse('Not a cursor.');
      return { ok: true, request: { op, folder, query, cursor } };
    }
    case 'open': {
      const id = get('id');
      return isId(id) ? { ok: true, request: { op, id } } : refuse('Not a message id.');
    }
    case 'mark': {
      const [sel, mark] = [selection(get('selection')), get('mark')];
      if (!sel || typeof mark !== 'string' || !(INBOX_MARKS as readonly string[]).includes(mark))
        return refuse('A mark needs a selection and one of: handled, new, spam, not-spam.');
      return { ok: true, request: { op, selection: sel, mark: mark as InboxMark } };
    }
    case 'retry': {
      const [id, channel] = [get('id'), get('channel')];
      if (!isId(id) || typeof channel !== 'string' || !CHANNEL.test(channel))
        return refuse('A retry needs a message id and a channel.');
      return { ok: true, request: { op, id, channel } };
    }
    case 'export': {
      const [folder, query] = [get('folder'), get('query')];
      if (!isFolder(folder) || !isQuery(query))
        return refuse('An export needs a folder and a query.');
      return { ok: true, request: { op, folder, query } };
    }
    case 'visitor': {
      const [email, erase] = [get('email'), get('erase')];
      if (typeof email !== 'string' || !email.includes('@') || email.length > 254)
        return refuse('Give the email address the visitor wrote with.');
      if (typeof erase !== 'boolean') return refuse('Say whether to erase.');
      return { ok: true, request: { op, email, erase } };
    }
    default:
      return refuse('Unknown request.');
  }
}
