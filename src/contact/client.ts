import { initializeApp, type FirebaseApp } from 'firebase/app';
import {
  connectFunctionsEmulator,
  getFunctions,
  httpsCallable,
  type HttpsCallable,
} from 'firebase/functions';
import { failureOf, resultFromData, resultFromError, type Failure } from './answer';
import { prepare, take, type FetchChallenge } from './challenge';
import { contactClientConfig } from './config';
import {
  CALL_TIMEOUT_MS,
  CHALLENGE_CALLABLE,
  CONTACT_CALLABLE,
  FUNCTIONS_REGION,
} from '../contract/callable';
import {
  contactRefusalOf,
  parseChallengeAnswer,
  type ContactAnswer,
  type ContactPayload,
} from '../contract/contact';

interface Callables {
  send: HttpsCallable<ContactPayload, unknown>;
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
  const fetchChallenge = httpsCallable<void, unknown>(functions, CHALLENGE_CALLABLE, {
    timeout: CALL_TIMEOUT_MS,
  });
  return {
    send: httpsCallable<ContactPayload, unknown>(functions, CONTACT_CALLABLE, {
      timeout: CALL_TIMEOUT_MS,
      // The function consumes App Check tokens (replay protection); only limited-use ones work.
      limitedUseAppCheckTokens: Boolean(config.appCheckSiteKey),
    }),
    challenge: async () => {
      const answer = parseChallengeAnswer((await fetchChallenge()).data);
      if (!answer) throw new Error('The spam check could not be fetched.');
      return answer.challenge;
    },
  };
}

export type CallOutcome =
  | { result: ContactAnswer; failure: null }
  | { result: ContactAnswer; failure: Failure; error: unknown };

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
  return contactRefusalOf(error)?.startsWith('challenge-') ?? false;
}

/** The message with a solved challenge (one solved ahead, or a fresh one), sent once. */
async function sendSolved(c: Callables, payload: ContactPayload, fresh: boolean) {
  const solved = await take(c.challenge, fresh);
  return c.send(solved === null ? payload : { ...payload, challenge: solved });
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
