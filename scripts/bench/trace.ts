/**
 * CPU per thread from a Chrome trace: thread time (`tdur`, steady when other programs share the
 * cores) beside wall time (`dur`); self time by kind of work, the browser's where no page event is.
 */

export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tts?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: {
    name?: string;
    data?: { documentLoaderURL?: string; isLoadingMainFrame?: boolean };
    /** The function that posted a task (ThreadControllerImpl::RunTask). */
    src_func?: string;
  };
}

const WORK = ['script', 'style/layout/paint', 'gc', 'parse', 'browser'] as const;
type Work = (typeof WORK)[number];
const KINDS: [Work, RegExp][] = [
  ['gc', /^(MinorGC|MajorGC|V8\.GC|BlinkGC\.|ThreadState::|CppGC\.|GCEvent)/],
  [
    'script',
    /^(EvaluateScript|v8\.compile|v8\.compileModule|v8\.evaluateModule|v8\.produceCache|v8\.run|v8\.callFunction|FunctionCall|TimerFire|EventDispatch|FireAnimationFrame|FireIdleCallback|RunMicrotasks|V8\.Execute|XHRReadyStateChange|v8\.newInstance|v8\.parseOnBackground|V8\.CompileCode|V8\.CompileLazy|CompileScript|CompileCode|ScheduleTask|v8\.deserializeOnBackground)$/,
  ],
  [
    'style/layout/paint',
    /^(UpdateLayoutTree|RecalculateStyles|Layout|PrePaint|Paint|PaintImage|UpdateLayer|UpdateLayerTree|Layerize|CompositeLayers|HitTest|ParseAuthorStyleSheet|ScheduleStyleRecalculation|LayoutShift|IntersectionObserverController::computeIntersections|Document::updateStyleAndLayout|Commit|ImageDecodeTask|Decode Image|Decode LazyPixelRef|Draw LazyPixelRef)$/,
  ],
  ['parse', /^(ParseHTML|HTMLDocumentParser::)/],
];

type Span = { name: string; ts: number; end: number; dur: number; tdur: number };

/** Complete spans of one thread (X events, and B/E pairs joined), parents first. */
function spansOf(events: TraceEvent[]): Span[] {
  const spans: Span[] = [];
  const open: TraceEvent[] = [];
  for (const e of events) {
    if (e.ph === 'X' && e.dur !== undefined)
      spans.push({ name: e.name, ts: e.ts, end: e.ts + e.dur, dur: e.dur, tdur: e.tdur ?? e.dur });
    else if (e.ph === 'B') open.push(e);
    else if (e.ph === 'E' && open.length) {
      const b = open.pop()!;
      const tdur = e.tts !== undefined && b.tts !== undefined ? e.tts - b.tts : e.ts - b.ts;
      spans.push({ name: b.name, ts: b.ts, end: e.ts, dur: e.ts - b.ts, tdur });
    }
  }
  // Earlier start first, and the longer of two that start together.
  return spans.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
}

/** A thread's top-level tasks in [from, to], summed (ms), with their self thread time by kind. */
function summarizeThread(events: TraceEvent[], from: number, to: number) {
  const work = Object.fromEntries(WORK.map((k) => [k, 0])) as Record<Work, number>;
  const tops: Span[] = [];
  const self = new Map<string, number>();
  const stack: { span: Span; childT: number; kind: Work }[] = [];
  const close = (upTo: number) => {
    while (stack.length && stack.at(-1)!.span.end <= upTo) {
      const top = stack.pop()!;
      const t = Math.max(0, top.span.tdur - top.childT);
      work[top.kind] += t;
      self.set(top.span.name, (self.get(top.span.name) ?? 0) + t);
      if (stack.length) stack.at(-1)!.childT += top.span.tdur;
    }
  };
  const spans = spansOf(events).filter((s) => s.ts >= from && s.ts <= to);
  for (const s of spans) {
    close(s.ts);
    if (!stack.length) tops.push(s);
    // An event of no known kind inherits its parent's.
    const kind = KINDS.find(([, re]) => re.test(s.name))?.[0] ?? stack.at(-1)?.kind ?? 'browser';
    stack.push({ span: s, childT: 0, kind });
  }
  close(Number.POSITIVE_INFINITY);
  for (const k of WORK) work[k] /= 1000;
  const cpuMs = tops.reduce((a, s) => a + s.tdur, 0) / 1000;
  return { cpuMs, wallMs: tops.reduce((a, s) => a + s.dur, 0) / 1000, work, tops, spans, self };
}

/**
 * The main frame's navigationStart to an http(s) URL. A busy browser now and then drops it from
 * the trace; a later start (an empty document's, ~0.8 s into the load) would then cut the load's
 * first second out of the window, so such a trace is refused and the visit measured again.
 */
function navigationStart(events: TraceEvent[]): { ts: number; pid: number } | undefined {
  const http = events.filter(
    (e) =>
      e.name === 'navigationStart' &&
      e.args?.data?.isLoadingMainFrame !== false &&
      /^https?:/.test(e.args?.data?.documentLoaderURL ?? ''),
  );
  return http.length ? http.reduce((a, e) => (e.ts < a.ts ? e : a)) : undefined;
}

/** The navigation, and its threads each summarized over the first `windowMs` after its start. */
export function traceThreads(
  trace: { traceEvents: TraceEvent[] } | TraceEvent[],
  windowMs: number,
) {
  const events = Array.isArray(trace) ? trace : trace.traceEvents;
  const nav = navigationStart(events);
  if (!nav) throw new Error("The trace lost the page's navigationStart");
  const [from, to] = [nav.ts, nav.ts + windowMs * 1000];
  const names = new Map<string, string>();
  const byThread = new Map<string, TraceEvent[]>();
  let gpuPid: number | undefined;
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.ph === 'M' && e.name === 'thread_name') names.set(key, String(e.args?.name ?? ''));
    if (e.ph === 'M' && e.name === 'process_name' && e.args?.name === 'GPU Process')
      gpuPid ??= e.pid;
    if (e.ph !== 'X' && e.ph !== 'B' && e.ph !== 'E') continue;
    if (!byThread.has(key)) byThread.set(key, []);
    byThread.get(key)!.push(e);
  }
  const threads = (pid: number | undefined, test: (name: string) => boolean) =>
    [...byThread.keys()]
      .filter((k) => (pid === undefined || k.startsWith(`${pid}:`)) && test(names.get(k) ?? ''))
      .map((k) => summarizeThread(byThread.get(k)!, from, to));
  return { nav, gpuPid, threads };
}

/** CPU per thread over the first `windowMs` after the page's navigation start. */
export function threadCosts(trace: { traceEvents: TraceEvent[] } | TraceEvent[], windowMs: number) {
  const { nav, gpuPid, threads } = traceThreads(trace, windowMs);
  const sum = (list: { cpuMs: number; wallMs: number }[]) => ({
    cpuMs: list.reduce((a, t) => a + t.cpuMs, 0),
    wallMs: list.reduce((a, t) => a + t.wallMs, 0),
  });
  const [main] = threads(nav.pid, (n) => n === 'CrRendererMain');
  const long = (main?.tops ?? []).filter((s) => s.dur > 50_000);
  return {
    main: main
      ? { cpuMs: main.cpuMs, wallMs: main.wallMs, work: main.work }
      : { cpuMs: Number.NaN, wallMs: Number.NaN, work: {} as Record<Work, number> },
    /** Tasks over 50 ms (wall) on the main thread: count, total wall ms, and their blocking part. */
    longTasks: {
      count: long.length,
      totalMs: long.reduce((a, s) => a + s.dur, 0) / 1000,
      blockingMs: long.reduce((a, s) => a + s.dur - 50_000, 0) / 1000,
    },
    worker: sum(threads(nav.pid, (n) => n.startsWith('DedicatedWorker'))),
    compositor: sum(threads(nav.pid, (n) => n === 'Compositor')),
    /** The GPU process's main thread (where WebGL and the compositor's GL commands run). */
    gpu: sum(gpuPid === undefined ? [] : threads(gpuPid, (n) => n === 'CrGpuMain')),
    serviceWorker: sum(threads(undefined, (n) => n.startsWith('ServiceWorker'))),
    windowMs,
  };
}
