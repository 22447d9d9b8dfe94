import { describe, expect, it } from 'vitest';
import {
  budgets,
  medianInterval,
  paired,
  steadiness,
  type BenchData,
  type LighthouseSample,
} from '../../scripts/bench/report';
import type { LighthouseRun } from '../../scripts/bench/lighthouse';
import { readLitTitle, type FramePixels } from '../../scripts/bench/screen';
import { threadCosts, type TraceEvent } from '../../scripts/bench/trace';

const meta = (pid: number, tid: number, name: string): TraceEvent => ({
  name: 'thread_name',
  ph: 'M',
  ts: 0,
  pid,
  tid,
  args: { name },
});

describe('CPU time from a Chrome trace', () => {
  const nav: TraceEvent = {
    name: 'navigationStart',
    ph: 'R',
    ts: 1_000_000,
    pid: 2,
    tid: 1,
    args: { data: { documentLoaderURL: 'http://localhost/', isLoadingMainFrame: true } },
  };
  const events: TraceEvent[] = [
    meta(2, 1, 'CrRendererMain'),
    meta(2, 7, 'DedicatedWorker thread'),
    meta(3, 1, 'CrGpuMain'),
    { name: 'process_name', ph: 'M', ts: 0, pid: 3, tid: 1, args: { name: 'GPU Process' } },
    nav,
    // A 120 ms task (wall) that used 80 ms of CPU: 50 ms script, of which 10 ms GC, 20 ms layout.
    { name: 'RunTask', ph: 'X', ts: 1_100_000, dur: 120_000, tdur: 80_000, pid: 2, tid: 1 },
    { name: 'FunctionCall', ph: 'X', ts: 1_101_000, dur: 70_000, tdur: 50_000, pid: 2, tid: 1 },
    { name: 'MinorGC', ph: 'X', ts: 1_102_000, dur: 10_000, tdur: 10_000, pid: 2, tid: 1 },
    { name: 'Layout', ph: 'X', ts: 1_180_000, dur: 30_000, tdur: 20_000, pid: 2, tid: 1 },
    // Before the navigation and after the window: not counted.
    { name: 'RunTask', ph: 'X', ts: 500_000, dur: 90_000, tdur: 90_000, pid: 2, tid: 1 },
    { name: 'RunTask', ph: 'X', ts: 12_000_000, dur: 90_000, tdur: 90_000, pid: 2, tid: 1 },
    { name: 'RunTask', ph: 'X', ts: 2_000_000, dur: 900_000, tdur: 300_000, pid: 2, tid: 7 },
    { name: 'RunTask', ph: 'B', ts: 3_000_000, tts: 0, pid: 3, tid: 1 },
    { name: 'RunTask', ph: 'E', ts: 3_040_000, tts: 25_000, pid: 3, tid: 1 },
  ];

  it('sums thread time (tdur), not wall time, per thread over the window', () => {
    const c = threadCosts(events, 10_000);
    expect(c.main.cpuMs).toBe(80);
    expect(c.main.wallMs).toBe(120);
    expect(c.worker.cpuMs).toBe(300);
    expect(c.gpu.cpuMs).toBe(25);
  });

  it("splits the page's own work from the browser's by self time", () => {
    const { work } = threadCosts(events, 10_000).main;
    expect(work.script).toBe(40);
    expect(work.gc).toBe(10);
    expect(work['style/layout/paint']).toBe(20);
    expect(work.browser).toBe(10);
  });

  it('counts tasks over 50 ms as long tasks, with their blocking part', () => {
    expect(threadCosts(events, 10_000).longTasks).toEqual({
      count: 1,
      totalMs: 120,
      blockingMs: 70,
    });
  });

  it("refuses a trace that lost the page's navigationStart, rather than measure from a later one", () => {
    // An empty document's start, 0.8 s into the load: from there the load's first tasks are gone.
    const late: TraceEvent = {
      ...nav,
      ts: 1_800_000,
      args: { data: { documentLoaderURL: '', isLoadingMainFrame: true } },
    };
    const lost = events.filter((e) => e !== nav);
    expect(() => threadCosts([...lost, late], 10_000)).toThrow(/lost the page's navigationStart/);
    expect(threadCosts([...events, late], 10_000).main.cpuMs).toBe(80);
  });
});

describe('lit title from screen frames', () => {
  const frame = (
    t: number,
    litArea: number,
    lightX = Number.NaN,
    litShare = 0.01,
  ): FramePixels => ({
    t,
    litArea,
    litShare,
    lightX,
    maxLuminance: litArea ? 240 : 160,
  });

  it('takes the first frame with a patch of light, and the sweep speed from the frames after it', () => {
    const lit = readLitTitle([
      frame(-5, 5000, 300, 1), // about:blank, white
      frame(250, 0),
      frame(300, 3, 10), // a stray bright speck: not lit
      frame(1000, 40, 0),
      frame(1100, 60, 200),
      frame(1200, 60, 400),
      frame(1300, 60, 600),
      frame(1400, 60, 550), // the light stops and turns back: the sweep is over
    ]);
    expect(lit.litMs).toBe(1000);
    expect(lit.sweepPxPerMs).toBeCloseTo(2, 5);
    expect(lit.sweepFrames).toBe(4);
    expect(lit.maxUnlitLuminance).toBe(240);
  });

  it('never counts a page whose title stays below the light as lit', () => {
    const lit = readLitTitle([frame(100, 0), frame(200, 2, 5), frame(300, 0)]);
    expect(lit.litMs).toBeNaN();
  });
});

describe('paired rounds and steadiness', () => {
  it('takes the median of per-round differences, beside the difference of medians', () => {
    const a = new Map([
      [0, 100],
      [1, 300],
      [2, 120],
    ]);
    const b = new Map([
      [0, 90],
      [1, 280],
      [2, 500],
    ]);
    const p = paired(a, b);
    expect(p.diff.median).toBe(10);
    expect(p.ofMedians).toBe(120 - 280);
  });

  it("pairs each Lighthouse run of / with its control's run of the same round and repeat", () => {
    const run = (tbt: number): LighthouseRun => ({
      url: '',
      preset: 'mobile',
      scores: { performance: 100, accessibility: 100, 'best-practices': 100, seo: 100 },
      metrics: { fcp: 500, lcp: 900, tbt, cls: 0, si: 900 },
      totalBytes: 0,
      failing: [],
    });
    // Round 0 ran three pairs, round 1 two; the control of round 1's second pair failed.
    const tbt: [number, number, number, number][] = [
      [0, 0, 100, 90],
      [0, 1, 400, 350],
      [0, 2, 60, 70],
      [1, 0, 80, 20],
      [1, 1, 999, Number.NaN],
    ];
    const lighthouse: LighthouseSample[] = tbt.flatMap(([round, repeat, home, control]) => [
      { round, repeat, build: 'this', preset: 'mobile', route: '/', run: run(home) },
      { round, repeat, build: 'this', preset: 'mobile', route: '/?webgl=0', run: run(control) },
    ]);
    const d = { lighthouse, visits: [], builds: [], probe: null } as unknown as BenchData;
    const budget = budgets(d).find((b) => b.name.startsWith('TBT on / ≤'))!;
    // Differences +10, +50, −10, +60: median +30 over 4 pairs; the unpaired run is left out.
    expect(budget.actual).toMatch(/^\+30 \(-10–\+60/);
    expect(budget.met).toBe(true);
  });

  it("weighs a phone's load of / against its control and the plain page of the same round", () => {
    const load = (main: number, slp: number, worker: number, round: number, route: string) => ({
      round,
      build: 'this',
      device: 'phone',
      route,
      visit: {
        litMs: Number.NaN,
        windowMs: round === 0 ? 20_000 : 10_000,
        bytes: { pageBytes: 200 * 1024, workerBytes: 130 * 1024 },
        cpu: {
          main: { cpuMs: main, work: { 'style/layout/paint': slp } },
          worker: { cpuMs: worker },
          gpu: { cpuMs: 100 },
          compositor: { cpuMs: 50 },
        },
      },
    });
    // Per round: `/`, its control, the plain page ([main, style + layout + paint, worker] each).
    const rounds = [
      [
        [900, 200, 120],
        [800, 180, 0],
        [600, 120, 0],
      ],
      [
        [950, 210, 140],
        [850, 200, 0],
        [640, 100, 0],
      ],
      [
        [1000, 260, 100],
        [900, 240, 0],
        [650, 180, 0],
      ],
      [
        [880, 190, 160],
        [800, 170, 0],
        [500, 100, 0],
      ],
      [
        [1200, 300, 130],
        [1000, 280, 0],
        [1000, 190, 0],
      ],
    ];
    const visits = rounds.flatMap((loads, round) =>
      loads.map(([main, slp, worker], i) =>
        load(main!, slp!, worker!, round, ['/', '/?webgl=0', '/privacypolicy'][i]!),
      ),
    );
    // Round 2's plain page failed twice: its `/` is left unpaired on those two rows.
    visits.splice(8, 1);
    const builds = [{ id: 'this', dir: 'dist', titleWorkerGzip: 190_400 }];
    const d = { lighthouse: [], visits, builds, probe: null } as unknown as BenchData;
    const list = budgets(d);
    const find = (start: string) => list.find((b) => b.name.startsWith(start))!;
    // Main thread over the plain page: +300, +310, +380, +200; median +305, over +300.
    expect(find('Main-thread CPU on / ≤ /privacypolicy + 300 ms').actual).toMatch(
      /^\+305 \(\+200–\+380/,
    );
    expect(find('Main-thread CPU on / ≤ /privacypolicy + 300 ms').met).toBe(false);
    // Style, layout and paint: +80, +110, +90, +110; median +100, at the budget.
    expect(find('Style + layout + paint on / ≤ /privacypolicy + 100 ms').actual).toMatch(/^\+100 /);
    expect(find('Style + layout + paint on / ≤ /privacypolicy + 100 ms').met).toBe(true);
    // Against the control, all five rounds: the worker's whole CPU, and the four threads summed.
    expect(find('Title worker CPU on / ≤ /?webgl=0 + 150 ms').actual).toMatch(
      /^\+130 \(\+100–\+160/,
    );
    expect(find('Page + worker + GPU + compositor CPU on / ≤ /?webgl=0 + 300 ms').actual).toMatch(
      /^\+240 \(\+200–\+330/,
    );
    expect(find('Page + worker + GPU + compositor CPU on / ≤ /?webgl=0 + 300 ms').met).toBe(true);
    // 190.4 KB is over 190 KB; 330 KiB in the first 20 s is over 320.
    expect(find('Title worker chunk ≤ 190 KB gzip')).toMatchObject({
      actual: '190.4 KB',
      met: false,
    });
    expect(find('First visit ≤ 320 KiB')).toMatchObject({ met: false });
    expect(find('First visit ≤ 320 KiB').actual).toMatch(
      /^330 KiB \(page 200, service worker 130\)/,
    );
  });

  it('calls a budget unsteady when two runs disagree', () => {
    const text = steadiness(
      [
        { name: 'A', actual: '1', met: true },
        { name: 'B', actual: '2', met: true },
      ],
      [
        { name: 'A', actual: '1', met: true },
        { name: 'B', actual: '9', met: false },
      ],
    );
    expect(text).toMatch(/\| A \|.*\| met \|/);
    expect(text).toMatch(/\| B \|.*\*\*unsteady\*\*/);
    expect(text).toContain('1 of the 2 budgets judged in both runs unsteady');
  });
});

describe('how steady a median is', () => {
  it('gives a narrow interval for steady values and a wide one for scattered values', () => {
    const steady = medianInterval([100, 101, 99, 100, 102, 98]);
    const scattered = medianInterval([50, 400, 120, 300, 90, 250]);
    expect(steady[1] - steady[0]).toBeLessThanOrEqual(3);
    expect(scattered[1] - scattered[0]).toBeGreaterThan(100);
    expect(medianInterval([5])).toEqual([Number.NaN, Number.NaN]);
  });
});
