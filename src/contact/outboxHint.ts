/**
 * A flag on the device that the outbox may hold messages, so a page load opens IndexedDB and
 * fetches the outbox's chunk only when there is something to send. Set before a message is
 * queued and cleared once the outbox is empty: a stale flag costs one look, never a message.
 */
const HINT_KEY = 'bluestem.contact.outbox';

/** Whether the outbox may hold messages (true when the flag cannot be read: look anyway). */
export function outboxMayHold(): boolean {
  try {
    return localStorage.getItem(HINT_KEY) !== null;
  } catch {
    return true;
  }
}

/** Sets or clears the flag. */
export function markOutbox(holds: boolean): void {
  try {
    if (holds) localStorage.setItem(HINT_KEY, '1');
    else localStorage.removeItem(HINT_KEY);
  } catch {
    // No storage: outboxMayHold() then always looks.
  }
}
