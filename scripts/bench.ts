/**
 * `npm run bench`: builds the site, serves it as Firebase Hosting would (scripts/hosting.ts, the
 * headers of firebase.json), runs Lighthouse 12 in Debian Chromium offline (mobile and desktop,
 * RUNS each, variants interleaved) on /, /?webgl=0 and /privacypolicy, runs the runtime probe,
 * and prints a table. It writes bench-results/bench-<time>.json and bench-results/latest.{json,md}.
 * It never fails on a figure: a missed budget is reported, not thrown.
 *
 * Env: DIST_DIR (dist-bench), SERVE_PORT (4591, not npm run serve's 4173), RUNS (5), BENCH_OUT (bench-results),
 * BENCH_SKIP_BUILD=1 to measure the build already in DIST_DIR, BENCH_PRESETS (mobile,desktop),
 * BENCH_PROBE=0 to skip the probe, CHROMIUM_PATH or CHROME_PATH (/usr/bin/chromium).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { Server } from 'node:http';
import { startHosting } from './hosting';
import { routes } from '../src/content/site';
import { firstPaintBytes } from './bench/bytes';
import { killAllChromes, runLighthouse, type LighthouseRun, type Preset } from './bench/lighthouse';
import { runProbe, type ProbeResult } from './bench/probe';
import { budgets, budgetTable, table, type RouteResult } from './bench/report';
import { summarize } from './bench/stats';

const distDir = process.env.DIST_DIR ?? 'dist-bench';
const port = Number(process.env.SERVE_PORT ?? 4591);
const runs = Math.max(1, Number(process.env.RUNS ?? 5));
const outDir = process.env.BENCH_OUT ?? 'bench-results';
const presets = (process.env.BENCH_PRESETS ?? 'mobile,desktop').split(',') as Preset[];
const baseURL = `http://localhost:${port}`;

const ROUTES = [
  { route: routes.home.path, html: routes.home.file },
  { route: `${routes.home.path}?webgl=0`, html: routes.home.file },
  { route: routes.privacy.path, html: routes.privacy.file },
] as const;

const started = Date.now();
const log = (s: string) =>
  console.log(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${s}`);

let server: Server | undefined;
let child: ReturnType<typeof spawn> | undefined;
function cleanup() {
  killAllChromes();
  child?.kill('SIGTERM');
  server?.close();
  server?.closeAllConnections();
}
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    cleanup();
    process.exit(130);
  });
}

function build(): Promise<void> {
  return new Promise((resolve, reject) => {
    log(`building into ${distDir}/`);
    child = spawn('npm', ['run', 'build'], {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, DIST_DIR: distDir },
    });
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`npm run build exited with ${code}`)),
    );
  });
}

async function main() {
  if (process.env.BENCH_SKIP_BUILD !== '1') await build();
  if (!existsSync(join(distDir, 'index.html'))) throw new Error(`No build in ${distDir}/`);
  server = await startHosting({ root: distDir, port });
  log(
    `serving ${distDir}/ at ${baseURL} (load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')})`,
  );

  // Interleaved: run 1 of every variant, then run 2 of every variant, ...
  const results = new Map<string, LighthouseRun[]>();
  const failures = new Map<string, number>();
  const total = runs * presets.length * ROUTES.length;
  let done = 0;
  for (let i = 0; i < runs; i++) {
    for (const preset of presets) {
      for (const { route } of ROUTES) {
        const key = `${preset} ${route}`;
        done++;
        let run: LighthouseRun | undefined;
        // One retry: Lighthouse occasionally loses a trace (NO_NAVSTART) on a busy machine.
        for (let attempt = 1; attempt <= 2 && !run; attempt++) {
          try {
            run = await runLighthouse(baseURL + route, preset);
          } catch (err) {
            log(`${key}: attempt ${attempt} failed: ${(err as Error).message}`);
          }
        }
        if (run) {
          results.set(key, [...(results.get(key) ?? []), run]);
          const m = run.metrics;
          log(
            `${done}/${total} ${key}: perf ${run.scores.performance} a11y ${run.scores.accessibility} bp ${run.scores['best-practices']} seo ${run.scores.seo} ` +
              `fcp ${Math.round(m.fcp)} lcp ${Math.round(m.lcp)} tbt ${Math.round(m.tbt)} cls ${m.cls.toFixed(3)}${run.failing.length ? ` failing: ${run.failing.join(' ')}` : ''}`,
          );
        } else failures.set(key, (failures.get(key) ?? 0) + 1);
      }
    }
  }

  const rows: RouteResult[] = [];
  // Per HTML file, not per route and preset: the built files do not change between them.
  const bytesOf = new Map<string, ReturnType<typeof firstPaintBytes>>();
  for (const preset of presets) {
    for (const { route, html } of ROUTES) {
      const list = results.get(`${preset} ${route}`) ?? [];
      if (!bytesOf.has(html)) bytesOf.set(html, firstPaintBytes(distDir, html));
      const bytes = bytesOf.get(html)!;
      rows.push({
        route,
        preset,
        performance: summarize(list.map((r) => r.scores.performance)),
        accessibility: summarize(list.map((r) => r.scores.accessibility)),
        bestPractices: summarize(list.map((r) => r.scores['best-practices'])),
        seo: summarize(list.map((r) => r.scores.seo)),
        fcp: summarize(list.map((r) => r.metrics.fcp)),
        lcp: summarize(list.map((r) => r.metrics.lcp)),
        tbt: summarize(list.map((r) => r.metrics.tbt)),
        cls: summarize(list.map((r) => r.metrics.cls)),
        si: summarize(list.map((r) => r.metrics.si)),
        totalBytes: summarize(list.map((r) => r.totalBytes)),
        firstPaintJsGzip: bytes.gzipBytes,
        startupJsGzip: bytes.startupGzipBytes,
        heavyOnFirstPaint: bytes.heavy,
        failures: failures.get(`${preset} ${route}`) ?? 0,
        failingAudits: [...new Set(list.flatMap((r) => r.failing))],
      });
    }
  }

  let probe: ProbeResult | null = null;
  if (process.env.BENCH_PROBE !== '0') {
    try {
      probe = await runProbe(baseURL, 3, log);
    } catch (err) {
      log(`runtime probe failed: ${(err as Error).message}`);
    }
  }

  const budgetList = budgets(rows, probe);
  const load = loadavg();
  const text = [
    table(rows, probe, runs),
    '',
    budgetTable(budgetList),
    '',
    `Machine load average at the end (1/5/15 min): ${load.map((l) => l.toFixed(2)).join(' / ')}; ${Math.round((Date.now() - started) / 1000)} s in all.`,
  ].join('\n');
  console.log(`\n${text}\n`);

  mkdirSync(outDir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const json = JSON.stringify(
    {
      date: new Date().toISOString(),
      runs,
      loadavg: load,
      rows,
      probe,
      budgets: budgetList,
      raw: Object.fromEntries(results),
    },
    null,
    2,
  );
  writeFileSync(join(outDir, `bench-${stamp}.json`), json);
  writeFileSync(join(outDir, 'latest.json'), json);
  writeFileSync(join(outDir, 'latest.md'), `${text}\n`);
  log(`wrote ${outDir}/bench-${stamp}.json and ${outDir}/latest.md`);
}

try {
  await main();
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  cleanup();
}
