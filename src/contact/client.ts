import { initializeApp, type FirebaseApp } from 'firebase/app';
import {
  connectFunctionsEmulator,
  getFunctions,
  httpsCallable,
  type HttpsCallable,
} from 'firebase/functions';
import {
  failureOf,
  resultFromData,
  resultFromError,
  type ContactResult,
  type Failure,
} from './callResult';
import { contactClientConfig } from './config';
import { CALL_TIMEOUT_MS, CONTACT_CALLABLE, FUNCTIONS_REGION } from '../contract/callable';
import type { ContactFields } from '../contract/rules';

/** What the form sends: the visitor's fields, the message's idempotency key and the honeypot. */
export interface ContactPayload extends ContactFields {
  idempotencyKey: string;
  website: string;
}

let callablePromise: Promise<HttpsCallable<ContactPayload, unknown>> | undefined;

async function setUp(): Promise<HttpsCallable<ContactPayload, unknown>> {
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
  return httpsCallable<ContactPayload, unknown>(functions, CONTACT_CALLABLE, {
    timeout: CALL_TIMEOUT_MS,
    // The function consumes App Check tokens (replay protection); only limited-use ones work.
    limitedUseAppCheckTokens: Boolean(config.appCheckSiteKey),
  });
}

export type CallOutcome =
  | { result: ContactResult; failure: null }
  | { result: ContactResult; failure: Failure; error: unknown };

function callable(): Promise<HttpsCallable<ContactPayload, unknown>> {
  return (callablePromise ??= setUp().catch((error: unknown) => {
    callablePromise = undefined; // try again on the next call
    throw error;
  }));
}

/** One sendContactEmail call. Logs nothing: the caller decides what a failure is worth. */
export async function callContact(payload: ContactPayload): Promise<CallOutcome> {
  try {
    const { data } = await (await callable())(payload);
    const result = resultFromData(data);
    return result.success
      ? { result, failure: null }
      : { result, failure: 'refused', error: new Error(result.message) };
  } catch (error) {
    return { result: resultFromError(error), failure: failureOf(error), error };
  }
}
