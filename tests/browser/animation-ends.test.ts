import { describe, expect, it } from 'vitest';
import { baseURL, DESKTOP, openPage, sharedBrowser } from './browser';
import { waitForCanvas } from '../shared/canvasTakeover';

const browser = sharedBrowser();

/** How an animation of the title or the scroll hint ended, as the page saw it. */
interface Ended {
  /** 'fade' (opacity: the handover), 'sweep' (the lit copies), 'pulse' (the hint's ring). */
  kind: 'fade' | 'sweep' | 'pulse';
  how: 'cancelled' | 'finished';
  /** ms from the moment it ended to its effect's own end (negative: ended after it). */
  early: number;
  /** Whether what it showed then was its last keyframe's value. */
  atRest: boolean;
  /** When it started and ended (the document timeline's ms), and whether the DOM title was hidden then. */
  start: number;
  at: number;
  hidden: boolean;
}

/**
 * Records every end of the page's Web Animations and CSS animations: a cancel (the app's timer)
 * or a finish (the effect's end, which Chromium pays for with frames over its last ~40 ms).
 */
function watchEnds() {
  const ended: Ended[] = [];
  (window as unknown as { __ended: Ended[] }).__ended = ended;
  const kindOf = (a: Animation): Ended['kind'] | null => {
    const effect = a.effect as KeyframeEffect | null;
    if (!effect?.target) return null;
    if (effect.pseudoElement === '::before') return 'pulse';
    if (effect.target.closest('.hero__lit')) return 'sweep';
    const [first] = effect.getKeyframes();
    return first && 'opacity' in first ? 'fade' : null;
  };
  // The value shown now against the last keyframe's, for the animated properties.
  const atRest = (a: Animation) => {
    const effect = a.effect as KeyframeEffect;
    const last = effect.getKeyframes().at(-1)!;
    const style = getComputedStyle(effect.target!, effect.pseudoElement);
    return ['opacity', 'transform']
      .filter((p) => p in last)
      .every((p) => {
        const probe = document.createElement('div');
        probe.style.setProperty(p, String(last[p]));
        document.body.append(probe);
        const want = getComputedStyle(probe).getPropertyValue(p);
        probe.remove();
        return style.getPropertyValue(p) === want;
      });
  };
  const note = (a: Animation, how: Ended['how'], rest: boolean) => {
    const kind = kindOf(a);
    if (!kind) return;
    const timing = a.effect!.getComputedTiming();
    const end = Number(a.startTime) + Number(timing.endTime);
    const now = Number(document.timeline.currentTime);
    const box = document.querySelector('.hero__title-box');
    const hidden = !!box && getComputedStyle(box).opacity === '0';
    ended.push({
      kind,
      how,
      early: Math.round(end - now),
      atRest: rest,
      start: Number(a.startTime),
      at: now,
      hidden,
    });
  };
  const cancel = Animation.prototype.cancel;
  Animation.prototype.cancel = function (this: Animation) {
    if (this.playState === 'running') note(this, 'cancelled', atRest(this));
    cancel.call(this);
  };
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (this: Element, ...args: Parameters<Element['animate']>) {
    const a = animate.apply(this, args);
    a.addEventListener('finish', () => note(a, 'finished', true));
    return a;
  };
  // The ring's CSS animation: its end is an event.
  document.addEventListener(
    'animationend',
    (e) => {
      if (e.pseudoElement === '::before')
        ended.push({
          kind: 'pulse',
          how: 'finished',
          early: 0,
          atRest: true,
          start: Number.NaN,
          at: Number(document.timeline.currentTime),
          hidden: false,
        });
    },
    true,
  );
}

describe('the title’s and the scroll hint’s animations, in Chromium', () => {
  it('end in their rest by the app’s timers, never at their effect’s end (no frames for the timeline there)', async () => {
    const { page, problems } = await openPage(browser(), { viewport: DESKTOP });
    await page.addInitScript(watchEnds);
    await page.goto(`${baseURL()}/`, { waitUntil: 'load' });
    await waitForCanvas(page);
    // The pulse (7.2 s from the first paint) ends last, after the sweeps and the handover's fade.
    const ends = () => page.evaluate(() => (window as unknown as { __ended: Ended[] }).__ended);
    const pulsesOf = (all: Ended[]) => all.filter((e) => e.kind === 'pulse');
    await expect.poll(async () => pulsesOf(await ends()).length, { timeout: 30_000 }).toBe(1);
    const ended = await ends();
    console.log(`[figures] animation ends: ${JSON.stringify(ended)}`);
    const of = (kind: Ended['kind']) => ended.filter((e) => e.kind === kind);
    // None played to its end.
    expect(ended.filter((e) => e.how === 'finished')).toEqual([]);
    // The handover's two sides, each cancelled at its last value, well before its effect ends.
    expect(of('fade')).toHaveLength(2);
    // The first paint's sweep is taken over mid-way, with the title shown: its 8 animations are
    // ended neither at rest nor hidden. The app's 8 end at rest, or with the handover's fade, under
    // the hidden DOM title, which is where they are ended when the canvas is shown before the
    // sweep is over: in the frame of the fade's end (one timer's task and the frame after it).
    const sweeps = of('sweep');
    const taken = sweeps.filter((e) => !e.atRest && !e.hidden);
    const apps = sweeps.filter((e) => e.atRest || e.hidden);
    expect(taken).toHaveLength(8);
    expect(apps).toHaveLength(8);
    const fadeStart = Math.min(...of('fade').map((e) => e.start));
    const fadeEnd = Math.max(...of('fade').map((e) => e.at));
    for (const e of apps) {
      expect(e.at > fadeStart && e.at < fadeEnd, 'no sweep ended during the fade').toBe(false);
      if (e.at > fadeEnd) expect(e.at - fadeEnd, 'the sweep ended with the fade').toBeLessThan(50);
    }
    expect(of('pulse')).toHaveLength(1);
    for (const e of [...of('fade'), ...of('pulse')])
      expect(e.atRest, `${e.kind} ended at its last value`).toBe(true);
    for (const e of [...of('fade'), ...of('pulse'), ...apps])
      expect(e.early, `${e.kind} ended before the frames for its effect's end`).toBeGreaterThan(
        100,
      );

    // Away from the top the button is gone (display: none stops the pulse); back at the top the
    // pulse plays again, and that run too ends in its rest.
    const button = page.getByRole('button', { name: 'Scroll down' });
    await page.evaluate(() => window.scrollTo({ top: innerHeight, behavior: 'instant' }));
    await expect.poll(() => button.isHidden()).toBe(true);
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await expect.poll(() => button.isVisible()).toBe(true);
    await expect.poll(async () => pulsesOf(await ends()).length, { timeout: 30_000 }).toBe(2);
    const again = await ends();
    const pulses = pulsesOf(again);
    console.log(`[figures] the pulse's runs ended: ${JSON.stringify(pulses)}`);
    expect(again.filter((e) => e.how === 'finished')).toEqual([]);
    expect(pulses).toHaveLength(2);
    expect(pulses[1]!.atRest, 'the second run ended at its last value').toBe(true);
    expect(pulses[1]!.early).toBeGreaterThan(100);
    expect(problems).toEqual([]);
  });
});
