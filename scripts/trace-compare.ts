/**
 * Builds, or routes, side by side, the way a change is judged before a bench run:
 * `npx tsx scripts/trace-compare.ts DIST_A [DIST_B ...]` loads each of ROUTES (`/` unless given,
 * comma-separated) from each build, interleaved round by round in a rotating order, REPS times
 * (8), as the bench's phone visit does (a fresh browser, its device and trace window), and prints
 * each build's and route's medians of the main thread's CPU, its style + layout + paint (the
 * bench's figures) and that work's steps by trace event, then, paired by round with the rounds'
 * spread, each build's routes against its first route and each route's builds against the first
 * build. A load whose trace lost its start is left out, and so is its round's pair.
 * `ROUTES=/privacypolicy,/ npx tsx scripts/trace-compare.ts dist` gives the bench's two rows
 * against `/privacypolicy` (`/` − `/privacypolicy`) for one build, at RATE.
 *
 * RATE sets the CPU throttling, 1 unless given: at the phone's 4x the throttle's stalls (several ms
 * each) land in whatever event runs, and a difference of a few ms of work is lost among them; at 1
 * the figures are the work itself, about a fifth of the 4x figures (docs/bench-history.md,
 * fourteenth session). The bench (`npm run bench -- --compare`) then measures the change at 4x.
 */
import { hostBuild } from './hosting';
import { TRACE_MS, tracePhoneLoad } from './bench/visit';
import { traceThreads } from './bench/trace';
import { median, summarize } from '../src/shared/stats';

/** The steps of style, layout and paint shown one by one. */
const STEPS = ['UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize', 'Commit'];
const dists = process.argv.slice(2);
if (process.env.ROUTE) throw new Error('ROUTE is now ROUTES (comma-separated, the control first)');
const routes = (process.env.ROUTES ?? '/').split(',').filter(Boolean);
if (dists.length * routes.length < 2)
  throw new Error('Usage: [ROUTES=/a,/b] trace-compare.ts DIST_A [DIST_B ...]');
const reps = Number(process.env.REPS ?? 8);
const rate = Number(process.env.RATE ?? 1);

interface Load {
  cpu: number;
  slp: number;
  steps: number[];
}

/** One load's figures, from one pass over its trace (the bench's thread summary). */
async function load(url: string): Promise<Load> {
  const { nav, threads } = traceThreads(await tracePhoneLoad(url, { rate }), TRACE_MS);
  const [main] = threads(nav.pid, (name) => name === 'CrRendererMain');
  if (!main) throw new Error(`No main thread in the trace of ${url}`);
  return {
    cpu: main.cpuMs,
    slp: main.work['style/layout/paint'],
    steps: STEPS.map((step) => (main.self.get(step) ?? 0) / 1000),
  };
}

const builds = await Promise.all(dists.map(hostBuild));
try {
  /** Every build's every route, one load of each a round. */
  const variants = dists.flatMap((dist, b) =>
    routes.map((route) => ({ dist, route, url: builds[b]!.origin + route, loads: [] as Load[] })),
  );
  const name = (v: (typeof variants)[number]) =>
    [dists.length > 1 && v.dist, routes.length > 1 && v.route].filter(Boolean).join(' ');
  for (let round = 0; round < reps; round++)
    for (let k = 0; k < variants.length; k++) {
      const v = variants[(k + round) % variants.length]!;
      // A trace that lost its start is a load not counted (the bench measures such a visit again).
      const figures = await load(v.url).catch((error: unknown) => {
        console.log(`  round ${round + 1}, ${name(v)}: ${String(error).split('\n')[0]}`);
        return { cpu: Number.NaN, slp: Number.NaN, steps: STEPS.map(() => Number.NaN) };
      });
      v.loads.push(figures);
      console.log(
        `  round ${round + 1}, ${name(v)}: CPU ${figures.cpu.toFixed(0)} ms, style + layout + paint ${figures.slp.toFixed(1)} ms`,
      );
    }
  console.log(`\n${routes.join(', ')}, CPU throttled ${rate}x, medians (ms):`);
  for (const v of variants) {
    const steps = STEPS.map((s, k) => `${s} ${median(v.loads.map((l) => l.steps[k]!)).toFixed(1)}`);
    const cpu = summarize(v.loads.map((l) => l.cpu));
    console.log(
      `${name(v)} (${cpu.n} of ${reps} loads): CPU ${cpu.median.toFixed(0)}, style + layout + paint ${median(v.loads.map((l) => l.slp)).toFixed(1)} (${steps.join(', ')})`,
    );
  }
  // For each load, its build's first route and its route's first build, when that is another load.
  const pairs = variants.flatMap((v) => {
    const sameBuild = variants.find((w) => w.dist === v.dist);
    const sameRoute = variants.find((w) => w.route === v.route);
    return [sameBuild, sameRoute].filter((w) => w && w !== v).map((w) => [v, w!] as const);
  });
  for (const [v, base] of pairs) {
    const paired = (of: (l: Load) => number) => {
      // A lost load is NaN, and so is its pair's difference: summarize counts whole pairs only.
      const d = summarize(v.loads.map((l, round) => of(l) - of(base.loads[round]!)));
      if (!d.n) return 'no whole pair';
      return `${d.median.toFixed(1)} (${d.min.toFixed(1)} … ${d.max.toFixed(1)}, ${d.n} of ${reps} pairs)`;
    };
    console.log(
      `${name(v)} − ${name(base)}, paired by round: CPU ${paired((l) => l.cpu)}, style + layout + paint ${paired((l) => l.slp)}`,
    );
  }
} finally {
  for (const build of builds) build.stop();
}
