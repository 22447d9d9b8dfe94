import { createServer, connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { closeAfterTest } from '../browser/browser';

export interface SiteProxy {
  /** The site under test, at an origin of its own (its own service worker and caches). */
  url: string;
  /** From now on every connection is refused, as with the network gone. */
  offline(): Promise<void>;
}

/**
 * A TCP proxy in front of the site, for taking a page offline in any engine: WebDriver has no
 * network switch, and Playwright's does not reach every engine's service worker alike.
 * Closed when the test ends.
 */
export async function siteProxy(target: string): Promise<SiteProxy> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(Number(port), hostname === 'localhost' ? '127.0.0.1' : hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => s.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  // Both loopbacks: browsers and Node try ::1 first for "localhost".
  await new Promise<void>((ok) => server.listen(0, '::', ok));
  const offline = async () => {
    const closed = new Promise((ok) => server.close(ok));
    for (const s of sockets) s.destroy();
    await closed;
  };
  closeAfterTest(() => (server.listening ? offline() : Promise.resolve()));
  return { url: `http://localhost:${(server.address() as AddressInfo).port}`, offline };
}
