/**
 * What the production build puts on each page's first paint and start, read from dist/ (`npm test`
 * builds first; a missing build is made here): the scripts the HTML loads (module scripts and
 * modulepreloads), then the app src/boot.ts fetches right after the first paint, from Vite's
 * manifest (dist/.vite/manifest.json).
 */
import { execSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  COMPILE_HINT,
  chunksRunOnLoad,
  compileHintsPlugin,
} from '../../scripts/build/compileHintsPlugin';
import type { ViteChunk } from '../../scripts/build/precache';
import { preloadDependencies, preloadPlugin } from '../../scripts/build/preloadPlugin';
import { routes } from '../../src/content/site';

const DIST = process.env.DIST_DIR ?? 'dist';
/** First-paint JS, gzip -9, per page (docs/performance-history.md). */
const FIRST_PAINT_JS_BYTES = 90_000;
/** The first-paint script before the DOM motion (131a1cc), counted as here: zlib at level 9 (`gzip -9`
 * on the file says 2,795: its header holds the name). It may not grow past it (#18). */
const FIRST_PAINT_SCRIPT_BYTES = 2_753;
/** The JS the app loaded at start before the DOM motion (131a1cc, built with its own `npm ci`),
 * counted as here; #18 lets it grow by 20 KB. */
const APP_AT_START_BYTES_BEFORE_MOTION = 96_853;
const APP_AT_START_GROWTH = 20_000;
/** Strings only the named library's code holds (they survive minification). */
const HEAVY: Record<string, RegExp> = {
  three: /THREE\.WebGLRenderer|__THREE__/,
  'react-three-fiber': /R3F: /,
  troika: /troika/,
  firebase: /FirebaseError|@firebase\//,
};
type Manifest = Record<string, ViteChunk>;

/** The scripts an HTML page loads before its first paint, in document order. */
function firstPaintScripts(html: string): string[] {
  const urls = [...html.matchAll(/<(script|link)\b[^>]*>/gi)].map(([tag, name]) =>
    name!.toLowerCase() === 'script'
      ? /\bsrc="([^"]+)"/.exec(tag)?.[1]
      : /\brel="modulepreload"/.test(tag)
        ? /\bhref="([^"]+)"/.exec(tag)?.[1]
        : undefined,
  );
  return [...new Set(urls.filter((u): u is string => u?.startsWith('/') ?? false))];
}

/** The chunks' files with everything they import statically, as URLs ("/assets/x.js"). */
function withStaticImports(manifest: Manifest, keys: string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const k of manifest[key].imports ?? []) visit(k);
  };
  keys.forEach(visit);
  return [...seen].map((k) => `/${manifest[k]!.file}`).filter((u) => u.endsWith('.js'));
}

/** First-paint scripts plus what each entry among them imports dynamically (the app), with their imports. */
function startScripts(manifest: Manifest, firstPaint: string[]): string[] {
  const dynamic = firstPaint.flatMap((url) => {
    const key = Object.keys(manifest).find((k) => `/${manifest[k]!.file}` === url);
    return key ? withStaticImports(manifest, manifest[key]!.dynamicImports ?? []) : [];
  });
  return [...new Set([...firstPaint, ...dynamic])];
}

/** Which heavy libraries this code holds; a quoted chunk path names a chunk, it does not hold it. */
const heavyIn = (code: string) => {
  const own = code.replace(/(["'`])[^"'`\n]*\.js\1/g, '""');
  return Object.keys(HEAVY).filter((name) => HEAVY[name]!.test(own));
};
const read = (url: string) => readFileSync(join(DIST, url.split('?')[0]!));
const firstPaintOf = (route: { file: string }) =>
  firstPaintScripts(readFileSync(join(DIST, route.file), 'utf8'));
/** The app's scripts the home page's first-paint script fetches at start (not itself). */
const appAtStart = (manifest: Manifest) => {
  const firstPaint = firstPaintOf(routes.home);
  return startScripts(manifest, firstPaint).filter((u) => !firstPaint.includes(u));
};
const gzip = (urls: string[]) =>
  urls.reduce((n, u) => n + gzipSync(read(u), { level: 9 }).length, 0);
const heavyInFiles = (urls: string[]) => [
  ...new Set(urls.flatMap((u) => heavyIn(read(u).toString()))),
];

describe('the chunk graph', () => {
  it('follows static imports, once each', () => {
    const manifest: Manifest = {
      'src/main.tsx': { file: 'assets/main.js', imports: ['_a.js', '_b.js'] },
      '_a.js': { file: 'assets/a.js', imports: ['_b.js'] },
      '_b.js': { file: 'assets/b.js' },
      '_c.js': { file: 'assets/c.js' },
    };
    expect(withStaticImports(manifest, ['src/main.tsx']).sort()).toEqual([
      '/assets/a.js',
      '/assets/b.js',
      '/assets/main.js',
    ]);
  });

  it('finds module scripts and modulepreloads, not other links', () => {
    const html = `<link rel="stylesheet" href="/a.css"><script type="module" src="/assets/boot.js"></script>
      <link rel="modulepreload" href="/assets/shared.js"><script src="https://x.test/y.js"></script>`;
    expect(firstPaintScripts(html)).toEqual(['/assets/boot.js', '/assets/shared.js']);
  });

  it('marks for eager compiling what the entry imports dynamically and their static imports, not the entry nor lazy chunks', () => {
    const chunk = (fileName: string, imports: string[] = [], dynamicImports: string[] = []) => ({
      fileName,
      isEntry: fileName === 'boot.js',
      imports,
      dynamicImports,
    });
    const run = chunksRunOnLoad([
      chunk('boot.js', ['shared.js'], ['main.js']),
      chunk('main.js', ['react.js'], ['canvas.js']),
      chunk('react.js', ['shared.js']),
      chunk('shared.js'),
      chunk('canvas.js', ['three.js']),
      chunk('three.js'),
    ]);
    expect([...run].sort()).toEqual(['main.js', 'react.js', 'shared.js']);
  });

  it('preloads beside a lazy chunk only what is not loaded yet, never the chunk itself nor the canvas’s', () => {
    const chunk = (fileName: string, imports: string[] = [], dynamicImports: string[] = []) => ({
      type: 'chunk',
      fileName,
      isEntry: fileName === 'boot.js',
      imports,
      dynamicImports,
    });
    const bundle = Object.fromEntries(
      [
        chunk('boot.js', ['shared.js'], ['main.js', 'dom.js']),
        chunk('main.js', ['react.js'], ['lazy.js', 'canvas.js']),
        chunk('dom.js', ['scheduler.js']),
        chunk('react.js', ['shared.js']),
        chunk('shared.js'),
        chunk('scheduler.js'),
        chunk('lazy.js', ['react.js', 'scheduler.js', 'boot.js', 'lottie.js']),
        chunk('lottie.js'),
        chunk('canvas.js', ['three.js']),
        chunk('three.js'),
      ].map((c) => [c.fileName, c]),
    );
    const plugin = preloadPlugin() as unknown as {
      generateBundle: { handler: (options: unknown, bundle: unknown) => void };
    };
    plugin.generateBundle.handler({}, bundle);
    // The app's lazy chunk: what the app at start and the first-paint script loaded is not asked again.
    expect(
      preloadDependencies(
        'lazy.js',
        ['lazy.js', 'react.js', 'scheduler.js', 'boot.js', 'lottie.js', 'x.css'],
        { hostId: 'main.js' },
      ),
    ).toEqual(['lottie.js', 'x.css']);
    // The first-paint script starting the app preloads the app's own imports beside it.
    expect(
      preloadDependencies('main.js', ['main.js', 'react.js', 'shared.js'], { hostId: 'boot.js' }),
    ).toEqual(['react.js']);
    expect(
      preloadDependencies('canvas.js', ['canvas.js', 'three.js'], { hostId: 'main.js' }),
    ).toEqual([]);
  });

  it('moves a marked chunk’s source map down by the line it adds', () => {
    const bundle = {
      'boot.js': {
        type: 'chunk',
        fileName: 'boot.js',
        isEntry: true,
        imports: [],
        dynamicImports: ['app.js'],
        code: 'boot()',
      },
      'app.js': {
        type: 'chunk',
        fileName: 'app.js',
        isEntry: false,
        imports: [],
        dynamicImports: [],
        code: 'app()',
      },
      'app.js.map': {
        type: 'asset',
        fileName: 'app.js.map',
        source: JSON.stringify({ version: 3, mappings: 'AAAA' }),
      },
    };
    const hook = compileHintsPlugin().generateBundle as {
      handler: (o: unknown, b: unknown) => void;
    };
    hook.handler({}, bundle);
    expect(bundle['app.js'].code).toBe(`${COMPILE_HINT}app()`);
    expect(bundle['boot.js'].code).toBe('boot()');
    expect(JSON.parse(bundle['app.js.map'].source)).toEqual({ version: 3, mappings: ';AAAA' });
  });

  it('finds a heavy library in a script that holds it, not in one that names its chunk', () => {
    expect(heavyIn('class X{} X.__THREE__="187"')).toEqual(['three']);
    expect(heavyIn('import("./troika-three-text-x.js")')).toEqual([]);
  });
});

describe('the build (dist/)', () => {
  let manifest: Manifest;
  beforeAll(() => {
    // vitest sets NODE_ENV=test, which would make a development bundle.
    if (!existsSync(join(DIST, 'index.html')))
      execSync('npm run build', {
        stdio: 'inherit',
        env: { ...process.env, NODE_ENV: 'production' },
      });
    manifest = JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8')) as Manifest;
  }, 300_000);

  for (const route of [routes.home, routes.privacy]) {
    it(`loads at most 90 KB of JS (gzip) before the first paint of ${route.path}, and no three.js, R3F, troika or firebase before or at start`, () => {
      const firstPaint = firstPaintOf(route);
      expect(firstPaint.length, 'the page has a script').toBeGreaterThan(0);
      const atStart = startScripts(manifest, firstPaint);
      expect(atStart.length, 'the app comes after the first paint').toBeGreaterThan(
        firstPaint.length,
      );
      const bytes = gzip(firstPaint);
      console.log(
        `[figures] ${route.path}: first-paint JS ${(bytes / 1000).toFixed(1)} KB gzip, at start ${(gzip(atStart) / 1000).toFixed(1)} KB`,
      );
      expect(bytes).toBeLessThanOrEqual(FIRST_PAINT_JS_BYTES);
      expect(heavyInFiles(atStart)).toEqual([]);
    });
  }

  it('keeps the first-paint script within the bytes it had before the DOM motion: what only the app needs is in the app’s chunks', () => {
    expect(gzip(firstPaintOf(routes.home))).toBeLessThanOrEqual(FIRST_PAINT_SCRIPT_BYTES);
  });

  it('keeps what the app loads at start within 20 KB of its size before the DOM motion', () => {
    const bytes = gzip(appAtStart(manifest));
    console.log(
      `[figures] the app at start: ${bytes} B gzip, ${bytes - APP_AT_START_BYTES_BEFORE_MOTION} B over 131a1cc`,
    );
    expect(bytes).toBeLessThanOrEqual(APP_AT_START_BYTES_BEFORE_MOTION + APP_AT_START_GROWTH);
  });

  it('holds react-router’s production build without the components the site does not use (NavLink, Form) nor Link’s route discovery', () => {
    const js = Object.values(manifest)
      .filter((c) => c.file.endsWith('.js'))
      .map((c) => read(`/${c.file}`).toString())
      .join('\n');
    const holds = (text: string) => js.includes(text);
    expect({
      router: holds('useLocation() may be used only in the context of a <Router> component.'),
      navLink: holds('aria-current'),
      form: holds('application/x-www-form-urlencoded'), // Form, useSubmit
      linkDiscovery: holds('data-discover'),
    }).toEqual({ router: true, navLink: false, form: false, linkDiscovery: false });
  });

  it('has V8 compile the app’s scripts with their download, and not the first-paint script nor lazy chunks', () => {
    const marked = (u: string) => read(u).toString().startsWith(COMPILE_HINT);
    const firstPaint = firstPaintOf(routes.home);
    const atStart = appAtStart(manifest);
    const later = Object.values(manifest)
      .map((c) => `/${c.file}`)
      .filter((u) => u.endsWith('.js') && !atStart.includes(u));
    expect(atStart.filter((u) => !marked(u))).toEqual([]);
    expect(firstPaint.filter(marked)).toEqual([]);
    expect(later.length).toBeGreaterThan(0);
    expect(later.filter(marked)).toEqual([]);
  });

  it('preloads, beside the app’s lazy chunks, no chunk the page has loaded already', () => {
    const firstPaint = firstPaintOf(routes.home);
    const loaded = new Set([...firstPaint, ...appAtStart(manifest)]);
    const preloaded = Object.values(manifest)
      .map((c) => `/${c.file}`)
      .filter((u) => u.endsWith('.js') && !firstPaint.includes(u))
      .flatMap((u) => {
        // Vite's table of what its preload helper may add (`__vite__mapDeps`), in each chunk.
        const table = /m\.f=(\[[^\]]*\])/.exec(read(u).toString())?.[1];
        return table ? (JSON.parse(table) as string[]).map((d) => `/${d}`) : [];
      });
    expect(
      preloaded.filter((u) => u.endsWith('.js')).length,
      'lazy chunks preload some',
    ).toBeGreaterThan(0);
    expect(preloaded.filter((u) => loaded.has(u))).toEqual([]);
  });

  it('holds the heavy libraries somewhere, where the signatures find them (else the check above proves nothing)', () => {
    const chunks = Object.values(manifest).map((c) => `/${c.file}`);
    expect(heavyInFiles(chunks.filter((u) => u.endsWith('.js')))).toEqual(
      expect.arrayContaining(['three', 'react-three-fiber', 'firebase']),
    );
  });
});
