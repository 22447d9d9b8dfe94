/**
 * Writes one HTML file per route (and 404.html) into the client build, each already holding the
 * page's content, so the site reads with JavaScript off and the client only hydrates.
 */
import { readFile, writeFile, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import type { PrerenderedPage } from '../src/entry-server';

const outDir = resolve(process.env.DIST_DIR ?? 'dist');
const ssrDir = resolve(`.ssr${process.env.DIST_DIR ? `-${process.env.DIST_DIR.replace(/\W/g, '')}` : ''}`);

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export function headTags(page: PrerenderedPage): string {
  return [`<meta name="description" content="${escapeHtml(page.meta.description)}" />`].join('\n    ');
}

export function fillTemplate(template: string, page: PrerenderedPage): string {
  const filled = template
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.meta.title)}</title>`)
    .replace('<!--app-head-->', headTags(page))
    .replace('<!--app-html-->', page.html);
  if (filled.includes('<!--app-')) throw new Error(`Template placeholder left in ${page.file}`);
  return filled;
}

await build({
  logLevel: 'warn',
  build: { ssr: 'src/entry-server.tsx', outDir: ssrDir, emptyOutDir: true, copyPublicDir: false },
});
const entry = (await import(pathToFileURL(join(ssrDir, 'entry-server.js')).href)) as typeof import('../src/entry-server');
const template = await readFile(join(outDir, 'index.html'), 'utf8');
for (const page of entry.renderPages()) {
  await writeFile(join(outDir, page.file), fillTemplate(template, page));
  console.log(`prerendered ${page.file}`);
}
await rm(ssrDir, { recursive: true, force: true });
