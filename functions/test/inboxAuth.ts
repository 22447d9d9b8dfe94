/**
 * Sign-in for the inbox's tests: the Firebase Auth emulator (firebase-tools) and the real web SDK,
 * which asks for an email link, reads it from the emulator's `oobCodes` endpoint and signs in.
 */
import { deleteApp, initializeApp } from 'firebase/app';
import {
  connectAuthEmulator,
  getAuth,
  sendSignInLinkToEmail,
  signInWithEmailLink,
} from 'firebase/auth';
import { connectFunctionsEmulator, getFunctions, httpsCallable } from 'firebase/functions';
import { FUNCTIONS_REGION } from '../../src/contract/callable';
import { INBOX_CALLABLE, type InboxAnswers, type InboxRequest } from '../../src/contract/inbox';
import { startAuthEmulator, type AuthEmulator } from '../src/local/authEmulator';
import { PROJECT } from './harness';

/** The emulator for this file's tests; firebase-admin takes its unsigned tokens while it runs. */
export async function startTestAuth(): Promise<AuthEmulator> {
  const auth = await startAuthEmulator({ projectId: PROJECT, port: 0 });
  process.env.FIREBASE_AUTH_EMULATOR_HOST = auth.host;
  return {
    host: auth.host,
    async stop() {
      delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
      await auth.stop();
    },
  };
}

/** The newest sign-in link the emulator made for `email`. */
async function signInLink(host: string, email: string): Promise<string> {
  const res = await fetch(`http://${host}/emulator/v1/projects/${PROJECT}/oobCodes`);
  const { oobCodes } = (await res.json()) as {
    oobCodes: { email: string; oobLink: string; requestType: string }[];
  };
  const link = oobCodes.filter((c) => c.email === email && c.requestType === 'EMAIL_SIGNIN').at(-1);
  if (!link) throw new Error(`No sign-in link for ${email}`);
  return link.oobLink;
}

let apps = 0;

/** Signs `email` in by email link, and returns the inbox callable of the backend on `port`. */
export async function signedIn(host: string, port: number, email: string) {
  const app = initializeApp(
    { apiKey: 'demo-key', projectId: PROJECT, appId: '1:1:web:1' },
    `inbox-test-${++apps}`,
  );
  const auth = getAuth(app);
  connectAuthEmulator(auth, `http://${host}`, { disableWarnings: true });
  await sendSignInLinkToEmail(auth, email, {
    url: 'http://localhost/inbox',
    handleCodeInApp: true,
  });
  const { user } = await signInWithEmailLink(auth, email, await signInLink(host, email));
  const functions = getFunctions(app, FUNCTIONS_REGION);
  connectFunctionsEmulator(functions, '127.0.0.1', port);
  const callable = httpsCallable<InboxRequest, unknown>(functions, INBOX_CALLABLE);
  return {
    user,
    call: async <R extends InboxRequest>(request: R) =>
      (await callable(request)).data as InboxAnswers[R['op']],
    close: () => deleteApp(app),
  };
}

/** A token's three parts, its claims changed: still unsigned, as the emulator's are. */
export function withClaims(token: string, change: Record<string, unknown>): string {
  const [head, body] = token.split('.');
  const claims = JSON.parse(Buffer.from(body!, 'base64url').toString()) as Record<string, unknown>;
  const changed = Buffer.from(JSON.stringify({ ...claims, ...change })).toString('base64url');
  return `${head}.${changed}.`;
}
