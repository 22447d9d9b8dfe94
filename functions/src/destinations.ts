import { createHash } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { spamNote } from './spam/note';
import { studio } from '../../src/contract/company';
import type { ContactRecord } from './store/types';

/** Where an accepted message goes besides the mail, from settings only (docs/contact.md). */
type DestinationKind = 'webhook' | 'slack' | 'discord';

export interface Destination {
  /** Stable while the URL stays: `slack`, `discord`, or `webhook_` and 8 hex digits of its URL's hash. */
  name: string;
  kind: DestinationKind;
  /** Never logged: Slack and Discord URLs hold their token. */
  url: string;
}

/** Deployed, only https: URLs; the local backend also takes http://127.0.0.1 (a receiver on loopback). */
export type Place = 'deployed' | 'local';

/** Discord refuses content longer than this. */
const DISCORD_MAX = 2000;

const WEBHOOK_SECRET = /^whsec_([A-Za-z0-9+/]+={0,2})$/;
const WEBHOOK_SECRET_BYTES = { min: 24, max: 64 };

const ANSWER_READ_BYTES = 4 * 1024;

type Env = Record<string, string | undefined>;

/** A setting's value; empty, or `none` (a Firebase secret cannot be empty), means unset. */
function setting(env: Env, key: string): string {
  const value = env[key]?.trim() ?? '';
  return value.toLowerCase() === 'none' ? '' : value;
}

function checkedUrl(raw: string, key: string, place: Place): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    // The value itself stays out of the message: it may hold a token.
    throw new Error(`${key} holds something that is not a URL`);
  }
  // fetch refuses such a URL, and a token belongs in the path or the secret, not in the URL's user.
  if (url.username || url.password) throw new Error(`${key} must not hold a user name or password`);
  if (url.protocol === 'https:') return url.href;
  if (place === 'local' && url.protocol === 'http:' && url.hostname === '127.0.0.1')
    return url.href;
  throw new Error(
    place === 'local'
      ? `${key} must hold https: URLs (or http://127.0.0.1 locally)`
      : `${key} must hold https: URLs`,
  );
}

/** Throws unless the `standardwebhooks` signer takes `secret`: a bad one stops the start. */
function checkWebhookSecret(secret: string): void {
  const base64 = WEBHOOK_SECRET.exec(secret)?.[1];
  const bytes = base64 === undefined ? null : Buffer.from(base64, 'base64');
  if (!bytes || bytes.toString('base64') !== base64)
    throw new Error('WEBHOOK_SECRET must be whsec_ followed by base64');
  const { min, max } = WEBHOOK_SECRET_BYTES;
  if (bytes.length < min || bytes.length > max)
    throw new Error(
      `WEBHOOK_SECRET must hold ${min} to ${max} random bytes; it holds ${bytes.length}`,
    );
  new Webhook(secret);
}

export function destinationSettings(
  env: Env,
  place: Place,
): { destinations: Destination[]; webhookSecret: string | null } {
  const destinations: Destination[] = [];
  const webhooks = setting(env, 'WEBHOOK_URLS')
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean);
  for (const raw of webhooks) {
    const url = checkedUrl(raw, 'WEBHOOK_URLS', place);
    const name = `webhook_${createHash('sha256').update(url).digest('hex').slice(0, 8)}`;
    if (!destinations.some((d) => d.name === name))
      destinations.push({ name, kind: 'webhook', url });
  }
  const secret = setting(env, 'WEBHOOK_SECRET');
  if (destinations.length > 0 && !secret)
    throw new Error('WEBHOOK_URLS needs WEBHOOK_SECRET (whsec_ and base64)');
  if (secret) checkWebhookSecret(secret);
  for (const kind of ['slack', 'discord'] as const) {
    const key = `${kind.toUpperCase()}_WEBHOOK_URL`;
    const url = setting(env, key);
    if (url) destinations.push({ name: kind, kind, url: checkedUrl(url, key, place) });
  }
  return { destinations, webhookSecret: secret || null };
}

/** Slack's mrkdwn: only &, < and > are special; escaped, visitor text makes no link or mention. */
function slackEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Discord's markdown: a backslash before each mark, so visitor text makes no link or mention. */
function discordEscape(text: string): string {
  return text.replace(/[\\*_~`|[\]()<>#@:-]/g, '\\$&');
}

const TITLE = `A message from the ${studio.name} website contact form.`;

/** The title line, marked "[Spam?]" with the reasons when SPAM_ACTION=tag flagged the message. */
function title(record: ContactRecord): string {
  const why = spamNote(record);
  return why ? `[Spam?] ${TITLE}\n${why}` : TITLE;
}

function webhookBody(record: ContactRecord): string {
  return JSON.stringify({
    type: 'contact.message',
    timestamp: record.receivedAt,
    data: {
      id: record.id,
      name: record.name,
      email: record.email,
      message: record.message,
      receivedAt: record.receivedAt,
      ...(spamNote(record) && {
        spam: { score: record.spam!.score, reasons: record.spam!.reasons },
      }),
    },
  });
}

function slackBody(record: ContactRecord): string {
  const text = [
    slackEscape(title(record)),
    `Name: ${slackEscape(record.name)}`,
    `Email: ${slackEscape(record.email)}`,
    '',
    slackEscape(record.message),
  ].join('\n');
  return JSON.stringify({ text });
}

/** Cuts escaped text to `max` code points without leaving half of an escape. */
function cut(text: string, max: number): string {
  const points = Array.from(text);
  if (points.length <= max) return text;
  let kept = points.slice(0, max);
  // A run of backslashes of odd length at the end is an escape cut in two.
  const trailing = /\\+$/.exec(kept.join(''))?.[0].length ?? 0;
  if (trailing % 2 === 1) kept = kept.slice(0, -1);
  return kept.join('');
}

function discordBody(record: ContactRecord): string {
  const head = [
    discordEscape(title(record)),
    `Name: ${discordEscape(record.name)}`,
    `Email: ${discordEscape(record.email)}`,
    '',
    '',
  ].join('\n');
  const more = `\n… (cut; the mail holds the whole message, id ${discordEscape(record.id)})`;
  const message = discordEscape(record.message);
  const room = DISCORD_MAX - Array.from(head).length;
  const content =
    Array.from(message).length <= room
      ? head + message
      : head + cut(message, room - Array.from(more).length) + more;
  return JSON.stringify({ content, allowed_mentions: { parse: [] } });
}

/** HTTP 410 Gone: never send this message to this destination again. */
class GoneError extends Error {
  override name = 'GoneError';
  readonly permanent = true;
}

/** An answer with `Retry-After` (Slack's and Discord's 429, a 503): the next try waits so long. */
class RetryLaterError extends Error {
  override name = 'RetryLaterError';
  constructor(
    message: string,
    readonly retryAfterMs: number,
  ) {
    super(message);
  }
}

/** The wait a `Retry-After` header asks for, in ms: seconds or an HTTP date (RFC 9110, 10.2.3). */
function retryAfterMs(value: string | null, now: Date): number | null {
  const text = value?.trim() ?? '';
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = /^[A-Za-z]{3}, /.test(text) ? Date.parse(text) : Number.NaN;
  return Number.isNaN(date) ? null : Math.max(0, date - now.getTime());
}

/** Sends one message to one destination; the `signal` ends it at the send deadline. */
export interface Sender {
  send(record: ContactRecord, signal?: AbortSignal): Promise<void>;
}

/**
 * Reads at most ANSWER_READ_BYTES of an answer's body, so a huge answer or a compression bomb costs
 * nothing; reading a small answer to its end lets the connection be used again.
 */
async function drainAnswer(response: Response): Promise<void> {
  const reader = response.body?.getReader();
  if (!reader) return;
  try {
    for (let size = 0; size < ANSWER_READ_BYTES;) {
      const { done, value } = await reader.read();
      if (done) return;
      size += value.length;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}

/** Why a fetch failed, in words that never hold the URL. */
function networkError(error: unknown, signal: AbortSignal | undefined): Error {
  if (signal?.aborted) return new Error('no answer before the send deadline');
  const cause = (error as { cause?: { code?: unknown } }).cause;
  const code = typeof cause?.code === 'string' ? cause.code : (error as Error).name;
  return new Error(`no answer: ${code}`);
}

export function destinationSender(
  destination: Destination,
  webhookSecret: string | null,
  clock: () => Date = () => new Date(),
): Sender {
  let signer: Webhook | undefined;
  return {
    async send(record, signal) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      let body: string;
      if (destination.kind === 'webhook') {
        if (!webhookSecret) throw new Error('WEBHOOK_SECRET is not set');
        // Made on the first send: a secret the signer refuses is this destination's error alone.
        signer ??= new Webhook(webhookSecret);
        body = webhookBody(record);
        // The same id on every attempt: the receiver's key for dropping repeats.
        const id = `msg_${record.id}`;
        const at = clock();
        headers['webhook-id'] = id;
        headers['webhook-timestamp'] = String(Math.floor(at.getTime() / 1000));
        headers['webhook-signature'] = signer.sign(id, at, body);
      } else {
        body = destination.kind === 'slack' ? slackBody(record) : discordBody(record);
      }
      let response: Response;
      try {
        // Redirects are not followed: a destination is the URL the settings name.
        response = await fetch(destination.url, {
          method: 'POST',
          headers,
          body,
          redirect: 'manual',
          signal,
        });
      } catch (error) {
        throw networkError(error, signal);
      }
      await drainAnswer(response).catch(() => {});
      if (response.status === 410) throw new GoneError('HTTP 410 Gone: not sent there again');
      if (response.status >= 200 && response.status <= 299) return;
      const wait = retryAfterMs(response.headers.get('retry-after'), clock());
      if (wait === null) throw new Error(`HTTP ${response.status}`);
      throw new RetryLaterError(
        `HTTP ${response.status}, retry after ${Math.ceil(wait / 1000)} s`,
        wait,
      );
    },
  };
}
