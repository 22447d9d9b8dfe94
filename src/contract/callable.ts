import { INBOX_CALLABLE } from './inbox.ts';

/** The region the functions run in, and where the site's SDK calls them. */
export const FUNCTIONS_REGION = 'us-central1';
/** The contact form's callable: the function's export name and the name the site calls. */
export const CONTACT_CALLABLE = 'sendContactEmail';
/** The callable that hands out a proof-of-work challenge for the next message. */
export const CHALLENGE_CALLABLE = 'contactChallenge';
/** How long the function may run before Cloud Functions ends it. */
export const CONTACT_TIMEOUT_SECONDS = 60;
/** How long the site waits for an answer: the function's time and ten seconds for the trip. */
export const CALL_TIMEOUT_MS = (CONTACT_TIMEOUT_SECONDS + 10) * 1000;
/** The paths the SDK calls on a local backend, as the RegExp source the local servers forward. */
export const LOCAL_CALLABLE_ROUTE = `^/[^/?]+/${FUNCTIONS_REGION}/(?:${CONTACT_CALLABLE}|${CHALLENGE_CALLABLE}|${INBOX_CALLABLE})(?:[?]|$)`;
/**
 * The paths the Auth SDK calls on an emulator (the inbox's sign-in), as the RegExp source the
 * local servers forward to the Auth emulator from the page's own origin.
 */
export const AUTH_EMULATOR_ROUTE =
  '^/(?:identitytoolkit\\.googleapis\\.com|securetoken\\.googleapis\\.com|emulator)/';
