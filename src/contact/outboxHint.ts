/** A device flag that the outbox may hold messages: a page load looks only when it is set. */
const HINT_KEY = 'bluestem.contact.outbox';

/** Whether the outbox may hold messages (true when the flag cannot be read: look anyway). */
export function outboxMayHold(): boolean {
  try {
    return localStorage.getItem(HINT_KEY) !== null;
  } catch {
    return true;
  }
}

export function markOutbox(holds: boolean): void {
  try {
    if (holds) localStorage.setItem(HINT_KEY, '1');
    else localStorage.removeItem(HINT_KEY);
  } catch {
    // No storage: outboxMayHold() then always looks.
  }
}
