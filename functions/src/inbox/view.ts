/** What the inbox shows of a record, how a search matches, and what each mark changes. */
import type { InboxDelivery, InboxMessage, InboxRow } from '../../../src/contract/inbox';
import { folderOf, MAIL, type ContactRecord } from '../store/types';

/** How much of the text a row shows. */
const PREVIEW_LENGTH = 140;

export function rowOf(r: ContactRecord): InboxRow {
  const oneLine = r.message.replace(/\s+/g, ' ').trim();
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    preview: Array.from(oneLine).slice(0, PREVIEW_LENGTH).join(''),
    receivedAt: r.receivedAt,
    folder: folderOf(r),
  };
}

export function deliveriesOf(r: ContactRecord): InboxDelivery[] {
  const all = [[MAIL, r.delivery], ...Object.entries(r.destinations ?? {}).sort()] as const;
  return all.map(([channel, d]) => ({
    channel,
    state: d.state,
    attempts: d.attempts,
    lastError: d.lastError,
    deliveredAt: d.deliveredAt,
  }));
}

export function messageOf(r: ContactRecord): InboxMessage {
  return {
    ...rowOf(r),
    message: r.message,
    deliveries: deliveriesOf(r),
    spamReasons: r.spam?.flagged || r.delivery.state === 'spam' ? (r.spam?.reasons ?? []) : [],
  };
}

/** Text as a search compares it: compatibility forms folded, in lower case. */
function folded(text: string): string {
  return text.normalize('NFKC').toLocaleLowerCase('en');
}

/** True when every word of `query` is in the name, the email or the text ('' matches all). */
export function matches(r: ContactRecord, query: string): boolean {
  const words = folded(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = folded(`${r.name}\n${r.email}\n${r.message}`);
  return words.every((w) => text.includes(w));
}

/**
 * The record once `mark` (handled or new) is applied, or null when it changes nothing. Spam and
 * not spam are the spam filter's marks: judgeMessage (functions/src/spam/judge.ts).
 */
export function marked(r: ContactRecord, mark: 'handled' | 'new', now: Date): ContactRecord | null {
  if (mark === 'handled') return r.handledAt ? null : { ...r, handledAt: now.toISOString() };
  return r.handledAt ? { ...r, handledAt: null } : null;
}
