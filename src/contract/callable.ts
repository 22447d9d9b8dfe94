/** The region the functions run in, and where the site's SDK calls them. */
export const FUNCTIONS_REGION = 'us-central1';
/** The contact form's callable: the function's export name and the name the site calls. */
export const CONTACT_CALLABLE = 'sendContactEmail';
/** How long the function may run before Cloud Functions ends it. */
export const CONTACT_TIMEOUT_SECONDS = 60;
/** How long the site waits for an answer: the function's time and ten seconds for the trip. */
export const CALL_TIMEOUT_MS = (CONTACT_TIMEOUT_SECONDS + 10) * 1000;
/** The path the SDK calls on a local backend, as the RegExp source the local servers forward. */
export const LOCAL_CALLABLE_ROUTE = `^/[^/?]+/${FUNCTIONS_REGION}/${CONTACT_CALLABLE}(?:[?]|$)`;
