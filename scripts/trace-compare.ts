/**
 * Two or more builds side by side, the way a change is judged before a bench run:
 * `npx tsx scripts/trace-compare.ts DIST_A DIST_B [...]` loads ROUTE (`/`) from each, interleaved
 * round by round in a rotating order, REPS times (8), as the bench's phone visit does (a fresh
 * browser, its device and trace window), and prints each build's medians of the main thread's
 * CPU, its style + layout + paint (the bench's figures) and that work's steps by trace event, then
 * every other build against the first, paired by round.
 *
 * RATE sets the CPU throttling, 1 unless given: at the phone's 4x the throttle's stalls (several ms
 * each) land in whatever event runs, and a difference of a few ms of work is lost among them; at 1
 * the figures are the work itself, about a fifth of the 4x figures (docs/bench.md, fourteenth
 * session). The bench (`npm run bench -- --compare`) then measures the change at 4x.
 */
import { hostBuild } from './hosting';
import { TRACE_MS, tracePhoneLoad } from './bench/visit';
import { traceThreads } from './bench/trace';
import { median } from '../src/shared/stats';

/** The steps of style, layout and paint shown one by one. */
const STEPS = ['UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize', 'Commit'];
const dists = process.argv.slice(2);
if (dists.length < 2) throw new Error('Usage: trace-compare.ts DIST_A DIST_B [...]');
const reps = Number(process.env.REPS ?? 8);
const route = process.env.ROUTE ?? '/';
const rate = Number(process.env.RATE ?? 1);

interface Load {
  cpu: number;
  slp: number;
  steps: number[];
}

/** One load's figures, from one pass over its trace (the bench's thread summary). */
async function load(origin: string): Promise<Load> {
  const { nav, threads } = traceThreads(await tracePhoneLoad(origin + route, { rate }), TRACE_MS);
  const [main] = threads(nav.pid, (name) => name === 'CrRendererMain');
  if (!main) throw new Error(`No main thread in the trace of ${route}`);
  return {
    cpu: main.cpuMs,
    slp: main.work['style/layout/paint'],
    steps: STEPS.map((step) => (main.self.get(step) ?? 0) / 1000),
  };
}

const builds = await Promise.all(dists.map(hostBuild));
try {
  const origins = builds.map((b) => b.origin);
  const loads: Load[][] = dists.map(() => []);
  for (let round = 0; round < reps; round++)
    for (let k = 0; k < dists.length; k++) {
      const i = (k + round) % dists.length;
      // A trace that lost its start is a load not counted (the bench measures such a visit again).
      const figures = await load(origins[i]!).catch((error: unknown) => {
        console.log(`  round ${round + 1}, ${dists[i]}: ${String(error).split('\n')[0]}`);
        return { cpu: Number.NaN, slp: Number.NaN, steps: STEPS.map(() => Number.NaN) };
      });
      loads[i]!.push(figures);
      console.log(
        `  round ${round + 1}, ${dists[i]}: CPU ${figures.cpu.toFixed(0)} ms, style + layout + paint ${figures.slp.toFixed(1)} ms`,
      );
    }
  console.log(`\n${route}, CPU throttled ${rate}x, medians of ${reps} loads (ms):`);
  for (const [i, dist] of dists.entries()) {
    const steps = STEPS.map(
      (s, k) => `${s} ${median(loads[i]!.map((l) => l.steps[k]!)).toFixed(1)}`,
    );
    console.log(
      `${dist}: CPU ${median(loads[i]!.map((l) => l.cpu)).toFixed(0)}, style + layout + paint ${median(loads[i]!.map((l) => l.slp)).toFixed(1)} (${steps.join(', ')})`,
    );
  }
  for (let i = 1; i < dists.length; i++) {
    const paired = (of: (l: Load) => number) =>
      median(loads[i]!.map((l, round) => of(l) - of(loads[0]![round]!))).toFixed(1);
    console.log(
      `${dists[i]} − ${dists[0]}, paired by round: CPU ${paired((l) => l.cpu)}, style + layout + paint ${paired((l) => l.slp)}`,
    );
  }
} finally {
  for (const build of builds) build.stop();
}
