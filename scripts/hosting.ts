/**
 * The build served as Firebase Hosting serves it, by Hosting's own server (superstatic reads the
 * hosting block of firebase.json: clean URLs, trailing slashes, headers, 404.html), compressed as
 * Hosting compresses. Local additions: the contact callable forwarded to the local backend on the
 * site's own origin, and that backend's origin in the CSP's connect-src.
 */
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { resolve } from 'node:path';
import connect from 'connect';
import { createProxyServer } from 'httpxy';
import superstatic from 'superstatic/lib/superstatic.js';
import type { Configuration } from 'superstatic/lib/config';
import { AUTH_EMULATOR_ROUTE, LOCAL_CALLABLE_ROUTE } from '../src/contract/callable';

type HostingConfig = Configuration & { ignore?: string[] };

function readHostingConfig(file = 'firebase.json'): HostingConfig {
  return (JSON.parse(readFileSync(file, 'utf8')) as { hosting: HostingConfig }).hosting;
}

/** The config's CSP with `sources` added to connect-src. */
function withConnectSrc(config: HostingConfig, sources: string[]): HostingConfig {
  if (sources.length === 0) return config;
  const headers = config.headers?.map((rule) => ({
    ...rule,
    headers: rule.headers.map((h) =>
      h.key.toLowerCase() === 'content-security-policy'
        ? {
            ...h,
            value: h.value.replace(/connect-src ([^;]*)/, `connect-src $1 ${sources.join(' ')}`),
          }
        : h,
    ),
  }));
  return { ...config, headers };
}

export interface HostingOptions {
  root: string;
  /** 0 picks a free port. */
  port: number;
  host?: string;
  config?: HostingConfig;
  /** The local contact backend's origin: its callable is forwarded there, from the site's own origin. */
  backend?: string;
  /** Extra CSP sources for connect-src, e.g. the local contact backend's origin. */
  connectSrc?: string[];
  /** The Auth emulator (host:port): the inbox's sign-in calls are forwarded there. */
  authEmulator?: string | null;
}

export async function startHosting(opts: HostingOptions): Promise<Server> {
  const config = withConnectSrc(opts.config ?? readHostingConfig(), opts.connectSrc ?? []);
  const app = connect();
  if (opts.backend) {
    const proxy = createProxyServer({ target: opts.backend, xfwd: true });
    const callable = new RegExp(LOCAL_CALLABLE_ROUTE);
    app.use((req, res, next) => {
      if (!callable.test(req.url ?? '')) return next();
      // The peer goes last in X-Forwarded-For, as Google's front end adds it: the backend trusts
      // that right-most hop alone (docs/contact.md). httpxy's xfwd would keep the caller's header.
      const given = req.headers['x-forwarded-for'];
      const peer = req.socket.remoteAddress ?? '';
      req.headers['x-forwarded-for'] = given ? `${String(given)}, ${peer}` : peer;
      // An unreachable backend drops the call, as an unreachable function would: the page hears
      // no answer (and its outbox keeps the message), not an error status.
      proxy.web(req, res).catch(() => res.destroy());
    });
  }
  if (opts.authEmulator) {
    const auth = createProxyServer({ target: `http://${opts.authEmulator}` });
    const route = new RegExp(AUTH_EMULATOR_ROUTE);
    app.use((req, res, next) => {
      if (!route.test(req.url ?? '')) return next();
      auth.web(req, res).catch(() => res.destroy());
    });
  }
  app.use(
    superstatic({
      config: { ...config, public: '.' },
      cwd: resolve(opts.root),
      compression: true,
      stack: 'strict',
      fallthrough: false,
    }),
  );
  return new Promise((ok, fail) => {
    const server = app.listen(opts.port, opts.host ?? '127.0.0.1', () => ok(server));
    server.once('error', fail);
  });
}
