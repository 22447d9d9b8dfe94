/**
 * Search and sharing: every route's prerendered head (title, description, canonical URL, Open
 * Graph, Twitter card, Organization JSON-LD), sitemap.xml, robots.txt, the share image, the web
 * manifest and its icons, as served.
 */
import { describe, expect, it } from 'vitest';
import { loadEnv } from 'vite';
import { baseURL, openPage, sharedBrowser } from './browser';
import { company } from '../../src/content/company';
import { routes, shareImage, siteOrigin, type RouteMeta } from '../../src/content/site';

// The origin the build used: VITE_SITE_ORIGIN from the environment or the .env files.
const origin = siteOrigin(loadEnv('production', process.cwd(), 'VITE_').VITE_SITE_ORIGIN);
const INDEXED: RouteMeta[] = [routes.home, routes.privacy, routes.terms];

function decode(s: string): string {
  return s
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** The head of a page, read as a crawler reads it: no script runs. */
async function head(path: string) {
  const res = await fetch(baseURL() + path);
  const html = await res.text();
  const headHtml = html.slice(0, html.indexOf('</head>'));
  const metas = (attr: 'name' | 'property', key: string) =>
    [
      ...headHtml.matchAll(
        new RegExp(`<meta ${attr}="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`, 'g'),
      ),
    ].map((m) => decode(m[1]!));
  const meta = (attr: 'name' | 'property', key: string) => {
    const all = metas(attr, key);
    expect(all, `${path}: <meta ${attr}="${key}">`).toHaveLength(1);
    return all[0]!;
  };
  const titles = [...headHtml.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => decode(m[1]!));
  const canonical = [...headHtml.matchAll(/<link rel="canonical" href="([^"]*)"/g)].map((m) =>
    decode(m[1]!),
  );
  const jsonLd = [
    ...headHtml.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g),
  ].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
  const links = (rel: string) =>
    [...headHtml.matchAll(new RegExp(`<link rel="${rel}" href="([^"]*)"`, 'g'))].map((m) => m[1]!);
  return { res, titles, meta, metas, canonical, jsonLd, links };
}

/** Width and height from a PNG's IHDR chunk. */
async function pngSize(
  path: string,
): Promise<{ width: number; height: number; type: string | null }> {
  const res = await fetch(baseURL() + path);
  expect(res.status, path).toBe(200);
  const buf = Buffer.from(await res.arrayBuffer());
  expect(
    buf.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10])),
    `${path} is a PNG`,
  ).toBe(true);
  return {
    width: buf.readUInt32BE(16),
    height: buf.readUInt32BE(20),
    type: res.headers.get('content-type'),
  };
}

describe('each route’s head', () => {
  for (const route of INDEXED) {
    it(`${route.path}: title, description, canonical URL, Open Graph and Twitter card`, async () => {
      const h = await head(route.path);
      const url = `${origin}${route.path}`;
      expect(h.titles).toEqual([route.title]);
      expect(h.meta('name', 'description')).toBe(route.description);
      expect(h.canonical).toEqual([url]);
      expect(h.metas('name', 'robots')).toEqual([]);

      expect(h.meta('property', 'og:type')).toBe('website');
      expect(h.meta('property', 'og:site_name')).toBe(company.name);
      expect(h.meta('property', 'og:title')).toBe(route.title);
      expect(h.meta('property', 'og:description')).toBe(route.description);
      expect(h.meta('property', 'og:url')).toBe(url);
      expect(h.meta('property', 'og:image')).toBe(`${origin}${shareImage.path}`);
      expect(h.meta('property', 'og:image:width')).toBe('1200');
      expect(h.meta('property', 'og:image:height')).toBe('630');
      expect(h.meta('property', 'og:image:alt').length).toBeGreaterThan(10);

      expect(h.meta('name', 'twitter:card')).toBe('summary_large_image');
      expect(h.meta('name', 'twitter:title')).toBe(route.title);
      expect(h.meta('name', 'twitter:description')).toBe(route.description);
      expect(h.meta('name', 'twitter:image')).toBe(`${origin}${shareImage.path}`);
    });

    it(`${route.path}: JSON-LD Organization with name, email, postal address and social profile`, async () => {
      const { jsonLd } = await head(route.path);
      expect(jsonLd).toHaveLength(1);
      const org = jsonLd[0]!;
      expect(org['@context']).toBe('https://schema.org');
      expect(org['@type']).toBe('Organization');
      expect(org.name).toBe(company.name);
      expect(org.email).toBe(company.email);
      expect(org.url).toBe(`${origin}/`);
      expect(org.address).toEqual({
        '@type': 'PostalAddress',
        streetAddress: company.address.street,
        addressLocality: company.address.locality,
        addressRegion: company.address.region,
        postalCode: company.address.postalCode,
        addressCountry: company.address.country,
      });
      expect(org.sameAs).toEqual([company.social.url]);
    });
  }

  it('keeps the not-found page out of the index: noindex, no canonical URL', async () => {
    const h = await head('/no-such-page');
    expect(h.res.status).toBe(404);
    expect(h.titles).toEqual([routes.notFound.title]);
    expect(h.meta('name', 'robots')).toBe('noindex');
    expect(h.canonical).toEqual([]);
  });
});

describe('files for crawlers', () => {
  it('sitemap.xml lists exactly the three routes', async () => {
    const res = await fetch(`${baseURL()}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/xml/);
    const xml = await res.text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs.sort()).toEqual(
      [`${origin}/`, `${origin}/privacypolicy`, `${origin}/terms`].sort(),
    );
  });

  it('robots.txt allows everything and names the sitemap', async () => {
    const res = await fetch(`${baseURL()}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const txt = await res.text();
    expect(txt).toMatch(/^User-agent: \*$/m);
    expect(txt).not.toMatch(/^Disallow: \/\s*$/m);
    expect(txt).toMatch(
      new RegExp(`^Sitemap: ${origin.replace(/[.:/]/g, '\\$&')}/sitemap\\.xml$`, 'm'),
    );
  });

  it('the share image is a 1200x630 PNG', async () => {
    const img = await pngSize(shareImage.path);
    expect(img).toEqual({ width: 1200, height: 630, type: 'image/png' });
  });
});

describe('icons and the web manifest', () => {
  const browser = sharedBrowser();

  it('every page links the manifest and icons, and they load', async () => {
    for (const path of ['/', '/privacypolicy', '/terms']) {
      const h = await head(path);
      expect(h.links('manifest')).toEqual(['/site.webmanifest']);
      expect(h.links('apple-touch-icon')).toEqual(['/apple-touch-icon.png']);
      expect(h.links('icon')).toEqual(['/favicon.svg', '/favicon-32.png']);
    }
    expect((await fetch(`${baseURL()}/favicon.svg`)).headers.get('content-type')).toBe(
      'image/svg+xml',
    );
    expect(await pngSize('/favicon-32.png')).toMatchObject({ width: 32, height: 32 });
    expect(await pngSize('/apple-touch-icon.png')).toMatchObject({ width: 180, height: 180 });
  });

  it('the manifest names the studio and its icons have the sizes it declares', async () => {
    const res = await fetch(`${baseURL()}/site.webmanifest`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const manifest = (await res.json()) as {
      name: string;
      start_url: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(manifest.name).toBe(company.name);
    expect(manifest.start_url).toBe('/');
    expect(manifest.icons.map((i) => i.sizes)).toEqual(
      expect.arrayContaining(['192x192', '512x512']),
    );
    expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
    for (const icon of manifest.icons) {
      const [w, h] = icon.sizes.split('x').map(Number);
      expect(await pngSize(icon.src)).toEqual({ width: w, height: h, type: 'image/png' });
    }
  });

  it('Chromium reads the manifest without an error, and no console error or CSP violation comes with it', async () => {
    const { page, context, problems } = await openPage(browser());
    await page.goto(`${baseURL()}/privacypolicy`, { waitUntil: 'networkidle' });
    const cdp = await context.newCDPSession(page);
    const result = (await cdp.send('Page.getAppManifest')) as {
      url: string;
      errors: { message: string }[];
      data?: string;
    };
    expect(result.url).toBe(`${baseURL()}/site.webmanifest`);
    expect(result.errors).toEqual([]);
    expect(JSON.parse(result.data ?? '{}').name).toBe(company.name);
    expect(problems).toEqual([]);
  });
});
