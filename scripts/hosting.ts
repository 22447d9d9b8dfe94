/**
 * A static server that behaves like Firebase Hosting for this site: the same files, clean URLs,
 * 404.html with status 404, and the headers declared in firebase.json, so browser tests and the
 * bench run under the production policy.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { extname, join, normalize, resolve } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

interface HeaderRule {
  source: string;
  headers: { key: string; value: string }[];
}
interface HostingConfig {
  public: string;
  cleanUrls?: boolean;
  trailingSlash?: boolean;
  headers?: HeaderRule[];
}

export function readHostingConfig(file = 'firebase.json'): HostingConfig {
  const json = JSON.parse(readFileSync(file, 'utf8')) as { hosting: HostingConfig };
  return json.hosting;
}

/** Firebase Hosting's glob: `**` crosses folders, `*` does not, `{a,b}` is either. */
export function globToRegExp(glob: string): RegExp {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i] as string;
    if (c === '*') {
      if (glob[i + 1] === '*') {
        re += '.*';
        i++;
        if (glob[i + 1] === '/') i++;
      } else re += '[^/]*';
    } else if (c === '?') re += '[^/]';
    else if (c === '{') re += '(?:';
    else if (c === '}') re += ')';
    else if (c === ',') re += '|';
    else re += c.replace(/[.+^$()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re.startsWith('/') ? '' : '/?'}${re}$`);
}

/** Headers for a URL path: every matching rule applies, a later rule overrides the same key. */
export function headersFor(path: string, rules: HeaderRule[] = []): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rule of rules) {
    if (globToRegExp(rule.source).test(path)) {
      for (const h of rule.headers) out[h.key] = h.value;
    }
  }
  return out;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
};
const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.webmanifest',
  '.svg',
  '.txt',
  '.xml',
  '.ttf',
]);

export interface HostingOptions {
  root: string;
  port: number;
  host?: string;
  config?: HostingConfig;
  /** Extra CSP sources for connect-src, e.g. the local contact backend's origin. */
  connectSrc?: string[];
}

async function isFile(p: string): Promise<boolean> {
  try {
    return (await stat(p)).isFile();
  } catch {
    return false;
  }
}

export async function startHosting(opts: HostingOptions): Promise<Server> {
  const config = opts.config ?? readHostingConfig();
  const root = resolve(opts.root);
  const cache = new Map<string, { mtime: number; raw: Buffer; br?: Buffer; gz?: Buffer }>();

  // Compressed once per file version: a rebuild under a running server is picked up.
  async function load(file: string) {
    const mtime = (await stat(file)).mtimeMs;
    let entry = cache.get(file);
    if (!entry || entry.mtime !== mtime) {
      const raw = await readFile(file);
      entry = { mtime, raw };
      if (COMPRESSIBLE.has(extname(file))) {
        entry.br = brotliCompressSync(raw);
        entry.gz = gzipSync(raw, { level: 9 });
      }
      cache.set(file, entry);
    }
    return entry;
  }

  async function resolveFile(pathname: string): Promise<string | null> {
    const rel = normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, '');
    const base = join(root, rel);
    if (!base.startsWith(root)) return null;
    if (pathname.endsWith('/')) {
      return (await isFile(join(base, 'index.html'))) ? join(base, 'index.html') : null;
    }
    if (await isFile(base)) return base;
    if (config.cleanUrls && (await isFile(`${base}.html`))) return `${base}.html`;
    return null;
  }

  async function send(
    req: IncomingMessage,
    res: ServerResponse,
    file: string,
    status: number,
    urlPath: string,
  ) {
    const ext = extname(file);
    const entry = await load(file);
    const headers: Record<string, string> = {
      'Content-Type': TYPES[ext] ?? 'application/octet-stream',
      Vary: 'Accept-Encoding',
      ...headersFor(urlPath, config.headers),
    };
    const csp = headers['Content-Security-Policy'];
    if (csp && opts.connectSrc?.length) {
      headers['Content-Security-Policy'] = csp.replace(
        /connect-src ([^;]*)/,
        (_m, v: string) => `connect-src ${v} ${opts.connectSrc!.join(' ')}`,
      );
    }
    const accept = String(req.headers['accept-encoding'] ?? '');
    let body = entry.raw;
    if (entry.br && /\bbr\b/.test(accept)) {
      body = entry.br;
      headers['Content-Encoding'] = 'br';
    } else if (entry.gz && /\bgzip\b/.test(accept)) {
      body = entry.gz;
      headers['Content-Encoding'] = 'gzip';
    }
    headers['Content-Length'] = String(body.length);
    res.writeHead(status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://localhost');
      let path = url.pathname;
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { Allow: 'GET, HEAD' }).end();
        return;
      }
      // Clean URLs and no trailing slash, as Hosting redirects them.
      if (config.cleanUrls && path.endsWith('.html')) {
        path = path.replace(/(index)?\.html$/, '') || '/';
        res.writeHead(301, { Location: path + url.search }).end();
        return;
      }
      if (config.trailingSlash === false && path.length > 1 && path.endsWith('/')) {
        res.writeHead(301, { Location: path.slice(0, -1) + url.search }).end();
        return;
      }
      const file = await resolveFile(path);
      if (file) return await send(req, res, file, 200, path);
      const notFound = join(root, '404.html');
      if (await isFile(notFound)) return await send(req, res, notFound, 404, path);
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
    } catch (err) {
      console.error(err);
      if (!res.headersSent) res.writeHead(500).end();
    }
  });
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(opts.port, opts.host ?? '127.0.0.1', () => ok());
  });
  return server;
}
