import { defineBoolean, defineSecret, type Expression } from 'firebase-functions/params';
import { logger } from 'firebase-functions';
import { HttpsError, onCall } from 'firebase-functions/v2/https';
import { CONTACT_TIMEOUT_SECONDS, FUNCTIONS_REGION } from '../../src/contract/callable';
import {
  CONTACT_REFUSALS,
  parseChallengeRequest,
  type ChallengeAnswer,
  type ChallengeCallRefusal,
} from '../../src/contract/contact';
import { issueChallenge } from './challenge';
import { handleContact, type ContactRuntime } from './contact';
import { handleInbox, type InboxRuntime } from './inbox/handler';
import type { ChallengeSettings } from './settings';
import { UNDECODABLE_BODY, undecodable } from './request';

/** SMTP connection string, e.g. smtps://user:password@smtp.example.com:465. */
export const SMTP_URL = defineSecret('SMTP_URL');
/** Key of the HMAC that makes client and email pseudonyms (any long random text). */
export const PSEUDONYM_SECRET = defineSecret('PSEUDONYM_SECRET');
/** Key of the HMAC that signs proof-of-work challenges (any long random text). */
export const CHALLENGE_SECRET = defineSecret('CHALLENGE_SECRET');
/** Webhook URLs, comma-separated (`none` for no webhook): their paths often hold a token. */
export const WEBHOOK_URLS = defineSecret('WEBHOOK_URLS');
/** Standard Webhooks signing secret, `whsec_` and base64 (`none` without webhooks). */
export const WEBHOOK_SECRET = defineSecret('WEBHOOK_SECRET');
/** Slack incoming webhook URL (`none` for no Slack). */
export const SLACK_WEBHOOK_URL = defineSecret('SLACK_WEBHOOK_URL');
/** Discord webhook URL (`none` for no Discord). */
export const DISCORD_WEBHOOK_URL = defineSecret('DISCORD_WEBHOOK_URL');
/** Every secret the contact functions read. */
export const CONTACT_SECRETS = [
  SMTP_URL,
  PSEUDONYM_SECRET,
  WEBHOOK_URLS,
  WEBHOOK_SECRET,
  SLACK_WEBHOOK_URL,
  DISCORD_WEBHOOK_URL,
  CHALLENGE_SECRET,
];
const APP_CHECK_ENFORCE = defineBoolean('APP_CHECK_ENFORCE', {
  default: false,
  description:
    'Reject calls without a valid App Check token (set VITE_APP_CHECK_SITE_KEY for the site).',
});

/** The origins whose pages may call it (a browser's preflight from any other is refused). */
export type AllowedOrigins = string[] | Expression<string[]>;

/**
 * What a callable needs, or, when a setting is wrong, an error log that names it and `unavailable`
 * for the caller: the form keeps the visitor's text and offers to send it again.
 */
async function ready<T>(what: () => T | Promise<T>): Promise<T> {
  try {
    return await what();
  } catch (error) {
    logger.error('contact settings are wrong; no message is taken until they are fixed', {
      error: (error as Error).message,
    });
    // Every callable refuses a wrong setting so: `store-down` is a reason of each.
    throw new HttpsError('unavailable', CONTACT_REFUSALS['store-down'], {
      reason: 'store-down' satisfies ChallengeCallRefusal,
    });
  }
}

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
      timeoutSeconds: CONTACT_TIMEOUT_SECONDS,
      cors: origins,
      secrets: CONTACT_SECRETS,
      enforceAppCheck: APP_CHECK_ENFORCE,
      // Limited-use tokens are consumed: a replayed token is marked alreadyConsumed and refused.
      consumeAppCheckToken: APP_CHECK_ENFORCE,
    },
    async (request) => handleContact(request, await ready(runtime)),
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

/**
 * The studio's inbox callable. Its own options: the secrets it needs to send again and to find
 * a visitor's pseudonyms, no App Check (the caller is a signed-in owner, checked per call).
 */
export function makeStudioInbox(
  runtime: () => InboxRuntime | Promise<InboxRuntime>,
  origins: AllowedOrigins,
) {
  return onCall(
    {
      region: FUNCTIONS_REGION,
      maxInstances: 2,
      timeoutSeconds: 120,
      cors: origins,
      secrets: CONTACT_SECRETS,
    },
    async (request) => handleInbox(request, await ready(runtime)),
  );
}

/** The callable that hands the form a proof-of-work challenge for its next message. */
export function makeContactChallenge(
  settings: () => ChallengeSettings | null,
  origins: AllowedOrigins,
  now: () => Date = () => new Date(),
) {
  return onCall(
    {
      region: FUNCTIONS_REGION,
      maxInstances: 5,
      timeoutSeconds: 10,
      cors: origins,
      secrets: [CHALLENGE_SECRET],
      enforceAppCheck: APP_CHECK_ENFORCE,
    },
    async (request): Promise<ChallengeAnswer> => {
      if (!parseChallengeRequest(request.data))
        throw new HttpsError('invalid-argument', 'The challenge call takes no data.', {
          reason: 'invalid' satisfies ChallengeCallRefusal,
        });
      const challenge = await ready(settings);
      return { challenge: challenge ? await issueChallenge(challenge, now()) : null };
    },
  );
}
