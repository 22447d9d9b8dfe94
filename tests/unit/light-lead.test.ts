import { describe, expect, it } from 'vitest';
import { lightRadius, SWEEP_RETURN_MS } from '../../src/title/model/light';
import {
  lightTarget,
  stepLight,
  sweepLeftMs,
  sweepPathX,
  sweepSpan,
  type LightInputs,
} from '../../src/title/model/lightLead';
import { ATTRACT_AFTER_MS } from '../../src/title/model/attract';
import { motionStore } from '../../src/motion/store';
import { lightRestX, titleLayout } from '../../src/title/model/model';

/** A name 10.5 em wide, on one line: the model's numbers below are for it. */
const NAME_EM = 10.5;

/** The light's time constant: it closes 63 % of the gap in this time. */
const FOLLOW_MS = 90;

const viewport = { width: 1440, height: 900 };
const layout = titleLayout(0, viewport, NAME_EM, [NAME_EM]);
const left = layout.centerX - layout.widthPx / 2;
const right = layout.centerX + layout.widthPx / 2;
const radius = lightRadius(layout.fontPx);

const inputs = (over: Partial<LightInputs> = {}): LightInputs => ({
  ...motionStore.getInitialState(),
  sweepStart: 0,
  reducedMotion: false,
  eventMode: false,
  idle: false,
  onHome: true,
  lastInput: 0,
  pointer: { x: 0, y: 0, inside: false, kind: 'mouse' },
  viewport,
  ...over,
});

describe('what leads the light', () => {
  it('waits left of the heading, out of sight, until the sweep starts', () => {
    const t = lightTarget(inputs({ sweepStart: null }), layout, 0, 5000);
    expect(t.x).toBe(left - radius);
    expect(t.animating).toBe(false);
  });

  it('sweeps from left of the heading at 2 px per ms on a 1440 px window', () => {
    const a = lightTarget(inputs({ sweepStart: 1000 }), layout, 0, 1100);
    const b = lightTarget(inputs({ sweepStart: 1000 }), layout, 0, 1300);
    expect(a.lead).toBe('sweep');
    expect(a.animating).toBe(true);
    expect(a.immediate).toBe(true);
    expect(b.x - a.x).toBeCloseTo(400);
    expect(a.x).toBeCloseTo(left - radius + 200);
  });

  it('sweeps at 1 px per ms on a 1024 px window', () => {
    const vp = { width: 1024, height: 800 };
    const l = titleLayout(0, vp, NAME_EM, [NAME_EM]);
    const a = lightTarget(inputs({ viewport: vp }), l, 0, 100);
    const b = lightTarget(inputs({ viewport: vp }), l, 0, 300);
    expect(b.x - a.x).toBeCloseTo(200);
  });

  it('hands over to the pointer once past the right edge', () => {
    const done = (right + radius - (left - radius)) / 2 + 1;
    const s = inputs({ pointer: { x: 300, y: 200, inside: true, kind: 'touch' } });
    const during = lightTarget(s, layout, 0, done - 10);
    const after = lightTarget(s, layout, 0, done);
    expect(during.lead).toBe('sweep');
    expect(after).toMatchObject({ lead: 'pointer', x: 300, y: 200, animating: false });
  });

  it('says how long the sweep has left, to the ms in which it stops leading', () => {
    for (const vp of [viewport, { width: 390, height: 844 }]) {
      const l = titleLayout(0, vp, NAME_EM, [NAME_EM]);
      const s = inputs({ sweepStart: 500, viewport: vp });
      const left = sweepLeftMs(s, l, 600)!;
      expect(left).toBeGreaterThan(100);
      expect(lightTarget(s, l, 0, 600 + left - 1).lead).toBe('sweep');
      expect(lightTarget(s, l, 0, 600 + left + 1).lead).not.toBe('sweep');
      expect(sweepLeftMs(s, l, 600 + left + 50)).toBe(0);
      // The path the CSS light plays on the compositor is lightTarget's sweep.
      const span = sweepSpan(l, vp.width);
      expect(lightTarget(s, l, 0, 500).x).toBeCloseTo(span.from);
      expect(lightTarget(s, l, 0, 500 + span.ms - 1e-6).x).toBeCloseTo(span.to);
    }
    expect(sweepLeftMs(inputs({ sweepStart: null }), layout, 0)).toBeNull();
    expect(sweepLeftMs(inputs({ reducedMotion: true }), layout, 10)).toBe(0);
  });

  it('rests a third of the way into the name with no pointer', () => {
    const t = lightTarget(inputs(), layout, 0, 60_000);
    expect(t).toMatchObject({ lead: 'rest', x: lightRestX(layout) });
  });

  it('plays no sweep under reduced motion', () => {
    const t = lightTarget(inputs({ reducedMotion: true }), layout, 0, 10);
    expect(t.lead).toBe('rest');
  });

  it('plays the attract loop in event mode when idle, on the home page only', () => {
    const s = inputs({ eventMode: true, idle: true, lastInput: 0 });
    expect(lightTarget(s, layout, 0, ATTRACT_AFTER_MS + 5000).lead).toBe('attract');
    expect(lightTarget({ ...s, onHome: false }, layout, 0, ATTRACT_AFTER_MS + 5000).lead).toBe(
      'rest',
    );
    expect(lightTarget({ ...s, reducedMotion: true }, layout, 0, 60_000).lead).toBe('rest');
  });

  it('sinks below the letters and dims by 30% as the page scrolls', () => {
    const top = lightTarget(inputs(), layout, 0, 60_000);
    const down = lightTarget(inputs(), titleLayout(1, viewport, NAME_EM, [NAME_EM]), 1, 60_000);
    expect(top.intensity).toBe(1);
    expect(down.intensity).toBeCloseTo(0.7);
    expect(down.y).toBeGreaterThan(titleLayout(1, viewport, NAME_EM, [NAME_EM]).centerY);
    expect(top.y).toBeLessThan(layout.centerY);
  });
});

describe('the light easing to its target', () => {
  it('closes about 63% of the gap in FOLLOW_MS whatever the frame rate', () => {
    const coarse = { x: 0, y: 0, last: 0 };
    stepLight(coarse, { x: 100, y: 0 }, FOLLOW_MS, true);
    const fine = { x: 0, y: 0, last: 0 };
    for (let t = 10; t <= FOLLOW_MS; t += 10) stepLight(fine, { x: 100, y: 0 }, t, true);
    expect(coarse.x).toBeCloseTo(63.2, 0);
    expect(fine.x).toBeCloseTo(coarse.x, 5);
  });

  it('snaps within a quarter pixel and then says it has arrived', () => {
    const l = { x: 99.9, y: 0, last: 0 };
    expect(stepLight(l, { x: 100, y: 0 }, 16, true)).toBe(false);
    expect(l.x).toBe(100);
  });

  it('jumps when not easing (the sweep, test mode, reduced motion, the first frame)', () => {
    const l = { x: Number.NaN, y: Number.NaN, last: 0 };
    expect(stepLight(l, { x: 5, y: 6 }, 16, true)).toBe(false);
    expect(l).toMatchObject({ x: 5, y: 6 });
    expect(stepLight(l, { x: 50, y: 6 }, 32, false)).toBe(false);
    expect(l.x).toBe(50);
  });
});

describe('sweepPathX: the sweep, then its eased return to rest', () => {
  const span = { from: -100, to: 500, ms: 600 };
  it('crosses at constant speed, then returns to rest by CSS ease-out', () => {
    expect(sweepPathX(span, 150, 0)).toBe(-100);
    expect(sweepPathX(span, 150, 300)).toBe(200);
    expect(sweepPathX(span, 150, 600)).toBe(500);
    // cubic-bezier(0, 0, 0.58, 1) at half its time is 0.6846 of the way.
    expect(sweepPathX(span, 150, 600 + SWEEP_RETURN_MS / 2)).toBeCloseTo(500 - 350 * 0.6846, 0);
    expect(sweepPathX(span, 150, 600 + SWEEP_RETURN_MS)).toBe(150);
    expect(sweepPathX(span, 150, 60_000)).toBe(150);
  });
});
