/**
 * Event mode's frame figures: opens `/?event` on the production build (served as Hosting serves
 * it), leaves it alone until the attract loop starts (20 s, real clock), then records the time
 * between the frames the canvas draws, at 1440x900 and at a 4K viewport (3840x2160, device scale
 * factor 1). Prints the median and 95th percentile frame interval and where the adaptive pixel
 * ratio settled, and checks that the canvas stops drawing once the pointer takes the light back.
 *
 *   npm run build && npx tsx scripts/event-frames.ts            (DIST_DIR, EVENT_FRAMES_SECONDS)
 */
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium';
import { waitForCanvas } from './canvasTakeover';
import { hostBuild } from './hosting';
import { titleFrameIntervals } from './bench/frames';
import { quantile } from '../src/shared/stats';

const root = process.env.DIST_DIR ?? 'dist';
const seconds = Number(process.env.EVENT_FRAMES_SECONDS ?? 8);
const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 3840, height: 2160 },
];

const { origin: base, stop } = await hostBuild(root);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });

try {
  for (const viewport of VIEWPORTS) {
    const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
    const page = await context.newPage();
    await page.goto(`${base}/?event`, { waitUntil: 'networkidle' });
    await waitForCanvas(page);
    await page.waitForFunction(() => window.__probes?.titleLight?.lead === 'attract', null, {
      timeout: 30_000,
      polling: 250,
    });
    const intervals = await titleFrameIntervals(page, () => page.waitForTimeout(seconds * 1000));
    const probe = await page.evaluate(() => ({
      ...window.__probes!.titleLight!,
      canvasWidth: document.querySelector('canvas')?.width ?? 0,
    }));
    // The pointer takes the light back; once it has caught up, nothing more is drawn.
    await page.mouse.move(viewport.width * 0.3, viewport.height * 0.45);
    await page.waitForTimeout(1500);
    const before = await page.evaluate(() => window.__probes!.titleFrames!.frames);
    await page.waitForTimeout(1000);
    const after = await page.evaluate(() => window.__probes!.titleFrames!.frames);
    console.log(
      `${viewport.width}x${viewport.height}: ${intervals.length} frames in ${seconds} s of attract loop, ` +
        `median ${quantile(intervals, 0.5).toFixed(1)} ms, p95 ${quantile(intervals, 0.95).toFixed(1)} ms, ` +
        `pixel ratio ${probe.dpr} (canvas ${probe.canvasWidth} px wide); ` +
        `frames drawn in 1 s after the pointer came back: ${after - before}`,
    );
    await context.close();
  }
} finally {
  await browser.close();
  stop();
}
