/** The helpers of the build's scripts: the prerender's page parts and the precache manifest. */
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Rollup } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { fillTemplate, robotsTxt, sitemapXml } from '../../scripts/build/pages';
import { firstPaintHtmlPlugin } from '../../scripts/build/firstPaintHtmlPlugin';
import { buildId, missingRoutes, precacheManifest } from '../../scripts/build/precache';
import {
  keptChunks,
  programChunks,
  shaderChunks,
  withoutUnusedChunks,
} from '../../scripts/build/shaderChunks';
import { routes } from '../../src/content/site';

/** The page the first-paint plugin makes of Vite's HTML, through its transformIndexHtml hook. */
const firstPaintHtml = async (html: string, bundle: Rollup.OutputBundle) => {
  const hook = firstPaintHtmlPlugin().transformIndexHtml as {
    handler: (html: string, ctx: { bundle: Rollup.OutputBundle }) => Promise<string> | string;
  };
  return hook.handler(html, { bundle });
};
const require = createRequire(import.meta.url);
const ORIGIN = 'https://studio.example';
const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));
async function folder(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'build-scripts-'));
  dirs.push(dir);
  for (const [name, body] of Object.entries(files)) {
    await mkdir(join(dir, name, '..'), { recursive: true });
    await writeFile(join(dir, name), body);
  }
  return dir;
}

describe('the prerender’s page parts', () => {
  it('lists every indexed route in the sitemap, and names the sitemap in robots.txt', () => {
    const xml = sitemapXml(ORIGIN);
    for (const path of ['/', '/privacypolicy', '/terms'])
      expect(xml).toContain(`<loc>${new URL(path, ORIGIN).href}</loc>`);
    expect(xml).not.toContain('/404');
    expect(robotsTxt(ORIGIN)).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  it('gives indexed pages a canonical URL and the 404 page noindex, with every value escaped', () => {
    const headTags = (page: Parameters<typeof fillTemplate>[1], origin: string) =>
      fillTemplate('<!--app-head--><!--app-html-->', page, origin);
    const home = headTags({ file: 'index.html', meta: routes.home, html: '' }, ORIGIN);
    expect(home).toContain(`<link rel="canonical" href="${ORIGIN}/" />`);
    const missing = headTags({ file: '404.html', meta: routes.notFound, html: '' }, ORIGIN);
    expect(missing).toContain('<meta name="robots" content="noindex" />');
    expect(missing).not.toContain('canonical');
    const odd = { ...routes.terms, description: 'Terms "&" <conditions>' };
    expect(headTags({ file: 'terms.html', meta: odd, html: '' }, ORIGIN)).toContain(
      'content="Terms &quot;&amp;&quot; &lt;conditions&gt;"',
    );
  });

  it('fills the template, and refuses one with a placeholder left', () => {
    const page = { file: 'terms.html', meta: routes.terms, html: '<main>t</main>' };
    const html = fillTemplate(
      '<title>x</title><!--app-head--><div id="root"><!--app-html--></div>',
      page,
      ORIGIN,
    );
    expect(html).toContain('<main>t</main>');
    expect(html).toContain(`<title>${routes.terms.title.replace('&', '&amp;')}</title>`);
    expect(() => fillTemplate('<!--app-html--><!--app-other-->', page, ORIGIN)).toThrow(
      /placeholder/,
    );
  });

  it('inlines the stylesheet, keeping a disabled link, and refuses CSS that would close the element', async () => {
    const css = (fileName: string, source: string) => ({
      [fileName]: { type: 'asset', fileName, names: [], source } as unknown as Rollup.OutputAsset,
    });
    const bundle = {
      ...css('assets/a.css', 'p{color:red}\n'),
      ...css('assets/b.css', 'p{}</style>'),
    };
    const link = (f: string) => `<link rel="stylesheet" crossorigin href="/assets/${f}">`;
    const head = (html: string) => /<head>([\s\S]*)<\/head>/.exec(html)?.[1];
    expect(head(await firstPaintHtml(link('a.css'), bundle))).toBe(
      '<style>p{color:red}</style>\n    <link rel="stylesheet" href="/assets/a.css" disabled="">',
    );
    await expect(firstPaintHtml(link('b.css'), bundle)).rejects.toThrow(/cannot be inlined/);
  });

  it('preloads the first screen’s fonts that the styles name, and asks for scripts at low priority', async () => {
    const asset = (fileName: string, name: string, source = '') => ({
      [fileName]: {
        type: 'asset',
        fileName,
        names: [name],
        source,
      } as unknown as Rollup.OutputAsset,
    });
    const bundle = {
      ...asset(
        'assets/s.css',
        's.css',
        '@font-face{src:url(/assets/syne-latin-700-normal-Ab1.woff2)}',
      ),
      ...asset('assets/syne-latin-700-normal-Ab1.woff2', 'syne-latin-700-normal.woff2'),
      ...asset('assets/inter-latin-400-normal-Cd2.woff2', 'inter-latin-400-normal.woff2'),
    };
    const html = await firstPaintHtml(
      '<meta name="viewport" content="x"><link rel="stylesheet" href="/assets/s.css">' +
        '<script type="module" src="/assets/boot.js"></script><link rel="modulepreload" href="/assets/m.js">',
      bundle,
    );
    expect(html).toContain(
      '<meta name="viewport" content="x">\n    <link rel="preload" href="/assets/syne-latin-700-normal-Ab1.woff2" as="font" type="font/woff2" crossorigin="">',
    );
    expect(html).not.toContain('inter-latin-400');
    expect(html).toContain('<script type="module" src="/assets/boot.js" fetchpriority="low">');
    expect(html).toContain('<link rel="modulepreload" href="/assets/m.js" fetchpriority="low">');
  });
});

describe('the precache manifest', () => {
  it('holds pages under their clean URLs and files by their build path, hashed files without a revision; not the icons a browser fetches itself, nor a stylesheet every page has inline', async () => {
    const inline =
      '<style>a{}</style><link rel="stylesheet" href="/assets/index-Cd34.css" disabled />';
    const dir = await folder({
      'index.html': `home ${inline}`,
      'terms.html': `terms ${inline}`,
      'privacypolicy.html': `privacy ${inline}`,
      '404.html': `missing ${inline}`,
      'assets/index-Cd34.css': 'css',
      'assets/main-Ef56.css': 'css',
      'favicon.svg': 'svg',
      'favicon-32.png': 'png',
      'apple-touch-icon.png': 'png',
      'icon-maskable-512.png': 'png',
      'assets/main-Ab12.js': 'js',
      'assets/main-Ab12.js.map': 'map',
      'sw.js': 'worker',
      'og-image.png': 'png',
      'icon-192.png': 'png',
      'robots.txt': 'txt',
    });
    const { entries } = await precacheManifest(dir);
    expect(entries.map((e) => e.url).sort()).toEqual(
      [
        '/',
        '/404',
        '/assets/main-Ab12.js',
        '/assets/main-Ef56.css',
        '/favicon.svg',
        '/privacypolicy',
        '/terms',
      ].sort(),
    );
    expect(entries.find((e) => e.url === '/assets/main-Ab12.js')?.revision).toBeNull();
    expect(entries.find((e) => e.url === '/terms')?.revision).toMatch(/^[0-9a-f]{32}$/);
    expect(missingRoutes(entries)).toEqual([]);
    expect(missingRoutes(entries.filter((e) => e.url !== '/terms'))).toEqual(['/terms']);
  });

  it('leaves out the title worker even where the app names it, and the .woff fonts a WOFF2 browser never loads', async () => {
    const manifest = {
      'index.html': { file: 'assets/index-a.js', isEntry: true, dynamicImports: ['src/main.tsx'] },
      'src/main.tsx': {
        file: 'assets/main-b.js',
        assets: ['assets/title.worker-g.js', 'assets/syne-h.woff2', 'assets/syne-h.woff'],
      },
    };
    const dir = await folder({
      'index.html': 'home',
      '.vite/manifest.json': JSON.stringify(manifest),
      'assets/index-a.js': 'a',
      'assets/main-b.js': 'b',
      'assets/title.worker-g.js': 'g',
      'assets/syne-h.woff2': 'h2',
      'assets/syne-h.woff': 'h',
    });
    expect((await precacheManifest(dir)).entries.map((e) => e.url).sort()).toEqual(
      ['/', '/assets/index-a.js', '/assets/main-b.js', '/assets/syne-h.woff2'].sort(),
    );
  });

  it('refuses a worker bundle that imports a chunk (the page would not name it, so offline it would be missing)', async () => {
    const manifest = {
      'index.html': {
        file: 'assets/index-a.js',
        isEntry: true,
        assets: ['assets/title.worker-g.js'],
      },
      '_three-d.js': { file: 'assets/three-d1234567.js' },
    };
    const files = (worker: string) =>
      folder({
        'index.html': 'home',
        '.vite/manifest.json': JSON.stringify(manifest),
        'assets/index-a.js': 'a',
        'assets/three-d1234567.js': 'three',
        'assets/title.worker-g.js': worker,
      });
    await expect(
      precacheManifest(await files('import{a}from"./three-d1234567.js";')),
    ).rejects.toThrow(/title\.worker-g\.js imports three-d1234567\.js/);
    await expect(precacheManifest(await files('self.onmessage=()=>{}'))).resolves.toBeTruthy();
  });

  it('leaves out the chunks only the canvas (both its paths) or the card arrow loads, keeping what the pages share with them', async () => {
    const manifest = {
      'index.html': { file: 'assets/index-a.js', isEntry: true, dynamicImports: ['src/main.tsx'] },
      'src/main.tsx': {
        file: 'assets/main-b.js',
        imports: ['_store-c.js'],
        dynamicImports: [
          'src/title/canvas/TitleCanvas.tsx',
          '_three-d.js',
          'src/legal/pages.tsx',
          'src/projects/LottieAnimation.tsx',
          'src/projects/arrow.lottie.json',
        ],
      },
      'src/projects/LottieAnimation.tsx': { file: 'assets/LottieAnimation-h.js' },
      'src/projects/arrow.lottie.json': { file: 'assets/arrow.lottie-i.js' },
      '_store-c.js': { file: 'assets/store-c.js' },
      '_three-d.js': { file: 'assets/three-d.js' },
      'src/legal/pages.tsx': { file: 'assets/pages-e.js' },
      'src/title/canvas/TitleCanvas.tsx': {
        file: 'assets/TitleCanvas-f.js',
        imports: ['src/main.tsx', '_store-c.js', '_three-d.js'],
        assets: ['assets/title.worker-g.js'],
      },
    };
    const dir = await folder({
      'index.html': 'home',
      '.vite/manifest.json': JSON.stringify(manifest),
      ...Object.fromEntries(
        [
          'index-a',
          'main-b',
          'store-c',
          'three-d',
          'pages-e',
          'TitleCanvas-f',
          'title.worker-g',
          'LottieAnimation-h',
          'arrow.lottie-i',
        ].map((n) => [`assets/${n}.js`, n]),
      ),
    });
    expect((await precacheManifest(dir)).entries.map((e) => e.url).sort()).toEqual(
      [
        '/',
        '/assets/index-a.js',
        '/assets/main-b.js',
        '/assets/pages-e.js',
        '/assets/store-c.js',
      ].sort(),
    );
  });

  it('gives a build a new id when any precached file changes', () => {
    const a = [{ url: '/', revision: '1' }];
    expect(buildId(a)).toBe(buildId([{ url: '/', revision: '1' }]));
    expect(buildId(a)).not.toBe(buildId([{ url: '/', revision: '2' }]));
  });
});

describe('three.js without its built-in shader chunks', () => {
  const three = [
    'var colorspace_pars_fragment = "vec4 toLinear() {}";',
    'var tonemapping_pars_fragment = "#include <common>";',
    'var common = "#define PI 3.14";',
    'var map_fragment = "texture2D( map, vUv );";',
    'const vertex$1 = "#include <map_fragment>";',
    'const ShaderChunk = {',
    '\tcolorspace_pars_fragment: colorspace_pars_fragment,',
    '\ttonemapping_pars_fragment: tonemapping_pars_fragment,',
    '\tcommon: common,',
    '\tmap_fragment: map_fragment,',
    '\tsprite_vert: vertex$1',
    '};',
    "const prefix = [ ShaderChunk[ 'tonemapping_pars_fragment' ], ShaderChunk[ 'colorspace_pars_fragment' ] ];",
  ].join('\n');
  const installed = readFileSync(
    join(dirname(require.resolve('three')), 'three.module.js'),
    'utf8',
  );

  it('keeps what WebGLProgram adds, what our shaders include and what those include', () => {
    const chunks = shaderChunks(three);
    expect(chunks.get('sprite_vert')).toEqual({
      variable: 'vertex$1',
      glsl: '#include <map_fragment>',
    });
    const always = programChunks(three);
    expect(always).toEqual(['tonemapping_pars_fragment', 'colorspace_pars_fragment']);
    expect([...keptChunks([], always, chunks)].sort()).toEqual(
      ['colorspace_pars_fragment', 'common', 'tonemapping_pars_fragment'].sort(),
    );
    expect(keptChunks(['void main() {\n#include <sprite_vert>\n}'], always, chunks)).toContain(
      'map_fragment',
    );
  });

  it('puts an #error in place of every other chunk, leaving the rest of the module as it was', () => {
    const out = withoutUnusedChunks(three, new Set(['colorspace_pars_fragment', 'common']));
    const error = '"#error three.js chunk left out of this build"';
    expect(out).toContain('var colorspace_pars_fragment = "vec4 toLinear() {}";');
    expect(out).toContain('var common = "#define PI 3.14";');
    expect(out).toContain(`var map_fragment = ${error};`);
    expect(out).toContain(`const vertex$1 = ${error};`);
    expect(out).toContain(`var tonemapping_pars_fragment = ${error};`);
    expect(out.slice(out.indexOf('const ShaderChunk'))).toBe(
      three.slice(three.indexOf('const ShaderChunk')),
    );
  });

  it('stops the build, naming what it cannot read, when three.js’s chunks change shape', () => {
    const shape = /shader chunks changed shape/;
    expect(() => shaderChunks('var x = "";')).toThrow(/ShaderChunk = \{` not found/);
    // A chunk held in a template literal, or listed in another form.
    const template = three.replace('var common = "#define PI 3.14";', 'var common = `#define PI`;');
    expect(() => shaderChunks(template)).toThrow(/chunk common has no one-line string `common`/);
    expect(() => shaderChunks(three.replace('\tcommon: common,', '\tcommon,'))).toThrow(
      /cannot read the ShaderChunk line `common,`/,
    );
    expect(() => programChunks(three.replace(/ShaderChunk\[[^\]]*\]/g, 'x'))).toThrow(shape);
    expect(() => keptChunks(['#include <fog_pars>'], [], shaderChunks(three))).toThrow(
      /no chunk fog_pars/,
    );
    const twice = `var map_fragment = "a";\n${three}`;
    expect(() => shaderChunks(twice)).toThrow(/`map_fragment` is defined twice/);
  });

  it('reads every chunk of the installed three.js, and finds the chunks WebGLProgram adds there', () => {
    const chunks = shaderChunks(installed);
    expect(chunks.size).toBeGreaterThan(100);
    expect([...chunks.values()].filter((c) => c.glsl === '')).toEqual([]);
    expect(programChunks(installed).sort()).toEqual([
      'colorspace_pars_fragment',
      'tonemapping_pars_fragment',
    ]);
    const kept = keptChunks([], programChunks(installed), chunks);
    const out = withoutUnusedChunks(installed, kept);
    expect(out.match(/#error three\.js chunk left out/g)).toHaveLength(chunks.size - kept.size);
  });
});
