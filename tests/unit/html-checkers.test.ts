/**
 * Checkers written by others, run on every prerendered page of the build (a missing build is made
 * first): the W3C Nu Html Checker (vnu-jar, on Java 17), html-validate's standard rules, and
 * linkinator over the site as Firebase Hosting serves it. Each also checks a page broken on
 * purpose, so a checker that stopped reporting fails here too.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { HtmlValidate } from 'html-validate';
import { LinkState, check } from 'linkinator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtSite } from './builtSite';

const VNU_JAR = 'node_modules/vnu-jar/build/dist/vnu.jar';

let dist: string;
let pages: string[];
let scratch: string;
beforeAll(async () => {
  dist = await builtSite();
  pages = (await readdir(dist)).filter((f) => f.endsWith('.html')).sort();
  scratch = await mkdtemp(join(tmpdir(), 'html-checkers-'));
}, 300_000);
afterAll(() => rm(scratch, { recursive: true, force: true }));

/** The home page with one element whose id is already taken: invalid for every checker. */
async function brokenPage(): Promise<string> {
  const html = await readFile(join(dist, 'index.html'), 'utf8');
  const file = join(scratch, 'broken.html');
  await writeFile(file, html.replace('</main>', '<p id="main">twice</p></main>'));
  return file;
}

interface VnuMessage {
  type: string;
  url: string;
  message: string;
  lastLine?: number;
}

/** The Nu checker's errors, by file, without its CSS ones. */
async function nuErrors(files: string[]): Promise<Map<string, string[]>> {
  const { stdout } = await promisify(execFile)(
    'java',
    [
      '-jar',
      VNU_JAR,
      '--errors-only',
      '--format',
      'json',
      '--stdout',
      '--exit-zero-always',
      ...files,
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  const errors = new Map<string, string[]>(files.map((f) => [f, []]));
  for (const m of (JSON.parse(stdout) as { messages: VnuMessage[] }).messages) {
    // The checker's CSS engine is older than the browsers the site supports: it refuses
    // `mix-blend-mode: plus-lighter`, var() inside a gradient and a colour stop with two
    // positions, all valid CSS. The browser tests judge the CSS; this checker judges the HTML.
    if (m.message.startsWith('CSS:')) continue;
    const file = files.find((f) => m.url.endsWith(f)) ?? m.url;
    errors.set(file, [...(errors.get(file) ?? []), `${m.lastLine ?? '?'}: ${m.message}`]);
  }
  return errors;
}

describe('the prerendered pages', () => {
  it('are every route and the not-found page', () => {
    expect(pages).toEqual(expect.arrayContaining(['404.html', 'index.html', 'terms.html']));
  });

  it('pass the W3C Nu Html Checker, and a page with a duplicate id does not', async () => {
    const broken = await brokenPage();
    const errors = await nuErrors([...pages.map((p) => join(dist, p)), broken]);
    expect(errors.get(broken)!.join('\n')).toMatch(/Duplicate ID/);
    errors.delete(broken);
    expect(Object.fromEntries(errors)).toEqual(
      Object.fromEntries(pages.map((p) => [join(dist, p), []])),
    );
  }, 60_000);

  it('pass html-validate’s standard rules, and a page with a duplicate id does not', async () => {
    const validator = new HtmlValidate({ root: true, extends: ['html-validate:standard'] });
    const problems = async (file: string) =>
      (await validator.validateFile(file)).results.flatMap((r) =>
        r.messages.map((m) => `${m.line}:${m.column} ${m.ruleId}: ${m.message}`),
      );
    expect((await problems(await brokenPage())).join('\n')).toMatch(/no-dup-id/);
    for (const page of pages) expect(await problems(join(dist, page)), page).toEqual([]);
  });
});

describe('the links of the build', () => {
  /** Links and fragments that lead nowhere, from the pages `files` of `root` on, other sites skipped. */
  async function linksOf(root: string, files: string[]) {
    // linkinator serves `root` itself, with clean URLs as Firebase Hosting has them (/terms is terms.html).
    const result = await check({
      path: files,
      serverRoot: root,
      recurse: true,
      cleanUrls: true,
      checkFragments: true,
      checkCss: true,
      linksToSkip: async (url) => !/^http:\/\/localhost[:/]/.test(url),
    });
    const broken = result.links.filter((l) => l.state === LinkState.BROKEN);
    // linkinator checks links at once and lists them as they finish: sorted, the list is the same.
    return {
      checked: result.links.filter((l) => l.state === LinkState.OK).length,
      broken: [...new Set(broken.map((l) => `${l.url} (${l.status}, on ${l.parent})`))].sort(),
    };
  }

  it('lead to pages, files and fragments that exist, on every page', async () => {
    const { checked, broken } = await linksOf(dist, pages);
    expect(broken).toEqual([]);
    // The pages, their scripts, fonts and icons, and the links between the pages.
    expect(checked).toBeGreaterThan(pages.length + 10);
  }, 60_000);

  it('are found broken when a page leads nowhere', async () => {
    const site = await mkdtemp(join(scratch, 'site-'));
    await writeFile(
      join(site, 'index.html'),
      '<a href="/gone">x</a> <a href="/terms#nowhere">y</a>',
    );
    await writeFile(join(site, 'terms.html'), '<h1 id="top">Terms</h1>');
    const { broken } = await linksOf(site, ['index.html']);
    expect(broken.map((b) => b.split(' ')[0])).toEqual(['gone', 'terms#nowhere']);
  }, 60_000);
});
