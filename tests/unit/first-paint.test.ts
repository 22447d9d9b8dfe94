/**
 * What the production build puts on each page's first paint and start, read from dist/ (a missing
 * build is made first): the scripts the HTML loads (module scripts and modulepreloads), then the
 * app src/boot.ts fetches right after the first paint, from Vite's manifest
 * (dist/.vite/manifest.json).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Manifest } from 'vite';
import { compileHintsPlugin } from '../../scripts/build/compileHintsPlugin';
import { modulePreloads } from '../../scripts/build/preloads';
import { routes } from '../../src/content/site';
import { DIST, builtSite } from './builtSite';

/** V8's explicit compile hint, the first line of a marked chunk. */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

// Budgets, in bytes of zlib at level 9 (`gzip -9` on a file adds a header of about 40 bytes).
/** All the JS a page loads before its first paint. */
const FIRST_PAINT_JS_BYTES = 90_000;
/** The first-paint script itself (src/boot.ts): what only the app needs belongs in the app. */
const FIRST_PAINT_SCRIPT_BYTES = 3_000;
/** The app's JS at start: what the first-paint script fetches, with everything those import. */
const APP_AT_START_BYTES = 125_000;
/** Strings only the named library's code holds (they survive minification). */
const HEAVY: Record<string, RegExp> = {
  three: /THREE\.WebGLRenderer|__THREE__/,
  'react-three-fiber': /R3F: /,
  troika: /troika/,
  firebase: /FirebaseError|@firebase\//,
};

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
    const chunk = (fileName: string, imports: string[] = [], dynamicImports: string[] = []) => [
      fileName,
      {
        type: 'chunk',
        fileName,
        isEntry: fileName === 'boot.js',
        imports,
        dynamicImports,
        code: '',
      },
    ];
    const bundle = Object.fromEntries([
      chunk('boot.js', ['shared.js'], ['main.js']),
      chunk('main.js', ['react.js'], ['canvas.js']),
      chunk('react.js', ['shared.js']),
      chunk('shared.js'),
      chunk('canvas.js', ['three.js']),
      chunk('three.js'),
    ]) as Record<string, { code: string }>;
    const hook = compileHintsPlugin().generateBundle as {
      handler: (o: unknown, b: unknown) => void;
    };
    hook.handler({}, bundle);
    const run = Object.keys(bundle).filter((name) => bundle[name]!.code === COMPILE_HINT);
    expect(run.sort()).toEqual(['main.js', 'react.js', 'shared.js']);
  });

  it('preloads everything the entry imports; later, never the imported chunk, an entry nor a chunk imported dynamically elsewhere', () => {
    const chunk = (fileName: string, isEntry = false, isDynamicEntry = false) => [
      fileName,
      { type: 'chunk', fileName, isEntry, isDynamicEntry, imports: [], dynamicImports: [] },
    ];
    const { plugin, resolveDependencies } = modulePreloads();
    const recordGraph = plugin.generateBundle as { handler: (o: unknown, b: unknown) => void };
    const preloadsOf = (file: string, deps: string[], hostId: string) =>
      resolveDependencies(file, deps, { hostId, hostType: 'js' });
    const bundle = Object.fromEntries([
      chunk('assets/boot-1.js', true),
      chunk('assets/main-2.js', false, true),
      chunk('assets/react-3.js'),
      chunk('assets/lazy-4.js', false, true),
      chunk('assets/lottie-5.js'),
      chunk('assets/TitleCanvas-6.js', false, true),
      chunk('assets/three-7.js', false, true),
      chunk('assets/store-8.js'),
    ]);
    recordGraph.handler({}, bundle);
    const boot = 'assets/boot-1.js';
    expect(
      preloadsOf('assets/main-2.js', ['assets/main-2.js', 'assets/react-3.js', boot], boot),
    ).toEqual(['assets/main-2.js', 'assets/react-3.js']);
    expect(
      preloadsOf(
        'assets/lazy-4.js',
        ['assets/lazy-4.js', 'assets/react-3.js', boot, 'assets/lottie-5.js'],
        'assets/main-2.js',
      ),
    ).toEqual(['assets/react-3.js', 'assets/lottie-5.js']);
    expect(
      preloadsOf(
        'assets/TitleCanvas-6.js',
        ['assets/TitleCanvas-6.js', 'assets/three-7.js', 'assets/store-8.js'],
        'assets/main-2.js',
      ),
    ).toEqual(['assets/store-8.js']);
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
  beforeAll(async () => {
    await builtSite();
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

  it('keeps the first-paint script within 3 KB (gzip): what only the app needs is in the app’s chunks', () => {
    expect(gzip(firstPaintOf(routes.home))).toBeLessThanOrEqual(FIRST_PAINT_SCRIPT_BYTES);
  });

  it('keeps the app’s JS at start within 125 KB (gzip)', () => {
    const bytes = gzip(appAtStart(manifest));
    console.log(`[figures] the app at start: ${bytes} B gzip`);
    expect(bytes).toBeLessThanOrEqual(APP_AT_START_BYTES);
  });

  it('holds react-router’s production build, without its development warnings', () => {
    const js = Object.values(manifest)
      .filter((c) => c.file.endsWith('.js'))
      .map((c) => read(`/${c.file}`).toString())
      .join('\n');
    expect({
      router: js.includes('useLocation() may be used only in the context of a <Router> component.'),
      devWarning: js.includes('No routes matched location'),
    }).toEqual({ router: true, devWarning: false });
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

  it('adds no preload link, after the start, for a chunk the page has loaded', () => {
    // Vite's table of what its preload helper may add (`__vite__mapDeps`), in a chunk.
    const table = (u: string) => {
      const list = /m\.f=(\[[^\]]*\])/.exec(read(u).toString())?.[1];
      return list ? (JSON.parse(list) as string[]).map((d) => `/${d}`) : [];
    };
    const firstPaint = firstPaintOf(routes.home);
    const atStart = appAtStart(manifest);
    // The helper links each URL once per page: what the first-paint script preloads is never linked
    // again. It preloads the whole app at start.
    const linkedAtStart = new Set(firstPaint.flatMap(table));
    expect(atStart.filter((u) => !linkedAtStart.has(u))).toEqual([]);
    const loaded = new Set([...firstPaint, ...atStart]);
    const later = Object.values(manifest)
      .map((c) => `/${c.file}`)
      .filter((u) => u.endsWith('.js') && !firstPaint.includes(u))
      .flatMap(table)
      .filter((u) => u.endsWith('.js'));
    expect(later.length, 'lazy chunks preload some').toBeGreaterThan(0);
    expect(later.filter((u) => loaded.has(u) && !linkedAtStart.has(u))).toEqual([]);
  });

  it('holds the heavy libraries somewhere, where the signatures find them (else the check above proves nothing)', () => {
    const chunks = Object.values(manifest).map((c) => `/${c.file}`);
    expect(heavyInFiles(chunks.filter((u) => u.endsWith('.js')))).toEqual(
      expect.arrayContaining(['three', 'react-three-fiber', 'firebase']),
    );
  });
});
