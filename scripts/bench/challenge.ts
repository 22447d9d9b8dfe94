/** The challenge, solved by the page's worker and by a scripted sender (docs/performance.md). */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { issueChallenge } from '../../functions/src/challenge';
import { backendSettings } from '../../functions/src/settings';
import { median } from '../../src/shared/stats';
import { devicePage, inBrowser, type Device } from './browser';

/** Challenges solved per sample: enough for a median over the spread of their answers. */
const SOLVES = 12;

const challenges = async (n: number) => {
  const settings = backendSettings({ CHALLENGE_SECRET: 'bench-only-secret' }).challenge!;
  return Promise.all(Array.from({ length: n }, () => issueChallenge(settings, new Date())));
};

/** The solver's bundle in the build the bench serves. */
function solverPath(distDir: string): string {
  const name = readdirSync(join(distDir, 'assets')).find((n) => /^solver\.worker-.+\.js$/.test(n));
  if (!name) throw new Error(`No solver worker in ${distDir}/assets`);
  return `/assets/${name}`;
}

/**
 * The median time, worker start included, for the page's solver to find an answer, each
 * challenge in one worker (a phone with one free core), with the device's CPU slowdown.
 */
function solveInPage(url: string, device: Device, distDir: string): Promise<number> {
  return inBrowser(120_000, 'The solves took over 2 minutes', async (browser) => {
    const { page } = await devicePage(browser, device, { serviceWorkers: 'block' });
    await page.goto(url, { waitUntil: 'load' });
    const times = await page.evaluate(
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
      { worker: solverPath(distDir), list: await challenges(SOLVES) },
    );
    return median(times);
  });
}

/** CPU ms per message for a sender solving in Node, one challenge after another. */
async function senderCpu(): Promise<number> {
  const list = await challenges(SOLVES);
  const start = process.cpuUsage();
  for (const challenge of list) await solveChallenge({ challenge, deriveKey });
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / list.length;
}

export async function challengeBench(
  url: string,
  device: Device,
  distDir: string,
): Promise<Record<string, number>> {
  const solveMs = await solveInPage(url, device, distDir);
  return device === 'desktop' ? { solveMs, senderCpuMs: await senderCpu() } : { solveMs };
}
