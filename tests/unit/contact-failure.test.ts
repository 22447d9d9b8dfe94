/**
 * Which failed calls go to the outbox: the real web SDK against a real HTTP server on loopback
 * (and a port nobody listens on, and a server that never answers), classified by failureOf.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectFunctionsEmulator, getFunctions, httpsCallable } from 'firebase/functions';
import { failureOf, type Failure } from '../../src/contact/answer';
import { FUNCTIONS_REGION } from '../../src/contract/callable';
import { closedPort } from '../../functions/test/harness';

type Reply = (res: ServerResponse) => void;
const json =
  (status: number, body: unknown): Reply =>
  (res) =>
    res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
const error = (status: number, code: string, message = code) =>
  json(status, { error: { status: code, message } });

let server: Server;
let port = 0;
let reply: Reply = json(200, { result: { success: true } });
const apps: FirebaseApp[] = [];

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    req.on('end', () => reply(res));
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await Promise.all(apps.map((app) => deleteApp(app)));
  server.closeAllConnections();
  await new Promise((ok) => server.close(ok));
});

/** The failure of one call through the SDK to `target`, or null when it succeeded. */
async function failureOfCall(target: number, timeout = 5_000): Promise<Failure | null> {
  const app = initializeApp(
    { apiKey: 'demo-key', projectId: 'demo-failure', appId: '1:1:web:1' },
    `failure-${apps.length}`,
  );
  apps.push(app);
  const functions = getFunctions(app, FUNCTIONS_REGION);
  connectFunctionsEmulator(functions, '127.0.0.1', target);
  try {
    await httpsCallable(functions, 'sendContactEmail', { timeout })({});
    return null;
  } catch (e) {
    return failureOf(e);
  }
}

describe('what a failed call is (the outbox keeps only what got no answer)', () => {
  it('a refused connection is unreachable', async () => {
    expect(await failureOfCall(await closedPort())).toBe('unreachable');
  });

  it("the SDK's own timeout is unreachable", async () => {
    reply = () => {}; // never answers
    expect(await failureOfCall(port, 300)).toBe('unreachable');
  });

  it('a busy, limited or failing server is transient, a gateway timeout too', async () => {
    for (const [status, code] of [
      [503, 'UNAVAILABLE'],
      [429, 'RESOURCE_EXHAUSTED'],
      [500, 'INTERNAL'],
      [409, 'ABORTED'],
      [504, 'DEADLINE_EXCEEDED'],
    ] as const) {
      reply = error(status, code);
      expect(await failureOfCall(port), `${status} ${code}`).toBe('transient');
    }
    reply = (res) => res.writeHead(502).end();
    expect(await failureOfCall(port), '502 without a body').toBe('transient');
  });

  it('a refusal of the message is for good', async () => {
    for (const [status, code] of [
      [400, 'INVALID_ARGUMENT'],
      [409, 'ALREADY_EXISTS'],
      [403, 'PERMISSION_DENIED'],
      [401, 'UNAUTHENTICATED'],
      [404, 'NOT_FOUND'],
    ] as const) {
      reply = error(status, code);
      expect(await failureOfCall(port), `${status} ${code}`).toBe('refused');
    }
  });

  it('a chunk that failed to load (no SDK error at all) is the network', () => {
    expect(failureOf(new TypeError('Failed to fetch dynamically imported module'))).toBe(
      'unreachable',
    );
  });

  it('a success is no failure', async () => {
    reply = json(200, { result: { success: true, message: 'Sent' } });
    expect(await failureOfCall(port)).toBeNull();
  });
});
