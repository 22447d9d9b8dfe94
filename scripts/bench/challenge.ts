/** The challenge, solved by the page's worker (docs/performance.md). */
import { readdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { issueChallenge } from '../../functions/src/challenge';
import { backendSettings } from '../../functions/src/settings';
import { median } from '../../src/shared/stats';
import { onPage, type Device } from './browser';

/** Twelve challenges a sample: enough for a median over the spread of their answers. */
const challenges = () => {
  const settings = backendSettings({ CHALLENGE_SECRET: 'bench-only-secret' }).challenge!;
  return Promise.all(Array.from({ length: 12 }, () => issueChallenge(settings, new Date())));
};

/**
 * The median time, worker start included, for the build's solver to find an answer, each
 * challenge in one worker (a phone with one free core), with the device's CPU slowdown.
 */
export async function challengeBench(url: string, device: Device, distDir: string) {
  const name = readdirSync(`${distDir}/assets`).find((n) => /^solver\.worker-.+\.js$/.test(n));
  if (!name) throw new Error(`No solver worker in ${distDir}/assets`);
  const list = await challenges();
  const solve = (page: Page) =>
    page.evaluate(
      async ({ worker, list }) => {
        const out: number[] = [];
        for (const challenge of list) {
          const started = performance.now();
          const w = new Worker(worker, { type: 'module' });
          const found = await new Promise<unknown>((ok, fail) => {
            w.onmessage = (e) => ok(e.data);
            w.onerror = () => fail(new Error('The solver failed'));
            w.postMessage({ type: 'work', challenge, counterStart: 0, counterStep: 1 });
          });
          w.terminate();
          if (!found) throw new Error('No answer found');
          out.push(performance.now() - started);
        }
        return out;
      },
      { worker: `/assets/${name}`, list },
    );
  const options = { settled: false, serviceWorkers: 'block' } as const;
  return { solveMs: median(await onPage(url, device, 'the solves', solve, options)) };
}
