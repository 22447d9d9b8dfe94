/**
 * Fails when README.md or a page in docs/ names a repository path that does not exist. Run by
 * `npm run lint`.
 *
 * What counts as a path:
 * - a relative link's target, read from the page's own folder (`[hosting](hosting.md)`);
 * - in inline code and code blocks, a word that starts with one of the repository's top-level
 *   folders (`src/title/model/model.ts`, `tests/unit/`), read from the repository's root;
 * - a file named alone, in inline code or in the text (`formState.ts`, "DESIGN.md"): some file of
 *   that name must be in the repository, or among the build's outputs listed below.
 *
 * Words with a wildcard or a placeholder (`*`, `<id>`) are patterns, not paths, and are skipped.
 * `{a,b}` is expanded, and each name must exist.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { Lexer, type Token } from 'marked';

const ROOT = join(import.meta.dirname, '..');

/**
 * Files named alone that are not in the repository: what the build, the bench or a deploy writes,
 * and a library's own file. A path under a folder is checked against .gitignore instead.
 */
const MADE_FILES = new Set([
  '404.html',
  'index.html',
  'privacypolicy.html',
  'terms.html',
  'latest.md',
  'three.module.js',
  'sw.js',
  'sitemap.xml',
  'robots.txt',
  'site.webmanifest',
  'robots-not-cached.txt',
  '.env.production.local',
  '.env.local',
  '.env',
]);

/** Extensions of a file named alone that the check looks for. */
const FILE_NAME = /^[\w.-]+\.(?:ts|tsx|js|mjs|cjs|json|md|css|glsl|html|yml|yaml|sh)$/;

const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: ROOT,
  encoding: 'utf8',
})
  .split('\n')
  .filter(Boolean);
const trackedNames = new Set(tracked.map((f) => basename(f)));
const topFolders = readdirSync(ROOT, { withFileTypes: true })
  .filter((e) => e.isDirectory() && tracked.some((f) => f.startsWith(`${e.name}/`)))
  .map((e) => e.name);
const rootPath = new RegExp(
  `(?<![\\w./-])(?:${topFolders.map((f) => f.replace('.', '\\.')).join('|')})/[\\w./{},@-]*`,
  'g',
);

/** `a/{b,c}.ts` as `a/b.ts` and `a/c.ts`. */
function expand(word: string): string[] {
  const m = /\{([^{}]*)\}/.exec(word);
  if (!m) return [word];
  return m[1]!
    .split(',')
    .flatMap((part) => expand(word.slice(0, m.index) + part + word.slice(m.index + m[0].length)));
}

/** The repository paths in a piece of code (inline or a block). */
function pathsInCode(code: string): { path: string; from: 'root' | 'anywhere' }[] {
  const found: { path: string; from: 'root' | 'anywhere' }[] = [];
  for (const m of code.matchAll(rootPath)) {
    const word = m[0].replace(/[.,:]+$/, '');
    const end = code[m.index + m[0].length];
    if (end === '*' || end === '<' || end === '$' || word.includes('..')) continue;
    for (const path of expand(word)) found.push({ path, from: 'root' });
  }
  const word = code.trim();
  if (FILE_NAME.test(word)) found.push({ path: word, from: 'anywhere' });
  return found;
}

/** File names in running text: the ones written as a name ("DESIGN.md"), outside code. */
function namesInText(text: string): string[] {
  return [...text.matchAll(/(?<![\w/.-])[\w-]+\.(?:md|json|ts|tsx)(?![\w/-])/g)].map((m) => m[0]);
}

function* walk(tokens: Token[]): Generator<Token> {
  for (const token of tokens) {
    yield token;
    const children = (token as { tokens?: Token[] }).tokens;
    if (children) yield* walk(children);
    if (token.type === 'list') for (const item of token.items) yield* walk(item.tokens);
    if (token.type === 'table') {
      for (const cell of token.header) yield* walk(cell.tokens);
      for (const row of token.rows) for (const cell of row) yield* walk(cell.tokens);
    }
  }
}

/** Whether git ignores the path: something the build or a deploy writes (`functions/.env`). */
function ignored(path: string): boolean {
  try {
    execFileSync('git', ['check-ignore', '--no-index', path, `${path}/`], {
      cwd: ROOT,
      stdio: 'ignore',
    });
    return true;
  } catch {
    return false;
  }
}

function exists(path: string, from: 'root' | 'anywhere'): boolean {
  const name = path.replace(/\/$/, '');
  if (from === 'anywhere') return trackedNames.has(name) || MADE_FILES.has(name);
  const inTree = tracked.includes(name) || tracked.some((f) => f.startsWith(`${name}/`));
  return (existsSync(join(ROOT, name)) && inTree) || ignored(name);
}

const pages = ['README.md', ...readdirSync(join(ROOT, 'docs')).map((f) => `docs/${f}`)].filter(
  (f) => f.endsWith('.md'),
);
const missing: string[] = [];
for (const page of pages) {
  const text = readFileSync(join(ROOT, page), 'utf8');
  const lineOf = (needle: string) => text.slice(0, text.indexOf(needle)).split('\n').length;
  const report = (path: string, needle = path) =>
    missing.push(`${page}:${lineOf(needle)}: ${path}`);
  for (const token of walk(new Lexer({ gfm: true }).lex(text))) {
    if (token.type === 'link') {
      const href = token.href.split('#')[0]!;
      if (!href || /^[a-z][a-z+.-]*:/i.test(href)) continue;
      const target = relative(ROOT, join(ROOT, dirname(page), href));
      if (!exists(target, 'root')) report(href);
    } else if (token.type === 'codespan' || token.type === 'code') {
      for (const { path, from } of pathsInCode(token.text))
        if (!exists(path, from)) report(path, path.split('/').at(-1));
    } else if (token.type === 'text' && !('tokens' in token && token.tokens?.length)) {
      for (const name of namesInText(token.text)) if (!exists(name, 'anywhere')) report(name);
    }
  }
}

if (missing.length) {
  console.error(
    `Paths named in the docs that are not in the repository:\n  ${missing.join('\n  ')}`,
  );
  process.exit(1);
}
console.log(`docs: every path named in ${pages.length} pages exists`);
