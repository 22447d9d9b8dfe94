/** Figures from a Chrome trace: CPU per thread over a load. */
import type { Browser } from 'playwright-core';

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

/** The events of the trace `browser` records, once stopped. */
export const stopTrace = async (browser: Browser) =>
  (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] })
    .traceEvents;

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
 * CPU ms of the top-level tasks in [from, to], and of their style, layout and paint. CPU is
 * thread time (`tdur`): other programs on the cores barely move it, unlike wall time.
 */
function threadSummary(events: TraceEvent[], from: number, to: number) {
  let [cpu, slp, topEnd, slpEnd] = [0, 0, -1, -1];
  for (const s of spansOf(events)) {
    if (s.ts < from || s.ts > to) continue;
    if (s.ts >= topEnd) [cpu, topEnd] = [cpu + s.tdur, s.end];
    // Only the outermost of nested style, layout and paint events counts.
    if (s.ts >= slpEnd && STYLE_LAYOUT_PAINT.test(s.name)) [slp, slpEnd] = [slp + s.tdur, s.end];
  }
  return { cpuMs: cpu / 1000, slpMs: slp / 1000 };
}

/** The events of each thread of process `pid` (null: of any process) whose name passes `test`. */
function threads(events: TraceEvent[], pid: number | null, test: (name: string) => boolean) {
  const names = new Map<string, string>();
  const byThread = new Map<string, TraceEvent[]>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.ph === 'M' && e.name === 'thread_name') names.set(key, String(e.args?.name ?? ''));
    else if ('XBE'.includes(e.ph) && (pid === null || e.pid === pid)) {
      if (!byThread.has(key)) byThread.set(key, []);
      byThread.get(key)!.push(e);
    }
  }
  return [...byThread].filter(([key]) => test(names.get(key) ?? '')).map(([, list]) => list);
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
  const gpuPid = events.find(
    (e) => e.name === 'process_name' && e.args?.name === 'GPU Process',
  )?.pid;
  const cpu = (pid: number | undefined, test: (name: string) => boolean) =>
    pid === undefined
      ? 0
      : threads(events, pid, test).reduce((a, t) => a + threadSummary(t, from, to).cpuMs, 0);
  const main = threadSummary(
    threads(events, nav.pid, (n) => n === 'CrRendererMain')[0] ?? [],
    from,
    to,
  );
  const worker = cpu(nav.pid, (n) => n.startsWith('DedicatedWorker'));
  const compositor = cpu(nav.pid, (n) => n === 'Compositor');
  const gpu = cpu(gpuPid, (n) => n === 'CrGpuMain');
  return { ...main, worker, compositor, gpu, canvas: main.cpuMs + worker + compositor + gpu };
}
