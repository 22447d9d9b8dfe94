/** The bench's budgets and report: pure functions of the samples, tested without a browser. */
import { median, medianInterval, summarize } from '../../src/shared/stats';
import type { Device } from './browser';

/** What was measured: a Lighthouse run (mobile on the phone's rows), a load, or the feel passes. */
export type Kind = 'lighthouse' | 'load' | 'feel' | 'challenge' | 'inbox';
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

export const HOME = '/';
export const CONTROL = '/?webgl=0';
export const PLAIN = '/privacypolicy';
export const ROUTES = [HOME, CONTROL, PLAIN];

/** A budget on the median of one figure, or on its paired difference or ratio to another page. */
interface Rule {
  kind: Kind;
  device: Device;
  route: string;
  figure: string;
  max?: number;
  min?: number;
  /** Paired with this page's load of the same round and repeat. */
  against?: string;
  /** With `against`: the difference may be at most `by` ms, or the ratio at most `times`. */
  by?: number;
  times?: number;
  /** With `times`: the other page's figure counts as at least this much (a count of 0, say). */
  floor?: number;
}

/** Each judged figure in words, and its unit. */
const NAMES: Record<string, [string, string]> = {
  performance: ['Lighthouse performance', ''],
  otherScores: ['Lighthouse accessibility, best practices and SEO', ''],
  tbt: ['TBT', ' ms'],
  lcp: ['LCP', ' ms'],
  cls: ['CLS', ''],
  litTitle: ['Lit title', ' ms'],
  workerCpu: ['Title worker CPU', ' ms'],
  canvasCpu: ['Page, worker, GPU and compositor CPU', ' ms'],
  mainCpu: ['Main-thread CPU', ' ms'],
  styleLayoutPaint: ['Style, layout and paint', ' ms'],
  firstVisitKiB: ['First-visit bytes (page and service worker, 20 s)', ' KiB'],
  stillCpu: ['Browser CPU while still', ''],
  scrollP95: ['Scroll frame interval p95', ' ms'],
  pointerP95: ['Pointer frame interval p95', ' ms'],
  formFirstClick: ['First click into the form to paint', ' ms'],
  typingSlowestKey: ['Slowest keystroke to paint', ' ms'],
  formSendError: ['Send with an error to paint', ' ms'],
  scrollLongFrames: ['Long animation frames while scrolling', ''],
  solveMs: ['Spam check solve time (one worker)', ' ms'],
  filePageMs: ['Inbox page at 10,000 messages, file store', ' ms'],
  fileSearchMs: ['Inbox search at 10,000 messages, file store', ' ms'],
  firestorePageMs: ['Inbox page at 10,000 messages, Firestore emulator', ' ms'],
  firestoreSearchMs: ['Inbox search at 10,000 messages, Firestore emulator', ' ms'],
};

/** A budget's name, made from its rule: "TBT on / at most 30 ms over /?webgl=0 (mobile)". */
function nameOf(r: Rule): string {
  const [what, unit] = NAMES[r.figure] ?? [r.figure, ''];
  const limit = r.against
    ? r.times !== undefined
      ? `at most ${r.times}x ${r.against}`
      : `at most ${r.by}${unit} over ${r.against}`
    : r.min !== undefined
      ? `at least ${r.min}`
      : `at most ${r.max}${unit}`;
  const lighthouse = r.kind === 'lighthouse' && r.device === 'phone' ? 'mobile' : r.device;
  return `${what} on ${r.route} ${limit} (${r.device === 'phone' && r.kind !== 'lighthouse' ? 'phone, CPU 4x' : lighthouse})`;
}

const rule = (kind: Kind, device: Device, figure: string, limits: Partial<Rule>): Rule => ({
  kind,
  device,
  figure,
  route: HOME,
  ...limits,
});
const DEVICES = ['desktop', 'phone'] as const;
/** The form's interactions, each from input to the next paint. */
const FORM_FIGURES = ['formFirstClick', 'typingSlowestKey', 'formSendError'];

const BUDGETS: Rule[] = [
  rule('lighthouse', 'phone', 'performance', { min: 98 }),
  ...ROUTES.map((route) => rule('lighthouse', 'desktop', 'performance', { route, min: 100 })),
  ...DEVICES.flatMap((d) =>
    ROUTES.map((route) => rule('lighthouse', d, 'otherScores', { route, min: 100 })),
  ),
  rule('lighthouse', 'phone', 'tbt', { against: CONTROL, by: 30 }),
  rule('lighthouse', 'phone', 'tbt', { max: 200 }),
  rule('lighthouse', 'phone', 'lcp', { max: 1500 }),
  ...DEVICES.map((d) => rule('lighthouse', d, 'cls', { max: 0.001 })),
  rule('load', 'desktop', 'litTitle', { max: 1500 }),
  rule('load', 'phone', 'litTitle', { max: 2500 }),
  rule('load', 'phone', 'workerCpu', { against: CONTROL, by: 150 }),
  rule('load', 'phone', 'canvasCpu', { against: CONTROL, by: 300 }),
  rule('load', 'phone', 'mainCpu', { against: PLAIN, by: 300 }),
  rule('load', 'phone', 'styleLayoutPaint', { against: PLAIN, by: 100 }),
  rule('load', 'phone', 'firstVisitKiB', { max: 320 }),
  rule('feel', 'desktop', 'stillCpu', { against: PLAIN, times: 2, floor: 1 }),
  ...DEVICES.flatMap((d) => [
    rule('feel', d, 'scrollP95', { against: PLAIN, times: 1.25 }),
    rule('feel', d, 'pointerP95', { against: PLAIN, times: 1.25 }),
  ]),
  // The policy page has no form: the bench adds a plain one there, and uses it alike.
  ...FORM_FIGURES.flatMap((figure) => [
    rule('feel', 'desktop', figure, { max: 50 }),
    rule('feel', 'phone', figure, { against: PLAIN, times: 1.5, floor: 16 }),
  ]),
  rule('feel', 'phone', 'scrollLongFrames', { against: PLAIN, times: 2, floor: 1 }),
  rule('challenge', 'phone', 'solveMs', { max: 1000 }),
  rule('inbox', 'desktop', 'filePageMs', { max: 300 }),
  rule('inbox', 'desktop', 'fileSearchMs', { max: 300 }),
  rule('inbox', 'desktop', 'firestorePageMs', { max: 1000 }),
  rule('inbox', 'desktop', 'firestoreSearchMs', { max: 1000 }),
];

const select = (samples: Sample[], build: string, kind: Kind, device: Device, route: string) =>
  samples.filter(
    (s) => s.build === build && s.kind === kind && s.device === device && s.route === route,
  );
const byPair = (list: Sample[], figure: string) =>
  new Map(list.map((s) => [`${s.round}:${s.repeat}`, s.f[figure] ?? Number.NaN]));

/** Per-pair a − b (or a ÷ max(b, floor)) for pairs where both ran. */
function paired(a: Sample[], b: Sample[], figure: string, ratio = false, floor = 0) {
  const other = byPair(b, figure);
  const out: number[] = [];
  for (const [key, va] of byPair(a, figure)) {
    const vb = other.get(key);
    if (vb === undefined || !Number.isFinite(va) || !Number.isFinite(vb)) continue;
    out.push(ratio ? va / Math.max(vb, floor) : va - vb);
  }
  return out;
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
function judge(r: Rule, samples: Sample[], build = 'this') {
  const mine = select(samples, build, r.kind, r.device, r.route);
  let values = mine.map((s) => s.f[r.figure] ?? Number.NaN);
  let limit = (m: number) =>
    (r.max === undefined || m <= r.max) && (r.min === undefined || m >= r.min);
  let unit = NAMES[r.figure]?.[1] ?? '';
  if (r.against) {
    const theirs = select(samples, build, r.kind, r.device, r.against);
    values = paired(mine, theirs, r.figure, r.times !== undefined, r.floor);
    limit = r.times !== undefined ? (m) => m <= r.times! : (m) => m <= r.by!;
    if (r.times !== undefined) unit = 'x';
  }
  const m = median(values);
  const [lo, hi] = medianInterval(values);
  const sign = (v: number) =>
    r.times !== undefined ? v.toFixed(2) : (r.by !== undefined && v > 0 ? '+' : '') + num(v);
  return {
    figure: Number.isFinite(m) ? spread(values, sign) + unit : 'not measured',
    interval: Number.isFinite(lo) ? `${sign(lo)} to ${sign(hi)}` : '–',
    met: Number.isFinite(m) ? limit(m) : null,
  };
}

const table = (head: string[], rows: string[][]) =>
  [head, head.map(() => '---'), ...rows].map((r) => `| ${r.join(' | ')} |`);

/** The budgets as a table: per build, each figure, its 90 % interval, and whether it is met. */
function budgetTable(samples: Sample[], builds = ['this']): string[] {
  const of = (b: string) => (builds.length > 1 ? `${b}: ` : '');
  const head = builds.flatMap((b) => [`${of(b)}median (min–max)`, '90 % interval', 'verdict']);
  const rows = BUDGETS.map((r) => [
    nameOf(r),
    ...builds.flatMap((b) => {
      const v = judge(r, samples, b);
      return [v.figure, v.interval, v.met === null ? 'not measured' : v.met ? 'met' : '**missed**'];
    }),
  ]);
  return table(['Budget', ...head], rows);
}

/** Columns of the figure tables: a heading, and the figures a cell shows, joined with " / ". */
const LIGHTHOUSE: [string, string[]][] = [
  ['Performance', ['performance']],
  ['TBT ms', ['tbt']],
  ['LCP ms', ['lcp']],
  ['FCP ms', ['fcp']],
  ['CLS', ['cls']],
];
const LOAD: [string, string[]][] = [
  ['Lit title ms', ['litTitle']],
  ['Main thread CPU ms', ['mainCpu']],
  ['of it style, layout, paint', ['styleLayoutPaint']],
  ['Title worker CPU ms', ['workerCpu']],
  ['Page + worker + GPU + compositor CPU ms', ['canvasCpu']],
  ['First visit KiB', ['firstVisitKiB']],
];
const FEEL: [string, string[]][] = [
  ['Scroll frame interval p50 / p95 / max ms', ['scrollP50', 'scrollP95', 'scrollMax']],
  ['Scroll long frames / blocking ms', ['scrollLongFrames', 'scrollBlocking']],
  [
    'Scroll raster ms / tasks / main-thread paint ms',
    ['scrollRasterMs', 'scrollRasterTasks', 'scrollPaintMs'],
  ],
  ['Pointer frame interval p50 / p95 / max ms', ['pointerP50', 'pointerP95', 'pointerMax']],
  ['Pointer long frames / blocking ms', ['pointerLongFrames', 'pointerBlocking']],
  ['First click into the form to paint ms', ['formFirstClick']],
  ['Slowest keystroke to paint ms', ['typingSlowestKey']],
  ['Send with an error to paint ms', ['formSendError']],
  ['Still CPU % of a core', ['stillCpu']],
];

const CHALLENGE: [string, string[]][] = [
  ['Solve ms, one worker', ['solveMs']],
  ['Scripted sender CPU ms per message (Node, one core)', ['senderCpuMs']],
];

const INBOX: [string, string[]][] = [
  ['Page ms, file store', ['filePageMs']],
  ['Search ms, file store', ['fileSearchMs']],
  ['Page ms, Firestore emulator', ['firestorePageMs']],
  ['Search ms, Firestore emulator', ['firestoreSearchMs']],
];

/** One row per device and route, each cell the medians of its figures (one figure: its range). */
function figureTable(samples: Sample[], build: string, kind: Kind, columns: [string, string[]][]) {
  const rows = DEVICES.flatMap((device) =>
    ROUTES.flatMap((route) => {
      const list = select(samples, build, kind, device, route);
      if (!list.length) return [];
      const cells = columns.map(([, figures]) => {
        const of = (f: string) => list.map((s) => s.f[f] ?? Number.NaN);
        return figures.length === 1
          ? spread(of(figures[0]!))
          : figures.map((f) => num(median(of(f)))).join(' / ');
      });
      return [[kind === 'lighthouse' && device === 'phone' ? 'mobile' : device, route, ...cells]];
    }),
  );
  return table(['Device', 'Route', ...columns.map(([h]) => h)], rows);
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
  /** The form pass rested before each click (`--gentle`); the form budgets judge a visitor's. */
  gentle?: boolean;
}

/** The whole report, in Markdown. */
export function report(run: RunInfo, samples: Sample[]): string {
  const lines = [
    `# Bench of ${run.commit}, ${run.date}`,
    '',
    `${plural(run.rounds)} in ${run.minutes.toFixed(1)} min. Load average ${run.load}. ` +
      'Each figure is the median over the rounds, with the lowest and highest in brackets.',
  ];
  if (run.failures.length)
    lines.push('', `Left out after failing twice: ${run.failures.join('; ')}.`);
  if (run.gentle)
    lines.push('', 'The form was met gently (`--gentle`), not as a visitor meets it.');
  const ids = run.builds.map((b) => b.id);
  const section = (title: string, body: string[]) => lines.push('', `## ${title}`, '', ...body);
  section('Budgets', budgetTable(samples, ids));
  for (const { id, dir } of run.builds) {
    const of = run.builds.length > 1 ? ` of ${id} (${dir})` : '';
    section(`Lighthouse${of}`, figureTable(samples, id, 'lighthouse', LIGHTHOUSE));
    section(`A new visitor's load${of}`, figureTable(samples, id, 'load', LOAD));
    section(`Scroll, pointer and the form${of}`, figureTable(samples, id, 'feel', FEEL));
    section(`The spam check${of}`, figureTable(samples, id, 'challenge', CHALLENGE));
    section(`The studio's inbox at 10,000 messages${of}`, figureTable(samples, id, 'inbox', INBOX));
  }
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
