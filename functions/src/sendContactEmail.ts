import { defineBoolean, defineSecret, type Expression } from 'firebase-functions/params';
import { onCall } from 'firebase-functions/v2/https';
import { FUNCTIONS_REGION } from '../../src/contact/config';
import { handleContact, type ContactRuntime } from './contact';
import { UNDECODABLE_BODY, undecodable } from './request';

/** SMTP connection string, e.g. smtps://user:password@smtp.example.com:465. */
export const SMTP_URL = defineSecret('SMTP_URL');
/** Key of the HMAC that makes client and email pseudonyms (any long random text). */
export const PSEUDONYM_SECRET = defineSecret('PSEUDONYM_SECRET');
export const APP_CHECK_ENFORCE = defineBoolean('APP_CHECK_ENFORCE', {
  default: false,
  description:
    'Reject calls without a valid App Check token (set VITE_APP_CHECK_SITE_KEY for the site).',
});

/** The origins whose pages may call it (a browser's preflight from any other is refused). */
export type AllowedOrigins = string[] | Expression<string[]>;

/**
 * The callable on its caller's runtime: Firestore and SMTP deployed, files in the local backend.
 * A body the protocol cannot decode (undecodable) is answered 400 before the callable sees it:
 * its decoder would throw, and the callable would answer 500.
 */
export function makeSendContactEmail(
  runtime: () => ContactRuntime | Promise<ContactRuntime>,
  origins: AllowedOrigins,
) {
  const callable = onCall(
    {
      region: FUNCTIONS_REGION,
      maxInstances: 5,
      timeoutSeconds: 60,
      cors: origins,
      secrets: [SMTP_URL, PSEUDONYM_SECRET],
      enforceAppCheck: APP_CHECK_ENFORCE,
      // Limited-use tokens are consumed: a replayed token is marked alreadyConsumed and refused.
      consumeAppCheckToken: APP_CHECK_ENFORCE,
    },
    async (request) => handleContact(request, await runtime()),
  );
  const guarded = (req: Parameters<typeof callable>[0], res: Parameters<typeof callable>[1]) => {
    if (req.method === 'POST' && undecodable((req.body as { data?: unknown } | undefined)?.data)) {
      res.status(400).json({ error: { status: 'INVALID_ARGUMENT', message: UNDECODABLE_BODY } });
      return;
    }
    return callable(req, res);
  };
  // The deploy reads the callable's endpoint and options from the function's own properties.
  Object.defineProperties(guarded, Object.getOwnPropertyDescriptors(callable));
  return guarded as typeof callable;
}
