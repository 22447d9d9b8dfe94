/**
 * scripts/hosting.ts: Firebase Hosting's own server (superstatic) on a small folder, with the
 * local additions: the callable forwarded to a backend, its origin in connect-src.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHosting, type HostingOptions } from '../../scripts/hosting';

/** The hosting block of firebase.json, as Hosting reads it. */
const hostingConfig = () =>
  (
    JSON.parse(readFileSync('firebase.json', 'utf8')) as {
      hosting: NonNullable<HostingOptions['config']>;
    }
  ).hosting;

let root = '';
let site: Server;
let backend: Server;
let base = '';
const forwarded: { method: string; url: string; forwardedFor: string }[] = [];

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'hosting-test-'));
  await writeFile(join(root, 'index.html'), '<!doctype html><p>home</p>');
  await writeFile(join(root, 'terms.html'), `<!doctype html><p>${'terms '.repeat(200)}</p>`);
  await writeFile(join(root, '404.html'), '<!doctype html><p>not found</p>');
  backend = createServer((req, res) => {
    forwarded.push({
      method: req.method ?? '',
      url: req.url ?? '',
      forwardedFor: String(req.headers['x-forwarded-for'] ?? ''),
    });
    res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"result":"ok"}');
  });
  await new Promise<void>((ok) => backend.listen(0, '127.0.0.1', ok));
  const backendOrigin = `http://127.0.0.1:${(backend.address() as AddressInfo).port}`;
  const config = hostingConfig();
  site = await startHosting({
    root,
    port: 0,
    backend: backendOrigin,
    connectSrc: [backendOrigin],
    config: {
      ...config,
      headers: [
        ...(config.headers ?? []),
        // Hosting's extglob: one rule for the two legal pages.
        { source: '/@(privacypolicy|terms)', headers: [{ key: 'X-Legal-Page', value: 'yes' }] },
      ],
    },
  });
  base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});

afterAll(async () => {
  site.closeAllConnections();
  site.close();
  backend.close();
  await rm(root, { recursive: true, force: true });
});

describe('the local Hosting server', () => {
  it('applies a Hosting @(a|b) glob header rule to both pages and to no other', async () => {
    expect((await fetch(`${base}/terms`)).headers.get('x-legal-page')).toBe('yes');
    const home = await fetch(`${base}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get('x-legal-page')).toBeNull();
  });

  it('serves clean URLs, redirects .html and trailing slashes, and answers 404.html with 404', async () => {
    for (const [path, location] of [
      ['/terms.html', '/terms'],
      ['/terms/', '/terms'],
      ['/index.html', '/'],
    ]) {
      const res = await fetch(base + path, { redirect: 'manual' });
      expect(res.status, path).toBe(301);
      expect(res.headers.get('location'), path).toBe(location);
    }
    const missing = await fetch(`${base}/no-such-page`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('not found');
    expect(missing.headers.get('cache-control')).toBe('no-cache');
  });

  it('compresses as Hosting does (brotli or gzip, as the browser accepts)', async () => {
    for (const encoding of ['br', 'gzip']) {
      const res = await fetch(`${base}/terms`, { headers: { 'Accept-Encoding': encoding } });
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(await res.text()).toContain('terms terms');
    }
  });

  it('forwards the callable from its own origin to the backend, with the visitor address', async () => {
    const res = await fetch(`${base}/demo-bluestem/us-central1/sendContactEmail`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"data":{}}',
    });
    expect(await res.json()).toEqual({ result: 'ok' });
    expect(forwarded).toEqual([
      {
        method: 'POST',
        url: '/demo-bluestem/us-central1/sendContactEmail',
        forwardedFor: '127.0.0.1',
      },
    ]);
    expect((await fetch(`${base}/demo-bluestem/us-central1/other`)).status).toBe(404);
  });

  it('adds the backend origin to connect-src, and nothing else to the CSP', async () => {
    const served = (await fetch(`${base}/`)).headers.get('content-security-policy') ?? '';
    const declared = hostingConfig().headers![0]!.headers.find(
      (h) => h.key === 'Content-Security-Policy',
    )!.value;
    const backendOrigin = `http://127.0.0.1:${(backend.address() as AddressInfo).port}`;
    expect(served).toBe(declared.replace(/(connect-src [^;]*)/, `$1 ${backendOrigin}`));
  });

  it('serves the CSP as declared when no source is added', async () => {
    const plain = await startHosting({ root, port: 0 });
    try {
      const at = `http://127.0.0.1:${(plain.address() as AddressInfo).port}/`;
      const declared = hostingConfig().headers![0]!.headers.find(
        (h) => h.key === 'Content-Security-Policy',
      )!.value;
      expect((await fetch(at)).headers.get('content-security-policy')).toBe(declared);
    } finally {
      await new Promise((done) => plain.close(done));
    }
  });
});
