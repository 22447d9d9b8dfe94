/**
 * Where a load's main-thread time goes, event by event: `npx tsx scripts/trace-breakdown.ts
 * [route ...]` loads each route (default `/` and `/privacypolicy`) as the bench's phone visit does
 * (a fresh browser, its device, its trace categories and window) from DIST_DIR (dist), REPS times
 * (1), and prints the main thread's CPU (the bench's figure), its self time by trace event, its
 * top-level tasks by what they ran, the frames the compositor presented (each posts the page a
 * task), the key events second by second (BeginMainFrame: the rendering updates, with their
 * count), and the tasks over MIN_TASK ms of CPU (50). CATS adds trace
 * categories (comma-separated; `disabled-by-default-v8.compile` names V8's compiling;
 * `disabled-by-default-devtools.timeline.stack` lists the style recalculations and layouts a
 * script forced, with the script's frame). RATE sets the CPU throttling (the phone's 4x by
 * default): at 1 the figures are the work itself, where 4x adds stalls of several ms that land in
 * whatever event runs (a restyle of 9 elements read 13 ms at 4x, 12 of them inside no traced
 * step). See docs/bench-history.md, "Where the phone's main thread went", "The home page's
 * frames", "Two restyles the page did not need" and the fourteenth session's section.
 */
import { hostBuild } from './hosting';
import { DEVICES, TRACE_MS, tracePhoneLoad } from './bench/visit';
import { traceThreads, type TraceEvent } from './bench/trace';

const routes = process.argv.slice(2).length ? process.argv.slice(2) : ['/', '/privacypolicy'];
const reps = Number(process.env.REPS ?? 1);
const minTaskMs = Number(process.env.MIN_TASK ?? 50);
const extraCategories = process.env.CATS?.split(',').filter(Boolean) ?? [];
const rate = Number(process.env.RATE ?? DEVICES.phone.cpuSlowdown);
const FRAME = 'BeginMainFrame';
const BY_SECOND = [
  FRAME,
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Layerize',
  'FunctionCall',
];
const ms = (us: number) => Math.round(us / 1000);

/**
 * What a top-level task ran, by the first of these its events match (docs/bench-history.md, ninth
 * session).
 */
const CLASSES: [string, RegExp][] = [
  ['module evaluation', /^v8\.evaluateModule/],
  ["React's scheduler", /^FunctionCall \/assets\/scheduler-/],
  ['animation frame callbacks', /^FireAnimationFrame/],
  ["the canvas's messages", /^FunctionCall \/assets\/TitleCanvas-/],
  ['idle callbacks', /^FireIdleCallback/],
  ['HTML parsing', /^ParseHTML/],
  ['rendering updates', /^(BeginMainFrame|Commit|UpdateLayoutTree|Layout|Paint)$/],
  ['other scripts', /^(FunctionCall|TimerFire|EventDispatch|RunMicrotasks|v8\.)/],
];
const BROWSER = "the browser's own";

/** The arguments of a style recalculation or layout in the trace. */
interface Forced {
  elementCount?: number;
  beginData?: {
    dirtyObjects?: number;
    totalObjects?: number;
    stackTrace?: { functionName: string; url: string; lineNumber: number; columnNumber: number }[];
  };
}

/** Names an event: a script call by its file, a DOM event by its type, a rendering update. */
function label(e: TraceEvent, origin: string): TraceEvent {
  if (e.args?.src_func === 'ScheduledActionSendBeginMainFrame') return { ...e, name: FRAME };
  const data = e.args?.data as { url?: string; type?: string } | undefined;
  if (e.name === 'FunctionCall' || e.name === 'EvaluateScript')
    return { ...e, name: `${e.name} ${(data?.url ?? '').replace(origin, '')}` };
  return e.name === 'EventDispatch' ? { ...e, name: `EventDispatch ${data?.type}` } : e;
}

const { origin, stop } = await hostBuild(process.env.DIST_DIR ?? 'dist');
try {
  for (let rep = 0; rep < reps; rep++)
    for (const route of routes) {
      const events = (await tracePhoneLoad(origin + route, { rate, extra: extraCategories })).map(
        (e) => label(e, origin),
      );
      const { nav, threads } = traceThreads(events, TRACE_MS);
      const [main] = threads(nav.pid, (n) => n === 'CrRendererMain');
      if (!main) throw new Error(`No main thread in the trace of ${route}`);
      console.log(`\n${route} (run ${rep + 1}): main thread CPU ${Math.round(main.cpuMs)} ms`);
      for (const [name, us] of [...main.self].sort((a, b) => b[1] - a[1]).slice(0, 20))
        console.log(`  ${String(ms(us)).padStart(5)} ms  ${name}`);

      // One pass over the spans (in start order, as the tasks are): per second, per long task,
      // and what each top-level task ran.
      const perSecond = new Map(BY_SECOND.map((name) => [name, Array<number>(10).fill(0)]));
      const frames = Array<number>(10).fill(0);
      const long = main.tops.filter((t) => t.tdur > minTaskMs * 1000);
      const inside = long.map(() => new Map<string, number>());
      const ran = main.tops.map(() => [] as string[]);
      let task = 0;
      let top = 0;
      for (const s of main.spans) {
        while (top < main.tops.length && main.tops[top]!.end < s.ts) top++;
        const owner = main.tops[top];
        if (owner && s !== owner && s.ts >= owner.ts) ran[top]!.push(s.name);
        const row = perSecond.get(s.name.split(' ')[0]!);
        const second = Math.min(9, Math.floor((s.ts - nav.ts) / 1e6));
        if (row) row[second]! += s.tdur;
        if (s.name === FRAME) frames[second]!++;
        while (task < long.length && long[task]!.end < s.ts) task++;
        const t = long[task];
        if (t && s !== t && s.ts >= t.ts && s.end <= t.end)
          inside[task]!.set(s.name, (inside[task]!.get(s.name) ?? 0) + s.tdur);
      }
      // One pass over the page's events: the frames the compositor presented (each posts the page a
      // task, asked for or not: docs/bench-history.md, tenth session) and, with the stack category
      // (CATS), the style and layout a script forced, with its frame.
      let presented = 0;
      let presentedUs = 0;
      const forced: TraceEvent[] = [];
      for (const e of events) {
        if (e.pid !== nav.pid) continue;
        if (e.args?.src_func === 'DidPresentCompositorFrameOnImplThread') {
          if (e.ts < nav.ts || e.ts >= nav.ts + TRACE_MS * 1000) continue;
          presented++;
          presentedUs += e.tdur ?? e.dur ?? 0;
        } else if (
          e.ph === 'X' &&
          (e.name === 'UpdateLayoutTree' || e.name === 'Layout') &&
          (e.tdur ?? e.dur ?? 0) >= 1000 &&
          (e.args as Forced | undefined)?.beginData?.stackTrace?.length
        )
          forced.push(e);
      }
      const classes = new Map<string, { ms: number; tasks: number }>();
      main.tops.forEach((t, i) => {
        const kind = CLASSES.find(([, re]) => ran[i]!.some((n) => re.test(n)))?.[0] ?? BROWSER;
        const c = classes.get(kind) ?? { ms: 0, tasks: 0 };
        classes.set(kind, { ms: c.ms + t.tdur / 1000, tasks: c.tasks + 1 });
      });
      console.log('  tasks by what they ran (CPU ms, tasks):');
      for (const [kind, c] of [...classes].sort((a, b) => b[1].ms - a[1].ms))
        console.log(
          `  ${String(Math.round(c.ms)).padStart(5)} ms ${String(c.tasks).padStart(4)}  ${kind}`,
        );
      console.log(
        `  frames presented (a task each): ${presented}, ${Math.round(presentedUs / 1000)} ms`,
      );
      console.log('  by second (CPU ms, 0–9 s):');
      for (const [name, row] of perSecond)
        console.log(
          `  ${name.padEnd(18)} ${row.map((us) => String(ms(us)).padStart(4)).join(' ')}`,
        );
      console.log(
        `  ${'frames (count)'.padEnd(18)} ${frames.map((n) => String(n).padStart(4)).join(' ')}`,
      );
      console.log(`  tasks over ${minTaskMs} ms of CPU:`);
      for (const [i, t] of long.entries()) {
        const top = [...inside[i]!].sort((a, b) => b[1] - a[1]).slice(0, 4);
        console.log(
          `  at ${ms(t.ts - nav.ts)} ms: ${ms(t.tdur)} ms: ${top.map(([n, us]) => `${n} ${ms(us)}`).join(', ')}`,
        );
      }
      if (forced.length) console.log('  forced by a script (over 1 ms):');
      for (const e of forced) {
        const { beginData, elementCount } = e.args as Forced;
        const what =
          e.name === 'Layout'
            ? `${beginData!.dirtyObjects}/${beginData!.totalObjects} objects`
            : `${elementCount} elements`;
        const f = beginData!.stackTrace![0]!;
        console.log(
          `  at ${ms(e.ts - nav.ts)} ms: ${e.name} ${ms(e.tdur ?? e.dur ?? 0)} ms, ${what}: ${f.functionName || '(anonymous)'} ${f.url.replace(origin, '')}:${f.lineNumber}:${f.columnNumber}`,
        );
      }
    }
} finally {
  stop();
}
