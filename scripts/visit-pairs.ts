/**
 * Is the machine steady enough for the rows against `/privacypolicy` now? `npx tsx
 * scripts/visit-pairs.ts` makes REPS (4) pairs of the bench's phone visits (its `visit()`, with a
 * 10 s window: the CPU figures are the trace's first 10 s, as in the bench) of `/` and
 * `/privacypolicy` on DIST_DIR (dist), in an order that alternates pair by pair. Around each visit
 * it times a fixed CPU workload in Node (six SHA-256 passes over 8 MiB and an integer loop), just
 * before and just after, in wall time and in the process's CPU time. It prints those beside each
 * visit's main-thread CPU and style + layout + paint (the bench's figures), then each pair's
 * difference. On this shared machine the loads moved by more than the budgets within minutes
 * while the workload did not (docs/bench-history.md, sixteenth session).
 */
import { createHash } from 'node:crypto';
import { hostBuild } from './hosting';
import { visit } from './bench/visit';

const reps = Number(process.env.REPS ?? 4);
const WINDOW_MS = 10_000;
const ROUTES = ['/', '/privacypolicy'] as const;
const block = Buffer.alloc(8 << 20, 7);

/** The fixed workload: its wall and CPU ms, and its result (returned, so the loop is not optimised away). */
function workload(): { wallMs: number; cpuMs: number; result: number } {
  const cpu = process.cpuUsage();
  const start = performance.now();
  for (let i = 0; i < 6; i++) createHash('sha256').update(block).digest();
  let x = 0;
  for (let i = 0; i < 3e7; i++) x = (x * 1103515245 + i) | 0;
  const used = process.cpuUsage(cpu);
  return { wallMs: performance.now() - start, cpuMs: (used.user + used.system) / 1000, result: x };
}

/** A visit's two figures; one more try when the trace lost the page's start, as the bench does. */
async function measure(url: string): Promise<{ cpu: number; slp: number }> {
  for (let attempt = 1; ; attempt++) {
    try {
      const { main } = (await visit(url, 'phone', WINDOW_MS)).cpu;
      return { cpu: main.cpuMs, slp: main.work['style/layout/paint'] };
    } catch (error) {
      if (attempt === 2) throw error;
      console.log(`  ${url}: ${(error as Error).message.split('\n')[0]}; again`);
    }
  }
}

const { origin, stop } = await hostBuild(process.env.DIST_DIR ?? 'dist');
const r = Math.round;
const shown = (w: ReturnType<typeof workload>) => `${r(w.wallMs)} (CPU ${r(w.cpuMs)})`;
try {
  for (let rep = 0; rep < reps; rep++) {
    const figures = new Map<string, { cpu: number; slp: number }>();
    for (const route of rep % 2 ? [...ROUTES].reverse() : ROUTES) {
      const before = workload();
      const f = await measure(origin + route);
      const after = workload();
      figures.set(route, f);
      console.log(
        `${new Date().toISOString().slice(11, 19)} ${route}: main-thread CPU ${r(f.cpu)} ms, style + layout + paint ${r(f.slp)} ms; workload before ${shown(before)} ms, after ${shown(after)} ms`,
      );
    }
    const home = figures.get('/')!;
    const plain = figures.get('/privacypolicy')!;
    console.log(
      `  pair ${rep + 1}: / − /privacypolicy: CPU ${r(home.cpu - plain.cpu)} ms, style + layout + paint ${r(home.slp - plain.slp)} ms`,
    );
  }
} finally {
  stop();
}
