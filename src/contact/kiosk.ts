import { clearDraft } from './draft';

/** How long a kiosk form shows Sent (or the queued note) before it is the next visitor's. */
export const THANK_YOU_MS = 8_000;
/** The window event that tells a mounted form to forget its visitor. */
export const FORGET_VISITOR = 'bluestem:forget-visitor';

export function isKiosk(search: string = window.location.search): boolean {
  return new URLSearchParams(search).has('event');
}

/** Forgets the current visitor: the draft, and whatever a mounted form holds. */
export function forgetVisitor(win: Window = window): void {
  clearDraft();
  win.dispatchEvent(new Event(FORGET_VISITOR));
}
