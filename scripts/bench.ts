/**
 * `npm run bench`: builds and serves the site as Hosting would, runs paired rounds of every variant
 * (order rotating), then the probe, the report and the budgets. Options and method: docs/bench.md.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { killAll } from 'chrome-launcher';
import { startHosting } from './hosting';
import { routes } from '../src/content/site';
import { runLighthouse, type Preset } from './bench/lighthouse';
import { runProbe } from './bench/probe';
import { BENCH_ROUTES, CONTROL, HOME, budgets, newBench, report, steadiness } from './bench/report';
import type { BenchData } from './bench/report';
import { visit, type Device } from './bench/visit';

/** Rounds by default, and with --quick (docs/bench.md, "Run counts"). */
export const DEFAULT_ROUNDS = 6;
export const QUICK_ROUNDS = 2;
/** Lighthouse mobile runs a round of / and of its control (1 with --quick), in pairs. */
export const MOBILE_PAIR_RUNS = 3;

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    rounds: { type: 'string', default: process.env.RUNS },
    compare: { type: 'string' },
    report: { type: 'string' },
  },
});
const distDir = process.env.DIST_DIR ?? 'dist-bench';
const outDir = process.env.BENCH_OUT ?? 'bench-results';
const rounds = Math.max(1, Number(args.rounds ?? (args.quick ? QUICK_ROUNDS : DEFAULT_ROUNDS)));
const pairRuns = args.quick ? 1 : MOBILE_PAIR_RUNS;

type Variant =
  | { build: string; kind: 'lighthouse'; preset: Preset; route: string; repeat: number }
  | { build: string; kind: 'visit'; device: Device; route: string };

function variantsOf(build: string): Variant[] {
  const out: Variant[] = [];
  // Mobile / and its control alternate, so each run of / has a control run beside it.
  for (let repeat = 0; repeat < pairRuns; repeat++)
    for (const route of [HOME, CONTROL])
      out.push({ build, kind: 'lighthouse', preset: 'mobile', route, repeat });
  out.push({ build, kind: 'lighthouse', preset: 'mobile', route: routes.privacy.path, repeat: 0 });
  for (const route of BENCH_ROUTES)
    out.push({ build, kind: 'lighthouse', preset: 'desktop', route, repeat: 0 });
  for (const route of BENCH_ROUTES) out.push({ build, kind: 'visit', device: 'phone', route });
  for (const route of [HOME, CONTROL]) out.push({ build, kind: 'visit', device: 'desktop', route });
  return out;
}

/** How long a visit is watched: the lit title may come late on a busy machine; bytes need 20 s. */
function windowFor(v: Extract<Variant, { kind: 'visit' }>, round: number): number {
  if (v.device === 'phone' && round === 0) return 20_000;
  if (v.route !== HOME) return 10_000;
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

async function serve(id: string, dir: string, port: number) {
  if (!existsSync(join(dir, 'index.html'))) throw new Error(`No build in ${dir}/`);
  const server = await startHosting({ root: dir, port });
  servers.push(server);
  return { id, dir, url: `http://localhost:${(server.address() as AddressInfo).port}` };
}

/** The title worker's chunk, gzip at zlib's default level (~0.3 % over `gzip -c`); null if none. */
function titleWorkerGzip(dir: string): number | null {
  const file = readdirSync(join(dir, 'assets')).find((f) => /^title\.worker-.*\.js$/.test(f));
  return file ? gzipSync(readFileSync(join(dir, 'assets', file))).length : null;
}

/** Loads one variant, adds what it measured to `d`, and returns the log line's figures. */
async function measure(d: BenchData, v: Variant, url: string, round: number): Promise<string> {
  const r = Math.round;
  if (v.kind === 'lighthouse') {
    const run = await runLighthouse(url, v.preset);
    d.lighthouse.push({ round, ...v, run });
    const { fcp, lcp, tbt, cls } = run.metrics;
    const failing = run.failing.length ? ` failing: ${run.failing.join(' ')}` : '';
    return `perf ${run.scores.performance} fcp ${r(fcp)} lcp ${r(lcp)} tbt ${r(tbt)} cls ${cls.toFixed(3)}${failing}`;
  }
  const result = await visit(url, v.device, windowFor(v, round));
  d.visits.push({ round, ...v, visit: result });
  const [c, b] = [result.cpu, result.bytes];
  return (
    `lit ${r(result.litMs)} ms, canvas ${r(result.canvasMs)} ms; cpu main ${r(c.main.cpuMs)} (wall ${r(c.main.wallMs)}) worker ${r(c.worker.cpuMs)} gpu ${r(c.gpu.cpuMs)} ms; ` +
    `bytes page ${r(b.pageBytes / 1024)} KiB / sw ${r(b.workerBytes / 1024)} KiB` +
    (b.unmeasured ? ` (${b.unmeasured} responses unmeasured)` : '')
  );
}

async function main() {
  if (args.report) {
    // Saved runs through this checkout's report; two runs also get the steadiness table.
    const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as BenchData;
    const runs = args.report.split(',').map(read);
    const lists = runs.map(budgets);
    console.log(runs.map((d, i) => report(d, lists[i]!)).join('\n\n'));
    if (lists.length === 2) console.log(`\n${steadiness(lists[0]!, lists[1]!)}`);
    return;
  }
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    log(`building into ${distDir}/`);
    execFileSync('npm', ['run', 'build'], {
      stdio: 'inherit',
      env: { ...process.env, DIST_DIR: distDir },
    });
  }
  const builds = [await serve('this', distDir, Number(process.env.SERVE_PORT ?? 4591))];
  if (args.compare) builds.push(await serve('base', args.compare, 0));
  log(
    `serving ${builds.map((b) => `${b.id}: ${b.dir}/ at ${b.url}`).join(', ')}; ${rounds} rounds; load average ${load()}`,
  );
  const t0 = Date.now();
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  const sized = builds.map((b) => ({ ...b, titleWorkerGzip: titleWorkerGzip(b.dir) }));
  const d = newBench(commit, sized, load());
  const stamp = () =>
    Object.assign(d, { date: new Date().toISOString(), loadEnd: load(), totalMs: Date.now() - t0 });
  const all = builds.flatMap((b) => variantsOf(b.id));
  mkdirSync(outDir, { recursive: true });
  for (let round = 0; round < rounds; round++) {
    // Rotating order, reversed every other round: no variant always goes first or follows the same one.
    const shift = (round * Math.ceil(all.length / rounds)) % all.length;
    const rotated = [...all.slice(shift), ...all.slice(0, shift)];
    for (const v of round % 2 ? rotated.reverse() : rotated) {
      const url = builds.find((b) => b.id === v.build)!.url + v.route;
      const paired =
        v.kind === 'lighthouse' && v.preset === 'mobile' && v.route !== routes.privacy.path;
      const name =
        `round ${round + 1}/${rounds} ${v.build} ${v.kind === 'lighthouse' ? v.preset : v.device} ${v.route}` +
        (paired && pairRuns > 1 ? ` #${v.repeat + 1}` : '');
      // One retry: Lighthouse occasionally loses a trace (NO_NAVSTART) on a busy machine.
      for (let attempt = 1; attempt <= 2; attempt++) {
        try {
          log(`${name}: ${await measure(d, v, url, round)}`);
          break;
        } catch (err) {
          log(`${name}: attempt ${attempt} failed: ${(err as Error).message.split('\n')[0]}`);
          if (attempt === 2) d.failures.push(name);
        }
      }
    }
    // A run stopped half-way keeps its finished rounds: `--report bench-results/partial.json`.
    Object.assign(stamp(), { rounds: round + 1, roundsMs: d.totalMs });
    writeFileSync(join(outDir, 'partial.json'), JSON.stringify(d));
  }
  if (process.env.BENCH_PROBE !== '0')
    d.probe = await runProbe(builds[0]!.url, args.quick ? 1 : 3, log).catch((err: Error) => {
      log(`runtime probe failed: ${err.message}`);
      return null;
    });
  const list = budgets(stamp());
  const text = report(d, list);
  console.log(`\n${text}\n`);
  const name = `bench-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  writeFileSync(join(outDir, `${name}.json`), JSON.stringify({ ...d, budgets: list }, null, 2));
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
