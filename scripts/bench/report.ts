/** The bench's report and budgets (see docs/bench.md). A missed budget is reported, never thrown. */
import { median, quantile, summarize, type Summary } from '../../src/shared/stats';
import type { LighthouseRun, Preset } from './lighthouse';
import type { ProbeResult } from './probe';
import type { Device, Visit } from './visit';
import { routes } from '../../src/content/site';

export interface LighthouseSample {
  round: number;
  /** Which of the round's runs of this variant (mobile / and its control run MOBILE_PAIR_RUNS times a round); 0 if absent. */
  repeat?: number;
  build: string;
  preset: Preset;
  route: string;
  run: LighthouseRun;
}

export interface VisitSample {
  round: number;
  build: string;
  device: Device;
  route: string;
  visit: Visit;
}

export interface BenchData {
  date: string;
  commit: string;
  rounds: number;
  builds: { id: string; dir: string }[];
  loadStart: string;
  loadEnd: string;
  roundsMs: number;
  totalMs: number;
  lighthouse: LighthouseSample[];
  visits: VisitSample[];
  failures: string[];
  probe: ProbeResult | null;
}

export interface Budget {
  name: string;
  actual: string;
  /** null: nothing to judge (no samples). */
  met: boolean | null;
}

/** The canvas page, its control without WebGL, and a plain page; from the one route table. */
export const HOME = routes.home.path;
export const CONTROL = `${HOME}?webgl=0`;
export const BENCH_ROUTES = [HOME, CONTROL, routes.privacy.path] as const;
export const BUDGETS = {
  performanceHomeMobile: 98,
  performanceDesktop: 100,
  otherCategories: 100,
  lcpMs: 1500,
  tbtMs: 200,
  tbtOverControlMs: 30,
  cls: 0,
  stillCpuRatio: 2,
  litDesktopMs: 1500,
  litPhoneMs: 2500,
  /** The spec's sweep: 2 px/ms on screens wider than 1024 px, 1 px/ms otherwise. */
  sweepPxPerMsWide: 2,
  sweepPxPerMsNarrow: 1,
  /** "Starts with the lit title": the first lit frame shows the light in the title's first fifth. */
  sweepStartShare: 0.2,
  /** "At the spec's speed", as far as screen frames can tell. */
  sweepSpeedTolerance: 0.25,
} as const;

const ms = (v: number) => (Number.isFinite(v) ? `${Math.round(v)}` : '–');
const int = (v: number) => (Number.isFinite(v) ? `${Math.round(v)}` : '–');
const cls = (v: number) => (Number.isFinite(v) ? v.toFixed(3) : '–');
const kib = (v: number) => (Number.isFinite(v) ? `${Math.round(v / 1024)}` : '–');
const signed = (f: (v: number) => string) => (v: number) =>
  Number.isFinite(v) && v > 0 ? `+${f(v)}` : f(v);

/** "median (min–max, IQR x)" */
export function fmt(s: Summary, f: (v: number) => string = ms): string {
  if (s.n === 0) return '–';
  if (s.n === 1) return f(s.median);
  return `${f(s.median)} (${f(s.min)}–${f(s.max)}, IQR ${f(s.iqr).replace(/^\+/, '')})`;
}

type LhPick = (r: LighthouseRun) => number;
const LH_METRICS: [string, LhPick, (v: number) => string][] = [
  ['Performance', (r) => r.scores.performance, int],
  ['TBT ms', (r) => r.metrics.tbt, ms],
  ['LCP ms', (r) => r.metrics.lcp, ms],
  ['FCP ms', (r) => r.metrics.fcp, ms],
  ['SI ms', (r) => r.metrics.si, ms],
  ['CLS', (r) => r.metrics.cls, cls],
];

/** One build's Lighthouse runs of a preset and route, keyed by round and repeat: the pairs' keys. */
function lhByRound(d: BenchData, build: string, preset: Preset, route: string, pick: LhPick) {
  const runs = d.lighthouse.filter(
    (s) => s.build === build && s.preset === preset && s.route === route,
  );
  return new Map(runs.map((s) => [`${s.round}:${s.repeat ?? 0}`, pick(s.run)]));
}

type VisitPick = (v: Visit) => number;
const visitSamples = (d: BenchData, build: string, device: Device, route: string) =>
  d.visits.filter((s) => s.build === build && s.device === device && s.route === route);
/** The visits of one build, device and route, in round order. */
const visitsOf = (d: BenchData, build: string, device: Device, route: string) =>
  visitSamples(d, build, device, route).map((s) => s.visit);
const visitsByRound = (
  d: BenchData,
  build: string,
  device: Device,
  route: string,
  pick: VisitPick,
) => new Map(visitSamples(d, build, device, route).map((s) => [s.round, pick(s.visit)]));

/** A markdown table; the head's and each row's cells are joined with ' | '. */
const table = (head: string, rows: string[]) => [
  `| ${head} |`,
  `|${'---|'.repeat(head.split(' | ').length)}`,
  ...rows.map((r) => `| ${r} |`),
];
const PAIRED_HEAD = `median of paired differences (min–max, IQR) | 90 % interval of that median | difference of medians`;

/**
 * How far the median of these values could be from the one more rounds would give: the 5th and
 * 95th percentiles of the medians of 1,000 resamples (bootstrap, fixed seed: the same data gives
 * the same interval).
 */
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

/** A paired figure's row: its label, the median of differences, its 90 % interval, the difference of medians, the pairs; none without pairs. */
function pairedRow<K>(label: string, a: Map<K, number>, b: Map<K, number>, f = ms): string[] {
  const p = paired(a, b);
  const g = signed(f);
  return p.diff.n
    ? [
        `${label} | ${fmt(p.diff, g)} | ${interval(p.interval, g)} | ${g(p.ofMedians)} | ${p.diff.n}`,
      ]
    : [];
}

const interval = ([lo, hi]: [number, number], f: (v: number) => string) =>
  Number.isFinite(lo) ? `${f(lo)} … ${f(hi)}` : '–';

/** A never-lit load counts as its whole window (a lower bound), so it can only raise the median. */
const litOrWindow = (v: Visit) => (Number.isFinite(v.litMs) ? v.litMs : v.windowMs);

const CPU: [string, VisitPick][] = [
  ['main thread CPU', (v) => v.cpu.main.cpuMs],
  ['main thread wall', (v) => v.cpu.main.wallMs],
  ['title worker CPU', (v) => v.cpu.worker.cpuMs],
  ['GPU thread CPU', (v) => v.cpu.gpu.cpuMs],
  ['GPU process CPU (all threads)', (v) => v.processes.gpu],
  ['renderer processes CPU (all threads)', (v) => v.processes.renderer],
  ['compositor CPU', (v) => v.cpu.compositor.cpuMs],
  [
    'page + worker + GPU + compositor CPU',
    (v) => v.cpu.main.cpuMs + v.cpu.worker.cpuMs + v.cpu.gpu.cpuMs + v.cpu.compositor.cpuMs,
  ],
  ['long tasks, total wall', (v) => v.cpu.longTasks.totalMs],
];
const pageOwn = (v: Visit) =>
  v.cpu.main.work.script +
  v.cpu.main.work['style/layout/paint'] +
  v.cpu.main.work.gc +
  v.cpu.main.work.parse;

const PRESETS = ['mobile', 'desktop'] as const;
const OTHER = ['accessibility', 'best-practices', 'seo'] as const;

function lighthouseSection(d: BenchData, build: string): string[] {
  const rows = PRESETS.flatMap((preset) =>
    BENCH_ROUTES.flatMap((route) => {
      const runs = d.lighthouse.filter(
        (s) => s.build === build && s.preset === preset && s.route === route,
      );
      const col = (pick: LhPick, f: (v: number) => string) =>
        fmt(summarize(runs.map((s) => pick(s.run))), f);
      const other = OTHER.map((k) => int(median(runs.map((s) => s.run.scores[k])))).join(' / ');
      const metrics = LH_METRICS.map(([, pick, f]) => col(pick, f)).join(' | ');
      return runs.length
        ? [`${route} | ${preset} | ${metrics} | ${other} | ${col((r) => r.totalBytes, kib)}`]
        : [];
    }),
  );
  const paired = PRESETS.flatMap((preset) =>
    LH_METRICS.flatMap(([name, pick, f]) =>
      pairedRow(
        `${preset} | ${name}`,
        lhByRound(d, build, preset, HOME, pick),
        lhByRound(d, build, preset, CONTROL, pick),
        f,
      ),
    ),
  );
  return [
    ...table(
      'Route | Preset | Perf | TBT ms | LCP ms | FCP ms | SI ms | CLS | A11y / BP / SEO | Transfer KiB',
      rows,
    ),
    '',
    `### Paired: the canvas page against its control (Lighthouse)${tagOf(d, build)}`,
    '',
    ...table(`Preset | Metric | / − ${CONTROL}: ${PAIRED_HEAD} | pairs`, paired),
  ];
}

function cpuSection(d: BenchData, build: string): string[] {
  const rows = (['phone', 'desktop'] as const).flatMap((device) =>
    BENCH_ROUTES.flatMap((route) => {
      const vs = visitsOf(d, build, device, route);
      const col = (pick: VisitPick) => fmt(summarize(vs.map(pick)));
      const work = (['script', 'style/layout/paint', 'gc', 'parse'] as const)
        .map((k) => ms(median(vs.map((v) => v.cpu.main.work[k]))))
        .join(' / ');
      const threads = (['worker', 'gpu', 'compositor', 'serviceWorker'] as const).map((k) =>
        col((v) => v.cpu[k].cpuMs),
      );
      const long = `${int(median(vs.map((v) => v.cpu.longTasks.count)))}, ${col((v) => v.cpu.longTasks.totalMs)}`;
      return vs.length
        ? [
            `${device} | ${route} | ${col((v) => v.cpu.main.cpuMs)} | ${col((v) => v.cpu.main.wallMs)} | ${col(pageOwn)}: ${work} | ${col((v) => v.cpu.main.work.browser)} | ${long} | ${threads.join(' | ')} | ${col((v) => v.processes.gpu)} | ${col((v) => v.processes.renderer)}`,
          ]
        : [];
    }),
  );
  const paired = (['phone', 'desktop'] as const).flatMap((device) =>
    CPU.flatMap(([name, pick]) =>
      pairedRow(
        `${device} | ${name} ms`,
        visitsByRound(d, build, device, HOME, pick),
        visitsByRound(d, build, device, CONTROL, pick),
      ),
    ),
  );
  return [
    ...table(
      "Device | Route | Main thread CPU ms | wall ms | page's own: script / style+layout+paint / GC / parse | browser's | Long tasks: count, total ms | Title worker CPU | GPU thread CPU | Compositor CPU | Service worker CPU | GPU process CPU | Renderer process CPU",
      rows,
    ),
    '',
    ...table(
      `Device | / − ${CONTROL} (paired, per round) | ${PAIRED_HEAD.replace('paired ', '')} | rounds`,
      paired,
    ),
  ];
}

function bytesSection(d: BenchData, build: string): string[] {
  const rows = BENCH_ROUTES.flatMap((route) => {
    const b = visitSamples(d, build, 'phone', route).find((s) => s.visit.windowMs >= 20_000)?.visit
      .bytes;
    const cell = (bytes: number, n: number) => `${kib(bytes)} (${n})`;
    return b
      ? [
          `${route} | ${cell(b.pageBytes, b.pageResponses)} | ${cell(b.workerBytes, b.workerResponses)} | ${cell(b.pageBytes + b.workerBytes, b.pageResponses + b.workerResponses)}`,
        ]
      : [];
  });
  return table(
    'Route | Page: KiB (responses) | Service worker: KiB (responses) | Total KiB (responses)',
    rows,
  );
}

function litSection(d: BenchData, build: string): string[] {
  const speed = (v: number) => (Number.isFinite(v) ? v.toFixed(2) : '–');
  const rows = (['desktop', 'phone'] as const).flatMap((device) =>
    [HOME, CONTROL].flatMap((route) => {
      const vs = visitsOf(d, build, device, route);
      const lit = vs.filter((v) => Number.isFinite(v.litMs));
      const of = (list: Visit[], pick: VisitPick, f = ms) => fmt(summarize(list.map(pick)), f);
      return vs.length
        ? [
            `${device} | ${route} | ${lit.length ? of(vs, litOrWindow) : 'never'} | ${lit.length} of ${vs.length} | ${of(vs, (v) => v.canvasMs)} | ${of(lit, (v) => v.lit.firstLightX)} | ${of(lit, (v) => v.lit.sweepPxPerMs, speed)} | ${int(Math.max(...vs.map((v) => v.lit.maxUnlitLuminance)))}`,
          ]
        : [];
    }),
  );
  return table(
    "Device | Route | Lit title ms | lit loads | Canvas took over ms | Light at the first lit frame, px from the title's left | Sweep on screen px/ms | Brightest unlit frame (luminance)",
    rows,
  );
}

function compareSection(d: BenchData): string[] {
  const lh = PRESETS.flatMap((preset) =>
    [HOME, CONTROL].flatMap((route) =>
      LH_METRICS.slice(0, 3).flatMap(([name, pick, f]) =>
        pairedRow(
          `Lighthouse ${preset} ${route} ${name}`,
          lhByRound(d, 'this', preset, route, pick),
          lhByRound(d, 'base', preset, route, pick),
          f,
        ),
      ),
    ),
  );
  const figures: [string, VisitPick][] = [['lit title ms', litOrWindow], ...CPU.slice(0, 6)];
  const visits = (['desktop', 'phone'] as const).flatMap((device) =>
    figures.flatMap(([name, pick]) =>
      pairedRow(
        `${device} / ${name}`,
        visitsByRound(d, 'this', device, HOME, pick),
        visitsByRound(d, 'base', device, HOME, pick),
      ),
    ),
  );
  return table(`Figure | this − base: ${PAIRED_HEAD} | pairs`, [...lh, ...visits]);
}

function probeSection(probe: ProbeResult): string[] {
  const pct = (v: number) => v.toFixed(2);
  return [
    '| Runtime probe (Chromium, 1440x900) | Value |',
    '|---|---|',
    `| Canvas title | ${probe.canvas} |`,
    `| Browser CPU, still 5 s after the sweep: / | ${fmt(probe.cpuHome, pct)} % of a core |`,
    `| Browser CPU, still 5 s: /privacypolicy | ${fmt(probe.cpuPlain, pct)} % of a core |`,
    `| Ratio / ÷ /privacypolicy | ${probe.cpuRatio.toFixed(2)}× |`,
    `| Frame interval, pointer across the title | median ${probe.frameIntervalMedianMs.toFixed(1)} ms, p95 ${probe.frameIntervalP95Ms.toFixed(1)} ms (${probe.pointerFrames} frames) |`,
  ];
}

export function budgets(d: BenchData): Budget[] {
  const out: Budget[] = [];
  const lh = (preset: Preset, route: string) =>
    d.lighthouse.filter((s) => s.build === 'this' && s.preset === preset && s.route === route);
  /** A budget on the median of `values`. */
  const judge = (name: string, values: number[], ok: (m: number) => boolean, f = ms) => {
    const s = summarize(values);
    out.push({ name, actual: fmt(s, f), met: s.n ? ok(s.median) : null });
  };
  const home = lh('mobile', HOME).map((s) => s.run);
  const { performanceHomeMobile: perf, tbtOverControlMs: over } = BUDGETS;
  judge(
    `Performance ≥ ${perf} on / (mobile)`,
    home.map((r) => r.scores.performance),
    (m) => m >= perf,
    int,
  );
  const tbt = paired(
    lhByRound(d, 'this', 'mobile', HOME, (r) => r.metrics.tbt),
    lhByRound(d, 'this', 'mobile', CONTROL, (r) => r.metrics.tbt),
  );
  out.push({
    name: `TBT on / ≤ ${CONTROL} + ${over} ms (mobile, paired loads)`,
    actual: `${fmt(tbt.diff, signed(ms))} ms (90 % interval ${interval(tbt.interval, signed(ms))}; difference of medians ${signed(ms)(tbt.ofMedians)})`,
    met: tbt.diff.n ? tbt.diff.median <= over : null,
  });
  judge(
    `TBT ≤ ${BUDGETS.tbtMs} ms on / (mobile)`,
    home.map((r) => r.metrics.tbt),
    (m) => m <= BUDGETS.tbtMs,
  );
  judge(
    `LCP ≤ ${BUDGETS.lcpMs} ms on / (mobile)`,
    home.map((r) => r.metrics.lcp),
    (m) => m <= BUDGETS.lcpMs,
  );
  for (const preset of ['mobile', 'desktop'] as const)
    judge(
      `CLS 0 on ${HOME} (${preset})`,
      lh(preset, HOME).map((s) => s.run.metrics.cls),
      (m) => m < 0.0005,
      cls,
    );
  for (const route of BENCH_ROUTES)
    judge(
      `Performance = 100 on ${route} (desktop)`,
      lh('desktop', route).map((s) => s.run.scores.performance),
      (m) => m >= BUDGETS.performanceDesktop,
      int,
    );
  for (const preset of ['mobile', 'desktop'] as const)
    for (const route of BENCH_ROUTES) {
      const runs = lh(preset, route);
      if (!runs.length) continue;
      const low = (['accessibility', 'best-practices', 'seo'] as const)
        .map((k) => [k, median(runs.map((s) => s.run.scores[k]))] as const)
        .filter(([, v]) => !(v >= BUDGETS.otherCategories));
      out.push({
        name: `Accessibility, best practices, SEO = 100 on ${route} (${preset})`,
        actual: low.length ? low.map(([k, v]) => `${k} ${int(v)}`).join(', ') : '100, 100, 100',
        met: low.length === 0,
      });
    }
  for (const device of ['desktop', 'phone'] as const) {
    const desktop = device === 'desktop';
    const limit = desktop ? BUDGETS.litDesktopMs : BUDGETS.litPhoneMs;
    const vs = visitsOf(d, 'this', device, HOME);
    const lit = vs.filter((v) => Number.isFinite(v.litMs));
    const s = summarize(vs.map(litOrWindow));
    out.push({
      name: `Lit title ≤ ${limit} ms on / (${desktop ? 'desktop 1440x900' : 'phone 390x844, CPU 4x'}, screencast)`,
      actual: `${fmt(s)} ms, lit in ${lit.length} of ${vs.length} loads`,
      met: s.n ? s.median <= limit : null,
    });
  }
  for (const device of ['desktop', 'phone'] as const) {
    const lit = visitsOf(d, 'this', device, HOME).filter(
      (v) => Number.isFinite(v.litMs) && v.titleBox,
    );
    const spec = device === 'desktop' ? BUDGETS.sweepPxPerMsWide : BUDGETS.sweepPxPerMsNarrow;
    const start = median(lit.map((v) => v.lit.firstLightX / v.titleBox!.width));
    const speed = median(lit.map((v) => v.lit.sweepPxPerMs));
    out.push({
      name: `The sweep starts with the lit title, at ${spec} px/ms ±${BUDGETS.sweepSpeedTolerance * 100} % (${device}, screencast)`,
      actual: `light at ${Number.isFinite(start) ? Math.round(start * 100) : '–'} % of the title's width in the first lit frame, ${Number.isFinite(speed) ? speed.toFixed(2) : '–'} px/ms (medians of ${lit.length} lit loads)`,
      met: lit.length
        ? start <= BUDGETS.sweepStartShare &&
          Math.abs(speed / spec - 1) <= BUDGETS.sweepSpeedTolerance
        : null,
    });
  }
  const p = d.probe;
  out.push({
    name: `Still page: browser CPU ≤ ${BUDGETS.stillCpuRatio}× the plain page`,
    actual: p ? `${p.cpuRatio.toFixed(2)}×` : 'no probe',
    met: p ? p.cpuRatio <= BUDGETS.stillCpuRatio : null,
  });
  return out;
}

const verdict = (met: boolean | null) => (met === null ? 'no data' : met ? 'met' : '**missed**');

export const budgetTable = (list: Budget[]) =>
  table(
    'Budget | Figure: median (min–max, IQR) | Verdict',
    list.map((b) => `${b.name} | ${b.actual} | ${verdict(b.met)}`),
  );

/** Two runs' verdicts side by side: a budget whose verdict flips is unsteady, neither met nor missed. */
export function steadiness(a: Budget[], b: Budget[]): string {
  const rows = a.map((x) => {
    const y = b.find((v) => v.name === x.name);
    const judged = y !== undefined && x.met !== null && y.met !== null;
    const v = !judged ? 'not judged in both' : y.met === x.met ? verdict(x.met) : '**unsteady**';
    return {
      judged,
      unsteady: judged && y.met !== x.met,
      row: `${x.name} | ${x.actual} (${verdict(x.met)}) | ${y ? `${y.actual} (${verdict(y.met)})` : '–'} | ${v}`,
    };
  });
  const judged = rows.filter((r) => r.judged).length;
  const unsteady = rows.filter((r) => r.unsteady).length;
  return [
    '## Steadiness: the same budgets in two consecutive runs',
    '',
    ...table(
      'Budget | Run 1 | Run 2 | Verdict',
      rows.map((r) => r.row),
    ),
    '',
    `${unsteady} of the ${judged} budgets judged in both runs unsteady` +
      (a.length > judged ? ` (${a.length - judged} not judged in both).` : '.'),
  ].join('\n');
}

/** How many runs a round gave Lighthouse mobile on / (and its control): 1 in reports before 23 Nov. */
const pairRuns = (d: BenchData) => 1 + Math.max(0, ...d.lighthouse.map((s) => s.repeat ?? 0));

const tagOf = (d: BenchData, id: string) =>
  d.builds.length > 1 ? ` — ${id} (${d.builds.find((b) => b.id === id)?.dir})` : '';

export function report(d: BenchData, list: Budget[]): string {
  const lines: string[] = [];
  const minutes = (v: number) => `${(v / 60_000).toFixed(1)} min`;
  lines.push(`## Bench of ${d.commit}, ${d.date}`);
  lines.push('');
  lines.push(
    `${d.rounds} paired rounds (every variant once per round, order rotating; Lighthouse mobile on ${HOME} and ${CONTROL} ${pairRuns(d)} times per round, each run of ${HOME} beside one of its control), ${minutes(d.roundsMs)} of rounds, ${minutes(d.totalMs)} with the probe. ` +
      `Load average (1/5/15 min) at the start ${d.loadStart}, at the end ${d.loadEnd}. Figures: median (min–max, IQR).`,
  );
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
  section('Budgets', budgetTable(list));
  return lines.join('\n');
}
