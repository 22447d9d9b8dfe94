/**
 * The inbox's Firebase parts: Auth (email-link sign-in) and the `studioInbox` callable. A `demo-`
 * project talks to the server the page came from, which forwards Auth to its emulator and the
 * call to the local backend; a real project talks to Firebase.
 */
import { initializeApp } from 'firebase/app';
import {
  connectAuthEmulator,
  getAuth,
  isSignInWithEmailLink,
  onIdTokenChanged,
  sendSignInLinkToEmail,
  signInWithEmailLink,
  signOut,
  type User,
} from 'firebase/auth';
import { connectFunctionsEmulator, getFunctions, httpsCallable } from 'firebase/functions';
import { contactClientConfig } from '../contact/config';
import { FUNCTIONS_REGION } from '../contract/callable';
import {
  INBOX_CALLABLE,
  parseInboxAnswer,
  type InboxAnswers,
  type InboxRequest,
} from '../contract/inbox';

const config = contactClientConfig(import.meta.env);
const app = initializeApp(config.firebase, 'inbox');
const auth = getAuth(app);
const functions = getFunctions(app, FUNCTIONS_REGION);
if (config.emulator) {
  const { host, port } = config.emulator;
  // The page's own origin forwards /identitytoolkit…, /securetoken… and /emulator/ to the emulator.
  connectAuthEmulator(
    auth,
    `${location.protocol}//${host.includes(':') ? `[${host}]` : host}:${port}`,
    {
      disableWarnings: true,
    },
  );
  connectFunctionsEmulator(functions, host, port);
}
const callable = httpsCallable<InboxRequest, unknown>(functions, INBOX_CALLABLE, {
  timeout: 120_000,
});

/** One inbox request; the answer of its kind. */
export async function inbox<R extends InboxRequest>(request: R): Promise<InboxAnswers[R['op']]> {
  const op: R['op'] = request.op;
  const answer = parseInboxAnswer(op, (await callable(request)).data);
  if (!answer) throw new Error('The inbox answered something it should not.');
  return answer;
}

/** The server's message of a failed call, without the SDK's " [403]". */
export function errorText(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message.replace(/ \[\d{3}\]$/, '') : '';
}

/** Where the address a link was sent to waits for the link (this device only). */
const PENDING_EMAIL = 'bluestem.inbox.email';

export async function sendLink(email: string): Promise<void> {
  await sendSignInLinkToEmail(auth, email, {
    url: new URL('/inbox', location.href).href,
    handleCodeInApp: true,
  });
  localStorage.setItem(PENDING_EMAIL, email);
}

/** The address a sign-in link in this page's address was sent to, if this device asked for it. */
export function linkInAddress(): { email: string | null } | null {
  if (!isSignInWithEmailLink(auth, location.href)) return null;
  return { email: localStorage.getItem(PENDING_EMAIL) };
}

/** Signs in with the link in the address, then takes it out of the address. */
export async function finishSignIn(email: string): Promise<void> {
  await signInWithEmailLink(auth, email, location.href);
  localStorage.removeItem(PENDING_EMAIL);
  history.replaceState(null, '', '/inbox');
}

/** Calls `listener` with the signed-in user (or null) now and whenever the token changes. */
export function watchUser(listener: (user: User | null) => void): () => void {
  return onIdTokenChanged(auth, listener);
}

export const signOutNow = () => signOut(auth);
