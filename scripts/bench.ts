/**
 * `npm run bench`: builds the site, serves it as Firebase Hosting would, and runs paired rounds:
 * each round loads every variant once, back to back, in an order that rotates from round to round
 * (Lighthouse mobile and desktop on /, /?webgl=0, /privacypolicy; a traced and screencast visit on
 * a phone and a desktop). Then the runtime probe, the report and the budgets. See docs/bench.md.
 *
 *   npm run bench [-- --quick] [-- --rounds N] [-- --compare DIR] [-- --report A.json[,B.json]]
 *
 * Env: DIST_DIR (dist-bench), SERVE_PORT (4591), BENCH_OUT (bench-results), BENCH_SKIP_BUILD=1,
 * BENCH_PROBE=0, CHROMIUM_PATH or CHROME_PATH (/usr/bin/chromium).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startHosting } from './hosting';
import { routes } from '../src/content/site';
import { runLighthouse, type Preset } from './bench/lighthouse';
import { killAll } from 'chrome-launcher';
import { runProbe, type ProbeResult } from './bench/probe';
import {
  BENCH_ROUTES,
  CONTROL,
  budgets,
  report,
  steadiness,
  type BenchData,
  type LighthouseSample,
  type VisitSample,
} from './bench/report';
import { visit, type Device } from './bench/visit';

/** Rounds by default: see docs/bench.md for why this many. */
export const DEFAULT_ROUNDS = 6;
export const QUICK_ROUNDS = 2;
/**
 * Lighthouse mobile runs of / and of its control per round (1 with --quick), each / beside one
 * control. The "TBT on / ≤ control + 30 ms" budget is a difference of two figures that each swing
 * by ±100 ms from run to run here: 5 pairs could not tell +30 from 0 (docs/bench.md).
 */
export const MOBILE_PAIR_RUNS = 3;

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    rounds: { type: 'string' },
    compare: { type: 'string' },
    report: { type: 'string' },
  },
});
const distDir = process.env.DIST_DIR ?? 'dist-bench';
const port = Number(process.env.SERVE_PORT ?? 4591);
const outDir = process.env.BENCH_OUT ?? 'bench-results';
const rounds = Math.max(
  1,
  Number(args.rounds ?? process.env.RUNS ?? (args.quick ? QUICK_ROUNDS : DEFAULT_ROUNDS)),
);

const pairRuns = args.quick ? 1 : MOBILE_PAIR_RUNS;

type Variant =
  | { build: string; kind: 'lighthouse'; preset: Preset; route: string; repeat: number }
  | { build: string; kind: 'visit'; device: Device; route: string };

function variantsOf(build: string): Variant[] {
  const out: Variant[] = [];
  // Mobile / and its control alternate, so each run of / has a control run beside it.
  for (let repeat = 0; repeat < pairRuns; repeat++)
    for (const route of [routes.home.path, CONTROL])
      out.push({ build, kind: 'lighthouse', preset: 'mobile', route, repeat });
  out.push({ build, kind: 'lighthouse', preset: 'mobile', route: routes.privacy.path, repeat: 0 });
  for (const route of BENCH_ROUTES)
    out.push({ build, kind: 'lighthouse', preset: 'desktop', route, repeat: 0 });
  for (const route of BENCH_ROUTES) out.push({ build, kind: 'visit', device: 'phone', route });
  for (const route of [routes.home.path, CONTROL])
    out.push({ build, kind: 'visit', device: 'desktop', route });
  return out;
}

/** How long a visit is watched: the lit title may come late on a busy machine; bytes need 20 s. */
function windowFor(v: Extract<Variant, { kind: 'visit' }>, round: number): number {
  if (v.device === 'phone' && round === 0) return 20_000;
  if (v.route !== routes.home.path) return 10_000;
  return v.device === 'phone' ? 15_000 : 12_000;
}

const started = Date.now();
const log = (s: string) =>
  console.log(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${s}`);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');

const servers: Server[] = [];
function cleanup() {
  killAll();
  for (const s of servers) s.close().closeAllConnections();
}
for (const sig of ['SIGINT', 'SIGTERM'] as const)
  process.on(sig, () => {
    cleanup();
    process.exit(130);
  });

async function serve(root: string, p: number): Promise<string> {
  if (!existsSync(join(root, 'index.html'))) throw new Error(`No build in ${root}/`);
  const server = await startHosting({ root, port: p });
  servers.push(server);
  return `http://localhost:${(server.address() as AddressInfo).port}`;
}

const commit = () =>
  execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();

/** One whole bench: every round, then the probe. */
async function benchOnce(builds: { id: string; url: string; dir: string }[]): Promise<BenchData> {
  const lighthouse: LighthouseSample[] = [];
  const visits: VisitSample[] = [];
  const failures: string[] = [];
  const all = builds.flatMap((b) => variantsOf(b.id));
  const loadStart = load();
  const t0 = Date.now();
  const data = (roundsDone: number, probe: ProbeResult | null): BenchData => ({
    date: new Date().toISOString(),
    commit: commit(),
    rounds: roundsDone,
    builds: builds.map(({ id, dir }) => ({ id, dir })),
    loadStart,
    loadEnd: load(),
    roundsMs: Date.now() - t0,
    totalMs: Date.now() - t0,
    lighthouse,
    visits,
    failures,
    probe,
  });
  for (let round = 0; round < rounds; round++) {
    // Rotating order, reversed every other round: no variant always goes first or follows the same one.
    const shift = (round * Math.ceil(all.length / rounds)) % all.length;
    const rotated = [...all.slice(shift), ...all.slice(0, shift)];
    const order = round % 2 ? rotated.reverse() : rotated;
    for (const v of order) {
      const url = builds.find((b) => b.id === v.build)!.url + v.route;
      const name =
        `round ${round + 1}/${rounds} ${v.build} ${v.kind === 'lighthouse' ? v.preset : v.device} ${v.route}` +
        (v.kind === 'lighthouse' &&
        pairRuns > 1 &&
        v.preset === 'mobile' &&
        v.route !== routes.privacy.path
          ? ` #${v.repeat + 1}`
          : '');
      // One retry: Lighthouse occasionally loses a trace (NO_NAVSTART) on a busy machine.
      let ok = false;
      for (let attempt = 1; attempt <= 2 && !ok; attempt++) {
        try {
          if (v.kind === 'lighthouse') {
            const run = await runLighthouse(url, v.preset);
            lighthouse.push({ round, ...v, run });
            const m = run.metrics;
            log(
              `${name}: perf ${run.scores.performance} fcp ${Math.round(m.fcp)} lcp ${Math.round(m.lcp)} tbt ${Math.round(m.tbt)} cls ${m.cls.toFixed(3)}` +
                (run.failing.length ? ` failing: ${run.failing.join(' ')}` : ''),
            );
          } else {
            const windowMs = windowFor(v, round);
            const result = await visit(url, v.device, { windowMs });
            visits.push({ round, ...v, visit: result });
            const c = result.cpu;
            log(
              `${name}: lit ${Math.round(result.litMs)} ms, canvas ${Math.round(result.canvasMs)} ms; cpu main ${Math.round(c.main.cpuMs)} (wall ${Math.round(c.main.wallMs)}) worker ${Math.round(c.worker.cpuMs)} gpu ${Math.round(c.gpu.cpuMs)} ms; ` +
                `bytes page ${Math.round(result.bytes.pageBytes / 1024)} KiB / sw ${Math.round(result.bytes.workerBytes / 1024)} KiB` +
                (result.bytes.unmeasured
                  ? ` (${result.bytes.unmeasured} responses unmeasured)`
                  : ''),
            );
          }
          ok = true;
        } catch (err) {
          log(`${name}: attempt ${attempt} failed: ${(err as Error).message.split('\n')[0]}`);
        }
      }
      if (!ok) failures.push(name);
    }
    // A run stopped half-way keeps its finished rounds: `--report bench-results/partial.json`.
    mkdirSync(outDir, { recursive: true });
    writeFileSync(join(outDir, 'partial.json'), JSON.stringify(data(round + 1, null)));
  }
  const roundsMs = Date.now() - t0;

  let probe: ProbeResult | null = null;
  if (process.env.BENCH_PROBE !== '0') {
    try {
      probe = await runProbe(builds[0]!.url, args.quick ? 1 : 3, log);
    } catch (err) {
      log(`runtime probe failed: ${(err as Error).message}`);
    }
  }
  return { ...data(rounds, probe), roundsMs };
}

async function main() {
  if (args.report) {
    // Saved runs' reports again, with this checkout's report code; two runs also get the
    // steadiness table (whether each budget's verdict agreed).
    const runs = args.report.split(',').map((file) => {
      const data = JSON.parse(readFileSync(file, 'utf8')) as BenchData;
      const list = budgets(data);
      return { list, text: report(data, list) };
    });
    console.log(runs.map((r) => r.text).join('\n\n'));
    if (runs.length === 2) console.log(`\n${steadiness(runs[0]!.list, runs[1]!.list)}`);
    return;
  }
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    log(`building into ${distDir}/`);
    execFileSync('npm', ['run', 'build'], {
      stdio: 'inherit',
      env: { ...process.env, DIST_DIR: distDir },
    });
  }
  const builds = [{ id: 'this', dir: distDir, url: await serve(distDir, port) }];
  if (args.compare)
    builds.push({ id: 'base', dir: args.compare, url: await serve(args.compare, 0) });
  log(
    `serving ${builds.map((b) => `${b.id}: ${b.dir}/ at ${b.url}`).join(', ')}; ${rounds} rounds; load average ${load()}`,
  );
  const data = await benchOnce(builds);
  const list = budgets(data);
  const text = report(data, list);
  console.log(`\n${text}\n`);
  const name = `bench-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, `${name}.json`), JSON.stringify({ ...data, budgets: list }, null, 2));
  for (const file of [`${name}.md`, 'latest.md']) writeFileSync(join(outDir, file), `${text}\n`);
  log(`wrote ${outDir}/${name}.{json,md} and ${outDir}/latest.md`);
}

try {
  await main();
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  cleanup();
}
