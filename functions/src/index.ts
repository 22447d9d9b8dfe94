import { defineList, defineString } from 'firebase-functions/params';
import { logger, onInit } from 'firebase-functions';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { studio } from '../../src/contract/company';
import { retryUndelivered } from './delivery';
import { sweepExpired } from './retention';
import { smtpMailer, type Mailer } from './mail';
import { FUNCTIONS_REGION } from '../../src/contract/callable';
import {
  CHALLENGE_SECRET,
  CONTACT_SECRETS,
  DISCORD_WEBHOOK_URL,
  makeContactChallenge,
  makeSendContactEmail,
  makeStudioInbox,
  PSEUDONYM_SECRET,
  SLACK_WEBHOOK_URL,
  SMTP_URL,
  WEBHOOK_SECRET,
  WEBHOOK_URLS,
} from './sendContactEmail';
import { inboxOwners } from './inbox/handler';
import { backendSettings, challengeSettings, type BackendSettings } from './settings';
import { FirestoreStore } from './store/firestoreStore';
import type { ContactStore } from './store/types';

const CONTACT_TO = defineString('CONTACT_TO', {
  default: studio.email,
  description: 'Inbox that receives contact messages.',
});
const CONTACT_FROM = defineString('CONTACT_FROM', {
  default: studio.email,
  description: 'Sender address of contact mails; the SMTP account must be allowed to send as it.',
});
const ALLOWED_ORIGINS = defineList('ALLOWED_ORIGINS', {
  description:
    "The site's origins, comma-separated, e.g. https://www.your-studio.com,https://<project>.web.app",
});

const INBOX_OWNERS = defineList('INBOX_OWNERS', {
  description: 'The addresses that may open /inbox, comma-separated; each signs in by email link.',
});

/** What every function deployed runs on: the whole store, each asks for the roles it uses. */
interface Production {
  store: ContactStore;
  mailer: Mailer;
  settings: BackendSettings;
}

let production: Promise<Production> | undefined;

/** The settings from params and secrets, read at runtime (they have no value at deploy time). */
function productionSettings() {
  return backendSettings(
    {
      ...process.env,
      CONTACT_TO: CONTACT_TO.value(),
      CONTACT_FROM: CONTACT_FROM.value(),
      PSEUDONYM_SECRET: PSEUDONYM_SECRET.value(),
      CHALLENGE_SECRET: CHALLENGE_SECRET.value(),
      WEBHOOK_URLS: WEBHOOK_URLS.value(),
      WEBHOOK_SECRET: WEBHOOK_SECRET.value(),
      SLACK_WEBHOOK_URL: SLACK_WEBHOOK_URL.value(),
      DISCORD_WEBHOOK_URL: DISCORD_WEBHOOK_URL.value(),
    },
    'deployed',
  );
}

/** Built on the first call, at runtime (params and secrets have no value at deploy time). */
function productionRuntime(): Promise<Production> {
  production ??= (async () => {
    const { initializeApp, getApps } = await import('firebase-admin/app');
    const { getFirestore } = await import('firebase-admin/firestore');
    if (getApps().length === 0) initializeApp();
    const settings = productionSettings();
    const smtpUrl = SMTP_URL.value();
    const mailer: Mailer = smtpUrl
      ? smtpMailer(smtpUrl, settings.mail)
      : {
          send: async () => {
            throw new Error('SMTP_URL is not set');
          },
          close: () => {},
        };
    return { store: new FirestoreStore(getFirestore()), mailer, settings };
  })();
  return production;
}

/** The contact form's callable, deployed: Firestore and SMTP. */
export const sendContactEmail = makeSendContactEmail(productionRuntime, ALLOWED_ORIGINS);

/** The studio's inbox (/inbox): only INBOX_OWNERS, signed in with a verified email. */
export const studioInbox = makeStudioInbox(async () => {
  const runtime = await productionRuntime();
  const owners = inboxOwners({ INBOX_OWNERS: INBOX_OWNERS.value().join(',') }, 'deployed');
  return { ...runtime, owners, outboxDir: null, deployed: true };
}, ALLOWED_ORIGINS);

/** Hands the form a proof-of-work challenge (off with CHALLENGE=off). */
export const contactChallenge = makeContactChallenge(
  // Only the challenge secret is bound to it.
  () =>
    challengeSettings({ ...process.env, CHALLENGE_SECRET: CHALLENGE_SECRET.value() }, 'deployed'),
  ALLOWED_ORIGINS,
);

// Each instance checks the settings as it starts, before its first call, and names what is wrong.
onInit(() => {
  try {
    productionSettings();
  } catch (error) {
    logger.error('contact settings are wrong; no message is taken until they are fixed', {
      error: (error as Error).message,
    });
  }
});

/** Mails, and posts to each destination, whatever is stored and not yet delivered there. */
export const retryContactEmails = onSchedule(
  {
    schedule: 'every 10 minutes',
    region: FUNCTIONS_REGION,
    secrets: CONTACT_SECRETS,
    maxInstances: 1,
    // A pass sends every due message; a slow SMTP server must not cut it short at 60 s.
    timeoutSeconds: 540,
  },
  async () => {
    const { store, mailer, settings } = await productionRuntime();
    // Retention first; a failed sweep is logged and the mail still goes.
    await sweepExpired(store, { now: new Date(), retentionDays: settings.retentionDays }).catch(
      (error: unknown) =>
        logger.error('contact retention sweep failed', { error: (error as Error).message }),
    );
    const counts = await retryUndelivered(store, mailer, settings);
    if (counts.delivered || counts.deferred || counts.failed)
      logger.info('contact mail retry', counts);
  },
);
