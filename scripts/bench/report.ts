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
  const m = new Map<string, number>();
  for (const s of d.lighthouse)
    if (s.build === build && s.preset === preset && s.route === route)
      m.set(`${s.round}:${s.repeat ?? 0}`, pick(s.run));
  return m;
}

type VisitPick = (v: Visit) => number;

/** The visits of one build, device and route, in round order. */
function visitsOf(d: BenchData, build: string, device: Device, route: string): Visit[] {
  return d.visits
    .filter((s) => s.build === build && s.device === device && s.route === route)
    .map((s) => s.visit);
}
function visitsByRound(
  d: BenchData,
  build: string,
  device: Device,
  route: string,
  pick: VisitPick,
) {
  const m = new Map<number, number>();
  for (const s of d.visits)
    if (s.build === build && s.device === device && s.route === route)
      m.set(s.round, pick(s.visit));
  return m;
}

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

/** A paired figure's table cells: the median of differences, its 90 % interval, the difference of medians, the pairs. */
function pairedCells(p: ReturnType<typeof paired>, f: (v: number) => string): string {
  return `${fmt(p.diff, signed(f))} | ${interval(p.interval, signed(f))} | ${signed(f)(p.ofMedians)} | ${p.diff.n}`;
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

function lighthouseSection(d: BenchData, build: string): string[] {
  const lines = [
    '| Route | Preset | Perf | TBT ms | LCP ms | FCP ms | SI ms | CLS | A11y / BP / SEO | Transfer KiB |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const preset of ['mobile', 'desktop'] as const) {
    for (const route of BENCH_ROUTES) {
      const runs = d.lighthouse.filter(
        (s) => s.build === build && s.preset === preset && s.route === route,
      );
      if (!runs.length) continue;
      const col = (pick: LhPick, f: (v: number) => string) =>
        fmt(summarize(runs.map((s) => pick(s.run))), f);
      const other = (['accessibility', 'best-practices', 'seo'] as const)
        .map((k) => int(median(runs.map((s) => s.run.scores[k]))))
        .join(' / ');
      lines.push(
        `| ${route} | ${preset} | ${LH_METRICS.map(([, pick, f]) => col(pick, f)).join(' | ')} | ${other} | ${col((r) => r.totalBytes, kib)} |`,
      );
    }
  }
  return lines;
}

function pairedLighthouse(d: BenchData, build: string): string[] {
  const lines = [
    `| Preset | Metric | / − ${CONTROL}: median of paired differences (min–max, IQR) | 90 % interval of that median | difference of medians | pairs |`,
    '|---|---|---|---|---|---|',
  ];
  for (const preset of ['mobile', 'desktop'] as const) {
    for (const [name, pick, f] of LH_METRICS) {
      const p = paired(
        lhByRound(d, build, preset, HOME, pick),
        lhByRound(d, build, preset, CONTROL, pick),
      );
      if (!p.diff.n) continue;
      lines.push(`| ${preset} | ${name} | ${pairedCells(p, f)} |`);
    }
  }
  return lines;
}

function cpuSection(d: BenchData, build: string): string[] {
  const lines = [
    "| Device | Route | Main thread CPU ms | wall ms | page's own: script / style+layout+paint / GC / parse | browser's | Long tasks: count, total ms | Title worker CPU | GPU thread CPU | Compositor CPU | Service worker CPU | GPU process CPU | Renderer process CPU |",
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const device of ['phone', 'desktop'] as const) {
    for (const route of BENCH_ROUTES) {
      const vs = visitsOf(d, build, device, route);
      if (!vs.length) continue;
      const col = (pick: VisitPick) => fmt(summarize(vs.map(pick)));
      const w = (k: keyof Visit['cpu']['main']['work']) =>
        ms(median(vs.map((v) => v.cpu.main.work[k])));
      lines.push(
        `| ${device} | ${route} | ${col((v) => v.cpu.main.cpuMs)} | ${col((v) => v.cpu.main.wallMs)} | ${col(pageOwn)}: ${w('script')} / ${w('style/layout/paint')} / ${w('gc')} / ${w('parse')} | ${col((v) => v.cpu.main.work.browser)} | ` +
          `${int(median(vs.map((v) => v.cpu.longTasks.count)))}, ${col((v) => v.cpu.longTasks.totalMs)} | ${col((v) => v.cpu.worker.cpuMs)} | ${col((v) => v.cpu.gpu.cpuMs)} | ${col((v) => v.cpu.compositor.cpuMs)} | ${col((v) => v.cpu.serviceWorker.cpuMs)} | ${col((v) => v.processes.gpu)} | ${col((v) => v.processes.renderer)} |`,
      );
    }
  }
  lines.push('');
  lines.push(
    `| Device | / − ${CONTROL} (paired, per round) | median of differences (min–max, IQR) | 90 % interval of that median | difference of medians | rounds |`,
  );
  lines.push('|---|---|---|---|---|---|');
  for (const device of ['phone', 'desktop'] as const) {
    for (const [name, pick] of CPU) {
      const p = paired(
        visitsByRound(d, build, device, HOME, pick),
        visitsByRound(d, build, device, CONTROL, pick),
      );
      if (!p.diff.n) continue;
      lines.push(`| ${device} | ${name} ms | ${pairedCells(p, ms)} |`);
    }
  }
  return lines;
}

function bytesSection(d: BenchData, build: string): string[] {
  const lines = [
    '| Route | Page: KiB (responses) | Service worker: KiB (responses) | Total KiB (responses) |',
    '|---|---|---|---|',
  ];
  for (const route of BENCH_ROUTES) {
    const s = d.visits.find(
      (s) =>
        s.build === build &&
        s.device === 'phone' &&
        s.route === route &&
        s.visit.windowMs >= 20_000,
    );
    if (!s) continue;
    const b = s.visit.bytes;
    lines.push(
      `| ${route} | ${kib(b.pageBytes)} (${b.pageResponses}) | ${kib(b.workerBytes)} (${b.workerResponses}) | ${kib(b.pageBytes + b.workerBytes)} (${b.pageResponses + b.workerResponses}) |`,
    );
  }
  return lines;
}

function litSection(d: BenchData, build: string): string[] {
  const lines = [
    "| Device | Route | Lit title ms | lit loads | Canvas took over ms | Light at the first lit frame, px from the title's left | Sweep on screen px/ms | Brightest unlit frame (luminance) |",
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const device of ['desktop', 'phone'] as const) {
    for (const route of [HOME, CONTROL]) {
      const vs = visitsOf(d, build, device, route);
      if (!vs.length) continue;
      const lit = vs.filter((v) => Number.isFinite(v.litMs));
      lines.push(
        `| ${device} | ${route} | ${lit.length ? fmt(summarize(vs.map(litOrWindow))) : 'never'} | ${lit.length} of ${vs.length} | ${fmt(summarize(vs.map((v) => v.canvasMs)))} | ` +
          `${fmt(summarize(lit.map((v) => v.lit.firstLightX)))} | ${fmt(summarize(lit.map((v) => v.lit.sweepPxPerMs)), (v) => (Number.isFinite(v) ? v.toFixed(2) : '–'))} | ${int(Math.max(...vs.map((v) => v.lit.maxUnlitLuminance)))} |`,
      );
    }
  }
  return lines;
}

function compareSection(d: BenchData): string[] {
  const lines = [
    '| Figure | this − base: median of paired differences (min–max, IQR) | 90 % interval of that median | difference of medians | pairs |',
    '|---|---|---|---|---|',
  ];
  for (const preset of ['mobile', 'desktop'] as const) {
    for (const route of [HOME, CONTROL]) {
      for (const [name, pick, f] of LH_METRICS.slice(0, 3)) {
        const p = paired(
          lhByRound(d, 'this', preset, route, pick),
          lhByRound(d, 'base', preset, route, pick),
        );
        if (p.diff.n)
          lines.push(`| Lighthouse ${preset} ${route} ${name} | ${pairedCells(p, f)} |`);
      }
    }
  }
  for (const device of ['desktop', 'phone'] as const) {
    const figures: [string, VisitPick][] = [['lit title ms', litOrWindow], ...CPU.slice(0, 6)];
    for (const [name, pick] of figures) {
      const p = paired(
        visitsByRound(d, 'this', device, HOME, pick),
        visitsByRound(d, 'base', device, HOME, pick),
      );
      if (p.diff.n) lines.push(`| ${device} / ${name} | ${pairedCells(p, ms)} |`);
    }
  }
  return lines;
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

export function budgetTable(list: Budget[]): string[] {
  return [
    '| Budget | Figure: median (min–max, IQR) | Verdict |',
    '|---|---|---|',
    ...list.map((b) => `| ${b.name} | ${b.actual} | ${verdict(b.met)} |`),
  ];
}

/** Two runs' verdicts side by side: a budget whose verdict flips is unsteady, neither met nor missed. */
export function steadiness(a: Budget[], b: Budget[]): string {
  const lines = [
    '## Steadiness: the same budgets in two consecutive runs',
    '',
    '| Budget | Run 1 | Run 2 | Verdict |',
    '|---|---|---|---|',
  ];
  let unsteady = 0;
  for (const x of a) {
    const y = b.find((v) => v.name === x.name);
    const judged = y !== undefined && x.met !== null && y.met !== null;
    const same = judged && y.met === x.met;
    if (judged && !same) unsteady++;
    const v = !judged ? 'not judged in both' : same ? verdict(x.met) : '**unsteady**';
    lines.push(
      `| ${x.name} | ${x.actual} (${verdict(x.met)}) | ${y ? `${y.actual} (${verdict(y.met)})` : '–'} | ${v} |`,
    );
  }
  lines.push('');
  const judged = a.filter((x) => x.met !== null && b.find((y) => y.name === x.name)?.met != null);
  lines.push(
    `${unsteady} of the ${judged.length} budgets judged in both runs unsteady` +
      (a.length > judged.length ? ` (${a.length - judged.length} not judged in both).` : '.'),
  );
  return lines.join('\n');
}

/** How many runs a round gave Lighthouse mobile on / (and its control): 1 in reports before 23 Nov. */
const pairRuns = (d: BenchData) => 1 + Math.max(0, ...d.lighthouse.map((s) => s.repeat ?? 0));

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
  for (const { id, dir } of d.builds) {
    const tag = d.builds.length > 1 ? ` — ${id} (${dir})` : '';
    lines.push('', `### Lighthouse 12${tag}`, '', ...lighthouseSection(d, id));
    lines.push(
      '',
      `### Paired: the canvas page against its control (Lighthouse)${tag}`,
      '',
      ...pairedLighthouse(d, id),
    );
    lines.push(
      '',
      `### CPU time per load (Chrome trace, thread time, first 10 s)${tag}`,
      '',
      ...cpuSection(d, id),
    );
    lines.push(
      '',
      `### Lit title (screencast: first frame with the light on the title)${tag}`,
      '',
      ...litSection(d, id),
    );
    lines.push(
      '',
      `### First-visit bytes (phone 390x844, first 20 s, round 1)${tag}`,
      '',
      ...bytesSection(d, id),
    );
  }
  if (d.builds.length > 1)
    lines.push('', '### Before and after (paired loads)', '', ...compareSection(d));
  if (d.probe) lines.push('', '### Runtime probe', '', ...probeSection(d.probe));
  lines.push('', '### Budgets', '', ...budgetTable(list));
  return lines.join('\n');
}
