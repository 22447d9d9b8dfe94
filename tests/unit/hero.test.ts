import { describe, expect, it } from 'vitest';
import { heroShape, heroStyles } from '../../src/title/model/hero';
import { pinnedBand } from '../../src/title/model/model';
import { motionStore, type MotionState } from '../../src/motion/store';
import { layoutOf, titleEnds } from '../../src/title/model/titleFrame';

const desktop = { width: 1440, height: 900 };
const phone = { width: 390, height: 844 };
const at = (
  viewport: MotionState['viewport'],
  scrollY: number,
  more: Partial<MotionState> = {},
) => ({
  ...motionStore.getInitialState(),
  viewport,
  scrollY,
  ...more,
});
const hero = (s: MotionState) => heroStyles(s, heroShape(s));

describe("the hero's shape", () => {
  it('keeps the room of the pinned band and draws the band once at its tallest', () => {
    for (const viewport of [desktop, phone]) {
      const s = at(viewport, 0);
      const shape = heroShape(s);
      const { start, pinned } = titleEnds(s);
      expect(shape.room).toBe(Math.ceil(pinnedBand(1, pinned).height));
      expect(shape.bandHeight).toBeGreaterThanOrEqual(shape.room);
      expect(shape.bandHeight).toBeGreaterThanOrEqual(pinnedBand(0, start).height);
    }
  });

  it('does not change with the scroll', () => {
    expect(heroShape(at(desktop, 450))).toEqual(heroShape(at(desktop, 0)));
  });
});

describe("the hero's styles", () => {
  it('at the top: the DOM title, the whole button, the tagline shown, no band', () => {
    const styles = hero(at(desktop, 0));
    expect(styles.mode).toBe('dom');
    expect(styles.pinned).toBe('false');
    expect(styles.button).toEqual({ shrink: '1', gone: false, diameter: '3.0000' });
    expect(Number(styles.tagline || 1)).toBeCloseTo(1);
    expect(styles.band.opacity).toBe('0');
    expect(styles.words).toEqual(['', '']);
  });

  it('hands the title to the canvas once it is ready', () => {
    expect(hero(at(desktop, 0, { canvas: 'ready' })).mode).toBe('canvas');
    expect(hero(at(desktop, 0, { canvas: 'lost' })).mode).toBe('dom');
  });

  it('hides the button from half a viewport down, and pins the title with its band at the end', () => {
    expect(hero(at(desktop, 450)).button).toEqual({ shrink: '0', gone: true, diameter: '0.0000' });
    const pinned = hero(at(desktop, 900));
    expect(pinned.pinned).toBe('true');
    expect(pinned.band.opacity).toBe('1');
    expect(pinned.band.transform).toMatch(/^translateY\(-?\d+\.\d\dpx\)$/);
    expect(Number(pinned.tagline)).toBeLessThan(1);
  });

  it('moves the words of a two-line name, and scales the outline back to unscaled px', () => {
    const s = at(phone, 0, { titleWordsEm: [5.216, 5.037], titleEm: 10.494 });
    const styles = hero(s);
    expect(styles.words.every((w) => w.startsWith('translate('))).toBe(true);
    const halfway = { ...s, scrollY: 422 };
    const { box } = hero(halfway);
    const scale = Number(/scale\(([\d.]+)\)/.exec(box.transform)![1]);
    expect(scale).toBeLessThan(1);
    expect(parseFloat(box.stroke) * scale).toBeCloseTo(layoutOf(halfway).layout.strokePx);
  });
});
