/** Figures from a Chrome trace: CPU per thread over a load, and the raster of a scroll pass. */

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
    beginData?: { url?: string };
  };
}

/** The main thread's own style, layout and paint work. */
const STYLE_LAYOUT_PAINT =
  /^(UpdateLayoutTree|RecalculateStyles|Layout|PrePaint|Paint|UpdateLayer|UpdateLayerTree|Layerize|HitTest|ParseAuthorStyleSheet|IntersectionObserverController::computeIntersections|Document::updateStyleAndLayout|Commit)$/;

type Span = { name: string; ts: number; end: number; dur: number; tdur: number };

/** A thread's complete spans (X events, and B/E pairs joined), parents before their children. */
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
  return spans.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
}

/**
 * Top-level tasks in [from, to]: CPU and wall ms, style + layout + paint ms, tasks over 50 ms.
 * CPU is thread time (`tdur`): other programs on the cores barely move it, unlike wall time.
 */
function threadSummary(events: TraceEvent[], from: number, to: number) {
  let [cpu, wall, slp, long, topEnd, slpEnd] = [0, 0, 0, 0, -1, -1];
  for (const s of spansOf(events)) {
    if (s.ts < from || s.ts > to) continue;
    if (s.ts >= topEnd) {
      [cpu, wall, topEnd] = [cpu + s.tdur, wall + s.dur, s.end];
      if (s.dur > 50_000) long++;
    }
    // Only the outermost of nested style, layout and paint events counts.
    if (s.ts >= slpEnd && STYLE_LAYOUT_PAINT.test(s.name)) [slp, slpEnd] = [slp + s.tdur, s.end];
  }
  return { cpuMs: cpu / 1000, wallMs: wall / 1000, slpMs: slp / 1000, longTasks: long };
}

/** Events grouped by thread, with each thread's name and the GPU process's id. */
function threadsOf(events: TraceEvent[]) {
  const names = new Map<string, string>();
  const byThread = new Map<string, TraceEvent[]>();
  let gpuPid: number | undefined;
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.ph === 'M' && e.name === 'thread_name') names.set(key, String(e.args?.name ?? ''));
    if (e.ph === 'M' && e.name === 'process_name' && e.args?.name === 'GPU Process') gpuPid = e.pid;
    if (e.ph !== 'X' && e.ph !== 'B' && e.ph !== 'E') continue;
    if (!byThread.has(key)) byThread.set(key, []);
    byThread.get(key)!.push(e);
  }
  /** Threads of process `pid` (null: of any process) whose name passes `test`. */
  const pick = (pid: number | null | undefined, test: (name: string) => boolean) =>
    [...byThread.keys()]
      .filter((k) => (pid === null || k.startsWith(`${pid}:`)) && test(names.get(k) ?? ''))
      .map((k) => byThread.get(k)!);
  return { gpuPid, pick };
}

/**
 * CPU per thread over the first `windowMs` after the page's navigation start. A trace that lost
 * it starts at the document's first parse, a few ms later from a local server; a trace with
 * neither is refused, and the load measured again.
 */
export function loadCosts(events: TraceEvent[], windowMs: number) {
  const http = (url?: string) => /^https?:/.test(url ?? '');
  const [starts, parses] = [
    events.filter((e) => e.name === 'navigationStart' && http(e.args?.data?.documentLoaderURL)),
    events.filter((e) => e.name === 'ParseHTML' && http(e.args?.beginData?.url)),
  ].map((list) => list.filter((e) => e.args?.data?.isLoadingMainFrame !== false));
  const nav = [starts!, parses!].find((l) => l.length)?.reduce((a, e) => (e.ts < a.ts ? e : a));
  if (!nav) throw new Error("The trace lost the page's navigationStart");
  const [from, to] = [nav.ts, nav.ts + windowMs * 1000];
  const { gpuPid, pick } = threadsOf(events);
  const cpu = (threads: TraceEvent[][]) =>
    threads.reduce((a, t) => a + threadSummary(t, from, to).cpuMs, 0);
  const main = threadSummary(pick(nav.pid, (n) => n === 'CrRendererMain')[0] ?? [], from, to);
  const worker = cpu(pick(nav.pid, (n) => n.startsWith('DedicatedWorker')));
  const compositor = cpu(pick(nav.pid, (n) => n === 'Compositor'));
  const gpu = cpu(pick(gpuPid, (n) => n === 'CrGpuMain'));
  return { ...main, worker, compositor, gpu, canvas: main.cpuMs + worker + compositor + gpu };
}

/** Raster in a trace: RasterTask wall time and count on the raster workers, Paint on the page's. */
export function rasterOf(events: TraceEvent[]) {
  const { pick } = threadsOf(events);
  const sum = (threads: TraceEvent[][], name: string) => {
    const found = threads.flat().filter((e) => e.name === name && e.dur !== undefined);
    return [found.reduce((a, e) => a + e.dur! / 1000, 0), found.length];
  };
  const [rasterMs, rasterTasks] = sum(
    pick(null, (n) => /^(ThreadPoolForegroundWorker|CompositorTileWorker)/.test(n)),
    'RasterTask',
  );
  const [paintMs] = sum(
    pick(null, (n) => n === 'CrRendererMain'),
    'Paint',
  );
  return { rasterMs: rasterMs!, rasterTasks: rasterTasks!, paintMs: paintMs! };
}
