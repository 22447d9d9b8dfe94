/** `npm run bench`: the built site, served as Hosting serves it, measured in paired rounds. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startBackendProcess } from '../functions/src/local/process';
import { startHosting } from './hosting';
import type { Device } from './bench/browser';
import { challengeBench } from './bench/challenge';
import { feel } from './bench/feel';
import { inboxBench, stopInboxBench } from './bench/inbox';
import { runLighthouse } from './bench/lighthouse';
import { load } from './bench/load';
import { CONTROL, HOME, PLAIN, ROUTES, pageless, report, withFigures } from './bench/report';
import type { Sample } from './bench/report';
import { spamBench } from './bench/spam';

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    rounds: { type: 'string' },
    compare: { type: 'string' },
    only: { type: 'string', default: 'lighthouse,load,feel,challenge,spam,inbox' },
    'write-docs': { type: 'boolean', default: false },
  },
});
const kinds = args.only.split(',');
const distDir = process.env.DIST_DIR ?? 'dist-bench';
const outDir = process.env.BENCH_OUT ?? 'bench-results';
const rounds = Number(args.rounds ?? (args.quick ? 1 : 5));
/** Lighthouse mobile runs of `/` and its control a round, each `/` beside a control run. */
const pairRuns = args.quick ? 1 : 3;

type Variant = Omit<Sample, 'build' | 'round' | 'f'>;
const at = (kind: Sample['kind'], device: Device, routes: string[], repeat = 0) =>
  routes.map((route): Variant => ({ kind, device, route, repeat }));
const variants = [
  ...[...Array(pairRuns).keys()].flatMap((r) => at('lighthouse', 'phone', [HOME, CONTROL], r)),
  ...at('lighthouse', 'phone', [PLAIN]),
  ...at('lighthouse', 'desktop', ROUTES),
  ...at('load', 'phone', ROUTES),
  ...at('load', 'desktop', [HOME]),
  ...at('feel', 'desktop', [HOME, PLAIN]),
  ...at('feel', 'phone', [HOME, PLAIN]),
  ...at('challenge', 'phone', [HOME]),
  // Not pages: the spam filter, and the inbox's callable at 10,000 messages, on both stores.
  ...at('spam', 'desktop', [HOME]),
  ...at('inbox', 'desktop', [HOME]),
].filter((v) => kinds.includes(v.kind));

function measure({ kind, device, route }: Variant, url: string, round: number) {
  if (kind === 'lighthouse') return runLighthouse(url, device);
  if (kind === 'feel') return feel(url, device);
  if (kind === 'challenge') return challengeBench(url, device, distDir);
  if (kind === 'inbox') return inboxBench();
  if (kind === 'spam') return spamBench();
  // The phone's first round watches 20 s, for the first visit's bytes; the lit title needs less.
  const windowMs = device === 'phone' && !round ? 20_000 : route === HOME ? 12_000 : 10_000;
  return load(url, device, windowMs);
}

const started = Date.now();
const log = (s: string) =>
  console.log(`[bench ${Math.round((Date.now() - started) / 1000)} s] ${s}`);
const load1 = () => loadavg()[0]!.toFixed(1);

if (process.env.BENCH_SKIP_BUILD !== '1' && !kinds.every(pageless)) {
  log(`building into ${distDir}/`);
  const env = { ...process.env, DIST_DIR: distDir };
  execFileSync('npm', ['run', 'build'], { stdio: 'inherit', env });
}
const builds = [
  { id: 'this', dir: distDir },
  ...(args.compare ? [{ id: 'base', dir: args.compare }] : []),
];
// A contact backend of its own, so the form fetches and solves its challenge as it does live.
const dataDir = mkdtempSync(join(tmpdir(), 'bench-data-'));
const env = { ...process.env, BACKEND_PORT: '0', DATA_DIR: dataDir, AUTH_EMULATOR: 'off' };
const backend = await startBackendProcess(env, { capture: true });
const port = (i: number) => (i ? 0 : Number(process.env.SERVE_PORT ?? 4591));
const servers = await Promise.all(
  builds.map(({ dir }, i) => startHosting({ root: dir, port: port(i), backend: backend.origin })),
);
const origin = (i: number) => `http://localhost:${(servers[i]!.address() as AddressInfo).port}`;
try {
  await run();
} finally {
  for (const s of servers) s.close().closeAllConnections();
  await stopInboxBench();
  await backend.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

async function run() {
  const loadStart = load1();
  const samples: Sample[] = [];
  const failures: string[] = [];
  const all = builds.flatMap(({ id }, i) =>
    variants.filter((v) => !i || !pageless(v.kind)).map((v) => ({ ...v, build: id, i })),
  );
  log(
    `${all.length} pages a round, ${rounds} rounds; ${builds.map((b) => `${b.id}: ${b.dir}/`).join(', ')}`,
  );
  for (let round = 0; round < rounds; round++) {
    // Rotated, and reversed every other round: no page always goes first or after the same one.
    const shift = (round * Math.ceil(all.length / rounds)) % all.length;
    const order = [...all.slice(shift), ...all.slice(0, shift)];
    for (const { i, ...v } of round % 2 ? order.reverse() : order) {
      const name = `round ${round + 1} ${v.build} ${v.kind} ${v.device} ${v.route}`;
      // One retry: now and then a busy machine loses a trace or a Lighthouse run.
      for (let attempt = 1; attempt <= 2; attempt++)
        try {
          const f: Record<string, number> = await measure(v, origin(i) + v.route, round);
          samples.push({ ...v, round, f });
          const shown = Object.entries(f).filter(([, x]) => Number.isFinite(x));
          log(`${name}: ${shown.map(([k, x]) => `${k} ${+x.toFixed(1)}`).join(', ')}`);
          break;
        } catch (err) {
          log(`${name}: attempt ${attempt} failed: ${(err as Error).message.split('\n')[0]}`);
          if (attempt === 2) failures.push(name);
        }
    }
  }
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC';
  const minutes = (Date.now() - started) / 60_000;
  const info = {
    commit,
    date,
    rounds,
    minutes,
    load: `${loadStart} to ${load1()}`,
    builds,
    failures,
  };
  const text = report(info, samples);
  console.log(`\n${text}\n`);
  mkdirSync(outDir, { recursive: true });
  const name = join(outDir, `bench-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  writeFileSync(`${name}.json`, JSON.stringify({ info, samples }, null, 1));
  for (const file of [`${name}.md`, join(outDir, 'latest.md')]) writeFileSync(file, `${text}\n`);
  log(`wrote ${name}.json and .md, and ${outDir}/latest.md`);
  if (args['write-docs']) {
    const file = 'docs/performance.md';
    writeFileSync(file, withFigures(readFileSync(file, 'utf8'), info, samples));
    log(`rewrote the figures in ${file}`);
  }
}
