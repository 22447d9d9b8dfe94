/**
 * Real parts for the integration tests: an SMTP server on loopback (smtp-server), the local
 * backend (the sendContactEmail callable in express) on a random loopback port, and the firebase
 * web SDK connected to it with connectFunctionsEmulator. Everything is closed and removed after.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectFunctionsEmulator, getFunctions, httpsCallable } from 'firebase/functions';
import { SMTPServer } from 'smtp-server';
import { onTestFinished, vi } from 'vitest';
import {
  startLocalBackend,
  type LocalBackend,
  type LocalBackendOptions,
} from '../src/local/backend';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import {
  CHALLENGE_CALLABLE,
  CONTACT_CALLABLE,
  FUNCTIONS_REGION,
} from '../../src/contract/callable';
import { startBackendProcess } from '../src/local/process';
import { backendSettings, type BackendSettings } from '../src/settings';
import type { ContactRecord } from '../src/store/types';

export const PROJECT = 'demo-contact-test';

interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface Smtp {
  port: number;
  url: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}

export interface SmtpOptions {
  /** Refuses for good (554) every mail whose text holds this marker. */
  refuse?: string;
  /** A slow server: waits this long before answering each mail, ms. */
  delayMs?: number;
}

/** A real SMTP server on loopback that keeps what it accepts in `received`. */
export async function startSmtp(
  port = 0,
  { refuse, delayMs = 0 }: SmtpOptions = {},
): Promise<Smtp> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const answer = () => {
          if (refuse !== undefined && raw.includes(refuse)) {
            callback(Object.assign(new Error('Message refused'), { responseCode: 554 }));
            return;
          }
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
          });
          callback();
        };
        if (delayMs > 0) setTimeout(answer, delayMs);
        else answer();
      });
    },
  });
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => ok());
  });
  const bound = (server.server.address() as AddressInfo).port;
  return {
    port: bound,
    url: `smtp://127.0.0.1:${bound}`,
    received,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

/** A loopback port nobody listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const smtp = await startSmtp();
  await smtp.close();
  return smtp.port;
}

export async function tempDir(): Promise<{ path: string; remove(): Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), 'contact-test-'));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}

export const TEST_SECRET = 'test-pseudonym-secret';
export const TEST_CHALLENGE_SECRET = 'test-challenge-secret';
/**
 * PBKDF2 iterations of a test's challenge: the whole check runs, at a cost that keeps hundreds of
 * messages quick (the bench measures the default cost).
 */
const TEST_CHALLENGE_COST = '1';

/** A challenge solved in Node with altcha-lib, as the field a message carries (base64 JSON). */
export async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('The challenge was not solved in time');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** Settings for a test: limits out of the way (unless given), retries due at once. */
export function testSettings(patch: Partial<BackendSettings['rateLimits']> = {}): BackendSettings {
  const base = backendSettings({
    CONTACT_TO: 'studio@bluestem.test',
    CONTACT_FROM: 'website@bluestem.test',
    PSEUDONYM_SECRET: TEST_SECRET,
    CHALLENGE_SECRET: TEST_CHALLENGE_SECRET,
    CHALLENGE_COST: TEST_CHALLENGE_COST,
  });
  return {
    ...base,
    rateLimits: { windowMs: 60_000, perClient: 1000, perEmail: 1000, ...patch },
    retry: { baseMs: 1, maxDelayMs: 10, maxAttempts: 1000, maxAgeMs: 86_400_000 },
  };
}

export interface Harness {
  backend: LocalBackend;
  dataDir: string;
  /** The callable, through the real web SDK, with a solved challenge added to an object. */
  call(data: unknown): Promise<unknown>;
  /** The callable, through the real web SDK, with `data` as it is. */
  callBare(data: unknown): Promise<unknown>;
  /** A fresh challenge from the backend, solved. */
  solved(): Promise<string>;
  /** A raw POST in the callable protocol (for what the SDK cannot send). */
  post(
    body: string | Uint8Array,
    init?: { headers?: Record<string, string>; method?: string },
  ): Promise<{ status: number; json: unknown; headers: Headers }>;
  url: string;
  records(): Promise<ContactRecord[]>;
  outbox(): Promise<string[]>;
  close(): Promise<void>;
}

let apps = 0;

/**
 * The callable of a backend on `port`, through the real web SDK; `close` deletes its app. `call`
 * asks for a challenge, solves it and adds it to an object that has none, as the form does.
 */
export function sdkCallable(port: number, timeout = 10_000) {
  const app: FirebaseApp = initializeApp(
    { apiKey: 'demo-key', projectId: PROJECT, appId: '1:1:web:1' },
    `contact-test-${++apps}`,
  );
  const functions = getFunctions(app, FUNCTIONS_REGION);
  connectFunctionsEmulator(functions, '127.0.0.1', port);
  const callable = httpsCallable(functions, CONTACT_CALLABLE, { timeout });
  const challenge = httpsCallable<unknown, { challenge: Challenge | null }>(
    functions,
    CHALLENGE_CALLABLE,
    { timeout },
  );
  const solved = async () => {
    const issued = (await challenge()).data.challenge;
    return issued ? solve(issued) : null;
  };
  const callBare = async (data: unknown) => (await callable(data)).data;
  return {
    call: async (data: unknown) => {
      if (!data || typeof data !== 'object' || Array.isArray(data) || 'challenge' in data)
        return callBare(data);
      const field = await solved();
      return callBare(field === null ? data : { ...data, challenge: field });
    },
    callBare,
    challenge: async () => (await challenge()).data.challenge,
    solved: async () => (await solved()) ?? '',
    close: () => deleteApp(app),
  };
}

export async function startHarness(
  options: Omit<LocalBackendOptions, 'port'> & { port?: number },
): Promise<Harness> {
  const backend = await startLocalBackend({ port: 0, ...options });
  const sdk = sdkCallable(backend.port);
  const url = `${backend.origin}/${PROJECT}/${FUNCTIONS_REGION}/${CONTACT_CALLABLE}`;
  const messagesDir = join(options.dataDir, 'messages');
  return {
    backend,
    dataDir: options.dataDir,
    url,
    call: sdk.call,
    callBare: sdk.callBare,
    solved: sdk.solved,
    async post(body, init = {}) {
      const res = await fetch(url, {
        method: init.method ?? 'POST',
        headers: { 'Content-Type': 'application/json', ...init.headers },
        body:
          init.method === 'GET'
            ? undefined
            : typeof body === 'string'
              ? body
              : new Uint8Array(body),
      });
      const text = await res.text();
      let json: unknown = text;
      try {
        json = JSON.parse(text);
      } catch {
        // keep the text
      }
      return { status: res.status, json, headers: res.headers };
    },
    async records() {
      const names = await readdir(messagesDir).catch(() => [] as string[]);
      const files = names.filter((n) => n.endsWith('.json') && !n.startsWith('.'));
      return Promise.all(
        files.map(
          async (n) => JSON.parse(await readFile(join(messagesDir, n), 'utf8')) as ContactRecord,
        ),
      );
    },
    async outbox() {
      return (await readdir(backend.outboxDir).catch(() => [] as string[])).filter((n) =>
        n.endsWith('.eml'),
      );
    },
    async close() {
      await sdk.close();
      await backend.close();
    },
  };
}

/** The error a callable call failed with: its code and message, as the form receives them. */
export async function callError(
  promise: Promise<unknown>,
): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    const e = error as { code: string; message: string };
    return { code: e.code, message: e.message };
  }
  throw new Error('The call succeeded');
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=) decoded. */
function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_m, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

/** A header of a raw RFC 5322 message, unfolded and decoded. */
export function header(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded
    .split(/\r?\n/)
    .find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line === undefined ? undefined : decodeWords(line.slice(name.length + 1).trim());
}

/** The decoded body of the first MIME part of `type` (quoted-printable, base64 or 7bit), LF line ends. */
export function mimePart(raw: string, type: 'text/plain' | 'text/html'): string {
  return decodePart(raw, type).replace(/\r\n/g, '\n');
}

function decodePart(raw: string, type: string): string {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1];
  if (!boundary) throw new Error('not multipart');
  const part = raw
    .split(`--${boundary}`)
    .find((p) => new RegExp(`content-type:\\s*${type}`, 'i').test(p));
  if (!part) throw new Error(`no ${type} part`);
  const [head = '', ...rest] = part.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
  const body = rest.join('\r\n\r\n').replace(/\r?\n$/, '');
  if (/quoted-printable/i.test(head)) {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  if (/base64/i.test(head)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** `check`'s first truthy value, asked again every 25 ms for at most `timeoutMs`. */
export function waitFor<T>(
  check: () => Promise<T | undefined | false>,
  timeoutMs = 5000,
): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await check();
      if (!value) throw new Error('Not yet');
      return value;
    },
    { timeout: timeoutMs, interval: 25 },
  );
}

/** `npm run backend` on a free port with `env` over this environment, its output kept; killed
 * (SIGKILL, as a crash would) once the test is over unless the test has stopped it. */
export async function startBackend(env: NodeJS.ProcessEnv) {
  const backend = await startBackendProcess(
    { ...process.env, BACKEND_PORT: '0', CHALLENGE_COST: TEST_CHALLENGE_COST, ...env },
    { capture: true },
  );
  onTestFinished(() => backend.stop('SIGKILL'));
  return { ...backend, port: Number(new URL(backend.origin).port) };
}
