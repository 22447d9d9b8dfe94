/**
 * Is the machine steady enough for the rows against `/privacypolicy` now? `npx tsx
 * scripts/visit-pairs.ts` makes REPS (4) pairs of the bench's phone visits of `/` and
 * `/privacypolicy` on DIST_DIR (dist), each visit after a fixed CPU workload in Node (six SHA-256
 * passes over 8 MiB and an integer loop, three times), and prints the workload's times beside
 * each visit's main-thread CPU and style + layout + paint (the bench's figures), then each pair's
 * difference. On this shared machine the loads moved by more than the budgets within minutes
 * while the workload did not (docs/bench.md, sixteenth session).
 */
import type { AddressInfo } from 'node:net';
import { createHash } from 'node:crypto';
import { startHosting } from './hosting';
import { visit } from './bench/visit';

const reps = Number(process.env.REPS ?? 4);
const WINDOW_MS = 10_000;
const block = Buffer.alloc(8 << 20, 7);

/** The fixed workload's wall time, ms, and its result (used, so that the loop is not optimised away). */
function workload(): { ms: number; result: number } {
  const start = performance.now();
  for (let i = 0; i < 6; i++) createHash('sha256').update(block).digest();
  let x = 0;
  for (let i = 0; i < 3e7; i++) x = (x * 1103515245 + i) | 0;
  return { ms: performance.now() - start, result: x };
}

const server = await startHosting({ root: process.env.DIST_DIR ?? 'dist', port: 0 });
const origin = `http://localhost:${(server.address() as AddressInfo).port}`;
const r = (ms: number) => Math.round(ms);
try {
  for (let rep = 0; rep < reps; rep++) {
    const pair: { cpu: number; slp: number }[] = [];
    for (const route of ['/', '/privacypolicy']) {
      const runs = [workload(), workload(), workload()];
      const times = runs.map((w) => r(w.ms));
      if (runs.some((w) => !Number.isInteger(w.result))) throw new Error('The workload went wrong');
      const { main } = (await visit(origin + route, 'phone', WINDOW_MS)).cpu;
      pair.push({ cpu: main.cpuMs, slp: main.work['style/layout/paint'] });
      const at = new Date().toISOString().slice(11, 19);
      console.log(
        `${at} workload ${times.join('/')} ms; ${route}: main-thread CPU ${r(main.cpuMs)} ms, style + layout + paint ${r(main.work['style/layout/paint'])} ms`,
      );
    }
    const [home, plain] = pair as [(typeof pair)[0], (typeof pair)[0]];
    console.log(
      `  pair ${rep + 1}: / − /privacypolicy: CPU ${r(home.cpu - plain.cpu)} ms, style + layout + paint ${r(home.slp - plain.slp)} ms`,
    );
  }
} finally {
  server.close();
  server.closeAllConnections();
}
