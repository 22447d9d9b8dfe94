/**
 * Screenshots of the outlined DOM title and the canvas title, outline only, at the same test-clock
 * time, one above the other in one PNG per size: `npx tsx scripts/title-compare.ts [BASE_URL] [OUT]`
 * against a running `npm run serve`. Light parked off the title, so only the outlines show.
 */
import { mkdir } from 'node:fs/promises';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium';
import { waitForCanvas } from './canvasTakeover';

const base = process.argv[2] ?? `http://localhost:${process.env.SERVE_PORT ?? 4173}`;
const out = process.argv[3] ?? 'test-results/title-compare';
const SIZES = [
  { name: '390', width: 390, height: 844, dpr: 2, query: '' },
  { name: '1440', width: 1440, height: 900, dpr: 1, query: '' },
  { name: '3840-event', width: 3840, height: 2160, dpr: 1, query: '&event' },
];

const HIDE = `html, body { background: #000 !important; }
  #root > :not(.hero):not(.title-canvas), .hero > :not(.hero__title-box),
  .hero__lit, .topbar, header { visibility: hidden !important; }`;

async function shot(page: Page, url: string, canvas: boolean, file: string): Promise<void> {
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForFunction(() => window.__probes?.motion !== undefined);
  if (canvas) await waitForCanvas(page, { timeout: 60_000 });
  await page.evaluate(() => {
    window.__probes!.motion!.setTime(120_000);
    window.__probes!.motion!.setPointer(null);
  });
  await page.addStyleTag({ content: HIDE });
  await page.waitForTimeout(800);
  // The title box, as the model places it (the same for both: the canvas's strip is put on it).
  const box = await page.locator('.hero__title-box').boundingBox();
  const clip = box && {
    x: 0,
    y: Math.max(0, box.y - 20),
    width: page.viewportSize()!.width,
    height: Math.min(box.height + 40, page.viewportSize()!.height),
  };
  await page.screenshot({ path: file, ...(clip ? { clip } : {}) });
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
await mkdir(out, { recursive: true });
for (const size of SIZES) {
  const context = await browser.newContext({
    viewport: { width: size.width, height: size.height },
    deviceScaleFactor: size.dpr,
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  await shot(
    page,
    `${base}/?motion-test&webgl=0${size.query}`,
    false,
    `${out}/dom-${size.name}.png`,
  );
  await shot(page, `${base}/?motion-test${size.query}`, true, `${out}/canvas-${size.name}.png`);
  await context.close();
}
await browser.close();
console.log(`wrote ${out}/{dom,canvas}-{390,1440,3840-event}.png`);
