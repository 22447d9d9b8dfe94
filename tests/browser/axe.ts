import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
/** axe-core's script; it defines `window.axe`. */
export const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/** Runs axe-core (WCAG 2.x A/AA and best practices) in the page and returns its violations. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // evaluate() runs through the DevTools protocol, outside the page's CSP.
  await page.evaluate(axeSource);
  return page.evaluate(runAxe);
}

/** Runs in the page, once axeSource is in. Serialised into the page: keep it self-contained. */
export async function runAxe(): Promise<AxeViolation[]> {
  // @ts-expect-error -- axe is the global axeSource defines.
  const result = await window.axe.run(document, { resultTypes: ['violations'] });
  return (
    result.violations as {
      id: string;
      impact: string | null;
      help: string;
      nodes: { target: string[] }[];
    }[]
  ).map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.map((n) => n.target.join(' ')),
  }));
}
