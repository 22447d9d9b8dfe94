import { describe, expect, it } from 'vitest';
import titleMetrics from 'virtual:title-metrics';
import { baseURL, openPage, screenshot, sharedBrowser } from './browser';
import { readCanvas, strokesMissingFrom, type CanvasPicture, type StrokeMask } from './pixels';
import { lightRestX, TITLE_CROSSFADE_MS, titleLayout } from '../../src/title/model/model';
import { lightScrollOffset } from '../../src/title/model/light';
import { noteCanvasTakeover } from '../shared/canvasTakeover';
import { afterFrames } from '../shared/pages';

const browser = sharedBrowser();

/** The goal: no glyph edge moves by more than a pixel at the handover. */
const GLYPH_EDGE_TOLERANCE_PX = 1;
/**
 * Luminance that counts as the outline for the glyph box: the unlit outline reads ~75, its
 * anti-aliased edge less, and the lit halo's faint blur (which CSS and the shader spread a little
 * differently) below 40.
 */
const EDGE = 40;
/**
 * The letters' insides: the unlit outline reads ~75, so above 55 is a drawn line (not the halo).
 * Lines of one side with none of the other within 1 px: the inner lines of Syne's overlapping "t"
 * and "f" (in CSS before 24 Nov) are ~0.46 em of edges each, about 200 such pixels in "Software"
 * (estimated from the glyphs); the same letters on both sides measured 23–27 (antialiasing).
 */
const LINE = 55;
const UNMATCHED_LINE_PX = 60;
/**
 * Around the light (at rest at x 504 here) the halos, CSS's and the shader's, are brighter than
 * the unlit line and spread differently: those columns are left to the brightness check ("Software",
 * with its "f" and "t", lies outside them).
 */
const LIGHT_SKIP_PX = 280;
/** No visible jump: every frame of the crossfade within 10% of the DOM title's brightness. */
const BRIGHTNESS_TOLERANCE = 0.1;

/** The title's brightness: mean luminance of a screenshot showing only the title. */
const meanOf = (pic: CanvasPicture) => pic.meanLuminance;

/** Both canvas paths, each held back until a frame of the lit DOM title has been taken. */
const PATHS = [
  { path: 'page', query: '?offscreen=0', held: '**/assets/titleRenderer-*.js' },
  { path: 'worker', query: '', held: '**/assets/title.worker-*.js' },
] as const;

describe.each(PATHS)(
  'the handover from the DOM title to the canvas ($path)',
  ({ query, held: heldScript }) => {
    it('crossfades with no glyph edge moving more than a pixel and no jump in brightness', async () => {
      const viewport = { width: 1440, height: 900 };
      const { page, context, problems } = await openPage(browser(), { viewport });
      // Chromium sends the page a pointer move wherever its mouse is when the layout under it
      // changes, as when the canvas comes in. The mouse rests where the light rests, so such a
      // move leads the light nowhere; left at (0, 0), it drew the light toward the corner.
      const layout = titleLayout(0, viewport, titleMetrics.titleEm, titleMetrics.wordsEm);
      await page.mouse.move(
        lightRestX(layout),
        layout.centerY + lightScrollOffset(0, layout.fontPx).dy,
      );
      // When the title box turned to the canvas, on the page's clock.
      await noteCanvasTakeover(page, '__readyAt');
      // The canvas's code is held until a frame of the lit DOM title has been taken.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(heldScript, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(`${baseURL()}/${query}`, { waitUntil: 'load' });
      await page.addStyleTag({
        content: `html, body { background: #000 !important; }
        #root > :not(.hero):not(.title-canvas), .hero > :not(.hero__title-box) { visibility: hidden !important; }`,
      });
      // Screenshots until the canvas has fully faded in: before, during and after the crossfade.
      const frames: {
        since: number | null;
        canvas: number;
        dom: number;
        light: string;
        /** The DOM light's running sweep animations and the page's scroll, for the report. */
        probe: string;
        pic: CanvasPicture;
      }[] = [];
      let domLines: StrokeMask | undefined;
      // The two sides' fades' start times, read on every frame until both have started, and how
      // the canvas is blended then.
      const starts = page.evaluate(
        () =>
          new Promise<{ sides: number[]; blend: string }>((resolve) => {
            const read = () => {
              const sides = ['.title-canvas__strip > div', '.hero__title-box'].map((q) => {
                const start = document.querySelector(q)?.getAnimations().at(-1)?.startTime;
                return typeof start === 'number' ? start : null;
              });
              const blend = getComputedStyle(document.querySelector('.title-canvas')!).mixBlendMode;
              if (sides.every((t) => t !== null)) resolve({ sides: sides as number[], blend });
              else requestAnimationFrame(read);
            };
            read();
          }),
      );
      for (let i = 0; i < 400; i++) {
        const pic = await readCanvas(page, 150, EDGE);
        const { since, canvas, dom, light, probe, domRests } = await page.evaluate(() => {
          const at = (window as unknown as { __readyAt?: number }).__readyAt ?? null;
          const fade = document.querySelector('.title-canvas__strip > div');
          const box = document.querySelector<HTMLElement>('.hero__title-box')!;
          const pane = document.querySelector<HTMLElement>('.hero__lit')!;
          // The sweep's animations on the lit copies (not the crossfade's on the box).
          const sweeps = box
            .getAnimations({ subtree: true })
            .filter((a) => (a.effect as KeyframeEffect).target !== box).length;
          return {
            since: at === null ? null : performance.now() - at,
            canvas: fade ? Number(getComputedStyle(fade).opacity) : 0,
            dom: Number(getComputedStyle(box).opacity),
            light: `canvas light ${Math.round(window.__titleReports?.light?.x ?? NaN)} ${window.__titleReports?.light?.lead}, DOM light at ${pane.style.transform}`,
            probe: `(${sweeps} sweep animations; scrollY ${scrollY})`,
            // The app runs the DOM light, and its sweep and return have played out: it rests.
            domRests: 'live' in box.dataset && sweeps === 0,
          };
        });
        if (pic.box) frames.push({ since, canvas, dom, light, probe, pic });
        // Released once the DOM title's light has come to rest: two frames alike, light in place.
        // (Mid-sweep two frames can match too, and the canvas then takes over from a dimmer title.)
        const last = frames.at(-2);
        const settledDom =
          domRests &&
          last?.since === null &&
          last.light === light &&
          Math.abs(last.pic.meanLuminance - pic.meanLuminance) < 0.02 * pic.meanLuminance;
        if (pic.box && since === null && settledDom) {
          // The DOM title's lines, once, just before the canvas's code is let through.
          domLines ??= (await readCanvas(page, 150, EDGE, LINE)).lines;
          release();
        }
        if (since === null && settledDom) await screenshot(page, 'handover-before', '.hero');
        if (since !== null && canvas === 1 && dom === 0) break;
      }
      // And once the canvas has settled: no animation running, and the title's picture the same
      // ten frames apart (a light on its way would have moved).
      const hero = page.locator('.hero');
      await expect
        .poll(
          async () => {
            const running = await page.evaluate(() =>
              document.getAnimations().some((a) => a.playState === 'running'),
            );
            if (running) return false;
            const first = await hero.screenshot();
            await afterFrames(page, 10);
            return first.equals(await hero.screenshot());
          },
          { timeout: 30_000 },
        )
        .toBe(true);
      const settledSince = await page.evaluate(
        () => performance.now() - (window as unknown as { __readyAt: number }).__readyAt,
      );
      const settled = await readCanvas(page, 150, EDGE, LINE);
      const canvasLines = settled.lines!;
      await screenshot(page, 'handover-after', '.hero');
      const before = frames.filter((f) => f.since === null).at(-1);
      const after = frames.at(-1)!;
      frames.push({ ...after, since: settledSince, pic: settled });
      expect(before, 'a frame of the DOM title before the handover').toBeDefined();
      const report = frames.map(
        (f) =>
          `${f.since === null ? 'dom' : Math.round(f.since)} canvas ${f.canvas.toFixed(2)} DOM ${f.dom.toFixed(2)}: box ${f.pic.box!.left},${f.pic.box!.top}-${f.pic.box!.right},${f.pic.box!.bottom} mean ${meanOf(f.pic).toFixed(2)}, ${f.light} ${f.probe}`,
      );
      console.log(`[figures] handover frames:\n  ${report.slice(-8).join('\n  ')}`);
      const ref = before!.pic;
      for (const f of frames.filter((f) => f.since !== null)) {
        for (const side of ['left', 'top', 'right', 'bottom'] as const)
          expect(
            Math.abs(f.pic.box![side] - ref.box![side]),
            `${side} at ${f.since} ms`,
          ).toBeLessThanOrEqual(GLYPH_EDGE_TOLERANCE_PX);
        expect(Math.abs(meanOf(f.pic) - meanOf(ref)) / meanOf(ref)).toBeLessThan(
          BRIGHTNESS_TOLERANCE,
        );
      }
      // Once settled, the canvas title is as bright as the DOM title was.
      {
        const settledMean = meanOf(frames.at(-1)!.pic);
        expect(Math.abs(settledMean - meanOf(ref)) / meanOf(ref)).toBeLessThan(0.1);
      }
      // The same letters, insides too: no line appears or disappears at the handover.
      expect(domLines, 'the DOM title with the light at rest').toBeDefined();
      const lightX = settled.light?.x ?? 504;
      const skip = { from: lightX - LIGHT_SKIP_PX, to: lightX + LIGHT_SKIP_PX };
      const appeared = strokesMissingFrom(canvasLines, domLines!, 1, skip);
      const vanished = strokesMissingFrom(domLines!, canvasLines, 1, skip);
      console.log(`[figures] handover lines: ${appeared} px appeared, ${vanished} px vanished`);
      expect(appeared, 'line pixels the canvas draws and the DOM title did not').toBeLessThan(
        UNMATCHED_LINE_PX,
      );
      expect(vanished, 'line pixels the DOM title drew and the canvas does not').toBeLessThan(
        UNMATCHED_LINE_PX,
      );
      expect(after.canvas).toBe(1);
      expect(after.since).toBeGreaterThan(TITLE_CROSSFADE_MS * 0.9);
      // The canvas and the title box fade in step: one start time.
      const fade = await starts;
      expect(fade.sides[0]).toBe(fade.sides[1]);
      // The canvas is added to the DOM title while they fade, and simply laid over the page after.
      expect(fade.blend, 'blending while the titles fade').toBe('plus-lighter');
      const blendAfter = await page.evaluate(
        () => getComputedStyle(document.querySelector('.title-canvas')!).mixBlendMode,
      );
      expect(blendAfter, 'blending after the fade').toBe('normal');
      expect(problems).toEqual([]);
      await context.close();
    });
  },
);
