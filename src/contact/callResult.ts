export interface ContactResult {
  success: boolean;
  message: string;
}

export const DEFAULT_ERROR = 'There was an error submitting the message.';
/** Said after DEFAULT_ERROR when the message waits in the outbox (src/contact/outbox.ts). */
export const QUEUED_NOTE =
  'Your message is saved on this device and will be sent by itself once the connection is back.';

/** The web SDK appends the HTTP status to every error message: "m [400]", "internal [0]". */
export function stripStatusSuffix(message: string): string {
  return message.replace(/\s*\[\d{1,3}\]$/, '');
}

export function resultFromData(data: unknown): ContactResult {
  if (data && typeof data === 'object') {
    const { success, message } = data as Partial<ContactResult>;
    if (success === true)
      return { success: true, message: typeof message === 'string' ? message : '' };
    return {
      success: false,
      message: typeof message === 'string' && message.trim() ? message : DEFAULT_ERROR,
    };
  }
  return { success: false, message: DEFAULT_ERROR };
}

/** The result of a failed call: the error's own message, unless it has none or is just "internal". */
export function resultFromError(error: unknown): ContactResult {
  const raw =
    error && typeof error === 'object' && 'message' in error
      ? (error as { message: unknown }).message
      : '';
  const message = typeof raw === 'string' ? stripStatusSuffix(raw).trim() : '';
  if (!message || message.toLowerCase() === 'internal')
    return { success: false, message: DEFAULT_ERROR };
  return { success: false, message };
}

/** Why a call failed: no answer came (it goes to the outbox), a busy server, or a final refusal. */
export type Failure = 'unreachable' | 'transient' | 'refused';

const TRANSIENT = new Set([
  'unavailable',
  'resource-exhausted',
  'internal',
  'unknown',
  'aborted',
  'deadline-exceeded',
]);

/** Classifies a failed call from the web SDK's error (`functions/<code>`, "text [status]"). */
export function failureOf(error: unknown): Failure {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  // Not an SDK error: the SDK could not start or a chunk did not load, so the network is down.
  if (typeof code !== 'string' || !code.startsWith('functions/')) return 'unreachable';
  const name = code.slice('functions/'.length);
  const text = typeof message === 'string' ? message : '';
  // No response is status 0 and the SDK's own timeout has none; a gateway's "… [504]" is an answer.
  if (name === 'internal' && / \[0\]$/.test(text)) return 'unreachable';
  if (name === 'deadline-exceeded' && !/ \[\d{3}\]$/.test(text)) return 'unreachable';
  return TRANSIENT.has(name) ? 'transient' : 'refused';
}
