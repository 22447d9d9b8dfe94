/**
 * Where a phone load's main-thread JavaScript goes, by source: `npx tsx scripts/js-profile.ts
 * [route ...]` loads each route (default `/` and `/privacypolicy`) from DIST_DIR (dist) REPS
 * times (5), in an order that alternates rep by rep, each in a fresh browser with the bench's
 * phone device. V8's sampling profiler (every 100 µs) runs on the page's main thread for the
 * first TRACE_MS (10 s) from the navigation. RATE sets the CPU throttling, 1 unless given (as in
 * scripts/trace-compare.ts). A sample counts for the wall time until the next one, as in
 * DevTools' flame chart, so a thread taken off the CPU counts in whatever it was running: read
 * thread time from the trace tools.
 *
 * Each sample's own function is named, through the build's source maps, by where its code came
 * from: a file of `src/`, or a package by name. Code a chunk holds with no source (Vite's preload
 * helper and its `__vite__mapDeps`) is named by the chunk's path and `(unmapped)`. DETAIL (a
 * regular expression on the source's path) splits the files it matches by function, each named
 * with the line it starts on. Prints the TOP (30) places: each route's median, and the first
 * route's median minus the last's, largest either way first.
 *
 * Reading it: Blink's work called from a script (a style recalculation or layout it forced) is in
 * that function's time, and a few DOM calls have rows of their own, named with their caller
 * (`(appendChild) < react-dom`). The first row, all JavaScript, is script code and those DOM
 * calls; `(program)` (the thread's work outside JavaScript, and samples whose stack V8 could not
 * read) and `(garbage collector)` are rows of their own, not in it; `(idle)` is left out. See
 * docs/bench-history.md, seventeenth session.
 *
 * Needs a build with source maps, in a folder of its own (the usual build has none; git ignores
 * the dist-* folders):
 *   DIST_DIR=dist-map SOURCEMAP=true npm run build && DIST_DIR=dist-map npx tsx scripts/js-profile.ts
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { hostBuild } from './hosting';
import { phoneLoad } from './bench/visit';
import { median } from '../src/shared/stats';

/** What is read of a profile node's `Runtime.CallFrame`. */
type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };

const root = process.env.DIST_DIR ?? 'dist';
const routes = process.argv.slice(2).length ? process.argv.slice(2) : ['/', '/privacypolicy'];
const reps = Number(process.env.REPS ?? 5);
const rate = Number(process.env.RATE ?? 1);
const top = Number(process.env.TOP ?? 30);
const detail = process.env.DETAIL ? new RegExp(process.env.DETAIL) : null;
/** The sampling interval asked of V8, µs (the samples' own times give the real ones). */
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
  if (!/^https?:/.test(frame.url))
    return `(${frame.functionName.replace(/^\(|\)$/g, '') || 'native'})`;
  const path = new URL(frame.url).pathname;
  const map = mapOf(path);
  // The frame's position is where its function starts (1-based lines for the map, 0-based columns).
  const pos =
    map && originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber });
  if (!pos?.source) return `${path}${map ? ' (unmapped)' : ''}`;
  const file = relative(process.cwd(), resolve(dirname(join(root, path)), pos.source));
  if (detail?.test(file)) {
    // The map's name where the function starts; an arrow function has none there.
    const name =
      pos.name ??
      (frame.functionName ? `${frame.functionName} (the bundle's name)` : '(anonymous)');
    return `${file}:${pos.line} ${name}`;
  }
  return /.*node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1] ?? file;
}

/** One phone load's profile of the page's main thread. */
function profileLoad(url: string) {
  return phoneLoad(
    url,
    {
      start: async (_browser, _page, cdp) => {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: SAMPLE_US });
        await cdp.send('Profiler.start');
      },
      stop: async (_browser, _page, cdp) => (await cdp.send('Profiler.stop')).profile,
    },
    { rate },
  );
}

/** V8's `Profiler.Profile` (playwright-core does not export its protocol types). */
type Profile = Awaited<ReturnType<typeof profileLoad>>;

/** A profile's self time (ms) by place; null if no sample ran the page's own scripts. */
function selfTimes(profile: Profile): Map<string, number> | null {
  if (!profile.nodes.some((n) => /^https?:/.test(n.callFrame.url))) return null;
  // Each node's place, once: a load has some thousands of nodes and ~100,000 samples.
  const own = new Map(profile.nodes.map((n) => [n.id, placeOf(n.callFrame)]));
  const placeOfNode = new Map(own);
  for (const n of profile.nodes)
    for (const c of n.children ?? []) {
      // A DOM call's time is named with its caller.
      const place = own.get(c)!;
      if (/^\((?!program|idle|garbage|root)/.test(place))
        placeOfNode.set(c, `${place} < ${own.get(n.id)!}`);
    }
  // timeDeltas[i] is sample i's time since the one before (the first's since startTime). A
  // sample lasts until the next in time, the last until endTime.
  const samples = profile.samples ?? [];
  let t = profile.startTime;
  const at = (profile.timeDeltas ?? []).map((d) => (t += d));
  const order = samples.map((_, i) => i).sort((a, b) => at[a]! - at[b]!);
  const self = new Map<string, number>();
  order.forEach((i, k) => {
    const next = k + 1 < order.length ? at[order[k + 1]!]! : profile.endTime;
    const place = placeOfNode.get(samples[i]!)!;
    self.set(place, (self.get(place) ?? 0) + (next - at[i]!) / 1000);
  });
  return self;
}

if (!readdirSync(join(root, 'assets')).some((f) => f.endsWith('.js.map'))) {
  console.log(`No source maps in ${root}: build one as the header of scripts/js-profile.ts says.`);
  process.exit(1);
}

const { origin, stop } = await hostBuild(root);
const runs = new Map<string, Map<string, number>[]>(routes.map((r) => [r, []]));
try {
  for (let rep = 0; rep < reps; rep++)
    for (const route of rep % 2 ? [...routes].reverse() : routes) {
      // A load that fails (a crashed renderer, a timeout), or whose profile holds none of the
      // page's scripts, is left out, not counted as zeros. A source map that cannot be read
      // stops the run.
      const profile = await profileLoad(origin + route).catch((error: unknown) => {
        console.log(`  rep ${rep + 1}, ${route}: ${String(error)}`);
        return null;
      });
      const load = profile && selfTimes(profile);
      if (profile && !load)
        console.log(`  rep ${rep + 1}, ${route}: no sample of the page's scripts`);
      if (load) runs.get(route)!.push(load);
    }
} finally {
  stop();
}

const medianOf = (route: string, pick: (load: Map<string, number>) => number) =>
  median(runs.get(route)!.map(pick));
const isScript = (place: string) => !place.startsWith('(') || place.includes(' < ');
// The thread's idle time is not work.
const places = new Set(
  [...runs.values()].flat().flatMap((load) => [...load.keys()].filter((k) => k !== '(idle)')),
);
const rows = [...places].map((place) => ({
  place,
  values: routes.map((r) => medianOf(r, (load) => load.get(place) ?? 0)),
}));
const last = routes.length - 1;
const diff = (values: number[]) => values[0]! - values[last]!;
const key = (values: number[]) => (last > 0 ? Math.abs(diff(values)) : values[0]!);
rows.sort((a, b) => key(b.values) - key(a.values));

const ms = (v: number) => v.toFixed(1).padStart(7);
const line = (values: number[], label: string) =>
  console.log(`${values.map(ms).join(' ')}${last > 0 ? ` ${ms(diff(values))}` : ''}  ${label}`);
const loads = routes.map((r) => runs.get(r)!.length).join(', ');
console.log(
  `Self time by source, ms of wall time, medians of ${loads} loads at ${rate}x: ${routes.join(', ')}` +
    (last > 0 ? `; then the first's median − the last's, largest either way first` : ''),
);
line(
  routes.map((r) =>
    medianOf(r, (load) => [...load].reduce((s, [k, v]) => s + (isScript(k) ? v : 0), 0)),
  ),
  'all JavaScript',
);
for (const { place, values } of rows.slice(0, top)) line(values, place);
