/**
 * Where a phone load's main-thread JavaScript goes, by source: `npx tsx scripts/js-profile.ts
 * [route ...]` loads each route (default `/` and `/privacypolicy`) REPS times (5), the routes
 * interleaved, as the trace tools do (a fresh browser, the phone's device, RATE: the CPU
 * throttled 1x unless given), with V8's sampling profiler on the page's main thread for its first
 * TRACE_MS. Each sample's self time is mapped through the build's source maps to where it came
 * from: a file of `src/`, or a package by name; DETAIL (a regular expression on the source's path)
 * names the function and line within the files it matches. Prints the medians per route, and the
 * first route minus the last, largest first.
 *
 * Reading it: Blink's work called from a script (a style recalculation or layout it forced) is in
 * that function's self time, and a few DOM calls have their own rows, named with their caller
 * (`(appendChild) < react-dom`); `(program)` is the thread's work outside JavaScript, and grows
 * with the sampling itself. docs/bench.md, seventeenth session.
 *
 * Needs a build with source maps, in a folder of its own:
 *   export DIST_DIR=/tmp/dist-map NODE_ENV=production
 *   npx vite build --sourcemap && npx tsx scripts/prerender.ts && npx tsx scripts/js-profile.ts
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium';
import { hostBuild } from './hosting';
import { DEVICES, TRACE_MS } from './bench/visit';
import { median } from '../src/shared/stats';

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };

const root = process.env.DIST_DIR ?? 'dist';
const routes = process.argv.slice(2).length ? process.argv.slice(2) : ['/', '/privacypolicy'];
const reps = Number(process.env.REPS ?? 5);
const rate = Number(process.env.RATE ?? 1);
const top = Number(process.env.TOP ?? 30);
const detail = process.env.DETAIL ? new RegExp(process.env.DETAIL) : null;
/** V8's sampling interval, µs. */
const SAMPLE_US = 100;

const maps = new Map<string, TraceMap | null>();
function mapOf(path: string): TraceMap | null {
  if (!maps.has(path)) {
    const file = join(root, `${path}.map`);
    maps.set(path, existsSync(file) ? new TraceMap(readFileSync(file, 'utf8')) : null);
  }
  return maps.get(path)!;
}

/** Where a frame's code came from: `(name)` for V8's and Blink's own, else a source or package. */
function placeOf(frame: CallFrame): string {
  if (!/^https?:/.test(frame.url)) return `(${frame.functionName.replace(/^\(|\)$/g, '') || 'native'})`;
  const path = new URL(frame.url).pathname;
  const map = mapOf(path);
  const pos = map && originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber });
  if (!pos?.source) return `${path}${map ? ' (unmapped)' : ''}`;
  const source = pos.source.replace(/^.*?(?=(src|node_modules)\/)/, '');
  if (detail?.test(source)) return `${source}:${pos.line} ${pos.name ?? frame.functionName}`;
  return /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1] ?? source;
}

/** One load's self time (ms) by place. */
async function profileLoad(url: string): Promise<Map<string, number>> {
  const { cpuSlowdown: _bench, ...phone } = DEVICES.phone;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const page = await (await browser.newContext(phone)).newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: SAMPLE_US });
    await cdp.send('Profiler.start');
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForTimeout(TRACE_MS);
    const { profile } = await cdp.send('Profiler.stop');
    const frameOf = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
    const parentOf = new Map<number, number>();
    for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);
    const self = new Map<string, number>();
    const samples = profile.samples ?? [];
    const deltas = profile.timeDeltas ?? [];
    samples.forEach((id, i) => {
      let place = placeOf(frameOf.get(id)!);
      // A DOM call's time is named with its caller.
      const parent = parentOf.get(id);
      if (/^\((?!program|idle|garbage|root)/.test(place) && parent !== undefined)
        place = `${place} < ${placeOf(frameOf.get(parent)!)}`;
      // A sample stands for the time until the next one.
      self.set(place, (self.get(place) ?? 0) + (deltas[i + 1] ?? 0) / 1000);
    });
    return self;
  } finally {
    await browser.close();
  }
}

const { origin, stop } = await hostBuild(root);
const runs = new Map<string, Map<string, number>[]>(routes.map((r) => [r, []]));
try {
  for (let rep = 0; rep < reps; rep++)
    for (const route of rep % 2 ? [...routes].reverse() : routes)
      runs.get(route)!.push(await profileLoad(origin + route));
} finally {
  await stop();
}

const medianOf = (route: string, pick: (load: Map<string, number>) => number) =>
  median(runs.get(route)!.map(pick));
const isScript = (place: string) => !place.startsWith('(') || place.includes(' < ');
const places = new Set([...runs.values()].flat().flatMap((load) => [...load.keys()]));
const rows = [...places].map((place) => ({
  place,
  values: routes.map((r) => medianOf(r, (load) => load.get(place) ?? 0)),
}));
const last = routes.length - 1;
const diff = (values: number[]) => values[0]! - values[last]!;
rows.sort((a, b) => diff(b.values) - diff(a.values));

const ms = (v: number) => v.toFixed(1).padStart(7);
console.log(
  `Self time by source, ms, medians of ${reps} loads at ${rate}x: ${routes.join(', ')}; then the first − the last`,
);
const scripts = routes.map((r) =>
  medianOf(r, (load) => [...load].reduce((s, [k, v]) => s + (isScript(k) ? v : 0), 0)),
);
console.log(`${scripts.map(ms).join(' ')} ${ms(diff(scripts))}  all JavaScript`);
for (const { place, values } of rows.slice(0, top))
  console.log(`${values.map(ms).join(' ')} ${ms(diff(values))}  ${place}`);
