/** docs/layers.md says which tools `npm run lint` runs; this holds it to the script in package.json. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');

/** Each step's command, and the name docs/layers.md gives the tool. */
const DOC_NAMES: Record<string, string> = {
  eslint: 'ESLint',
  depcruise: 'dependency-cruiser',
  knip: 'knip',
  'scripts/check-doc-paths.ts': 'The doc-path check',
};
const COUNTS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];

function lintSteps(): string[] {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    scripts: { lint: string };
  };
  return pkg.scripts.lint.split('&&').map((step) => {
    const [command = '', first = ''] = step.trim().split(/\s+/);
    return command === 'tsx' || command === 'npx' ? first : command;
  });
}

function checksSection(): string {
  const page = readFileSync(join(ROOT, 'docs/layers.md'), 'utf8');
  const start = page.indexOf('## The checks');
  expect(start, 'docs/layers.md has a "The checks" section').toBeGreaterThanOrEqual(0);
  const end = page.indexOf('\n## ', start + 1);
  return page.slice(start, end < 0 ? undefined : end);
}

describe('docs/layers.md on npm run lint', () => {
  it('names every tool the lint script runs, in its order, and their count', () => {
    const steps = lintSteps();
    const section = checksSection();
    const count = /`npm run lint` runs (\w+) tools/.exec(section)?.[1];
    expect(count, 'the number of tools the page says lint runs').toBe(COUNTS[steps.length]);
    let last = -1;
    for (const step of steps) {
      expect(
        Object.keys(DOC_NAMES),
        `a new lint step: name ${step} in docs/layers.md and here`,
      ).toContain(step);
      const at = section.indexOf(`**${DOC_NAMES[step]}**`, last + 1);
      expect(
        at,
        `docs/layers.md names ${DOC_NAMES[step]} after the tools before it`,
      ).toBeGreaterThan(last);
      last = at;
    }
  });
});
