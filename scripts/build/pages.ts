/** What the prerender writes around each page: head tags, sitemap, robots.txt, manifest, inlining. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import escapeHtml from 'escape-html';
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
export function organizationJsonLd(origin: string): Record<string, unknown> {
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
export function headTags(page: PrerenderedPage, origin: string = siteOrigin()): string {
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
 * Puts the site's stylesheet into the page itself. It is small (about 4 KB gzip), and a linked
 * stylesheet blocks the first paint for one more round trip (about 600 ms on Lighthouse's mobile
 * network). Font and image URLs in it are absolute, so they resolve the same from the page.
 */
export async function inlineStylesheets(html: string, dir: string): Promise<string> {
  const links = [
    ...html.matchAll(/<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g),
  ];
  for (const [tag, href] of links) {
    const css = await readFile(join(dir, href!), 'utf8');
    if (css.includes('</style')) throw new Error(`${href} cannot be inlined`);
    // The disabled link is never fetched; it tells Vite's chunk loader, which asks for the entry's
    // stylesheet along with any chunk that shares a module with the entry, that it is on the page.
    html = html.replace(
      tag,
      () => `<style>${css.trim()}</style>\n    <link rel="stylesheet" href="${href}" disabled />`,
    );
  }
  return html;
}

/** The first screen's fonts: the title's own, Syne 700 (the top bar) and Inter 400 (the text). */
const FIRST_SCREEN_FONTS = [
  /\/assets\/title-[\w-]+\.woff2/,
  /\/assets\/syne-latin-700-normal-[\w-]+\.woff2/,
  /\/assets\/inter-latin-400-normal-[\w-]+\.woff2/,
];

/**
 * Asks for the first screen's fonts with the page itself. Text waits for its font (up to the
 * swap period); found only once styles are computed, the fonts start late and share the line
 * with the scripts. Preloaded, they start first.
 */
export function preloadFonts(html: string): string {
  const links = FIRST_SCREEN_FONTS.map((re) => re.exec(html)?.[0])
    .filter((href): href is string => Boolean(href))
    .map((href) => `<link rel="preload" href="${href}" as="font" type="font/woff2" crossorigin />`);
  return html.replace(/(<meta name="viewport"[^>]*>)/, (m) => [m, ...links].join('\n    '));
}

/**
 * The page's text is already in the HTML; its one script (src/boot.ts, about 1.5 KB) fetches the
 * app after the first paint. Asked for at low priority, it leaves the line to the first screen's
 * fonts.
 */
export function lowPriorityScripts(html: string): string {
  return html
    .replace(
      /<script type="module"(?![^>]*fetchpriority)/g,
      '<script type="module" fetchpriority="low"',
    )
    .replace(
      /<link rel="modulepreload"(?![^>]*fetchpriority)/g,
      '<link rel="modulepreload" fetchpriority="low"',
    );
}

export function fillTemplate(
  template: string,
  page: PrerenderedPage,
  origin: string = siteOrigin(),
): string {
  const filled = template
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.meta.title)}</title>`)
    .replace('<!--app-head-->', () => headTags(page, origin))
    .replace('<!--app-html-->', () => page.html);
  if (filled.includes('<!--app-')) throw new Error(`Template placeholder left in ${page.file}`);
  return filled;
}
