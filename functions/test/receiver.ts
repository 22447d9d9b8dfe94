/**
 * A webhook receiver on 127.0.0.1 for the tests: it checks each request's signature with the
 * `standardwebhooks` package (the reference library) and answers as each path's script says.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** A fixed test secret: `whsec_` and the base64 of 32 bytes. */
export const TEST_WEBHOOK_SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;

interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
  /** The signature checked out with standardwebhooks (null: no signature was expected). */
  verified: boolean | null;
  /** The status answered, or 'no answer' when the request was held until the sender gave up. */
  answer: number | 'no answer';
}

/**
 * What a path answers to its n-th request (0-based): a status, a status with headers, or 'hold'
 * to never answer.
 */
export type Script = (
  n: number,
) => number | { status: number; headers: Record<string, string> } | 'hold';

export interface Receiver {
  origin: string;
  received: Received[];
  /** The requests to `path`. */
  at(path: string): Received[];
  close(): Promise<void>;
}

function text(req: IncomingMessage): Promise<string> {
  return new Promise((ok, fail) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => ok(Buffer.concat(chunks).toString('utf8')));
    req.on('error', fail);
  });
}

/** Starts a receiver; `scripts` maps a path to its answers (200 for a path not listed). */
export async function startReceiver(
  scripts: Record<string, Script>,
  secret = TEST_WEBHOOK_SECRET,
): Promise<Receiver> {
  const received: Received[] = [];
  const counts = new Map<string, number>();
  const verifier = new Webhook(secret);
  const server = createServer((req, res) => {
    void text(req).then((body) => {
      const path = req.url ?? '/';
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([k, v]) => [k, String(v)]),
      );
      let verified: boolean | null = null;
      if (headers['webhook-signature'] !== undefined) {
        try {
          verifier.verify(body, headers);
          verified = true;
        } catch {
          verified = false;
        }
      }
      const n = counts.get(path) ?? 0;
      counts.set(path, n + 1);
      const answer = (scripts[path] ?? (() => 200))(n);
      const entry: Received = { path, headers, body, verified, answer: 'no answer' };
      received.push(entry);
      if (answer === 'hold') return; // the sender's deadline ends it
      const { status, headers: more } =
        typeof answer === 'number' ? { status: answer, headers: {} } : answer;
      entry.answer = status;
      res.writeHead(status, { 'content-type': 'text/plain', ...more }).end(String(status));
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    at: (path) => received.filter((r) => r.path === path),
    close: () =>
      new Promise<void>((ok) => {
        server.close(() => ok());
        server.closeAllConnections();
      }),
  };
}
