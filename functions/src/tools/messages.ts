/**
 * `npm run messages`: the studio's tool for stored contact messages, on the store the backend
 * uses (STORE, DATA_DIR, FIRESTORE_EMULATOR_HOST; a real project with deployed credentials).
 * Run with no arguments for its usage.
 */
import '../local/setup';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { LOCAL_PROJECT_ID } from '../../../src/contract/project';
import { deliver, deliverAll, destinationSenders } from '../delivery';
import { outboxMailer, smtpMailer } from '../mail';
import { backendSettings } from '../settings';
import { FileStore } from '../store/fileStore';
import { FirestoreStore } from '../store/firestoreStore';
import { deliveryOf, MAIL } from '../store/types';
import type {
  ContactRecord,
  DeliveryState,
  InboxStore,
  LimitStore,
  MessageStore,
  SpamMarkStore,
} from '../store/types';
import { storeKind } from '../local/localStore';
import { judgeMessage } from '../spam/judge';
import { eraseHeld, heldAbout, pseudonymProblem } from '../visitorData';

export const USAGE = `Usage: npm run messages -- <command>

  list [--state STATE] [--spam]  every message, newest first (STATE: pending, sending,
                                 delivered, failed, spam); --spam: only the held spam
  not-spam ID                    a message is not spam: send a held one now, to every
                                 destination, and teach the filter
  spam ID                        a message is spam: teach the filter
  export --email ADDRESS         every record held about ADDRESS, as JSON
  erase --email ADDRESS [--yes]  remove them, their outbox mails and rate-limit buckets
                                 (without --yes: only list what would go)
  retry ID [DESTINATION]         send a failed or pending message now: its mail, or
                                 the destination named (as list shows it)

The store is the backend's: STORE (file or firestore), DATA_DIR, FIRESTORE_EMULATOR_HOST;
for a deployed project, GOOGLE_APPLICATION_CREDENTIALS and GCLOUD_PROJECT.`;

const STATES: DeliveryState[] = ['pending', 'sending', 'delivered', 'failed', 'spam'];

class UsageError extends Error {}

interface Tool {
  store: MessageStore & InboxStore & SpamMarkStore & LimitStore;
  outboxDir: string;
  close(): Promise<void>;
}

async function openStore(env: NodeJS.ProcessEnv): Promise<Tool> {
  const dataDir = resolve(env.DATA_DIR || '.data');
  const outboxDir = join(dataDir, 'outbox');
  if (storeKind(env) === 'file')
    return { store: new FileStore(dataDir), outboxDir, close: async () => {} };
  const emulator = env.FIRESTORE_EMULATOR_HOST?.trim();
  const deployed = env.GOOGLE_APPLICATION_CREDENTIALS?.trim();
  if (!emulator && !deployed)
    throw new UsageError(
      'STORE=firestore needs FIRESTORE_EMULATOR_HOST (a running emulator) or GOOGLE_APPLICATION_CREDENTIALS (a deployed project).',
    );
  const { deleteApp, initializeApp, applicationDefault } = await import('firebase-admin/app');
  const { getFirestore } = await import('firebase-admin/firestore');
  const projectId =
    env.GCLOUD_PROJECT?.trim() || env.VITE_FIREBASE_PROJECT_ID?.trim() || LOCAL_PROJECT_ID;
  const app = emulator
    ? initializeApp({ projectId }, 'messages-tool')
    : initializeApp({ projectId, credential: applicationDefault() }, 'messages-tool');
  return { store: new FirestoreStore(getFirestore(app)), outboxDir, close: () => deleteApp(app) };
}

function line(r: ContactRecord): string {
  const d = r.delivery;
  const error = d.state === 'failed' || d.state === 'pending' ? (d.lastError ?? '') : '';
  const head = [r.receivedAt, d.state.padEnd(9), r.id, `${r.name} <${r.email}>`, error]
    .filter(Boolean)
    .join('  ');
  // The filter's verdict, when it flagged the message or the studio marked it.
  const spam =
    r.spam && (r.spam.flagged || r.spam.mark)
      ? [
          `    spam score ${r.spam.score}${r.spam.mark ? ` (marked ${r.spam.mark === 'ham' ? 'not spam' : 'spam'})` : ''}: ${r.spam.reasons.join('; ')}`,
        ]
      : [];
  // Each destination on a line of its own: its name, state and last error.
  const destinations = Object.entries(r.destinations ?? {})
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([name, dest]) => {
      const why = dest.state === 'failed' || dest.state === 'pending' ? dest.lastError : null;
      return `    ${name}: ${dest.state}${why ? `  ${why}` : ''}`;
    });
  return [head, ...spam, ...destinations].join('\n');
}

type Values = { state?: string; email?: string; yes: boolean; spam: boolean };

/** What a command works with: its arguments, the store, the settings and the two outputs. */
interface Run {
  values: Values;
  rest: string[];
  env: NodeJS.ProcessEnv;
  settings: ReturnType<typeof backendSettings>;
  tool: Tool;
  out: (text: string) => void;
  err: (text: string) => void;
}

const expect = (ok: boolean, why: string) => {
  if (!ok) throw new UsageError(why);
};

/** Refuses a command, or arguments it does not take, before the store opens. */
function checkCommand(command: string | undefined, rest: string[], values: Values): void {
  switch (command) {
    case 'list':
      expect(
        rest.length === 0 && !values.email && !values.yes,
        'list takes only --state and --spam.',
      );
      expect(
        values.state === undefined || STATES.includes(values.state as DeliveryState),
        `--state must be one of: ${STATES.join(', ')}.`,
      );
      return;
    case 'export':
    case 'erase':
      expect(
        rest.length === 0 && values.state === undefined && !values.spam,
        `${command} takes --email.`,
      );
      expect(Boolean(values.email?.includes('@')), `${command} needs --email ADDRESS.`);
      expect(command === 'erase' || !values.yes, 'export takes no --yes.');
      return;
    case 'spam':
    case 'not-spam':
      expect(
        rest.length === 1 && !values.email && !values.state && !values.yes && !values.spam,
        `${command} takes one message id.`,
      );
      return;
    case 'retry':
      expect(
        (rest.length === 1 || rest.length === 2) &&
          !values.email &&
          !values.state &&
          !values.yes &&
          !values.spam,
        'retry takes one message id, and a destination if not the mail.',
      );
      return;
    default:
      throw new UsageError(command ? `Unknown command "${command}".` : 'No command given.');
  }
}

/** The mailer the backend would use: SMTP when SMTP_URL is set, else the outbox folder. */
function mailerOf({ env, settings, tool }: Run) {
  return env.SMTP_URL
    ? smtpMailer(env.SMTP_URL, settings.mail)
    : outboxMailer(tool.outboxDir, settings.mail);
}

async function list({ values, tool: { store }, out, err }: Run): Promise<number> {
  const records = (await store.list()).filter(
    (r) =>
      (!values.state || r.delivery.state === values.state) &&
      (!values.spam || r.delivery.state === 'spam'),
  );
  out(records.length ? records.map(line).join('\n') : 'No messages.');
  const aside = await store.unreadable();
  if (aside.length)
    err(
      [
        `${aside.length} unreadable record(s), set aside and left out of the list:`,
        ...aside.map((where) => `  ${where}`),
      ].join('\n'),
    );
  return 0;
}

/** The records held about an address, or null (said on `err`) when the pseudonyms cannot be trusted. */
async function heldRecords({ env, settings, tool: { store }, values, err }: Run) {
  const deployed = Boolean(env.GOOGLE_APPLICATION_CREDENTIALS?.trim());
  const problem = await pseudonymProblem(store, settings.pseudonymSecret, deployed);
  if (problem) {
    err(`messages: ${problem}`);
    return null;
  }
  return heldAbout(store, values.email!, settings.pseudonymSecret);
}

async function exportHeld(run: Run): Promise<number> {
  const held = await heldRecords(run);
  if (!held) return 1;
  const body = { email: run.values.email, messages: held.messages, rateLimitBuckets: held.buckets };
  run.out(JSON.stringify(body, null, 2));
  return 0;
}

async function erase(run: Run): Promise<number> {
  const { values, out } = run;
  const held = await heldRecords(run);
  if (!held) return 1;
  const items = [
    ...held.messages.map((r) => ({ kind: 'message', name: r.id, record: r })),
    ...held.buckets.map((b) => ({
      kind: 'rate-limit bucket',
      name: `${b.name} (${b.keys.length} key(s) of this address)`,
      record: null,
    })),
  ];
  if (items.length === 0) {
    out(`Nothing is held about ${values.email}.`);
    return 0;
  }
  if (!values.yes) {
    out(
      [
        `Would remove, for ${values.email}:`,
        ...items.map((i) => `  ${i.kind} ${i.name}${i.record ? ` (and its outbox mail)` : ''}`),
        'Run again with --yes to remove them.',
      ].join('\n'),
    );
    return 0;
  }
  const removed = await eraseHeld(run.tool.store, held, run.tool.outboxDir);
  out([`Removed, for ${values.email}:`, ...removed.map((r) => `  ${r}`)].join('\n'));
  return 0;
}

/** Marks a message spam or not spam; a held message marked not spam is sent now. */
async function mark(run: Run, mark: 'spam' | 'ham'): Promise<number> {
  const { settings, out, err } = run;
  const { store } = run.tool;
  const id = run.rest[0]!;
  const judged = await judgeMessage(store, id, mark, settings);
  if (!judged) {
    err(`No message with id ${id}.`);
    return 1;
  }
  const { after, released } = judged;
  if (mark === 'spam') {
    out(`Message ${id}: marked as spam; the filter has learnt it.`);
    return 0;
  }
  if (!released) {
    out(`Message ${id}: marked as not spam; the filter has learnt it.`);
    return 0;
  }
  const mailer = mailerOf(run);
  try {
    await deliverAll(store, mailer, destinationSenders(settings), after, settings);
  } finally {
    mailer.close();
  }
  const sent = await store.get(id);
  const states = sent
    ? [
        `mail ${sent.delivery.state}`,
        ...Object.entries(sent.destinations ?? {}).map(([n, d]) => `${n} ${d.state}`),
      ]
    : ['gone'];
  out(`Message ${id}: not spam, sent (${states.join(', ')}); the filter has learnt it.`);
  return 0;
}

/** Why a message cannot be sent again on a channel, or null when it can. */
function retryProblem(record: ContactRecord | null, id: string, channel: string): string | null {
  if (!record) return `No message with id ${id}.`;
  const state = deliveryOf(record, channel)?.state;
  if (!state) {
    const names = Object.keys(record.destinations ?? {});
    return `Message ${id} has no destination ${channel} (it has: ${[MAIL, ...names].join(', ')}).`;
  }
  if (state !== 'failed' && state !== 'pending') {
    const what = channel === MAIL ? `Message ${id}` : `Message ${id} to ${channel}`;
    return `${what} is ${state}, not failed or pending: nothing to send again.`;
  }
  return null;
}

async function retry(run: Run): Promise<number> {
  const { settings, out, err } = run;
  const { store } = run.tool;
  const id = run.rest[0]!;
  const channel = run.rest[1] ?? MAIL;
  const what = channel === MAIL ? `Message ${id}` : `Message ${id} to ${channel}`;
  const problem = retryProblem(await store.get(id), id, channel);
  if (problem) {
    err(problem);
    return 1;
  }
  const mailer = channel === MAIL ? mailerOf(run) : null;
  const sender = mailer ?? destinationSenders(settings).get(channel);
  if (!sender) {
    err(`${channel} is not configured here: set its URL as the backend has it.`);
    return 1;
  }
  await store.requeue(id, new Date(), channel);
  const outcome = await deliver(store, sender, id, settings, channel).finally(() =>
    mailer?.close(),
  );
  const after = await store.get(id);
  const d = after && deliveryOf(after, channel);
  if (outcome === 'skipped') {
    // Another sender (the backend's retry pass) claimed it first: it is sent once, by that one.
    out(`${what}: ${d?.state ?? 'gone'} (another sender has it)`);
    return d?.state === 'delivered' || d?.state === 'sending' ? 0 : 1;
  }
  const detail = d?.lastError ? `: ${d.lastError}` : '';
  out(`${what}: ${d?.state ?? outcome}${detail}`);
  return outcome === 'delivered' ? 0 : 1;
}

const COMMANDS: Record<string, (run: Run) => Promise<number>> = {
  list,
  export: exportHeld,
  erase,
  spam: (run) => mark(run, 'spam'),
  'not-spam': (run) => mark(run, 'ham'),
  retry,
};

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      state: { type: 'string' },
      email: { type: 'string' },
      yes: { type: 'boolean', default: false },
      spam: { type: 'boolean', default: false },
    },
  });
}

/** Runs one command; returns the exit code. `out` and `err` are stdout and stderr. */
export async function runMessages(
  argv: string[],
  env: NodeJS.ProcessEnv,
  out: (text: string) => void,
  err: (text: string) => void,
): Promise<number> {
  let parsed;
  try {
    parsed = parse(argv);
  } catch (error) {
    err(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  const settings = backendSettings(env);
  let tool: Tool | undefined;
  try {
    checkCommand(command, rest, values);
    tool = await openStore(env);
    return await COMMANDS[command!]!({ values, rest, env, settings, tool, out, err });
  } catch (error) {
    if (error instanceof UsageError) {
      err(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    err(`messages: ${(error as Error).message}`);
    return 1;
  } finally {
    await tool?.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  process.exitCode = await runMessages(
    process.argv.slice(2),
    process.env,
    (text) => console.log(text),
    (text) => console.error(text),
  );
}
