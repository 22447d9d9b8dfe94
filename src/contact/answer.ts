/**
 * What a `sendContactEmail` call came to: its answer or its refusal's text for the form, and
 * whether a failed call goes to the outbox. Loaded with the client (client.ts), not on the first
 * visit.
 */
import {
  CONTACT_REFUSALS,
  contactRefusalOf,
  parseContactAnswer,
  type ContactAnswer,
} from '../contract/contact';
import { DEFAULT_ERROR } from './callResult';

/** The web SDK appends the HTTP status to every error message: "m [400]", "internal [0]". */
function stripStatusSuffix(message: string): string {
  return message.replace(/\s*\[\d{1,3}\]$/, '');
}

/** The answer of a call that returned: a failure without a message shows the default text. */
export function resultFromData(data: unknown): ContactAnswer {
  const answer = parseContactAnswer(data);
  if (answer?.success) return answer;
  return { success: false, message: answer?.message.trim() ? answer.message : DEFAULT_ERROR };
}

/**
 * The result of a failed call: the text of its reason; else the error's own message, unless it
 * has none or is just "internal".
 */
export function resultFromError(error: unknown): ContactAnswer {
  const reason = contactRefusalOf(error);
  const text = reason && CONTACT_REFUSALS[reason];
  if (text) return { success: false, message: text };
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
