import { initializeApp, type FirebaseApp } from 'firebase/app';
import {
  connectFunctionsEmulator,
  getFunctions,
  httpsCallable,
  type HttpsCallable,
} from 'firebase/functions';
import type { Challenge } from 'altcha-lib';
import { prepare, take, type FetchChallenge } from './challenge';
import {
  failureOf,
  resultFromData,
  resultFromError,
  type ContactResult,
  type Failure,
} from './callResult';
import { contactClientConfig } from './config';
import {
  CALL_TIMEOUT_MS,
  CHALLENGE_CALLABLE,
  CHALLENGE_FIELD,
  CHALLENGE_REFUSALS,
  CONTACT_CALLABLE,
  FUNCTIONS_REGION,
} from '../contract/callable';
import type { ContactFields } from '../contract/rules';

/** What the form sends: the visitor's fields, the message's idempotency key and the honeypot. */
export interface ContactPayload extends ContactFields {
  idempotencyKey: string;
  website: string;
}

/** What goes over the wire: the payload and, with the check on, its solved challenge. */
type CallData = ContactPayload & { [CHALLENGE_FIELD]?: string };

interface Callables {
  send: HttpsCallable<CallData, unknown>;
  challenge: FetchChallenge;
}

let callablePromise: Promise<Callables> | undefined;

async function setUp(): Promise<Callables> {
  const config = contactClientConfig(import.meta.env);
  const app: FirebaseApp = initializeApp(config.firebase, 'contact');
  if (config.appCheckSiteKey) {
    const { initializeAppCheck, ReCaptchaEnterpriseProvider } = await import('firebase/app-check');
    initializeAppCheck(app, {
      provider: new ReCaptchaEnterpriseProvider(config.appCheckSiteKey),
      isTokenAutoRefreshEnabled: false,
    });
  }
  const functions = getFunctions(app, FUNCTIONS_REGION);
  if (config.emulator)
    connectFunctionsEmulator(functions, config.emulator.host, config.emulator.port);
  const fetchChallenge = httpsCallable<void, { challenge: Challenge | null }>(
    functions,
    CHALLENGE_CALLABLE,
    { timeout: CALL_TIMEOUT_MS },
  );
  return {
    send: httpsCallable<CallData, unknown>(functions, CONTACT_CALLABLE, {
      timeout: CALL_TIMEOUT_MS,
      // The function consumes App Check tokens (replay protection); only limited-use ones work.
      limitedUseAppCheckTokens: Boolean(config.appCheckSiteKey),
    }),
    challenge: async () => (await fetchChallenge()).data.challenge,
  };
}

export type CallOutcome =
  | { result: ContactResult; failure: null }
  | { result: ContactResult; failure: Failure; error: unknown };

function callables(): Promise<Callables> {
  return (callablePromise ??= setUp().catch((error: unknown) => {
    callablePromise = undefined; // try again on the next call
    throw error;
  }));
}

/** Fetches and solves the next message's challenge ahead, when a visitor engages with the form. */
export function prepareChallenge(): void {
  callables().then(
    (c) => prepare(c.challenge),
    () => {}, // offline: the message fetches its own at Send
  );
}

/** A refusal of the message's challenge (missing, invalid, expired or used): worth one more try. */
function challengeRefused(error: unknown): boolean {
  const reason = (error as { details?: { reason?: unknown } } | null)?.details?.reason;
  return (CHALLENGE_REFUSALS as readonly unknown[]).includes(reason);
}

/** The message with a solved challenge (one solved ahead, or a fresh one), sent once. */
async function sendSolved(c: Callables, payload: ContactPayload, fresh: boolean) {
  const solved = await take(c.challenge, fresh);
  return c.send(solved === null ? payload : { ...payload, [CHALLENGE_FIELD]: solved });
}

/**
 * One message sent: a solved challenge, then the sendContactEmail call; when the server refuses
 * the challenge, once more with a fresh one. Logs nothing: the caller decides what a failure is
 * worth.
 */
export async function callContact(payload: ContactPayload): Promise<CallOutcome> {
  try {
    const c = await callables();
    let answer;
    try {
      answer = await sendSolved(c, payload, false);
    } catch (error) {
      if (!challengeRefused(error)) throw error;
      answer = await sendSolved(c, payload, true);
    }
    const result = resultFromData(answer.data);
    if (result.success) return { result, failure: null };
    prepareChallenge();
    return { result, failure: 'refused', error: new Error(result.message) };
  } catch (error) {
    const failure = failureOf(error);
    // The visitor may send again soon: have the next challenge solved by then. With no network
    // the outbox's next try fetches its own.
    if (failure !== 'unreachable') prepareChallenge();
    return { result: resultFromError(error), failure, error };
  }
}
