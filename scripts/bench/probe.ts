/**
 * The runtime probe: what the title costs once the page is up, in Chromium at desktop size.
 * - browser CPU (every Chromium process) while the page sits still for 5 s after the sweep, home
 *   versus /privacypolicy;
 * - frames the canvas draws in those 5 s (window.__titleFrames);
 * - React commits during the sweep (counted through the DevTools hook React calls on commit);
 * - the median and 95th-percentile interval between drawn frames while the pointer crosses the title.
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium';
import { quantile, summarize, type Summary } from '../../src/shared/stats';
import { treeTicks, TICKS_PER_SECOND } from './proc';
import { drawnFrames as frames, startFrameRecorder, stopFrameRecorder } from './frames';

export const STILL_MS = 5_000;
const VIEWPORT = { width: 1440, height: 900 };

export interface ProbeResult {
  canvas: 'ready' | 'not shown';
  /** % of one core, median of the rounds. */
  cpuHome: Summary;
  cpuPlain: Summary;
  /** cpuHome median / cpuPlain median. */
  cpuRatio: number;
  framesStill: Summary;
  sweepFrames: number;
  sweepMs: number;
  reactCommitsDuringSweep: number;
  /** React commits while the light follows the pointer across the title (frame by frame; absent in reports written before 23 Nov). */
  reactCommitsDuringPointer?: number;
  pointerFrames: number;
  frameIntervalMedianMs: number;
  frameIntervalP95Ms: number;
}

/** Installed before any page script: counts React commits and notes when the canvas shows. */
function pageInstrumentation() {
  const w = window as unknown as Record<string, unknown>;
  const commits: [string, number][] = [];
  const names = new Map<number, string>();
  w.__benchCommits = commits;
  w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    renderers: new Map(),
    supportsFiber: true,
    isDisabled: false,
    inject(internals: { rendererPackageName?: string }) {
      const id = names.size + 1;
      names.set(id, internals.rendererPackageName ?? 'unknown');
      return id;
    },
    onCommitFiberRoot(id: number) {
      commits.push([names.get(id) ?? String(id), performance.now()]);
    },
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onScheduleFiberRoot() {},
    checkDCE() {},
  };
  const watch = () => {
    const title = document.getElementById('hero-title');
    if (!title) return;
    new MutationObserver(() => {
      if (title.dataset.mode === 'canvas' && w.__benchCanvasAt === undefined)
        w.__benchCanvasAt = performance.now();
    }).observe(title, { attributes: true, attributeFilter: ['data-mode'] });
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', watch);
  else watch();
}

/**
 * Browser CPU over `ms`, in % of one core: every process this one started (only Chromium runs
 * then), not this process itself.
 */
async function cpuPercent(ms: number): Promise<number> {
  const pid = process.pid;
  const t0 = treeTicks(pid);
  const start = Date.now();
  await new Promise((r) => setTimeout(r, ms));
  const elapsed = (Date.now() - start) / 1000;
  return ((treeTicks(pid) - t0) / TICKS_PER_SECOND / elapsed) * 100;
}

async function waitForStillFrames(page: Page, quietMs: number, limitMs: number): Promise<void> {
  const deadline = Date.now() + limitMs;
  let last = await frames(page);
  let since = Date.now();
  while (Date.now() < deadline) {
    await page.waitForTimeout(100);
    const n = await frames(page);
    if (n !== last) {
      last = n;
      since = Date.now();
    } else if (Date.now() - since >= quietMs) return;
  }
}

interface HomeRound {
  shown: boolean;
  cpu: number;
  framesStill: number;
  sweepFrames: number;
  sweepMs: number;
  reactCommitsDuringSweep: number;
  reactCommitsDuringPointer: number;
  intervals: number[];
  pointerFrames: number;
}

/** Home in a fresh context: the sweep, 5 s still, then (optionally) the pointer across the title. */
async function homeRound(
  browser: Browser,
  baseURL: string,
  withPointer: boolean,
  log: (s: string) => void,
): Promise<HomeRound> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    // tsx keeps function names with a `__name` helper that the page does not have.
    await context.addInitScript({ content: 'globalThis.__name ??= (f) => f;' });
    await context.addInitScript(pageInstrumentation);
    const page = await context.newPage();
    await page.goto(`${baseURL}/`, { waitUntil: 'load' });
    await startFrameRecorder(page);
    const shown = await page
      .waitForFunction(
        () => document.getElementById('hero-title')?.dataset.mode === 'canvas',
        null,
        { timeout: 30_000 },
      )
      .then(
        () => true,
        () => false,
      );
    await waitForStillFrames(page, 1_500, 30_000);
    const times = await stopFrameRecorder(page);
    const sweep = await page.evaluate(() => {
      const w = window as unknown as {
        __benchCanvasAt?: number;
        __benchCommits: [string, number][];
      };
      return { canvasAt: w.__benchCanvasAt ?? Number.NaN, commits: w.__benchCommits };
    });
    const sweepTimes = times.filter((t) => t >= sweep.canvasAt);
    const sweepEnd = sweepTimes.at(-1) ?? sweep.canvasAt;
    // From the sweep's first frame to its last: the commit that swaps the DOM title for the canvas
    // (and makes it visible) is the start of the sweep, not part of it.
    const sweepFrom = sweepTimes[0] ?? sweep.canvasAt;
    const reactCommitsDuringSweep = sweep.commits.filter(
      ([, t]) => t > sweepFrom && t <= sweepEnd,
    ).length;

    // Still means nothing left to play: wait for finite CSS animations (the scroll button's three
    // pulses) to end, up to 15 s; an endless one is then measured as it is.
    await page
      .waitForFunction(
        () => document.getAnimations().every((a) => a.playState !== 'running'),
        null,
        { timeout: 15_000, polling: 250 },
      )
      .catch(() => log('probe: animations still running after 15 s; measuring anyway'));
    const before = await frames(page);
    const cpu = await cpuPercent(STILL_MS);
    const framesStill = (await frames(page)) - before;

    let intervals: number[] = [];
    let pointerFrames = 0;
    let reactCommitsDuringPointer = 0;
    const box = withPointer ? await page.locator('#hero-title').boundingBox() : null;
    if (box) {
      // The pointer crosses the title from left to right at a steady hand's pace (about 1.5 s).
      const y = box.y + box.height / 2;
      await page.mouse.move(box.x - 20, y);
      await page.waitForTimeout(300);
      await startFrameRecorder(page);
      const steps = 90;
      for (let i = 0; i <= steps; i++) {
        await page.mouse.move(box.x - 20 + ((box.width + 40) * i) / steps, y);
        await page.waitForTimeout(16);
      }
      await page.waitForTimeout(300);
      const ptimes = await stopFrameRecorder(page);
      pointerFrames = ptimes.length;
      const commits = await page.evaluate(
        () => (window as unknown as { __benchCommits: [string, number][] }).__benchCommits,
      );
      reactCommitsDuringPointer = commits.filter(
        ([, t]) => t > (ptimes[0] ?? Infinity) && t <= (ptimes.at(-1) ?? -Infinity),
      ).length;
      intervals = ptimes.slice(1).map((t, i) => t - ptimes[i]!);
    }
    return {
      shown,
      cpu,
      framesStill,
      sweepFrames: sweepTimes.length,
      sweepMs: sweepEnd - sweep.canvasAt,
      reactCommitsDuringSweep,
      reactCommitsDuringPointer,
      intervals,
      pointerFrames,
    };
  } finally {
    await context.close();
  }
}

/** The plain page in a fresh context: 5 s still after it has settled. */
async function plainRound(browser: Browser, baseURL: string): Promise<number> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    await page.goto(`${baseURL}/privacypolicy`, { waitUntil: 'load' });
    await page.waitForTimeout(2_000);
    return await cpuPercent(STILL_MS);
  } finally {
    await context.close();
  }
}

/** Rounds alternate home and the plain page, each alone in the browser. */
export async function runProbe(
  baseURL: string,
  rounds = 3,
  log: (s: string) => void = () => {},
): Promise<ProbeResult> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const homes: HomeRound[] = [];
    const plains: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const h = await homeRound(browser, baseURL, i === 0, log);
      homes.push(h);
      plains.push(await plainRound(browser, baseURL));
      log(
        `probe ${i + 1}/${rounds}: canvas ${h.shown ? 'shown' : 'NOT shown'}, sweep ${Math.round(h.sweepMs)} ms / ${h.sweepFrames} frames, ` +
          `${h.reactCommitsDuringSweep} commits; still: ${h.framesStill} frames, cpu ${h.cpu.toFixed(2)} % vs plain ${plains.at(-1)!.toFixed(2)} %`,
      );
    }
    const first = homes[0]!;
    const cpuHome = summarize(homes.map((h) => h.cpu));
    const cpuPlain = summarize(plains);
    return {
      canvas: homes.every((h) => h.shown) ? 'ready' : 'not shown',
      cpuHome,
      cpuPlain,
      cpuRatio: cpuHome.median / cpuPlain.median,
      framesStill: summarize(homes.map((h) => h.framesStill)),
      sweepFrames: first.sweepFrames,
      sweepMs: first.sweepMs,
      reactCommitsDuringSweep: Math.max(...homes.map((h) => h.reactCommitsDuringSweep)),
      reactCommitsDuringPointer: Math.max(...homes.map((h) => h.reactCommitsDuringPointer)),
      pointerFrames: first.pointerFrames,
      frameIntervalMedianMs: quantile(first.intervals, 0.5),
      frameIntervalP95Ms: quantile(first.intervals, 0.95),
    };
  } finally {
    await browser.close();
  }
}
