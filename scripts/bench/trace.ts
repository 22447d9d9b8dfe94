/**
 * CPU time per thread from a Chrome trace: thread time (`tdur`), which barely moves when other
 * programs share the cores, beside wall time (`dur`), which does. Each event's self time goes to
 * a kind of work (the page's scripts, style/layout/paint, GC, HTML parsing) or, when no page event
 * covers it, to the browser's own work (task scheduling, IPC, loading, compositing).
 */

export interface TraceEvent {
  name: string;
  cat?: string;
  ph: string;
  ts: number;
  dur?: number;
  tts?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: Record<string, unknown> & { name?: string; data?: Record<string, unknown> };
}

export type Work = 'script' | 'style/layout/paint' | 'gc' | 'parse' | 'browser';

export interface ThreadCost {
  /** Thread time (CPU), ms. */
  cpuMs: number;
  /** Wall time inside tasks, ms. */
  wallMs: number;
}

export interface ThreadCosts {
  /** The page's renderer main thread, split by kind of work (thread time, ms). */
  main: ThreadCost & { work: Record<Work, number> };
  /** Tasks over 50 ms (wall) on the main thread: count, total wall ms, and their blocking part. */
  longTasks: { count: number; totalMs: number; blockingMs: number };
  /** The page's dedicated workers (the title worker), summed. */
  worker: ThreadCost;
  /** The renderer's compositor thread. */
  compositor: ThreadCost;
  /** The GPU process's main thread (where WebGL and the compositor's GL commands run). */
  gpu: ThreadCost;
  /** Service worker threads. */
  serviceWorker: ThreadCost;
  /** Over which span (ms after navigation start) these were summed. */
  windowMs: number;
}

const SCRIPT =
  /^(EvaluateScript|v8\.compile|v8\.compileModule|v8\.evaluateModule|v8\.produceCache|v8\.run|v8\.callFunction|FunctionCall|TimerFire|EventDispatch|FireAnimationFrame|FireIdleCallback|RunMicrotasks|V8\.Execute|XHRReadyStateChange|v8\.newInstance|v8\.parseOnBackground|V8\.CompileCode|V8\.CompileLazy|CompileScript|CompileCode|ScheduleTask|v8\.deserializeOnBackground)$/;
const STYLE =
  /^(UpdateLayoutTree|RecalculateStyles|Layout|PrePaint|Paint|PaintImage|UpdateLayer|UpdateLayerTree|Layerize|CompositeLayers|HitTest|ParseAuthorStyleSheet|ScheduleStyleRecalculation|LayoutShift|IntersectionObserverController::computeIntersections|Document::updateStyleAndLayout|Commit|ImageDecodeTask|Decode Image|Decode LazyPixelRef|Draw LazyPixelRef)$/;
const GC =
  /^(MinorGC|MajorGC|V8\.GC|V8\.GCScavenger|V8\.GCIncrementalMarking|V8\.GCFinalizeMC|V8\.GCCompactor|V8\.GC_|BlinkGC\.|ThreadState::|CppGC\.|GCEvent)/;
const PARSE = /^(ParseHTML|HTMLDocumentParser::|ParseHTMLOnBackground)/;

function kindOf(name: string): Work | null {
  if (GC.test(name)) return 'gc';
  if (SCRIPT.test(name)) return 'script';
  if (STYLE.test(name)) return 'style/layout/paint';
  if (PARSE.test(name)) return 'parse';
  return null;
}

interface Span {
  name: string;
  ts: number;
  end: number;
  dur: number;
  tdur: number;
}

/** Complete spans of one thread (X events, and B/E pairs joined), in start order. */
function spansOf(events: TraceEvent[]): Span[] {
  const spans: Span[] = [];
  const open: TraceEvent[] = [];
  for (const e of events) {
    if (e.ph === 'X' && e.dur !== undefined) {
      spans.push({
        name: e.name,
        ts: e.ts,
        end: e.ts + e.dur,
        dur: e.dur,
        tdur: e.tdur ?? e.dur,
      });
    } else if (e.ph === 'B') open.push(e);
    else if (e.ph === 'E') {
      const b = open.pop();
      if (!b) continue;
      spans.push({
        name: b.name,
        ts: b.ts,
        end: e.ts,
        dur: e.ts - b.ts,
        tdur: e.tts !== undefined && b.tts !== undefined ? e.tts - b.tts : e.ts - b.ts,
      });
    }
  }
  // Parents first: earlier start, and the longer of two that start together.
  return spans.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
}

interface ThreadSummary extends ThreadCost {
  work: Record<Work, number>;
  tops: Span[];
}

/** Sums a thread's top-level tasks in [from, to] and splits their self thread time by kind. */
function summarizeThread(events: TraceEvent[], from: number, to: number): ThreadSummary {
  const work: Record<Work, number> = {
    script: 0,
    'style/layout/paint': 0,
    gc: 0,
    parse: 0,
    browser: 0,
  };
  const tops: Span[] = [];
  // Stack of open spans with the thread time their children used.
  const stack: { span: Span; childT: number; kind: Work }[] = [];
  const close = (upTo: number) => {
    while (stack.length && stack.at(-1)!.span.end <= upTo) {
      const top = stack.pop()!;
      work[top.kind] += Math.max(0, top.span.tdur - top.childT);
      if (stack.length) stack.at(-1)!.childT += top.span.tdur;
    }
  };
  for (const s of spansOf(events)) {
    if (s.ts < from || s.ts > to) continue;
    close(s.ts);
    // A child event (that starts inside the current one) inherits the parent's kind if it has none.
    const parentKind = stack.at(-1)?.kind ?? 'browser';
    if (!stack.length) tops.push(s);
    stack.push({ span: s, childT: 0, kind: kindOf(s.name) ?? parentKind });
  }
  close(Number.POSITIVE_INFINITY);
  const cpuUs = tops.reduce((a, s) => a + s.tdur, 0);
  const wallUs = tops.reduce((a, s) => a + s.dur, 0);
  const ms = (us: number) => us / 1000;
  for (const k of Object.keys(work) as Work[]) work[k] = ms(work[k]);
  return { cpuMs: ms(cpuUs), wallMs: ms(wallUs), work, tops };
}

/**
 * The navigation's start in trace time: the main frame's navigationStart to an http(s) URL or,
 * when a busy browser dropped that detail, the last navigationStart of a main frame.
 */
function navigationStart(events: TraceEvent[]): { ts: number; pid: number } | null {
  let found: { ts: number; pid: number } | null = null;
  let fallback: { ts: number; pid: number } | null = null;
  for (const e of events) {
    if (e.name !== 'navigationStart') continue;
    const data = e.args?.data as
      { documentLoaderURL?: string; isLoadingMainFrame?: boolean } | undefined;
    if (data?.isLoadingMainFrame === false) continue;
    if (!fallback || e.ts > fallback.ts) fallback = { ts: e.ts, pid: e.pid };
    if (!/^https?:/.test(data?.documentLoaderURL ?? '')) continue;
    if (!found || e.ts < found.ts) found = { ts: e.ts, pid: e.pid };
  }
  return found ?? fallback;
}

export function threadCosts(
  trace: { traceEvents: TraceEvent[] } | TraceEvent[],
  windowMs: number,
): ThreadCosts {
  const events = Array.isArray(trace) ? trace : trace.traceEvents;
  const nav = navigationStart(events);
  if (!nav) throw new Error('The trace has no navigationStart for the page');
  const from = nav.ts;
  const to = nav.ts + windowMs * 1000;

  const threadName = new Map<string, string>();
  const processName = new Map<number, string>();
  for (const e of events) {
    if (e.ph !== 'M') continue;
    if (e.name === 'thread_name') threadName.set(`${e.pid}:${e.tid}`, String(e.args?.name ?? ''));
    if (e.name === 'process_name') processName.set(e.pid, String(e.args?.name ?? ''));
  }
  const byThread = new Map<string, TraceEvent[]>();
  for (const e of events) {
    if (e.ph !== 'X' && e.ph !== 'B' && e.ph !== 'E') continue;
    const key = `${e.pid}:${e.tid}`;
    let list = byThread.get(key);
    if (!list) byThread.set(key, (list = []));
    list.push(e);
  }
  const threads = (test: (pid: number, name: string) => boolean) =>
    [...byThread.keys()].filter((k) => {
      const pid = Number(k.split(':')[0]);
      return test(pid, threadName.get(k) ?? '');
    });
  const sum = (keys: string[]): ThreadCost => {
    let cpuMs = 0;
    let wallMs = 0;
    for (const k of keys) {
      const t = summarizeThread(byThread.get(k)!, from, to);
      cpuMs += t.cpuMs;
      wallMs += t.wallMs;
    }
    return { cpuMs, wallMs };
  };

  const mainKey = threads((pid, n) => pid === nav.pid && n === 'CrRendererMain')[0];
  const main = mainKey
    ? summarizeThread(byThread.get(mainKey)!, from, to)
    : { cpuMs: Number.NaN, wallMs: Number.NaN, work: {} as Record<Work, number>, tops: [] };
  const long = main.tops.filter((s) => s.dur > 50_000);
  const gpuPid = [...processName].find(([, n]) => n === 'GPU Process')?.[0];
  return {
    main: { cpuMs: main.cpuMs, wallMs: main.wallMs, work: main.work },
    longTasks: {
      count: long.length,
      totalMs: long.reduce((a, s) => a + s.dur, 0) / 1000,
      blockingMs: long.reduce((a, s) => a + s.dur - 50_000, 0) / 1000,
    },
    worker: sum(threads((pid, n) => pid === nav.pid && n.startsWith('DedicatedWorker'))),
    compositor: sum(threads((pid, n) => pid === nav.pid && n === 'Compositor')),
    gpu: sum(threads((pid, n) => pid === gpuPid && n === 'CrGpuMain')),
    serviceWorker: sum(threads((_pid, n) => n.startsWith('ServiceWorker'))),
    windowMs,
  };
}
