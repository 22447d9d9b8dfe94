/**
 * The title's path chosen by what works (src/canvas/webgl.ts titlePath): a worker that gets no
 * WebGL context gives way at once to the canvas in the page, as in WebKitGTK and in Safari
 * before WebGL in workers. Chromium has WebGL in workers, so the test takes it away there: the
 * worker's script is served with OffscreenCanvas.getContext returning null.
 */
import { describe, expect, it } from 'vitest';
import { baseURL, openPage, sharedBrowser } from './browser';
import { readCanvas, showOnlyCanvas } from './pixels';

const browser = sharedBrowser();

describe('where the worker gets no WebGL context', () => {
  it('draws the lit title in the page at once, and says why in a warning', async () => {
    const { page, problems, requests } = await openPage(browser());
    const warnings: string[] = [];
    page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
    await page.route('**/assets/title.worker-*.js', async (route) => {
      const response = await route.fetch();
      // Runs as the worker's module evaluates, before the page's first message reaches it.
      const body = `OffscreenCanvas.prototype.getContext = () => null;\n${await response.text()}`;
      await route.fulfill({ response, body });
    });
    await page.goto(`${baseURL()}/?motion-test`, { waitUntil: 'load' });
    await page.waitForFunction(
      () => document.getElementById('hero-title')?.dataset.mode === 'canvas',
      null,
      { timeout: 30_000 },
    );
    // The worker was asked first, then the page drew: its canvas has a WebGL context of its own.
    expect(requests.some((r) => /title\.worker/.test(r))).toBe(true);
    expect(requests.some((r) => /\/assets\/TitleCanvas-/.test(r))).toBe(true);
    const inPage = await page.evaluate(
      () =>
        document.querySelector<HTMLCanvasElement>('.title-canvas canvas')?.getContext('webgl2') !=
        null,
    );
    expect(inPage).toBe(true);
    expect(warnings.filter((w) => w.startsWith('The title'))).toEqual([
      expect.stringMatching(
        /^The title cannot be drawn in a worker \(no WebGL2 context in a worker\); drawing it in the page instead\.$/,
      ),
    ]);
    await showOnlyCanvas(page);
    await page.evaluate(async () => {
      const drawn = window.__motion!.frame();
      window.__motion!.setPointer(720, 400);
      window.__motion!.setTime(60_000);
      await drawn;
    });
    const pic = await readCanvas(page);
    expect(pic.light).not.toBeNull();
    expect(Math.abs(pic.light!.x - 720)).toBeLessThan(90);
    expect(problems).toEqual([]);
  });
});
