/**
 * What a route costs before its first paint: every script its HTML loads (module scripts and
 * modulepreloads), gzip -9, read from the built files. And what it costs at start: those plus the
 * app the entry (src/boot.ts) fetches right after the first paint, from Vite's build manifest. Also says whether any of them
 * holds three.js, R3F, troika or the firebase SDK, which must never be on either path.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface FirstPaintBytes {
  /** Script URLs the HTML loads before first paint, in document order. */
  scripts: string[];
  /** Sum of their gzip -9 sizes, in bytes. */
  gzipBytes: number;
  /** Those scripts plus the ones the entry loads right after the first paint (the app). */
  startupScripts: string[];
  /** Sum of the startup scripts' gzip -9 sizes, in bytes. */
  startupGzipBytes: number;
  /** Heavy libraries found in any startup script (should be empty). */
  heavy: string[];
}

/** Strings that only appear in the named library's code (they survive minification). */
const SIGNATURES: Record<string, RegExp> = {
  three: /THREE\.WebGLRenderer|__THREE__/,
  'react-three-fiber': /R3F: /,
  troika: /troika/,
  firebase: /FirebaseError|@firebase\//,
};

/** Drops quoted chunk paths (`import("./troika-three-text-XXXX.js")`): naming a chunk is not holding it. */
function withoutChunkPaths(code: string): string {
  return code.replace(/(["'`])[^"'`\n]*\.js\1/g, '""');
}

export function firstPaintScripts(html: string): string[] {
  const urls: string[] = [];
  const tag = /<(script|link)\b[^>]*>/gi;
  for (const m of html.matchAll(tag)) {
    const t = m[0];
    if (m[1]!.toLowerCase() === 'script') {
      const src = /\bsrc="([^"]+)"/.exec(t)?.[1];
      if (src) urls.push(src);
    } else if (/\brel="modulepreload"/.test(t)) {
      const href = /\bhref="([^"]+)"/.exec(t)?.[1];
      if (href) urls.push(href);
    }
  }
  return [...new Set(urls)];
}

export function gzipSize(buf: Buffer | string): number {
  return gzipSync(buf, { level: 9 }).length;
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** Vite's build manifest (build.manifest in vite.config.ts): every chunk and what it imports. */
export function readManifest(distDir: string): Manifest {
  return JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** The chunks' files with everything they import statically, as URLs ("/assets/x.js"). */
export function withStaticImports(manifest: Manifest, keys: string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const k of manifest[key].imports ?? []) visit(k);
  };
  keys.forEach(visit);
  return [...seen].map((k) => `/${manifest[k]!.file}`).filter((u) => u.endsWith('.js'));
}

/**
 * What an entry script loads at start: its dynamic imports (src/boot.ts has one, the app) with
 * their static imports, read from the manifest.
 */
export function entryDynamicScripts(manifest: Manifest, entryUrl: string): string[] {
  const key = Object.keys(manifest).find((k) => `/${manifest[k]!.file}` === entryUrl);
  if (!key) return [];
  return withStaticImports(manifest, manifest[key]!.dynamicImports ?? []);
}

/** Reads dist/<file>.html and sums its first-paint and startup scripts from the same folder. */
export function firstPaintBytes(distDir: string, htmlFile: string): FirstPaintBytes {
  const html = readFileSync(join(distDir, htmlFile), 'utf8');
  const read = (url: string) => readFileSync(join(distDir, url.split('?')[0]!));
  const scripts = firstPaintScripts(html).filter((u) => u.startsWith('/'));
  const manifest = readManifest(distDir);
  const startupScripts = [
    ...new Set([...scripts, ...scripts.flatMap((u) => entryDynamicScripts(manifest, u))]),
  ];
  const size = (urls: string[]) => urls.reduce((sum, u) => sum + gzipSize(read(u)), 0);
  const heavy = new Set<string>();
  for (const url of startupScripts) {
    const text = withoutChunkPaths(read(url).toString('utf8'));
    for (const [name, re] of Object.entries(SIGNATURES)) if (re.test(text)) heavy.add(name);
  }
  return {
    scripts,
    gzipBytes: size(scripts),
    startupScripts,
    startupGzipBytes: size(startupScripts),
    heavy: [...heavy],
  };
}
