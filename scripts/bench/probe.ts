/**
 * The runtime probe: what the title costs once the page is up, in Chromium at desktop size. Browser
 * CPU (every Chromium process, from Chrome's SystemInfo.getProcessInfo) while the page sits still
 * for 5 s, home against /privacypolicy; and the interval between the canvas's frames while the
 * pointer crosses the title. Frames while still and React commits are asserted by
 * tests/browser/title.test.ts.
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium';
import { waitForCanvas } from '../canvasTakeover';
import { quantile, summarize, type Summary } from '../../src/shared/stats';
import { processCpuSeconds, startFrameRecorder, stopFrameRecorder } from './frames';

export const STILL_MS = 5_000;
const VIEWPORT = { width: 1440, height: 900 };

export interface ProbeResult {
  canvas: 'ready' | 'not shown';
  /** % of one core. */
  cpuHome: Summary;
  cpuPlain: Summary;
  /** cpuHome median / cpuPlain median. */
  cpuRatio: number;
  pointerFrames: number;
  frameIntervalMedianMs: number;
  frameIntervalP95Ms: number;
}

/** CPU seconds of all the browser's processes so far. */
async function browserCpuSeconds(browser: Browser): Promise<number> {
  const byType = await processCpuSeconds(browser);
  return Object.values(byType).reduce((a, b) => a + b, 0);
}

/** Browser CPU over STILL_MS, in % of one core. */
async function stillCpu(browser: Browser, page: Page): Promise<number> {
  const start = await browserCpuSeconds(browser);
  const t0 = Date.now();
  await page.waitForTimeout(STILL_MS);
  const cpu = (await browserCpuSeconds(browser)) - start;
  return (cpu / ((Date.now() - t0) / 1000)) * 100;
}

/** Home in a fresh context: still after the sweep, then (optionally) the pointer across the title. */
async function homeRound(browser: Browser, baseURL: string, withPointer: boolean) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    await page.goto(`${baseURL}/`, { waitUntil: 'load' });
    const shown = await waitForCanvas(page).then(
      () => true,
      () => false,
    );
    // Still means nothing left to play (the scroll button pulses three times), up to 15 s.
    await page
      .waitForFunction(
        () => document.getAnimations().every((a) => a.playState !== 'running'),
        null,
        {
          timeout: 15_000,
          polling: 250,
        },
      )
      .catch(() => {});
    await page.waitForTimeout(1_500);
    const cpu = await stillCpu(browser, page);
    const box = withPointer ? await page.locator('#hero-title').boundingBox() : null;
    if (!box) return { shown, cpu, intervals: [] };
    // The pointer crosses the title from left to right at a steady hand's pace (about 1.5 s).
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x - 20, y);
    await page.waitForTimeout(300);
    await startFrameRecorder(page);
    for (let i = 0; i <= 90; i++) {
      await page.mouse.move(box.x - 20 + ((box.width + 40) * i) / 90, y);
      await page.waitForTimeout(16);
    }
    await page.waitForTimeout(300);
    const times = await stopFrameRecorder(page);
    return { shown, cpu, intervals: times.slice(1).map((t, i) => t - times[i]!) };
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
    return await stillCpu(browser, page);
  } finally {
    await context.close();
  }
}

/** Rounds alternate home and the plain page, each alone in the browser. */
export async function runProbe(
  baseURL: string,
  rounds: number,
  log: (s: string) => void,
): Promise<ProbeResult> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const homes: Awaited<ReturnType<typeof homeRound>>[] = [];
    const plains: number[] = [];
    for (let i = 0; i < rounds; i++) {
      homes.push(await homeRound(browser, baseURL, i === 0));
      plains.push(await plainRound(browser, baseURL));
      log(
        `probe ${i + 1}/${rounds}: canvas ${homes[i]!.shown ? 'shown' : 'NOT shown'}; still: cpu ${homes[i]!.cpu.toFixed(2)} % vs plain ${plains[i]!.toFixed(2)} %`,
      );
    }
    const cpuHome = summarize(homes.map((h) => h.cpu));
    const cpuPlain = summarize(plains);
    const intervals = homes[0]!.intervals;
    return {
      canvas: homes.every((h) => h.shown) ? 'ready' : 'not shown',
      cpuHome,
      cpuPlain,
      cpuRatio: cpuHome.median / cpuPlain.median,
      pointerFrames: intervals.length + (intervals.length ? 1 : 0),
      frameIntervalMedianMs: quantile(intervals, 0.5),
      frameIntervalP95Ms: quantile(intervals, 0.95),
    };
  } finally {
    await browser.close();
  }
}
