/**
 * An HTTP proxy in front of the site for a WebKit page that needs its clock in the test's hands:
 * WebDriver cannot run a script before the page's own, so the proxy adds one to every page it
 * passes on (pageClock.ts, bundled by Vite and served from the same origin, so the site's CSP
 * lets it run as it is). Everything else passes through unchanged. Closed when the test ends.
 */
import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { build, type Rolldown } from 'vite';
import { closeAfterTest } from '../browser/browser';

const CLOCK_PATH = '/__test-clock.js';

let bundled: Promise<string> | undefined;

/** pageClock.ts as one classic script. */
function clockScript(): Promise<string> {
  bundled ??= build({
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      minify: false,
      lib: {
        entry: fileURLToPath(new URL('./pageClock.ts', import.meta.url)),
        formats: ['iife'],
        name: 'pageClock',
      },
    },
  }).then((out) => {
    const [first] = (Array.isArray(out) ? out : [out]) as Rolldown.RolldownOutput[];
    return first!.output[0].code;
  });
  return bundled;
}

/** The headers to send on: the upstream's host, and no compression, so a page can be edited. */
function upstreamHeaders(headers: IncomingHttpHeaders, host: string): IncomingHttpHeaders {
  const { 'accept-encoding': _encoding, ...rest } = headers;
  return { ...rest, host };
}

/** Starts a proxy to `target` (an origin); returns its own origin. */
export async function clockProxy(target: string): Promise<string> {
  const script = await clockScript();
  const upstream = new URL(target);
  const server = createServer((req, res) => {
    if (req.url === CLOCK_PATH) {
      res.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store' });
      res.end(script);
      return;
    }
    const forward = request(
      {
        hostname: upstream.hostname === 'localhost' ? '127.0.0.1' : upstream.hostname,
        port: upstream.port,
        path: req.url,
        method: req.method,
        headers: upstreamHeaders(req.headers, upstream.host),
      },
      (answer) => {
        const { 'content-length': _length, ...headers } = answer.headers;
        if (!String(answer.headers['content-type']).startsWith('text/html')) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const page = Buffer.concat(chunks)
            .toString('utf8')
            .replace('<head>', `<head><script src="${CLOCK_PATH}"></script>`);
          res.writeHead(answer.statusCode ?? 502, headers);
          res.end(page);
        });
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  closeAfterTest(
    () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  );
  return `http://localhost:${(server.address() as AddressInfo).port}`;
}
