/**
 * The service worker's precache manifest of a finished build, as Workbox's getManifest makes it
 * (workbox-build is not used: it pulls in rollup, whose platform packages the registry here does
 * not all carry, which breaks npm ci).
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { PrecacheEntry } from 'workbox-precaching';
import { routes } from '../../src/content/site';

export type { PrecacheEntry };

const PRECACHED = /\.(html|js|css|woff2?|ttf|svg|png|ico|webp|webmanifest)$/;
// The social preview image is for link crawlers, never shown by the site itself.
const LEFT_OUT = /^(sw\.js|og-image\.[a-z]+)$|\.map$/;
// The canvas chunk (three, R3F, troika) is about 1 MB before compression.
const MAX_FILE_BYTES = 8 * 1024 * 1024;

/** Every page, chunk, style, font and icon of the build in `dir`; hashed files have no revision. */
export async function precacheManifest(
  dir: string,
): Promise<{ entries: PrecacheEntry[]; size: number; warnings: string[] }> {
  const entries: PrecacheEntry[] = [];
  const warnings: string[] = [];
  let size = 0;
  for (const dirent of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!dirent.isFile()) continue;
    const path = relative(dir, join(dirent.parentPath, dirent.name)).split('\\').join('/');
    if (!PRECACHED.test(path) || LEFT_OUT.test(path)) continue;
    const body = await readFile(join(dir, path));
    if (body.length > MAX_FILE_BYTES) {
      warnings.push(`${path} is ${body.length} bytes, over the precache limit: left out`);
      continue;
    }
    size += body.length;
    const revision = path.startsWith('assets/')
      ? null
      : createHash('md5').update(body).digest('hex');
    entries.push({ url: path, revision });
  }
  entries.sort((a, b) => a.url.localeCompare(b.url));
  return { entries: pagesAsRoutes(entries), size, warnings };
}

/** Pages are precached under the URLs they are served at (clean URLs): "/", "/terms", "/404". */
export function pagesAsRoutes(entries: PrecacheEntry[]): PrecacheEntry[] {
  return entries.map((entry) => {
    let url = entry.url.replace(/^\/?/, '/');
    if (url.endsWith('.html')) url = url.replace(/(\/index)?\.html$/, '') || '/';
    return { ...entry, url };
  });
}

/** The route table's pages the manifest lacks (a build that would not work offline). */
export function missingRoutes(entries: PrecacheEntry[]): string[] {
  return Object.values(routes)
    .map((r) => r.path)
    .filter((path) => !entries.some((e) => e.url === path));
}

/** A build's id: changes whenever any precached file does. */
export function buildId(entries: PrecacheEntry[]): string {
  return createHash('sha256')
    .update(JSON.stringify(entries.map((e) => [e.url, e.revision])))
    .digest('hex')
    .slice(0, 12);
}
