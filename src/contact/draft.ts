import type { ContactFields } from '../contract/rules';

const DRAFT_KEY = 'bluestem.contact.draft';

export interface Draft extends ContactFields {
  /** The idempotency key of the last attempt, reused while the text is unchanged. */
  idempotencyKey: string;
}

export const EMPTY_DRAFT: Draft = { name: '', email: '', message: '', idempotencyKey: '' };

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The kiosk's draft as text; undefined while drafts are kept on the device. */
let memory: string | null | undefined;

/** From now on (for this page's life) the draft is kept in memory only; any stored one is removed. */
export function keepDraftInMemory(): void {
  if (memory !== undefined) return;
  clearDraft();
  memory = null;
}

export function draftText(): string | null {
  if (memory !== undefined) return memory;
  try {
    return storage()?.getItem(DRAFT_KEY) ?? null;
  } catch {
    return null;
  }
}

export function parseDraft(text: string | null): Draft {
  try {
    const parsed: unknown = JSON.parse(text ?? 'null');
    if (!parsed || typeof parsed !== 'object') return EMPTY_DRAFT;
    const get = (k: keyof Draft) => {
      const v = (parsed as Record<string, unknown>)[k];
      return typeof v === 'string' ? v : '';
    };
    return {
      name: get('name'),
      email: get('email'),
      message: get('message'),
      idempotencyKey: get('idempotencyKey'),
    };
  } catch {
    return EMPTY_DRAFT;
  }
}

function writeDraft(draft: Draft): void {
  const empty = !draft.name && !draft.email && !draft.message;
  if (memory !== undefined) {
    memory = empty ? null : JSON.stringify(draft);
    return;
  }
  try {
    if (empty) storage()?.removeItem(DRAFT_KEY);
    else storage()?.setItem(DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // Quota or privacy mode: keep going without a draft.
  }
}

/** The draft a keystroke left, written in the browser's next idle moment (`saveDraftSoon`). */
let pending: Draft | null = null;

/** Stores at once the draft a keystroke left waiting, if any. */
export function flushDraft(): void {
  if (pending) saveDraft(pending);
}

/**
 * Saves the draft outside the frame of the key that changed it: storage is written in the
 * browser's next idle moment, once for a burst of keys, and at once when the page is hidden or
 * left, so nothing typed is lost.
 */
export function saveDraftSoon(draft: Draft): void {
  const scheduled = pending !== null;
  pending = draft;
  if (scheduled) return;
  addEventListener('pagehide', flushDraft);
  addEventListener('visibilitychange', flushDraft);
  if (typeof requestIdleCallback === 'function') requestIdleCallback(flushDraft, { timeout: 1000 });
  else setTimeout(flushDraft, 100);
}

export function saveDraft(draft: Draft): void {
  pending = null;
  removeEventListener('pagehide', flushDraft);
  removeEventListener('visibilitychange', flushDraft);
  writeDraft(draft);
}

export function clearDraft(): void {
  pending = null;
  if (memory !== undefined) memory = null;
  try {
    storage()?.removeItem(DRAFT_KEY);
  } catch {
    // nothing to clear
  }
}

export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function')
    return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
