/**
 * What a route costs before its first paint: every script its HTML loads (module scripts and
 * modulepreloads), gzip -9, read from the built files. Also says whether any of them holds
 * three.js, R3F, troika or the firebase SDK, which must never be on that path.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface FirstPaintBytes {
  /** Script URLs the HTML loads before first paint, in document order. */
  scripts: string[];
  /** Sum of their gzip -9 sizes, in bytes. */
  gzipBytes: number;
  /** Heavy libraries found in those scripts (should be empty). */
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
      // Only scripts that run before the page is interactive; none here are async-injected.
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

/** Reads dist/<file>.html and sums its first-paint scripts from the same folder. */
export function firstPaintBytes(distDir: string, htmlFile: string): FirstPaintBytes {
  const html = readFileSync(join(distDir, htmlFile), 'utf8');
  const scripts = firstPaintScripts(html).filter((u) => u.startsWith('/'));
  let gzipBytes = 0;
  const heavy = new Set<string>();
  for (const url of scripts) {
    const code = readFileSync(join(distDir, url.split('?')[0]!));
    gzipBytes += gzipSize(code);
    const text = withoutChunkPaths(code.toString('utf8'));
    for (const [name, re] of Object.entries(SIGNATURES)) if (re.test(text)) heavy.add(name);
  }
  return { scripts, gzipBytes, heavy: [...heavy] };
}
