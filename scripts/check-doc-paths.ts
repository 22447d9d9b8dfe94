/**
 * Fails when README.md or a page in docs/ names a repository path that does not exist. Run by
 * `npm run lint`. A path is a relative link's target (read from the page's folder); in code, a
 * word that starts with a top-level folder (`src/title/model/model.ts`, read from the root); or a file
 * named alone, in code or in the text (`formState.ts`, "DESIGN.md"), which must be somewhere in
 * the repository or among MADE_FILES. Words with `*`, `<` or `$` after them are patterns and are
 * skipped; `{a,b}` is expanded, and each name must exist. A git-ignored path counts as made.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { Lexer, walkTokens, type Token } from 'marked';

const ROOT = join(import.meta.dirname, '..');
const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' });

/** Files named alone that the build, the bench or a deploy writes, and a library's own file. */
const MADE_FILES = new Set(
  '404.html index.html privacypolicy.html terms.html latest.md three.module.js sw.js sitemap.xml robots.txt site.webmanifest robots-not-cached.txt .env.production.local .env.local .env'.split(
    ' ',
  ),
);
const FILE_NAME = /^[\w.-]+\.(?:ts|tsx|js|mjs|cjs|json|md|css|glsl|html|yml|yaml|sh)$/;

const tracked = git('ls-files', '--cached', '--others', '--exclude-standard').split('\n');
const names = new Set(tracked.map((f) => basename(f)));
const folders = [...new Set(tracked.filter((f) => f.includes('/')).map((f) => f.split('/')[0]!))];
const rootPath = new RegExp(
  `(?<![\\w./-])(?:${folders.join('|').replace(/\./g, '\\.')})/[\\w./{},@-]*`,
  'g',
);

/** `a/{b,c}.ts` as `a/b.ts` and `a/c.ts`. */
const expand = (word: string): string[] => {
  const m = /\{([^{}]*)\}/.exec(word);
  const [before, after] = m ? [word.slice(0, m.index), word.slice(m.index + m[0].length)] : [];
  return m ? m[1]!.split(',').flatMap((part) => expand(before + part + after)) : [word];
};

const ignored = (path: string) => {
  try {
    return !!git('check-ignore', '--no-index', path, `${path}/`);
  } catch {
    return false;
  }
};
const inTree = (path: string) =>
  (existsSync(join(ROOT, path)) &&
    (tracked.includes(path) || tracked.some((f) => f.startsWith(`${path}/`)))) ||
  ignored(path);
const named = (name: string) => names.has(name) || MADE_FILES.has(name);

/** The paths a token names that do not exist, each with the text to find its line by. */
function missingIn(token: Token, page: string): [string, string][] {
  if (token.type === 'link') {
    const href = token.href.split('#')[0]!;
    if (!href || /^[a-z][a-z+.-]*:/i.test(href)) return [];
    return inTree(relative(ROOT, join(ROOT, dirname(page), href))) ? [] : [[href, href]];
  }
  if (token.type === 'codespan' || token.type === 'code') {
    const code: string = token.text;
    const out: [string, string][] = [];
    for (const m of code.matchAll(rootPath)) {
      const word = m[0].replace(/[.,:]+$/, '');
      if ('*<$'.includes(code[m.index + m[0].length] ?? '-') || word.includes('..')) continue;
      for (const path of expand(word))
        if (!inTree(path.replace(/\/$/, ''))) out.push([path, path.split('/').at(-1)!]);
    }
    const word = code.trim();
    if (FILE_NAME.test(word) && !named(word)) out.push([word, word]);
    return out;
  }
  if (token.type === 'text' && !token.tokens?.length) {
    const found = token.text.matchAll(/(?<![\w/.-])[\w-]+\.(?:md|json|ts|tsx)(?![\w/-])/g);
    return [...found].flatMap(([name]) => (named(name) ? [] : [[name, name] as [string, string]]));
  }
  return [];
}

const pages = ['README.md', ...readdirSync(join(ROOT, 'docs')).map((f) => `docs/${f}`)].filter(
  (f) => f.endsWith('.md'),
);
const missing: string[] = [];
for (const page of pages) {
  const text = readFileSync(join(ROOT, page), 'utf8');
  walkTokens(new Lexer({ gfm: true }).lex(text), (token) => {
    for (const [path, needle] of missingIn(token, page)) {
      const line = text.slice(0, text.indexOf(needle)).split('\n').length;
      missing.push(`${page}:${line}: ${path}`);
    }
  });
}
if (missing.length) {
  console.error(
    `Paths named in the docs that are not in the repository:\n  ${missing.join('\n  ')}`,
  );
  process.exit(1);
}
console.log(`docs: every path named in ${pages.length} pages exists`);
