/** The bench's figures, budgets and report: pure functions of the samples, tested without a browser. */
import { median, medianInterval, quantile, summarize } from '../../src/shared/stats';
import type { Device } from './browser';

/** What was measured: a Lighthouse run (mobile on the phone's rows), a page, or code in Node. */
type Kind = 'lighthouse' | 'load' | 'feel' | 'challenge' | 'spam' | 'inbox';
/** One measurement: a page loaded once, in one round, with its figures by name. */
export interface Sample {
  build: string;
  round: number;
  /** Which of a round's runs of the same page (Lighthouse runs mobile `/` and its control thrice). */
  repeat: number;
  kind: Kind;
  device: Device;
  route: string;
  f: Record<string, number>;
}

/** What a feel pass recorded in the page: frame times, long frames, interaction latencies. */
export type Recorded = {
  frames: number[];
  longFrames: number[];
  presses: number[];
  keys: number[];
};

/** The slowest of some interactions; 16 with none over the observer's 16 ms threshold. */
const slowestOf = (list: number[]) => (list.length ? Math.max(...list) : 16);

/** Frame interval p95, long animation frames, and the slowest press (click, tap) and key. */
export function passFigures(r: Recorded) {
  const intervals = r.frames.slice(1).map((t, i) => t - r.frames[i]!);
  return {
    p95: quantile(intervals, 0.95),
    longFrames: r.longFrames.length,
    slowestPress: slowestOf(r.presses),
    slowestKey: slowestOf(r.keys),
  };
}

/** A frame counts as lit when this many CSS px² of the title are at least this bright. */
export const LIT = { luminance: 185, areaCssPx: 12 };

/**
 * The first frame (ms after navigation start) whose lit area makes a patch of light; NaN if none.
 * Frames come in time order; a still-white screen is not the page.
 */
export function litMs(frames: Iterable<{ t: number; litArea: number; litShare: number }>) {
  for (const f of frames) if (f.litShare < 0.5 && f.litArea >= LIT.areaCssPx) return f.t;
  return Number.NaN;
}

export const HOME = '/';
export const CONTROL = '/?webgl=0';
export const PLAIN = '/privacypolicy';
export const ROUTES = [HOME, CONTROL, PLAIN];
const DEVICES = ['desktop', 'phone'] as const;

/** Every figure a budget judges: the measurement, the figure in words, its unit. */
const FIGURES: Record<string, [Kind, string, string?]> = {
  performance: ['lighthouse', 'Lighthouse performance'],
  otherScores: ['lighthouse', 'Lighthouse accessibility, best practices and SEO'],
  tbt: ['lighthouse', 'TBT', ' ms'],
  lcp: ['lighthouse', 'LCP', ' ms'],
  cls: ['lighthouse', 'CLS'],
  litTitle: ['load', 'Lit title', ' ms'],
  mainCpu: ['load', 'Main-thread CPU', ' ms'],
  styleLayoutPaint: ['load', 'Style, layout and paint', ' ms'],
  workerCpu: ['load', 'Title worker CPU', ' ms'],
  canvasCpu: ['load', 'Page, worker, GPU and compositor CPU', ' ms'],
  firstVisitKiB: ['load', 'First-visit bytes (page and service worker, 20 s)', ' KiB'],
  scrollP95: ['feel', 'Scroll frame interval p95', ' ms'],
  scrollLongFrames: ['feel', 'Long animation frames while scrolling'],
  pointerP95: ['feel', 'Pointer frame interval p95', ' ms'],
  formFirstClick: ['feel', 'First click into the form to paint', ' ms'],
  typingSlowestKey: ['feel', 'Slowest keystroke to paint', ' ms'],
  formSendError: ['feel', 'Send with an error to paint', ' ms'],
  stillCpu: ['feel', 'Browser CPU while still', ' % of a core'],
  solveMs: ['challenge', 'Spam check solve time (one worker)', ' ms'],
  scoreP95: ['spam', 'Spam filter scoring one message, p95', ' ms'],
  badInputP95: ['spam', 'Spam filter scoring bad input, p95', ' ms'],
  modelMb: ['spam', 'Memory the spam model adds', ' MB'],
  filePageMs: ['inbox', 'Inbox page at 10,000 messages, file store', ' ms'],
  fileSearchMs: ['inbox', 'Inbox search at 10,000 messages, file store', ' ms'],
  firestorePageMs: ['inbox', 'Inbox page at 10,000 messages, Firestore emulator', ' ms'],
  firestoreSearchMs: ['inbox', 'Inbox search at 10,000 messages, Firestore emulator', ' ms'],
};

/** A budget on the median of one figure, or on its paired difference or ratio to another page. */
type Rule = { device: Device; figure: string; route: string } & Limits;
type Limits = {
  max?: number;
  min?: number;
  /** Paired with this page's load of the same round and repeat: its route. */
  against?: string;
  /** With `against`: the difference may be at most `by`, or the ratio at most `times`. */
  by?: number;
  times?: number;
  /** With `times`: the other page's figure counts as at least this much (a count of 0, say). */
  floor?: number;
  route?: string;
};
const rule = (device: Device, figure: string, limits: Limits): Rule => ({
  device,
  figure,
  route: HOME,
  ...limits,
});
/** The form's interactions, each from input to the next paint. */
const FORM_FIGURES = ['formFirstClick', 'typingSlowestKey', 'formSendError'];

const BUDGETS: Rule[] = [
  rule('phone', 'performance', { min: 98 }),
  ...ROUTES.map((route) => rule('desktop', 'performance', { route, min: 100 })),
  ...DEVICES.flatMap((d) => ROUTES.map((route) => rule(d, 'otherScores', { route, min: 100 }))),
  rule('phone', 'tbt', { against: CONTROL, by: 30 }),
  rule('phone', 'tbt', { max: 200 }),
  rule('phone', 'lcp', { max: 1500 }),
  ...DEVICES.map((d) => rule(d, 'cls', { max: 0.001 })),
  rule('desktop', 'litTitle', { max: 1500 }),
  rule('phone', 'litTitle', { max: 2500 }),
  rule('phone', 'workerCpu', { against: CONTROL, by: 150 }),
  rule('phone', 'canvasCpu', { against: CONTROL, by: 300 }),
  rule('phone', 'mainCpu', { against: PLAIN, by: 300 }),
  rule('phone', 'styleLayoutPaint', { against: PLAIN, by: 100 }),
  rule('phone', 'firstVisitKiB', { max: 320 }),
  rule('desktop', 'stillCpu', { against: PLAIN, times: 2, floor: 1 }),
  ...DEVICES.flatMap((d) => [
    rule(d, 'scrollP95', { against: PLAIN, times: 1.25 }),
    rule(d, 'pointerP95', { against: PLAIN, times: 1.25 }),
  ]),
  // The policy page has no form: the bench adds a plain one there, and uses it alike.
  ...FORM_FIGURES.flatMap((figure) => [
    rule('desktop', figure, { max: 50 }),
    rule('phone', figure, { against: PLAIN, times: 1.5, floor: 16 }),
  ]),
  rule('phone', 'scrollLongFrames', { against: PLAIN, times: 2, floor: 1 }),
  rule('phone', 'solveMs', { max: 1000 }),
  rule('desktop', 'scoreP95', { max: 5 }),
  rule('desktop', 'badInputP95', { max: 5 }),
  rule('desktop', 'modelMb', { max: 50 }),
  rule('desktop', 'filePageMs', { max: 300 }),
  rule('desktop', 'fileSearchMs', { max: 300 }),
  rule('desktop', 'firestorePageMs', { max: 1000 }),
  rule('desktop', 'firestoreSearchMs', { max: 1000 }),
];

/**
 * Not pages: the spam filter and the inbox run this checkout's code in Node, whatever build is
 * served, so they need no build and run once a round.
 */
export const pageless = (kind: string) => kind === 'spam' || kind === 'inbox';

/** Where a figure was measured: a device (Lighthouse's phone is its mobile preset), or Node. */
function shown(kind: Kind, device: Device) {
  if (pageless(kind)) return 'Node, one core';
  if (kind === 'lighthouse') return device === 'phone' ? 'mobile' : device;
  return device === 'phone' ? 'phone, CPU 4x' : device;
}

/** A budget's name, made from its rule: "TBT on / at most 30 ms over /?webgl=0 (mobile)". */
function nameOf(r: Rule): string {
  const [kind, what, unit = ''] = FIGURES[r.figure]!;
  const limit =
    r.times !== undefined
      ? `at most ${r.times}x ${r.against}`
      : r.by !== undefined
        ? `at most ${r.by}${unit} over ${r.against}`
        : r.min !== undefined
          ? `at least ${r.min}`
          : `at most ${r.max}${unit}`;
  const page = pageless(kind) ? '' : ` on ${r.route}`;
  return `${what}${page} ${limit} (${shown(kind, r.device)})`;
}

const select = (samples: Sample[], build: string, device: Device, route: string, figure: string) =>
  samples.filter(
    (s) => s.build === build && s.device === device && s.route === route && figure in s.f,
  );

/** Per-pair a − b (or a ÷ max(b, floor)) for pairs of the same round and repeat where both ran. */
function paired(a: Sample[], b: Sample[], figure: string, ratio: boolean, floor = 0) {
  const key = (s: Sample) => `${s.round}:${s.repeat}`;
  const other = new Map(b.map((s) => [key(s), s.f[figure]!]));
  return a.flatMap((s) => {
    const [va, vb] = [s.f[figure]!, other.get(key(s))];
    if (vb === undefined || !Number.isFinite(va) || !Number.isFinite(vb)) return [];
    return [ratio ? va / Math.max(vb, floor) : va - vb];
  });
}

/** Whole numbers for ms and KiB, more digits for small figures such as ratios and CLS. */
const num = (v: number) =>
  !Number.isFinite(v)
    ? '–'
    : Math.abs(v) >= 20
      ? `${Math.round(v)}`
      : `${+v.toFixed(Math.abs(v) >= 1 ? 1 : 3)}`;
/** "median (min–max)" of the finite values; "–" when there are none. */
function spread(values: number[], f = num): string {
  const s = summarize(values);
  if (!s.n) return '–';
  return s.n === 1 ? f(s.median) : `${f(s.median)} (${f(s.min)}–${f(s.max)})`;
}

/** Judges one budget on one build. A budget with nothing to judge is neither met nor missed. */
function judge(r: Rule, samples: Sample[], build: string) {
  const mine = select(samples, build, r.device, r.route, r.figure);
  const ratio = r.times !== undefined;
  const values = r.against
    ? paired(mine, select(samples, build, r.device, r.against, r.figure), r.figure, ratio, r.floor)
    : mine.map((s) => s.f[r.figure]!);
  const m = median(values);
  const [lo, hi] = medianInterval(values);
  const sign = (v: number) =>
    ratio ? v.toFixed(2) : (r.by !== undefined && v > 0 ? '+' : '') + num(v);
  const unit = ratio ? 'x' : (FIGURES[r.figure]![2] ?? '');
  const limit = r.times ?? r.by ?? r.max ?? Infinity;
  return [
    Number.isFinite(m) ? spread(values, sign) + unit : 'not measured',
    Number.isFinite(lo) ? `${sign(lo)} to ${sign(hi)}` : '–',
    Number.isFinite(m)
      ? m <= limit && m >= (r.min ?? -Infinity)
        ? 'met'
        : '**missed**'
      : 'not measured',
  ];
}

const table = (head: string[], rows: string[][]) =>
  [head, head.map(() => '---'), ...rows].map((r) => `| ${r.join(' | ')} |`);

/** The budgets as a table: per build, each figure, its 90 % interval, and whether it is met. */
function budgetTable(samples: Sample[], builds = ['this']): string[] {
  const of = (b: string) => (builds.length > 1 ? `${b}: ` : '');
  const head = builds.flatMap((b) => [`${of(b)}median (min–max)`, '90 % interval', 'verdict']);
  const rows = BUDGETS.map((r) => [nameOf(r), ...builds.flatMap((b) => judge(r, samples, b))]);
  return table(['Budget', ...head], rows);
}

const plural = (rounds: number) => `${rounds} round${rounds === 1 ? '' : 's'}`;

/** What the run was: commit, date, rounds, time taken and the machine's load. */
export interface RunInfo {
  commit: string;
  date: string;
  rounds: number;
  minutes: number;
  load: string;
  builds: { id: string; dir: string }[];
  failures: string[];
}

/** The whole report, in Markdown: the run, then the budgets judged on each build. */
export function report(run: RunInfo, samples: Sample[]): string {
  const lines = [
    `# Bench of ${run.commit}, ${run.date}`,
    '',
    `${plural(run.rounds)} in ${run.minutes.toFixed(1)} min. Load average ${run.load}. ` +
      'Each figure is the median over the rounds, with the lowest and highest in brackets. ' +
      `Builds: ${run.builds.map((b) => `${b.id} (${b.dir})`).join(', ')}.`,
  ];
  if (run.failures.length)
    lines.push('', `Left out after failing twice: ${run.failures.join('; ')}.`);
  const ids = run.builds.map((b) => b.id);
  lines.push('', '## Budgets', '', ...budgetTable(samples, ids));
  return lines.join('\n');
}

/** `doc` with the budgets table between its figure markers, and when it was measured. */
export function withFigures(doc: string, run: RunInfo, samples: Sample[]): string {
  const [start, end] = ['<!-- bench figures -->', '<!-- end of bench figures -->'];
  if (!doc.includes(start) || !doc.includes(end))
    throw new Error(`No ${start} … ${end} in the doc`);
  const when = `Measured on commit ${run.commit}, ${run.date}, ${plural(run.rounds)}.`;
  const figures = [when, '', ...budgetTable(samples)].join('\n');
  return `${doc.slice(0, doc.indexOf(start) + start.length)}\n\n${figures}\n\n${doc.slice(doc.indexOf(end))}`;
}
