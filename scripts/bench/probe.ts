/**
 * The runtime probe at 1440x900: browser CPU while / sits still against /privacypolicy, and the
 * canvas's frame interval under the pointer (frames while still: tests/browser/title.test.ts).
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium';
import { waitForCanvas } from '../canvasTakeover';
import { quantile, summarize } from '../../src/shared/stats';
import { processCpuSeconds, titleFrameIntervals } from './frames';
import { HOME, PLAIN } from './report';

/** Browser CPU over 5 s of `page` sitting still, in % of one core. */
async function stillCpu(browser: Browser, page: Page): Promise<number> {
  const cpu = async () =>
    Object.values(await processCpuSeconds(browser)).reduce((a, b) => a + b, 0);
  const start = await cpu();
  const t0 = Date.now();
  await page.waitForTimeout(5_000);
  return (((await cpu()) - start) / ((Date.now() - t0) / 1000)) * 100;
}

/** Frame intervals while the pointer crosses the title left to right in about 1.5 s. */
async function pointerIntervals(page: Page): Promise<number[]> {
  const box = await page.locator('#hero-title').boundingBox();
  if (!box) return [];
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x - 20, y);
  await page.waitForTimeout(300);
  return titleFrameIntervals(page, async () => {
    for (let i = 0; i <= 90; i++) {
      await page.mouse.move(box.x - 20 + ((box.width + 40) * i) / 90, y);
      await page.waitForTimeout(16);
    }
    await page.waitForTimeout(300);
  });
}

/** Until / has nothing left to play (the scroll button pulses thrice; ≤ 15 s), then 1.5 s. */
async function settleHome(page: Page): Promise<boolean> {
  const shown = await waitForCanvas(page)
    .then(() => true)
    .catch(() => false);
  const still = () => document.getAnimations().every((a) => a.playState !== 'running');
  await page.waitForFunction(still, null, { timeout: 15_000, polling: 250 }).catch(() => {});
  await page.waitForTimeout(1_500);
  return shown;
}

const settlePlain = (page: Page) => page.waitForTimeout(2_000).then(() => true);
type Settle = typeof settleHome;

/** A page alone in a fresh context: its still CPU once settled, then the pointer if asked. */
async function probeRound(browser: Browser, url: string, settle: Settle, pointer = false) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript(() => (window.__probes = {}));
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    const shown = await settle(page);
    const cpu = await stillCpu(browser, page);
    return { shown, cpu, intervals: pointer ? await pointerIntervals(page) : [] };
  } finally {
    await context.close();
  }
}

/** Rounds alternate / and the plain page; the pointer crosses the title in the first. */
export async function runProbe(baseURL: string, rounds: number, log: (s: string) => void) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const homes = [];
    const plains = [];
    for (let i = 0; i < rounds; i++) {
      const home = await probeRound(browser, baseURL + HOME, settleHome, i === 0);
      const plain = (await probeRound(browser, baseURL + PLAIN, settlePlain)).cpu;
      homes.push(home);
      plains.push(plain);
      log(
        `probe ${i + 1}/${rounds}: canvas ${home.shown ? 'shown' : 'NOT shown'}; still: cpu ${home.cpu.toFixed(2)} % vs plain ${plain.toFixed(2)} %`,
      );
    }
    const [cpuHome, cpuPlain] = [summarize(homes.map((h) => h.cpu)), summarize(plains)];
    const intervals = homes[0]!.intervals;
    return {
      canvas: homes.every((h) => h.shown) ? ('ready' as const) : ('not shown' as const),
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

export type ProbeResult = Awaited<ReturnType<typeof runProbe>>;
