/**
 * Writes one HTML file per route (and 404.html) into the client build, each already holding the
 * page's content and its search and sharing metadata (scripts/build/pages.ts), so the site reads
 * with JavaScript off and the client only hydrates; also sitemap.xml, robots.txt and the manifest.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, loadEnv } from 'vite';
import { siteOrigin } from '../src/content/site';
import { fillTemplate, robotsTxt, sitemapXml, webManifest } from './build/pages';

const outDir = resolve(process.env.DIST_DIR ?? 'dist');
const ssrDir = resolve(
  `.ssr${process.env.DIST_DIR ? `-${process.env.DIST_DIR.replace(/\W/g, '')}` : ''}`,
);

await build({
  logLevel: 'warn',
  build: { ssr: 'src/entry-server.tsx', outDir: ssrDir, emptyOutDir: true, copyPublicDir: false },
});
const entry = (await import(
  pathToFileURL(join(ssrDir, 'entry-server.js')).href
)) as typeof import('../src/entry-server');
// The same VITE_SITE_ORIGIN the client build saw (.env files included).
const origin = siteOrigin(
  loadEnv('production', process.cwd(), 'VITE_').VITE_SITE_ORIGIN ?? process.env.VITE_SITE_ORIGIN,
);
// The page as `vite build` shaped it for the first paint (scripts/build/firstPaintHtmlPlugin.ts).
const template = await readFile(join(outDir, 'index.html'), 'utf8');
for (const page of await entry.renderPages()) {
  await writeFile(join(outDir, page.file), fillTemplate(template, page, origin));
  console.log(`prerendered ${page.file}`);
}
await writeFile(join(outDir, 'sitemap.xml'), sitemapXml(origin));
await writeFile(join(outDir, 'robots.txt'), robotsTxt(origin));
await writeFile(join(outDir, 'site.webmanifest'), `${JSON.stringify(webManifest(), null, 2)}\n`);
console.log(`wrote sitemap.xml, robots.txt (for ${origin}) and site.webmanifest`);
await rm(ssrDir, { recursive: true, force: true });
