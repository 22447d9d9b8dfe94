/** What the inbox shows of a record, how a search matches, and what each mark changes. */
import type { InboxDelivery, InboxMark, InboxMessage, InboxRow } from '../../../src/contract/inbox';
import { folderOf, MAIL, pendingDelivery, type ContactRecord } from '../store/types';

/** How much of the text a row shows. */
export const PREVIEW_LENGTH = 140;

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
    spamReasons: r.spamReasons ?? [],
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
 * The record once `mark` is applied, or null when it changes nothing. "Not spam" on a message
 * held as spam sends it: its mail and each of `destinations` become pending, due now.
 */
export function marked(
  r: ContactRecord,
  mark: InboxMark,
  now: Date,
  destinations: string[],
): ContactRecord | null {
  switch (mark) {
    case 'handled':
      return r.handledAt ? null : { ...r, handledAt: now.toISOString() };
    case 'new':
      return r.handledAt ? { ...r, handledAt: null } : null;
    case 'spam':
      return folderOf(r) === 'spam' ? null : { ...r, spamMark: 'spam' };
    case 'not-spam': {
      if (folderOf(r) !== 'spam') return null;
      if (r.delivery.state !== 'spam') return { ...r, spamMark: 'ham' };
      const pending = Object.fromEntries(destinations.map((n) => [n, pendingDelivery(false)]));
      return {
        ...r,
        spamMark: 'ham',
        delivery: pendingDelivery(false),
        ...(destinations.length > 0 && { destinations: pending, destinationsOpen: true }),
      };
    }
  }
}

/** True when marking `before` "not spam" made it a message to send now. */
export function released(before: ContactRecord, after: ContactRecord): boolean {
  return before.delivery.state === 'spam' && after.delivery.state === 'pending';
}
