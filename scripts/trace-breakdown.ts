/**
 * Where a load's main-thread time goes, event by event: `npx tsx scripts/trace-breakdown.ts
 * [route ...]` loads each route (default `/` and `/privacypolicy`) as the bench's phone does (a
 * fresh browser, 4x CPU throttling) from DIST_DIR (dist), REPS times (1), and prints the main
 * thread's self time by trace event, the key events second by second, and the tasks over MIN_TASK
 * ms of CPU (50). What `npm run bench` sums as "style + layout + paint" or "main thread CPU", this
 * takes apart (docs/bench.md, "Where the phone's main thread went").
 */
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium';
import { startHosting } from './hosting';
import { DEVICES } from './bench/visit';
import type { TraceEvent } from './bench/trace';

const routes = process.argv.slice(2).length ? process.argv.slice(2) : ['/', '/privacypolicy'];
const reps = Number(process.env.REPS ?? 1);
const minTaskMs = Number(process.env.MIN_TASK ?? 50);
const KEY_EVENTS = ['UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize'];
const SCRIPT_EVENTS = ['FunctionCall', 'FireAnimationFrame', 'TimerFire', 'EventDispatch'];
const CATEGORIES = [
  '__metadata',
  'toplevel',
  'devtools.timeline',
  'blink.user_timing',
  'loading',
  'v8',
  'v8.execute',
];

interface Span {
  name: string;
  ts: number;
  end: number;
  tdur: number;
}

/** Names a span: a script call by its file, an event by its type. */
function label(e: TraceEvent, origin: string): string {
  const data = (e.args?.data ?? {}) as { url?: string; type?: string };
  if (e.name === 'FunctionCall' || e.name === 'EvaluateScript')
    return `${e.name} ${(data.url ?? '').replace(origin, '')}`;
  return e.name === 'EventDispatch' ? `EventDispatch ${data.type}` : e.name;
}

const server = await startHosting({ root: process.env.DIST_DIR ?? 'dist', port: 0 });
const origin = `http://localhost:${(server.address() as AddressInfo).port}`;
const { cpuSlowdown, ...phone } = DEVICES.phone;
for (let rep = 0; rep < reps; rep++)
  for (const route of routes) {
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
    const page = await (await browser.newContext(phone)).newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await browser.startTracing(page, { categories: CATEGORIES });
    await page.goto(origin + route, { waitUntil: 'commit' });
    await page.waitForTimeout(10_000);
    const events = (
      JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }
    ).traceEvents;
    await browser.close();

    const nav = events
      .filter((e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL)
      .sort((a, b) => a.ts - b.ts)[0]!;
    const main = events.find(
      (e) => e.ph === 'M' && e.pid === nav.pid && e.args?.name === 'CrRendererMain',
    )!;
    const spans: Span[] = events
      .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur)
      .filter((e) => e.ts >= nav.ts && e.ts <= nav.ts + 10e6)
      .map((e) => ({
        name: label(e, origin),
        ts: e.ts,
        end: e.ts + e.dur!,
        tdur: e.tdur ?? e.dur!,
      }))
      .sort((a, b) => a.ts - b.ts || b.end - a.end);

    // Self thread time per event name: a span's time less its children's.
    const self = new Map<string, number>();
    const tops: Span[] = [];
    const open: { span: Span; children: number }[] = [];
    const close = (upTo: number) => {
      while (open.length && open.at(-1)!.span.end <= upTo) {
        const { span, children } = open.pop()!;
        self.set(span.name, (self.get(span.name) ?? 0) + Math.max(0, span.tdur - children));
        if (open.length) open.at(-1)!.children += span.tdur;
      }
    };
    for (const span of spans) {
      close(span.ts);
      if (!open.length) tops.push(span);
      open.push({ span, children: 0 });
    }
    close(Number.POSITIVE_INFINITY);
    const ms = (us: number) => Math.round(us / 1000);
    console.log(
      `\n${route} (run ${rep + 1}): main thread CPU ${ms(tops.reduce((a, s) => a + s.tdur, 0))} ms`,
    );
    for (const [name, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 20))
      console.log(`  ${String(ms(us)).padStart(5)} ms  ${name}`);

    console.log('  by second (CPU ms, 0–9 s):');
    for (const name of [...KEY_EVENTS, ...SCRIPT_EVENTS]) {
      const perSecond = Array<number>(10).fill(0);
      for (const s of spans.filter((s) => s.name.split(' ')[0] === name))
        perSecond[Math.min(9, Math.floor((s.ts - nav.ts) / 1e6))]! += s.tdur;
      console.log(
        `  ${name.padEnd(20)} ${perSecond.map((us) => String(ms(us)).padStart(4)).join(' ')}`,
      );
    }

    console.log(`  tasks over ${minTaskMs} ms of CPU:`);
    for (const task of tops.filter((t) => t.tdur > minTaskMs * 1000)) {
      const inside = new Map<string, number>();
      for (const s of spans)
        if (s !== task && s.ts >= task.ts && s.end <= task.end)
          inside.set(s.name, (inside.get(s.name) ?? 0) + s.tdur);
      const top = [...inside].sort((a, b) => b[1] - a[1]).slice(0, 4);
      console.log(
        `  at ${ms(task.ts - nav.ts)} ms: ${ms(task.tdur)} ms: ${top.map(([n, us]) => `${n} ${ms(us)}`).join(', ')}`,
      );
    }
  }
server.close();
server.closeAllConnections();
