/**
 * The studio's inbox page in the build: its own page and chunks, which no visitor's page names
 * and the service worker never precaches; `noindex`, out of the sitemap, not blocked by
 * robots.txt; served with its own CSP while the visitors' stays as it is.
 */
import { readFileSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHosting, type HostingOptions } from '../../scripts/hosting';
import { builtSite } from './builtSite';

/** The hosting block of firebase.json, as Hosting reads it. */
const hostingConfig = () =>
  (
    JSON.parse(readFileSync('firebase.json', 'utf8')) as {
      hosting: NonNullable<HostingOptions['config']>;
    }
  ).hosting;

const AUTH_ORIGINS = 'https://identitytoolkit.googleapis.com https://securetoken.googleapis.com';
let dist = '';
let site: Server;
let base = '';

beforeAll(async () => {
  dist = await builtSite();
  site = await startHosting({ root: dist, port: 0 });
  base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
}, 300_000);
afterAll(() => {
  site.closeAllConnections();
  site.close();
});

const read = (file: string) => readFile(join(dist, file), 'utf8');
const csp = (headers: Headers) => headers.get('content-security-policy') ?? '';

describe('the inbox page in the build', () => {
  it('is its own page, noindex, with its chunks under /studio/', async () => {
    const html = await read('inbox.html');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"');
    const scripts = [...html.matchAll(/src="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.every((s) => s!.startsWith('/studio/'))).toBe(true);
    expect((await readdir(join(dist, 'studio'))).some((f) => f.endsWith('.js'))).toBe(true);
  });

  it('costs a visitor nothing: no visitor page, chunk or precache entry names it', async () => {
    for (const page of ['index.html', 'privacypolicy.html', 'terms.html', '404.html'])
      expect(await read(page), page).not.toMatch(/\/studio\/|inbox/i);
    for (const file of await readdir(join(dist, 'assets')))
      if (file.endsWith('.js'))
        expect(await read(join('assets', file)), file).not.toMatch(/studioInbox|\/studio\//);
    expect(await read('sw.js')).not.toMatch(/inbox|\/studio\//);
  });

  it('is left out of the sitemap, and robots.txt lets a crawler read its noindex', async () => {
    expect(await read('sitemap.xml')).not.toContain('inbox');
    expect(await read('robots.txt')).not.toContain('inbox');
  });

  it('is served with its own CSP, which adds only the Auth origins; the visitors keep theirs', async () => {
    const visitors = csp((await fetch(`${base}/`)).headers);
    const inbox = await fetch(`${base}/inbox`);
    expect(inbox.status).toBe(200);
    expect(await inbox.text()).toContain('id="inbox"');
    expect(inbox.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(visitors).not.toContain('identitytoolkit');
    expect(csp(inbox.headers)).toBe(
      visitors.replace(
        "connect-src 'self' https://*.cloudfunctions.net",
        `connect-src 'self' https://*.cloudfunctions.net ${AUTH_ORIGINS}`,
      ),
    );
    // The same in firebase.json, which Hosting reads.
    const rules = hostingConfig().headers ?? [];
    const rule = rules.find((r) => r.source === '/inbox');
    expect(rule?.headers.find((h) => h.key === 'Content-Security-Policy')?.value).toBe(
      csp(inbox.headers),
    );
  });
});
