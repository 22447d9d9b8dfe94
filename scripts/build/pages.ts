/** What the prerender writes around each page: head tags, sitemap, robots.txt, manifest. */
import escapeHtml from 'escape-html';
import { JSDOM } from 'jsdom';
import type { PrerenderedPage } from '../../src/entry-server';
import { company } from '../../src/content/company';
import {
  absoluteUrl,
  indexedRoutes,
  shareImage,
  siteOrigin,
  THEME_COLOR,
} from '../../src/content/site';

/** JSON for a <script type="application/ld+json"> block: nothing in it can close the element. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026');
}

/** schema.org Organization: the studio's name, site, logo, email, postal address and social profile. */
function organizationJsonLd(origin: string): Record<string, unknown> {
  const a = company.address;
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: company.name,
    url: absoluteUrl('/', origin),
    logo: absoluteUrl('/icon-512.png', origin),
    email: company.email,
    address: {
      '@type': 'PostalAddress',
      streetAddress: a.street,
      addressLocality: a.locality,
      addressRegion: a.region,
      postalCode: a.postalCode,
      addressCountry: a.country,
    },
    sameAs: [company.social.url],
  };
}

/** Per-route head: description, canonical URL, Open Graph, Twitter card and structured data. */
function headTags(page: PrerenderedPage, origin: string = siteOrigin()): string {
  const { meta } = page;
  const indexed = indexedRoutes.some((r) => r.path === meta.path);
  const url = absoluteUrl(meta.path, origin);
  const image = absoluteUrl(shareImage.path, origin);
  const tag = (attr: 'name' | 'property', key: string, value: string | number) =>
    `<meta ${attr}="${key}" content="${escapeHtml(String(value))}" />`;
  return [
    tag('name', 'description', meta.description),
    indexed
      ? `<link rel="canonical" href="${escapeHtml(url)}" />`
      : tag('name', 'robots', 'noindex'),
    tag('property', 'og:type', 'website'),
    tag('property', 'og:site_name', company.name),
    tag('property', 'og:locale', 'en_US'),
    tag('property', 'og:title', meta.title),
    tag('property', 'og:description', meta.description),
    ...(indexed ? [tag('property', 'og:url', url)] : []),
    tag('property', 'og:image', image),
    tag('property', 'og:image:type', shareImage.type),
    tag('property', 'og:image:width', shareImage.width),
    tag('property', 'og:image:height', shareImage.height),
    tag('property', 'og:image:alt', shareImage.alt),
    tag('name', 'twitter:card', 'summary_large_image'),
    tag('name', 'twitter:title', meta.title),
    tag('name', 'twitter:description', meta.description),
    tag('name', 'twitter:image', image),
    tag('name', 'twitter:image:alt', shareImage.alt),
    `<script type="application/ld+json">${jsonForScript(organizationJsonLd(origin))}</script>`,
  ].join('\n    ');
}

export function sitemapXml(origin: string = siteOrigin()): string {
  const urls = indexedRoutes.map(
    (r) => `  <url><loc>${escapeHtml(absoluteUrl(r.path, origin))}</loc></url>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

export function robotsTxt(origin: string = siteOrigin()): string {
  return [
    'User-agent: *',
    'Allow: /',
    '',
    `Sitemap: ${absoluteUrl('/sitemap.xml', origin)}`,
    '',
  ].join('\n');
}

/** The web app manifest (linked from index.html), from the company's facts; icons are in public/. */
export function webManifest(): Record<string, unknown> {
  return {
    name: company.name,
    short_name: company.name.split(' ')[0],
    description: company.tagline,
    id: '/',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: THEME_COLOR,
    theme_color: THEME_COLOR,
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

/**
 * A route's page from the built index.html: its `<title>` set on the parsed document, then its
 * head tags and its prerendered HTML in place of Vite's SSR placeholders (`<!--app-head-->`,
 * `<!--app-html-->`).
 */
export function fillTemplate(
  template: string,
  page: PrerenderedPage,
  origin: string = siteOrigin(),
): string {
  const dom = new JSDOM(template);
  dom.window.document.title = page.meta.title;
  const filled = dom
    .serialize()
    .replace('<!--app-head-->', () => headTags(page, origin))
    .replace('<!--app-html-->', () => page.html);
  if (filled.includes('<!--app-')) throw new Error(`Template placeholder left in ${page.file}`);
  return filled;
}
