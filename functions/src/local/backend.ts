import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import express, { type NextFunction, type Request, type Response } from 'express';
import { CONTACT_REFUSALS } from '../../../src/contract/contact';
import { retryUndelivered, type PassCounts } from '../delivery';
import { outboxMailer, smtpMailer, type Mailer } from '../mail';
import { sweepExpired } from '../retention';
import {
  CHALLENGE_CALLABLE,
  CONTACT_CALLABLE,
  FUNCTIONS_REGION,
} from '../../../src/contract/callable';
import { INBOX_CALLABLE } from '../../../src/contract/inbox';
import { LOCAL_PROJECT_ID } from '../../../src/contract/project';
import { inboxOwners } from '../inbox/handler';
import { makeContactChallenge, makeSendContactEmail, makeStudioInbox } from '../sendContactEmail';
import { backendSettings, localOrigins, type BackendSettings } from '../settings';
import { sweepTempFiles } from '../store/durableFile';
import { FileStore, fileStoreFolders } from '../store/fileStore';
import type { ContactStore } from '../store/types';

export interface LocalBackendOptions {
  /** 0 picks a free port. */
  port: number;
  host?: string;
  dataDir: string;
  /** Unset or empty: mail goes to dataDir/outbox as .eml files. */
  smtpUrl?: string | undefined;
  retryIntervalMs?: number;
  settings?: BackendSettings;
  /** Replaces the file store: the Firestore store (STORE=firestore), or a failing one in tests. */
  store?: ContactStore;
  now?: () => Date; // the rate limits' and records' clock: tests hold one still
  /** Origins a browser may call from directly; the local servers' by default (localOrigins). */
  origins?: string[];
  /** INBOX_OWNERS: who may open the inbox (inboxOwners: the studio's email by default). */
  owners?: string[];
  /**
   * The Firebase project whose ID tokens the inbox takes: the site's (VITE_FIREBASE_PROJECT_ID,
   * a `demo-` project locally). Tokens are checked against the Auth emulator when
   * FIREBASE_AUTH_EMULATOR_HOST is set, and are otherwise refused unless signed by Google.
   */
  projectId?: string;
}

export interface LocalBackend {
  origin: string;
  port: number;
  store: ContactStore;
  outboxDir: string;
  retry(): Promise<PassCounts>;
  close(): Promise<void>;
}

const UNREADABLE_BODY = 'The request body is not valid JSON.';

/** Errors thrown before the callable runs (body parsing), answered in the callable protocol. */
function protocolErrors(err: unknown, _req: Request, res: Response, next: NextFunction) {
  const e = err as { type?: string; status?: number };
  if (res.headersSent) return next(err);
  if (e.type === 'entity.too.large') {
    res
      .status(413)
      .json({ error: { status: 'INVALID_ARGUMENT', message: CONTACT_REFUSALS['too-large'] } });
  } else if (typeof e.status === 'number' && e.status >= 400 && e.status < 500) {
    // body-parser's 4xx: malformed JSON, a false Content-Encoding, an unknown charset. The
    // client's fault, so never a 500 nor a stack trace in the log.
    res.status(400).json({
      error: { status: 'INVALID_ARGUMENT', message: UNREADABLE_BODY },
    });
  } else {
    console.error(err);
    res.status(500).json({ error: { status: 'INTERNAL', message: 'INTERNAL' } });
  }
}

/**
 * Removes the temp files a crash left half-written in every folder the file store and the outbox
 * write. A folder that cannot be read is only logged: the store answers as unavailable, call by
 * call, and the backend starts all the same.
 */
async function sweepLeftoverTemps(dataDir: string, outboxDir: string): Promise<void> {
  let swept = 0;
  for (const dir of [...Object.values(fileStoreFolders(dataDir)), outboxDir]) {
    swept += await sweepTempFiles(dir).catch((error: unknown) => {
      console.warn(`Could not look for leftover temp files in ${dir}: ${(error as Error).message}`);
      return 0;
    });
  }
  if (swept) console.warn(`Removed ${swept} half-written temp file(s) a crash left in ${dataDir}.`);
}

type Callable = (req: never, res: Response) => unknown;

/** The express app: the JSON body, each callable at its path, and the protocol's errors. */
function callableApp(maxBodyBytes: number, callables: Record<string, Callable>) {
  const app = express();
  app.disable('x-powered-by');
  app.use(
    express.json({
      limit: maxBodyBytes,
      verify: (req, _res, buf) => {
        (req as Request & { rawBody?: Buffer }).rawBody = buf;
      },
    }),
  );
  for (const [name, callable] of Object.entries(callables))
    app.all(`/:project/${FUNCTIONS_REGION}/${name}`, (req, res) => callable(req as never, res));
  app.use(protocolErrors);
  return app;
}

function listen(app: express.Express, port: number, host: string): Promise<Server> {
  return new Promise((ok, fail) => {
    const s = app.listen(port, host, (error?: Error) => (error ? fail(error) : ok(s)));
    s.once('error', fail);
  });
}

/** A callable checks each ID token with firebase-admin's default app: it names the project. */
async function ensureDefaultApp(projectId: string | undefined): Promise<void> {
  const { getApps, initializeApp } = await import('firebase-admin/app');
  if (!getApps().some((a) => a.name === '[DEFAULT]'))
    initializeApp({
      projectId: projectId ?? process.env.VITE_FIREBASE_PROJECT_ID ?? LOCAL_PROJECT_ID,
    });
}

/** The callable in express on 127.0.0.1, at the path connectFunctionsEmulator calls. */
export async function startLocalBackend(options: LocalBackendOptions): Promise<LocalBackend> {
  const dataDir = resolve(options.dataDir);
  const settings = options.settings ?? backendSettings();
  const store = options.store ?? new FileStore(dataDir);
  const outboxDir = join(dataDir, 'outbox');
  const mailer: Mailer = options.smtpUrl
    ? smtpMailer(options.smtpUrl, settings.mail)
    : outboxMailer(outboxDir, settings.mail);
  const runtime = { store, mailer, settings, now: options.now };
  await sweepLeftoverTemps(dataDir, outboxDir);
  // Retention: at start, and before every retry pass. A failed sweep is logged; the pass goes on.
  const sweep = () =>
    sweepExpired(store, {
      now: (options.now ?? (() => new Date()))(),
      retentionDays: settings.retentionDays,
      outboxDir,
    }).catch((error: unknown) => {
      console.error('contact retention sweep failed:', (error as Error).message);
    });
  await sweep();
  const origins = options.origins ?? localOrigins();
  const callable = makeSendContactEmail(() => runtime, origins);
  await ensureDefaultApp(options.projectId);
  const inbox = makeStudioInbox(
    () => ({
      store,
      mailer,
      settings,
      owners: options.owners ?? inboxOwners(process.env, 'local'),
      outboxDir,
      deployed: false,
      now: options.now,
    }),
    origins,
  );
  const challengeCallable = makeContactChallenge(
    () => settings.challenge,
    origins,
    options.now ?? (() => new Date()),
  );

  const app = callableApp(settings.maxBodyBytes, {
    [CONTACT_CALLABLE]: callable,
    [CHALLENGE_CALLABLE]: challengeCallable,
    [INBOX_CALLABLE]: inbox,
  });
  const server = await listen(app, options.port, options.host ?? '127.0.0.1');
  const port = (server.address() as AddressInfo).port;

  let retrying: Promise<PassCounts> | null = null;
  const retry = () => {
    retrying ??= sweep()
      .then(() => retryUndelivered(store, mailer, { ...settings, now: options.now }))
      .finally(() => {
        retrying = null;
      });
    return retrying;
  };
  const timer = setInterval(() => {
    retry().catch((error: unknown) =>
      console.error('contact retry failed:', (error as Error).message),
    );
  }, options.retryIntervalMs ?? 60_000);
  timer.unref();

  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    store,
    outboxDir,
    retry,
    async close() {
      clearInterval(timer);
      await new Promise<void>((ok) => {
        server.close(() => ok());
        server.closeAllConnections();
      });
      await retrying?.catch(() => {});
      mailer.close();
    },
  };
}
