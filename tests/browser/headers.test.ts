/**
 * The served headers are firebase.json's, rule for rule (the same policy a deploy gets), and
 * that policy is strict. Everything else in the browser suite already runs under it: openPage
 * fails a test on any console error or CSP violation.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { baseURL } from './browser';

interface Rule {
  source: string;
  headers: { key: string; value: string }[];
}
const hosting = JSON.parse(readFileSync('firebase.json', 'utf8')).hosting as {
  public: string;
  cleanUrls: boolean;
  headers: Rule[];
};

/** The headers firebase.json gives a path, written out by rule name (later rules win). */
function expected(...sources: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const source of sources) {
    const rule = hosting.headers.find((r) => r.source === source);
    if (!rule) throw new Error(`firebase.json has no header rule for ${source}`);
    for (const h of rule.headers) out[h.key] = h.value;
  }
  return out;
}

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

/**
 * Served headers must equal the expected ones. One difference is allowed: `npm run serve` adds
 * the local contact backend (http://127.0.0.1:PORT) to connect-src, as nothing else can reach it.
 */
function expectHeaders(res: Response, want: Record<string, string>) {
  for (const [key, value] of Object.entries(want)) {
    const got = res.headers.get(key);
    if (key === 'Content-Security-Policy' && got) {
      const served = directives(got);
      const declared = directives(value);
      expect([...served.keys()]).toEqual([...declared.keys()]);
      for (const [name, values] of declared) {
        const s = served.get(name)!;
        if (name === 'connect-src') {
          expect(s.slice(0, values.length)).toEqual(values);
          for (const extra of s.slice(values.length))
            expect(extra).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
        } else expect(s, name).toEqual(values);
      }
    } else expect(got, key).toBe(value);
  }
}

async function firstScriptAndFont(): Promise<{ script: string; font: string }> {
  const html = await (await fetch(`${baseURL()}/`)).text();
  const script = /<script type="module"[^>]*src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  const font = /url\((\/assets\/[^)]+\.woff2)\)/.exec(html)?.[1];
  if (!script || !font) throw new Error('The home page names no script or no font under /assets');
  return { script, font };
}

describe('served headers', () => {
  it('match firebase.json for every HTML route, the 404 page included', async () => {
    for (const path of ['/', '/privacypolicy', '/terms', '/no-such-page']) {
      const res = await fetch(baseURL() + path);
      expect(res.status).toBe(path === '/no-such-page' ? 404 : 200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expectHeaders(res, expected('**'));
    }
  });

  it('match firebase.json for hashed scripts and fonts: immutable for a year', async () => {
    const { script, font } = await firstScriptAndFont();
    for (const path of [script, font]) {
      const res = await fetch(baseURL() + path);
      expect(res.status).toBe(200);
      expectHeaders(res, expected('**', '/assets/**'));
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
    expect((await fetch(baseURL() + font)).headers.get('content-type')).toBe('font/woff2');
  });

  it('revalidate HTML on every visit', async () => {
    expect((await fetch(`${baseURL()}/`)).headers.get('cache-control')).toBe('no-cache');
  });
});

describe('the declared policy (firebase.json)', () => {
  const all = expected('**');
  const csp = directives(all['Content-Security-Policy'] ?? '');

  it('runs scripts from the site itself only: no inline script, no eval, no plugins', () => {
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(all['Content-Security-Policy']).not.toMatch(/unsafe-eval|\*(?!\.cloudfunctions\.net)/);
  });

  it('allows fonts, images and workers (the title worker, the offline worker) from the site only, and connections to the functions origin only', () => {
    expect(csp.get('font-src')).toEqual(["'self'"]);
    expect(csp.get('img-src')).toEqual(["'self'"]);
    expect(csp.get('worker-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://*.cloudfunctions.net']);
  });

  it('cannot be framed, and pins base URL and form targets to the site', () => {
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
  });

  it('sends HSTS for at least a year, nosniff, a strict referrer policy and turns off unused features', () => {
    const hsts = /max-age=(\d+)/.exec(all['Strict-Transport-Security'] ?? '');
    expect(Number(hsts?.[1])).toBeGreaterThanOrEqual(31_536_000);
    expect(all['Strict-Transport-Security']).toContain('includeSubDomains');
    expect(all['X-Content-Type-Options']).toBe('nosniff');
    expect(all['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
      expect(all['Permissions-Policy']).toContain(`${feature}=()`);
    }
  });

  it('serves dist/ with clean URLs (and its 404.html)', () => {
    expect(hosting.public).toBe('dist');
    expect(hosting.cleanUrls).toBe(true);
  });
});
