/**
 * The sendContactEmail call through the firebase web SDK. Loaded lazily by the form (dynamic
 * import), so firebase never weighs on the first paint.
 */
import { initializeApp, type FirebaseApp } from 'firebase/app';
import {
  connectFunctionsEmulator,
  getFunctions,
  httpsCallable,
  type HttpsCallable,
} from 'firebase/functions';
import { resultFromData, resultFromError, type ContactResult } from './callResult';
import { CALL_TIMEOUT_MS, contactClientConfig, FUNCTIONS_REGION } from './config';
import type { ContactFields } from './rules';

/** What the form sends: the visitor's fields, the message's idempotency key and the honeypot. */
export interface ContactPayload extends ContactFields {
  idempotencyKey: string;
  website: string;
}

let callable: Promise<HttpsCallable<ContactPayload, unknown>> | undefined;

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
  return httpsCallable<ContactPayload, unknown>(functions, 'sendContactEmail', {
    timeout: CALL_TIMEOUT_MS,
    // The function consumes App Check tokens (replay protection); only limited-use ones work.
    limitedUseAppCheckTokens: Boolean(config.appCheckSiteKey),
  });
}

export async function sendContact(payload: ContactPayload): Promise<ContactResult> {
  try {
    callable ??= setUp().catch((error: unknown) => {
      callable = undefined; // try again on the next Send
      throw error;
    });
    const { data } = await (await callable)(payload);
    return resultFromData(data);
  } catch (error) {
    console.error(error);
    return resultFromError(error);
  }
}
