import { describe, expect, it } from 'vitest';
import { litMs, passFigures, report, withFigures, type Sample } from '../../scripts/bench/report';
import { loadCosts, type TraceEvent } from '../../scripts/bench/trace';

const thread = (pid: number, tid: number, name: string): TraceEvent => ({
  name: 'thread_name',
  ph: 'M',
  ts: 0,
  pid,
  tid,
  args: { name },
});
const task = (name: string, ts: number, dur: number, tdur: number, pid = 2, tid = 1) =>
  ({ name, ph: 'X', ts, dur, tdur, pid, tid }) as TraceEvent;

describe('CPU time of a load, from a Chrome trace', () => {
  const nav: TraceEvent = {
    name: 'navigationStart',
    ph: 'R',
    ts: 1_000_000,
    pid: 2,
    tid: 1,
    args: { data: { documentLoaderURL: 'http://localhost/', isLoadingMainFrame: true } },
  };
  const events: TraceEvent[] = [
    thread(2, 1, 'CrRendererMain'),
    thread(2, 7, 'DedicatedWorker thread'),
    thread(3, 1, 'CrGpuMain'),
    { name: 'process_name', ph: 'M', ts: 0, pid: 3, tid: 1, args: { name: 'GPU Process' } },
    nav,
    // A 120 ms task (wall) that used 80 ms of CPU, 20 of them in layout with a paint inside.
    task('RunTask', 1_100_000, 120_000, 80_000),
    task('FunctionCall', 1_101_000, 70_000, 50_000),
    task('Layout', 1_180_000, 30_000, 20_000),
    task('Paint', 1_190_000, 5_000, 5_000),
    // Before the navigation and after the 10 s window: not counted.
    task('RunTask', 500_000, 90_000, 90_000),
    task('RunTask', 12_000_000, 90_000, 90_000),
    task('RunTask', 2_000_000, 900_000, 300_000, 2, 7),
    { name: 'RunTask', ph: 'B', ts: 3_000_000, tts: 0, pid: 3, tid: 1 },
    { name: 'RunTask', ph: 'E', ts: 3_040_000, tts: 25_000, pid: 3, tid: 1 },
  ];

  it('sums thread time, not wall time, per thread over the window', () => {
    const c = loadCosts(events, 10_000);
    expect([c.cpuMs, c.worker, c.gpu]).toEqual([80, 300, 25]);
    expect(c.canvas).toBe(80 + 300 + 25);
  });

  it('counts nested style, layout and paint once', () => {
    expect(loadCosts(events, 10_000).slpMs).toBe(20);
  });

  it("starts at the document's first parse when the trace lost the page's navigationStart", () => {
    // An empty document's start, 0.8 s into the load: from there the load's first tasks are gone.
    const late = { ...nav, ts: 1_800_000, args: { data: { documentLoaderURL: '' } } };
    const lost = events.filter((e) => e !== nav);
    expect(() => loadCosts([...lost, late], 10_000)).toThrow(/lost the page's navigationStart/);
    const parse = {
      ...task('ParseHTML', 1_050_000, 1_000, 1_000),
      args: { beginData: { url: 'http://localhost/' } },
    };
    expect(loadCosts([...lost, late, parse], 10_000).cpuMs).toBe(80 + 1);
    expect(loadCosts([...events, late], 10_000).cpuMs).toBe(80);
  });
});

describe('the lit title from screencast frames', () => {
  const frame = (t: number, litArea: number, litShare = 0.01) => ({ t, litArea, litShare });

  it('takes the first frame with a patch of light, past a white screen and a stray speck', () => {
    const frames = [frame(5, 5000, 1), frame(250, 0), frame(300, 3), frame(1000, 40)];
    expect(litMs([...frames, frame(1100, 60)])).toBe(1000);
  });

  it('never calls a title that stays below the light lit', () => {
    expect(litMs([frame(100, 0), frame(200, 2), frame(300, 0)])).toBeNaN();
  });
});

describe('figures of one pass', () => {
  it('gives the frame interval p95, the long frames and the slowest interaction', () => {
    const frames = [0, 16, 32, 48, 64, 80, 96, 112, 128, 144, 194];
    const f = passFigures({ frames, longFrames: [20, 35], presses: [24, 40], keys: [56, 32] });
    expect(f).toMatchObject({ longFrames: 2, slowestPress: 40, slowestKey: 56 });
    expect(f.p95).toBeCloseTo(34.7, 5);
  });

  it('counts interactions that all painted within the 16 ms threshold as 16 ms', () => {
    const f = passFigures({ frames: [], longFrames: [], presses: [], keys: [48] });
    expect(f).toMatchObject({ slowestPress: 16, slowestKey: 48 });
  });
});

/** Samples of one figure: [round, repeat, value] on a route. */
const samples = (
  kind: Sample['kind'],
  device: Sample['device'],
  route: string,
  figure: string,
  values: [number, number, number][],
  build = 'this',
): Sample[] =>
  values.map(([round, repeat, v]) => ({
    build,
    round,
    repeat,
    kind,
    device,
    route,
    f: { [figure]: v },
  }));

/** The bench's run, as report() takes it: one build unless given more. */
const runOf = (builds = ['this']) => ({
  commit: 'abc1234',
  date: '2026-11-27 18:00 UTC',
  rounds: 2,
  minutes: 12.5,
  load: '3.0 to 4.0',
  builds: builds.map((id) => ({ id, dir: `dist-${id}` })),
  failures: [],
});
/** The report's budget rows by name: each row's cells after the name. */
const budgetRows = (all: Sample[], builds?: string[]) => {
  const text = report(runOf(builds), all);
  const section = text.slice(text.indexOf('## Budgets')).split('\n## ')[0]!;
  const rows = section.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| ---'));
  return new Map(rows.map((l) => l.slice(2, -2).split(' | ')).map(([name, ...c]) => [name!, c]));
};

describe('budgets', () => {
  const TBT = 'TBT on / at most 30 ms over /?webgl=0 (mobile)';
  // Round 0 ran three pairs, round 1 two; the control of round 1's second pair failed.
  const lighthouse = [
    ...samples('lighthouse', 'phone', '/', 'tbt', [
      [0, 0, 100],
      [0, 1, 400],
      [0, 2, 60],
      [1, 0, 80],
      [1, 1, 999],
    ]),
    ...samples('lighthouse', 'phone', '/?webgl=0', 'tbt', [
      [0, 0, 90],
      [0, 1, 350],
      [0, 2, 70],
      [1, 0, 20],
    ]),
  ];

  it('judges the differences of runs paired by round and repeat on their median, with the 90 % interval beside it', () => {
    // Differences +10, +50, −10, +60: median +30, at the budget; the unpaired run is left out.
    const [figure, interval, verdict] = budgetRows(lighthouse).get(TBT)!;
    expect(figure).toBe('+30 (-10–+60) ms');
    expect(verdict).toBe('met');
    expect(interval).toMatch(/^-[\d.]+ to \+60$/);
  });

  it('judges a ratio against the plain page, counting its zero as the floor', () => {
    const LOAF =
      'Long animation frames while scrolling on / at most 2x /privacypolicy (phone, CPU 4x)';
    const feel = (home: number[], plain: number[]) => [
      ...samples(
        'feel',
        'phone',
        '/',
        'scrollLongFrames',
        home.map((v, i) => [i, 0, v]),
      ),
      ...samples(
        'feel',
        'phone',
        '/privacypolicy',
        'scrollLongFrames',
        plain.map((v, i) => [i, 0, v]),
      ),
    ];
    expect(budgetRows(feel([2, 1, 2], [0, 0, 1])).get(LOAF)![2]).toBe('met');
    expect(budgetRows(feel([5, 3, 8], [0, 1, 2])).get(LOAF)![2]).toBe('**missed**');
  });

  it('judges an absolute budget on the median, and leaves one with no figures unjudged', () => {
    const TYPING = 'Slowest keystroke to paint on / at most 50 ms (desktop)';
    const keys = samples('feel', 'desktop', '/', 'typingSlowestKey', [
      [0, 0, 40],
      [1, 0, 232],
      [2, 0, 48],
    ]);
    expect(budgetRows(keys).get(TYPING)).toEqual(['48 (40–232) ms', expect.any(String), 'met']);
    expect(budgetRows([]).get(TYPING)).toEqual([
      'not measured',
      expect.any(String),
      'not measured',
    ]);
  });

  it('holds each interaction with the form to 50 ms on the desktop, 1.5x a plain form on the phone', () => {
    const form = [...budgetRows([]).keys()].filter((n) =>
      /^(First click|Slowest key|Send)/.test(n),
    );
    expect(form).toEqual([
      'First click into the form to paint on / at most 50 ms (desktop)',
      'First click into the form to paint on / at most 1.5x /privacypolicy (phone, CPU 4x)',
      'Slowest keystroke to paint on / at most 50 ms (desktop)',
      'Slowest keystroke to paint on / at most 1.5x /privacypolicy (phone, CPU 4x)',
      'Send with an error to paint on / at most 50 ms (desktop)',
      'Send with an error to paint on / at most 1.5x /privacypolicy (phone, CPU 4x)',
    ]);
    const SEND = form[5]!;
    const phone = (route: string, values: number[]) =>
      samples(
        'feel',
        'phone',
        route,
        'formSendError',
        values.map((v, i) => [i, 0, v]),
      );
    // A plain form under the 16 ms threshold counts as 16 ms: 24 ms is 1.5x, 96 ms is 6x.
    const verdict = (home: number[]) =>
      budgetRows([...phone('/', home), ...phone('/privacypolicy', [16, 16])]).get(SEND)![2];
    expect(verdict([24, 24])).toBe('met');
    expect(verdict([96, 96])).toBe('**missed**');
  });

  it('shows both builds side by side when a second one is compared', () => {
    const base = lighthouse.map((s) => ({ ...s, build: 'base', f: { tbt: s.f.tbt! * 3 } }));
    const text = report(runOf(['this', 'base']), [...lighthouse, ...base]);
    expect(text).toContain('this: median (min–max)');
    expect(text).toContain('base: median (min–max)');
    const row = budgetRows([...lighthouse, ...base], ['this', 'base']).get(TBT)!;
    expect([row[2], row[5]]).toEqual(['met', '**missed**']);
  });
});

describe('the report and the docs table', () => {
  const run = {
    commit: 'abc1234',
    date: '2026-11-27 18:00 UTC',
    rounds: 2,
    minutes: 12.5,
    load: '3.0 to 4.0',
    builds: [{ id: 'this', dir: 'dist-bench' }],
    failures: ['round 2 this feel phone /'],
  };
  const keys = samples('feel', 'desktop', '/', 'typingSlowestKey', [[0, 0, 30]]);

  it('names the run, what failed, and each budget in plain words', () => {
    const text = report(run, keys);
    expect(text).toContain('# Bench of abc1234, 2026-11-27 18:00 UTC');
    expect(text).toContain('Left out after failing twice: round 2 this feel phone /.');
    expect(text).toContain('| Slowest keystroke to paint on / at most 50 ms (desktop) | 30 ms |');
    expect(text).toContain(
      '| Memory the spam model adds at most 50 MB (Node, one core) | not measured |',
    );
  });

  it('rewrites only the part of the doc between its markers', () => {
    const doc = 'Intro\n<!-- bench figures -->\nold\n<!-- end of bench figures -->\nAfter\n';
    const out = withFigures(doc, run, keys);
    expect(out).toMatch(/^Intro\n<!-- bench figures -->\n\nMeasured on commit abc1234, 2026-11-27/);
    expect(out).not.toContain('old');
    expect(out).toMatch(
      /\| Slowest keystroke to paint on \/ at most 50 ms \(desktop\) \| 30 ms \|/,
    );
    expect(out.endsWith('<!-- end of bench figures -->\nAfter\n')).toBe(true);
    expect(() => withFigures('no markers', run, keys)).toThrow(/bench figures/);
  });
});
