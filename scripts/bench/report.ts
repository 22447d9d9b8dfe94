/** The bench's report and budgets (docs/bench.md): a missed budget is reported, never thrown. */
import { median, quantile, summarize, type Summary } from '../../src/shared/stats';
import { routes } from '../../src/content/site';
import type { LighthouseRun, Preset } from './lighthouse';
import type { ProbeResult } from './probe';
import type { Device, Visit } from './visit';

type Keyed = { round: number; repeat?: number };
type Sample = Keyed & { build: string; route: string };
/** `repeat`: which of the round's runs of mobile / or its control (0 when absent). */
export type LighthouseSample = Sample & { preset: Preset; run: LighthouseRun };
type VisitSample = Sample & { device: Device; visit: Visit };

/** A build measured: where it is served from, and its title worker chunk's size (gzip, bytes). */
type Build = { id: string; dir: string; titleWorkerGzip?: number | null };

/** A bench not yet run, filled round by round; saved as bench-results/bench-<time>.json. */
export const newBench = (commit: string, builds: Build[], load: string) => ({
  date: '',
  commit,
  rounds: 0,
  builds: builds.map(({ id, dir, titleWorkerGzip = null }) => ({ id, dir, titleWorkerGzip })),
  loadStart: load,
  loadEnd: '',
  roundsMs: 0,
  totalMs: 0,
  lighthouse: [] as LighthouseSample[],
  visits: [] as VisitSample[],
  failures: [] as string[],
  probe: null as ProbeResult | null,
});
export type BenchData = ReturnType<typeof newBench>;

/** A budget's figure and verdict; `met` is null when there was nothing to judge. */
type Budget = { name: string; actual: string; met: boolean | null };

/** The canvas page, its control without WebGL, and a plain page; from the one route table. */
export const HOME = routes.home.path;
export const CONTROL = `${HOME}?webgl=0`;
/** The plain page the home page is weighed against. */
export const PLAIN = routes.privacy.path;
export const BENCH_ROUTES = [HOME, CONTROL, PLAIN] as const;
export const BUDGETS = {
  performanceHomeMobile: 98,
  performanceDesktop: 100,
  otherCategories: 100,
  lcpMs: 1500,
  tbtMs: 200,
  tbtOverControlMs: 30,
  stillCpuRatio: 2,
  litMs: { desktop: 1500, phone: 2500 },
  /** The spec's sweep: 2 px/ms on screens wider than 1024 px, 1 px/ms otherwise. */
  sweepPxPerMs: { desktop: 2, phone: 1 },
  /** Where the light may be in the first lit frame, as a share of the title's width. */
  sweepStartShare: 0.2,
  sweepSpeedTolerance: 0.25,
  /** What the canvas costs a phone (4x): `/` against its control, paired per round. */
  phoneWorkerCpuOverControlMs: 150,
  phoneCanvasCpuOverControlMs: 300,
  /** What the home page costs a phone (4x) beyond the plain page, paired per round. */
  phoneMainCpuOverPlainMs: 300,
  phoneStyleLayoutPaintOverPlainMs: 100,
  titleWorkerGzipKB: 190,
  /** The page's and its service worker's bytes in a phone's first 20 s on `/`. */
  firstVisitKiB: 320,
} as const;

type Format = (v: number) => string;
const ms = (v: number) => (Number.isFinite(v) ? `${Math.round(v)}` : '–');
const fixed = (digits: number) => (v: number) => (Number.isFinite(v) ? v.toFixed(digits) : '–');
const kib = (v: number) => ms(v / 1024);
const kb = (bytes: number) => fixed(1)(bytes / 1000);
const signed = (f: Format) => (v: number) => (Number.isFinite(v) && v > 0 ? `+${f(v)}` : f(v));

/** "median (min–max, IQR x)" */
function fmt(s: Summary, f: Format = ms): string {
  if (s.n === 0) return '–';
  if (s.n === 1) return f(s.median);
  return `${f(s.median)} (${f(s.min)}–${f(s.max)}, IQR ${f(s.iqr).replace(/^\+/, '')})`;
}
const stat = <T>(list: T[], pick: (x: T) => number, f = ms) => fmt(summarize(list.map(pick)), f);
const interval = ([lo, hi]: [number, number], f: Format) =>
  Number.isFinite(lo) ? `${f(lo)} … ${f(hi)}` : '–';

/** A markdown table; the head's and each row's cells are joined with ' | '. */
const table = (head: string, rows: string[]) => [
  `| ${head} |`,
  `|${'---|'.repeat(head.split(' | ').length)}`,
  ...rows.map((r) => `| ${r} |`),
];
const PAIRED_HEAD = `median of paired differences (min–max, IQR) | 90 % interval of that median | difference of medians`;

/** 90 % interval of the median: 5th and 95th percentile of 1,000 bootstrap medians (fixed seed). */
export function medianInterval(values: readonly number[]): [number, number] {
  const v = values.filter((x) => Number.isFinite(x));
  if (v.length < 2) return [Number.NaN, Number.NaN];
  let seed = 12345;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const medians: number[] = [];
  for (let i = 0; i < 1000; i++)
    medians.push(median(v.map(() => v[Math.floor(random() * v.length)]!)));
  return [quantile(medians, 0.05), quantile(medians, 0.95)];
}

/** Per-pair differences a − b (pairs where both ran), and the difference of their medians. */
export function paired<K>(a: Map<K, number>, b: Map<K, number>) {
  const diffs: number[] = [];
  for (const [key, va] of a) {
    const vb = b.get(key);
    if (vb !== undefined && Number.isFinite(va) && Number.isFinite(vb)) diffs.push(va - vb);
  }
  return {
    diff: summarize(diffs),
    interval: medianInterval(diffs),
    ofMedians: median([...a.values()]) - median([...b.values()]),
  };
}

/** Each load's figure keyed by round and repeat: the keys that pair two variants' loads. */
const byRound = <T extends Keyed>(list: T[], pick: (x: T) => number) =>
  new Map(list.map((x) => [`${x.round}:${x.repeat ?? 0}`, pick(x)]));

type Figure<T> = [name: string, pick: (x: T) => number, f?: Format];
/** A row per figure with pairs: median of a − b, 90 % interval, difference of medians, pairs. */
function pairedRows<T extends Keyed>(
  label: (name: string) => string,
  a: T[],
  b: T[],
  figures: Figure<T>[],
) {
  return figures.flatMap(([name, pick, f = ms]) => {
    const p = paired(byRound(a, pick), byRound(b, pick));
    const g = signed(f);
    const cells = [label(name), fmt(p.diff, g), interval(p.interval, g), g(p.ofMedians), p.diff.n];
    return p.diff.n ? [cells.join(' | ')] : [];
  });
}

/** One build's Lighthouse runs of a preset and route, each with its round and repeat. */
const lhOf = (d: BenchData, build: string, preset: Preset, route: string) =>
  d.lighthouse
    .filter((s) => s.build === build && s.preset === preset && s.route === route)
    .map((s) => ({ ...s.run, round: s.round, repeat: s.repeat }));
/** One build's visits of a device and route, in round order, each with its round. */
const visitsOf = (d: BenchData, build: string, device: Device, route: string) =>
  d.visits
    .filter((s) => s.build === build && s.device === device && s.route === route)
    .map((s) => ({ ...s.visit, round: s.round }));

const LH_METRICS: Figure<LighthouseRun>[] = [
  ['Performance', (r) => r.scores.performance],
  ['TBT ms', (r) => r.metrics.tbt],
  ['LCP ms', (r) => r.metrics.lcp],
  ['FCP ms', (r) => r.metrics.fcp],
  ['SI ms', (r) => r.metrics.si],
  ['CLS', (r) => r.metrics.cls, fixed(3)],
];
const SUMMED = ['main', 'worker', 'gpu', 'compositor'] as const;
const mainCpu = (v: Visit) => v.cpu.main.cpuMs;
const canvasCpu = (v: Visit) => SUMMED.reduce((a, k) => a + v.cpu[k].cpuMs, 0);
const styleLayoutPaint = (v: Visit) => v.cpu.main.work['style/layout/paint'];
const CPU: Figure<Visit>[] = [
  ['main thread CPU', mainCpu],
  ['main thread wall', (v) => v.cpu.main.wallMs],
  ['title worker CPU', (v) => v.cpu.worker.cpuMs],
  ['GPU thread CPU', (v) => v.cpu.gpu.cpuMs],
  ['GPU process CPU (all threads)', (v) => v.processes.gpu],
  ['renderer processes CPU (all threads)', (v) => v.processes.renderer],
  ['compositor CPU', (v) => v.cpu.compositor.cpuMs],
  ['page + worker + GPU + compositor CPU', canvasCpu],
  ['long tasks, total wall', (v) => v.cpu.longTasks.totalMs],
];
/** The home page against the plain page. */
const OVER_PLAIN: Figure<Visit>[] = [
  ['main thread CPU', mainCpu],
  ['style + layout + paint', styleLayoutPaint],
];
const PAGE_WORK = ['script', 'style/layout/paint', 'gc', 'parse'] as const;
const THREADS = ['worker', 'gpu', 'compositor', 'serviceWorker'] as const;
const PRESETS = ['mobile', 'desktop'] as const;
const OTHER = ['accessibility', 'best-practices', 'seo'] as const;

/** A never-lit load counts as its whole window (a lower bound), so it can only raise the median. */
const litOrWindow = (v: Visit) => (Number.isFinite(v.litMs) ? v.litMs : v.windowMs);

function lighthouseSection(d: BenchData, build: string): string[] {
  const lh = (preset: Preset, route: string) => lhOf(d, build, preset, route);
  const rows = PRESETS.flatMap((preset) =>
    BENCH_ROUTES.flatMap((route) => {
      const runs = lh(preset, route);
      const metrics = LH_METRICS.map(([, pick, f]) => stat(runs, pick, f));
      const other = OTHER.map((k) => ms(median(runs.map((r) => r.scores[k])))).join(' / ');
      const cells = [route, preset, ...metrics, other, stat(runs, (r) => r.totalBytes, kib)];
      return runs.length ? [cells.join(' | ')] : [];
    }),
  );
  const pairs = PRESETS.flatMap((preset) =>
    pairedRows((n) => `${preset} | ${n}`, lh(preset, HOME), lh(preset, CONTROL), LH_METRICS),
  );
  const head =
    'Route | Preset | Perf | TBT ms | LCP ms | FCP ms | SI ms | CLS | A11y / BP / SEO | Transfer KiB';
  return [
    ...table(head, rows),
    '',
    `### Paired: the canvas page against its control (Lighthouse)${tagOf(d, build)}`,
    '',
    ...table(`Preset | Metric | / − ${CONTROL}: ${PAIRED_HEAD} | pairs`, pairs),
  ];
}

function cpuSection(d: BenchData, build: string): string[] {
  const visits = (device: Device, route: string) => visitsOf(d, build, device, route);
  const rows = (['phone', 'desktop'] as const).flatMap((device) =>
    BENCH_ROUTES.flatMap((route) => {
      const vs = visits(device, route);
      const col = (pick: (v: Visit) => number) => stat(vs, pick);
      const own = (v: Visit) => PAGE_WORK.reduce((a, k) => a + v.cpu.main.work[k], 0);
      const work = PAGE_WORK.map((k) => ms(median(vs.map((v) => v.cpu.main.work[k]))));
      const cells = [
        device,
        route,
        col((v) => v.cpu.main.cpuMs),
        col((v) => v.cpu.main.wallMs),
        `${col(own)}: ${work.join(' / ')}`,
        col((v) => v.cpu.main.work.browser),
        `${ms(median(vs.map((v) => v.cpu.longTasks.count)))}, ${col((v) => v.cpu.longTasks.totalMs)}`,
        ...THREADS.map((k) => col((v) => v.cpu[k].cpuMs)),
        col((v) => v.processes.gpu),
        col((v) => v.processes.renderer),
      ];
      return vs.length ? [cells.join(' | ')] : [];
    }),
  );
  const pairs = (['phone', 'desktop'] as const).flatMap((device) =>
    pairedRows((n) => `${device} | ${n} ms`, visits(device, HOME), visits(device, CONTROL), CPU),
  );
  const head =
    "Device | Route | Main thread CPU ms | wall ms | page's own: script / style+layout+paint / GC / parse | browser's | Long tasks: count, total ms | Title worker CPU | GPU thread CPU | Compositor CPU | Service worker CPU | GPU process CPU | Renderer process CPU";
  const pairedHead = `Device | / − ${CONTROL} (paired, per round) | ${PAIRED_HEAD.replace('paired ', '')} | rounds`;
  const overPlain = pairedRows(
    (n) => `phone | ${n} ms`,
    visits('phone', HOME),
    visits('phone', PLAIN),
    OVER_PLAIN,
  );
  const plainHead = `Device | / − ${PLAIN} (paired, per round) | ${PAIRED_HEAD.replace('paired ', '')} | rounds`;
  return [
    ...table(head, rows),
    '',
    ...table(pairedHead, pairs),
    '',
    ...table(plainHead, overPlain),
  ];
}

function litSection(d: BenchData, build: string): string[] {
  const rows = (['desktop', 'phone'] as const).flatMap((device) =>
    [HOME, CONTROL].flatMap((route) => {
      const vs = visitsOf(d, build, device, route);
      const lit = vs.filter((v) => Number.isFinite(v.litMs));
      const cells = [
        device,
        route,
        lit.length ? stat(vs, litOrWindow) : 'never',
        `${lit.length} of ${vs.length}`,
        stat(vs, (v) => v.canvasMs),
        stat(lit, (v) => v.lit.firstLightX),
        stat(lit, (v) => v.lit.sweepPxPerMs, fixed(2)),
        ms(Math.max(...vs.map((v) => v.lit.maxUnlitLuminance))),
      ];
      return vs.length ? [cells.join(' | ')] : [];
    }),
  );
  const head =
    "Device | Route | Lit title ms | lit loads | Canvas took over ms | Light at the first lit frame, px from the title's left | Sweep on screen px/ms | Brightest unlit frame (luminance)";
  return table(head, rows);
}

/** A phone's first visit to `route` (round 1's 20-s window): the page's and its worker's bytes. */
const firstVisitBytes = (d: BenchData, build: string, route: string) =>
  visitsOf(d, build, 'phone', route).find((v) => v.windowMs >= 20_000)?.bytes;
/** A build's title worker chunk, gzip bytes; null when not measured (runs before 26 Nov). */
const titleWorkerGzipOf = (d: BenchData, build: string) =>
  d.builds.find((b) => b.id === build)?.titleWorkerGzip ?? null;

function bytesSection(d: BenchData, build: string): string[] {
  const cell = (bytes: number, n: number) => `${kib(bytes)} (${n})`;
  const rows = BENCH_ROUTES.flatMap((route) => {
    const b = firstVisitBytes(d, build, route);
    if (!b) return [];
    const total = cell(b.pageBytes + b.workerBytes, b.pageResponses + b.workerResponses);
    const page = cell(b.pageBytes, b.pageResponses);
    const worker = cell(b.workerBytes, b.workerResponses);
    return [`${route} | ${page} | ${worker} | ${total}`];
  });
  const head =
    'Route | Page: KiB (responses) | Service worker: KiB (responses) | Total KiB (responses)';
  const chunk = titleWorkerGzipOf(d, build);
  const size = chunk === null ? [] : ['', `Title worker chunk: ${kb(chunk)} KB gzip.`];
  return [...table(head, rows), ...size];
}

function compareSection(d: BenchData): string[] {
  const lh = PRESETS.flatMap((preset) =>
    [HOME, CONTROL].flatMap((route) => {
      const at = (build: string) => lhOf(d, build, preset, route);
      const label = (n: string) => `Lighthouse ${preset} ${route} ${n}`;
      return pairedRows(label, at('this'), at('base'), LH_METRICS.slice(0, 3));
    }),
  );
  const figures: Figure<Visit>[] = [['lit title ms', litOrWindow], ...CPU.slice(0, 6)];
  const visits = (['desktop', 'phone'] as const).flatMap((device) => {
    const at = (build: string) => visitsOf(d, build, device, HOME);
    return pairedRows((n) => `${device} / ${n}`, at('this'), at('base'), figures);
  });
  return table(`Figure | this − base: ${PAIRED_HEAD} | pairs`, [...lh, ...visits]);
}

function probeSection(p: ProbeResult): string[] {
  const pct = fixed(2);
  return table('Runtime probe (Chromium, 1440x900) | Value', [
    `Canvas title | ${p.canvas}`,
    `Browser CPU, still 5 s after the sweep: / | ${fmt(p.cpuHome, pct)} % of a core`,
    `Browser CPU, still 5 s: ${PLAIN} | ${fmt(p.cpuPlain, pct)} % of a core`,
    `Ratio / ÷ ${PLAIN} | ${pct(p.cpuRatio)}×`,
    `Frame interval, pointer across the title | median ${fixed(1)(p.frameIntervalMedianMs)} ms, p95 ${fixed(1)(p.frameIntervalP95Ms)} ms (${p.pointerFrames} frames)`,
  ]);
}

/** The budgets, judged on the measured build ('this'). */
export function budgets(d: BenchData): Budget[] {
  const B = BUDGETS;
  const lh = (preset: Preset, route: string) => lhOf(d, 'this', preset, route);
  const out: Budget[] = [];
  /** A budget on the median of `values`. */
  const judge = (name: string, values: number[], ok: (m: number) => boolean, f = ms) => {
    const s = summarize(values);
    out.push({ name, actual: fmt(s, f), met: s.n ? ok(s.median) : null });
  };
  const g = signed(ms);
  /** A budget on the median of paired differences a − b, with its interval beside it. */
  const judgePaired = <T extends Keyed>(
    name: string,
    [a, b]: [T[], T[]],
    pick: (x: T) => number,
    limit: number,
  ) => {
    const pair = paired(byRound(a, pick), byRound(b, pick));
    out.push({
      name,
      actual: `${fmt(pair.diff, g)} ms (90 % interval ${interval(pair.interval, g)}; difference of medians ${g(pair.ofMedians)})`,
      met: pair.diff.n ? pair.diff.median <= limit : null,
    });
  };
  const home = lh('mobile', HOME);
  const tbt = (r: LighthouseRun) => r.metrics.tbt;
  const perf = home.map((r) => r.scores.performance);
  const lcp = home.map((r) => r.metrics.lcp);
  const P = B.performanceHomeMobile;
  judge(`Performance ≥ ${P} on / (mobile)`, perf, (m) => m >= P);
  judgePaired(
    `TBT on / ≤ ${CONTROL} + ${B.tbtOverControlMs} ms (mobile, paired loads)`,
    [home, lh('mobile', CONTROL)],
    tbt,
    B.tbtOverControlMs,
  );
  judge(`TBT ≤ ${B.tbtMs} ms on / (mobile)`, home.map(tbt), (m) => m <= B.tbtMs);
  judge(`LCP ≤ ${B.lcpMs} ms on / (mobile)`, lcp, (m) => m <= B.lcpMs);
  for (const p of PRESETS) {
    const cls = lh(p, HOME).map((r) => r.metrics.cls);
    judge(`CLS 0 on ${HOME} (${p})`, cls, (m) => m < 0.0005, fixed(3));
  }
  for (const route of BENCH_ROUTES) {
    const perfs = lh('desktop', route).map((r) => r.scores.performance);
    judge(`Performance = 100 on ${route} (desktop)`, perfs, (m) => m >= B.performanceDesktop);
  }
  for (const preset of PRESETS)
    for (const route of BENCH_ROUTES) {
      const runs = lh(preset, route);
      const low = OTHER.map((k) => [k, median(runs.map((r) => r.scores[k]))] as const).filter(
        ([, v]) => !(v >= B.otherCategories),
      );
      const actual = low.length ? low.map(([k, v]) => `${k} ${ms(v)}`).join(', ') : '100, 100, 100';
      const name = `Accessibility, best practices, SEO = 100 on ${route} (${preset})`;
      if (runs.length) out.push({ name, actual, met: low.length === 0 });
    }
  const screen = { desktop: 'desktop 1440x900', phone: 'phone 390x844, CPU 4x' };
  const sweeps: Budget[] = [];
  for (const device of ['desktop', 'phone'] as const) {
    const vs = visitsOf(d, 'this', device, HOME);
    const lit = vs.filter((v) => Number.isFinite(v.litMs));
    const s = summarize(vs.map(litOrWindow));
    out.push({
      name: `Lit title ≤ ${B.litMs[device]} ms on / (${screen[device]}, screencast)`,
      actual: `${fmt(s)} ms, lit in ${lit.length} of ${vs.length} loads`,
      met: s.n ? s.median <= B.litMs[device] : null,
    });
    const spec = B.sweepPxPerMs[device];
    const boxed = lit.filter((v) => v.titleBox);
    const start = median(boxed.map((v) => v.lit.firstLightX / v.titleBox!.width));
    const speed = median(boxed.map((v) => v.lit.sweepPxPerMs));
    sweeps.push({
      name: `The sweep starts with the lit title, at ${spec} px/ms ±${B.sweepSpeedTolerance * 100} % (${device}, screencast)`,
      actual: `light at ${ms(start * 100)} % of the title's width in the first lit frame, ${fixed(2)(speed)} px/ms (medians of ${boxed.length} lit loads)`,
      met: boxed.length
        ? start <= B.sweepStartShare && Math.abs(speed / spec - 1) <= B.sweepSpeedTolerance
        : null,
    });
  }
  out.push(...sweeps);
  const p = d.probe;
  out.push({
    name: `Still page: browser CPU ≤ ${B.stillCpuRatio}× the plain page`,
    actual: p ? `${p.cpuRatio.toFixed(2)}×` : 'no probe',
    met: p ? p.cpuRatio <= B.stillCpuRatio : null,
  });
  // What the canvas and the home page cost a phone, each load beside its round's other.
  const phone = (route: string) => visitsOf(d, 'this', 'phone', route);
  const over: [string, number, string, (v: Visit) => number][] = [
    ['Title worker CPU', B.phoneWorkerCpuOverControlMs, CONTROL, (v) => v.cpu.worker.cpuMs],
    ['Page + worker + GPU + compositor CPU', B.phoneCanvasCpuOverControlMs, CONTROL, canvasCpu],
    ['Main-thread CPU', B.phoneMainCpuOverPlainMs, PLAIN, mainCpu],
    ['Style + layout + paint', B.phoneStyleLayoutPaintOverPlainMs, PLAIN, styleLayoutPaint],
  ];
  for (const [what, limit, than, pick] of over)
    judgePaired(
      `${what} on / ≤ ${than} + ${limit} ms (phone, CPU 4x, paired per round)`,
      [phone(HOME), phone(than)],
      pick,
      limit,
    );
  const chunk = titleWorkerGzipOf(d, 'this');
  out.push({
    name: `Title worker chunk ≤ ${B.titleWorkerGzipKB} KB gzip`,
    actual: chunk === null ? 'not measured' : `${kb(chunk)} KB`,
    met: chunk === null ? null : chunk / 1000 <= B.titleWorkerGzipKB,
  });
  const first = firstVisitBytes(d, 'this', HOME);
  const name = `First visit ≤ ${B.firstVisitKiB} KiB on / (phone, page + service worker, 20 s)`;
  if (!first) out.push({ name, actual: 'no 20 s visit', met: null });
  else {
    const { pageBytes, workerBytes } = first;
    const actual = `${kib(pageBytes + workerBytes)} KiB (page ${kib(pageBytes)}, service worker ${kib(workerBytes)})`;
    out.push({ name, actual, met: (pageBytes + workerBytes) / 1024 <= B.firstVisitKiB });
  }
  return out;
}

const verdict = (met: boolean | null) => (met === null ? 'no data' : met ? 'met' : '**missed**');

/** Two runs' verdicts side by side: a budget whose verdict flips is unsteady. */
export function steadiness(a: Budget[], b: Budget[]): string {
  const shown = (x?: Budget) => (x ? `${x.actual} (${verdict(x.met)})` : '–');
  let [judged, unsteady] = [0, 0];
  const rows = a.map((x) => {
    const y = b.find((v) => v.name === x.name);
    const both = y !== undefined && x.met !== null && y.met !== null;
    judged += both ? 1 : 0;
    unsteady += both && y.met !== x.met ? 1 : 0;
    const v = !both ? 'not judged in both' : y.met === x.met ? verdict(x.met) : '**unsteady**';
    return `${x.name} | ${shown(x)} | ${shown(y)} | ${v}`;
  });
  return [
    '## Steadiness: the same budgets in two consecutive runs',
    '',
    ...table('Budget | Run 1 | Run 2 | Verdict', rows),
    '',
    `${unsteady} of the ${judged} budgets judged in both runs unsteady` +
      (a.length > judged ? ` (${a.length - judged} not judged in both).` : '.'),
  ].join('\n');
}

/** Lighthouse mobile runs of / a round (1 in reports before 23 Nov). */
const pairRuns = (d: BenchData) => 1 + Math.max(0, ...d.lighthouse.map((s) => s.repeat ?? 0));

const tagOf = (d: BenchData, id: string) =>
  d.builds.length > 1 ? ` — ${id} (${d.builds.find((b) => b.id === id)?.dir})` : '';

/** The whole report in markdown. */
export function report(d: BenchData, list: Budget[]): string {
  const minutes = (v: number) => `${(v / 60_000).toFixed(1)} min`;
  const lines = [
    `## Bench of ${d.commit}, ${d.date}`,
    '',
    `${d.rounds} paired rounds (every variant once per round, order rotating; Lighthouse mobile on ${HOME} and ${CONTROL} ${pairRuns(d)} times per round, each run of ${HOME} beside one of its control), ${minutes(d.roundsMs)} of rounds, ${minutes(d.totalMs)} with the probe. ` +
      `Load average (1/5/15 min) at the start ${d.loadStart}, at the end ${d.loadEnd}. Figures: median (min–max, IQR).`,
  ];
  if (d.failures.length) lines.push(`Left out (failed twice): ${d.failures.join('; ')}.`);
  const section = (title: string, body: string[]) => lines.push('', `### ${title}`, '', ...body);
  for (const { id } of d.builds) {
    const tag = tagOf(d, id);
    section(`Lighthouse 12${tag}`, lighthouseSection(d, id));
    section(`CPU time per load (Chrome trace, thread time, first 10 s)${tag}`, cpuSection(d, id));
    section(
      `Lit title (screencast: first frame with the light on the title)${tag}`,
      litSection(d, id),
    );
    section(`First-visit bytes (phone 390x844, first 20 s, round 1)${tag}`, bytesSection(d, id));
  }
  if (d.builds.length > 1) section('Before and after (paired loads)', compareSection(d));
  if (d.probe) section('Runtime probe', probeSection(d.probe));
  const budgetRows = list.map((b) => `${b.name} | ${b.actual} | ${verdict(b.met)}`);
  section('Budgets', table('Budget | Figure: median (min–max, IQR) | Verdict', budgetRows));
  return lines.join('\n');
}
