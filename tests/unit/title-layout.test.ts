import { describe, expect, it } from 'vitest';
import { shallow } from 'zustand/shallow';
import {
  pinnedBand,
  scrollButtonDiameter,
  taglineOpacity,
  TAGLINE_GAP_PX,
  titleStrip,
  titleLayout,
  TITLE_MARGIN_MIN_PX,
  TITLE_MARGIN_SHARE,
  TITLE_LINE_HEIGHT,
} from '../../src/title/model/model';
import { motionStore, type Viewport } from '../../src/motion/store';
import { layoutInputs, lightInputs, titleEnds } from '../../src/title/model/titleFrame';

// "Bluestem Software" in Syne 700, as the DOM title measures it.
const em = 10.494;
const wordsEm = [5.216, 5.037];
const phone = { width: 390, height: 844 };
const desktop = { width: 1440, height: 900 };

describe('the title on a phone (two lines joining into one)', () => {
  it('starts on two lines on portrait screens and on one line elsewhere', () => {
    const lines = (viewport: Viewport | null, words = wordsEm) =>
      titleLayout(0, viewport, em, words).lines;
    expect(lines(phone)).toBe(2);
    expect(lines({ width: 360, height: 800 })).toBe(2);
    expect(lines(desktop)).toBe(1);
    expect(lines({ width: 800, height: 900 })).toBe(1);
    expect(lines(phone, [em])).toBe(1);
    expect(lines(null)).toBe(1);
  });

  it('puts one word on each line, centred, the first above the second', () => {
    const l = titleLayout(0, phone, em, wordsEm);
    expect(l.lines).toBe(2);
    expect(l.join).toBe(0);
    const [a, b] = l.words;
    expect(a!.x).toBeCloseTo(195, 6);
    expect(b!.x).toBeCloseTo(195, 6);
    expect(b!.y - a!.y).toBeCloseTo(l.fontPx * TITLE_LINE_HEIGHT, 6);
    expect((a!.y + b!.y) / 2).toBeCloseTo(l.centerY, 6);
  });

  it('is bigger than one line could be, and still 48 -> 32 with the pin at 0.98', () => {
    const start = titleLayout(0, phone, em, wordsEm);
    const oneLine = titleLayout(0, phone, em, [em]);
    const pinned = titleLayout(0.98, phone, em, wordsEm);
    expect(start.fontPx / oneLine.fontPx).toBeGreaterThan(1.2);
    expect(pinned.fontPx / start.fontPx).toBeCloseTo(32 / 48, 10);
    expect(pinned.pinned).toBe(true);
    expect(titleLayout(0.97, phone, em, wordsEm).pinned).toBe(false);
  });

  it('has joined into one line exactly at the pin, and fits the width there', () => {
    const pinned = titleLayout(0.98, phone, em, wordsEm);
    expect(pinned.join).toBe(1);
    for (const w of pinned.words) {
      expect(w.dx).toBeCloseTo(0, 6);
      expect(w.dy).toBeCloseTo(0, 6);
    }
    expect(pinned.widthPx).toBeLessThanOrEqual(
      390 - 2 * Math.max(TITLE_MARGIN_MIN_PX, 390 * TITLE_MARGIN_SHARE) + 1e-6,
    );
  });

  it('never grows wider than the pinned line while joining', () => {
    const end = titleLayout(0.98, phone, em, wordsEm).widthPx;
    for (let p = 0; p <= 1; p += 0.02)
      expect(titleLayout(p, phone, em, wordsEm).widthPx).toBeLessThanOrEqual(end + 1e-6);
  });

  it('never lets a word cross the other line: side by side before the lines close', () => {
    for (const viewport of [phone, { width: 360, height: 800 }]) {
      let closedFrom = Infinity;
      for (let p = 0; p <= 1.0001; p += 0.005) {
        const l = titleLayout(p, viewport, em, wordsEm);
        const [a, b] = l.words;
        const sideways = b!.x - b!.widthPx / 2 - (a!.x + a!.widthPx / 2);
        const apart = (b!.y - a!.y) / l.fontPx;
        if (apart < TITLE_LINE_HEIGHT - 1e-9) closedFrom = Math.min(closedFrom, p);
        // Lines closer than a line height only once the words no longer overlap sideways.
        if (apart < TITLE_LINE_HEIGHT - 1e-9) expect(sideways, `at p ${p}`).toBeGreaterThan(0);
        expect(l.size).toBeLessThanOrEqual(48);
      }
      // The lines start closing at 60 % of the way to the pin, at the end size.
      expect(closedFrom).toBeGreaterThan(0.98 * 0.6);
      expect(titleLayout(0.98 * 0.6, viewport, em, wordsEm).size).toBeCloseTo(32, 6);
    }
  });

  it('gives the canvas strip room for both lines and the halo', () => {
    const l = titleLayout(0, phone, em, wordsEm);
    expect(titleStrip(l).height).toBeGreaterThan(2 * TITLE_LINE_HEIGHT * l.fontPx);
  });

  it('splits three words where the longer line is shortest', () => {
    // The first line's words share its y; the rest sit lower.
    const firstLine = (words: number[]) => {
      const placed = titleLayout(0, phone, words.reduce((a, w) => a + w, 0) + 0.6, words).words;
      return placed.filter((w) => w.y === placed[0]!.y).length;
    };
    expect(firstLine([2, 2, 4])).toBe(2);
    expect(firstLine([4, 2, 2])).toBe(1);
  });
});

describe('the title on a desktop', () => {
  it('keeps one line with every word at its place in it', () => {
    const l = titleLayout(0, desktop, em, wordsEm);
    expect(l.lines).toBe(1);
    for (const w of l.words) expect([w.dx, w.dy]).toEqual([0, 0]);
    expect(l.widthPx).toBeCloseTo(l.fontPx * em, 6);
  });
});

describe('the band behind the pinned title', () => {
  it('fades in from 70% of scroll progress to the pin and reaches 48 px below the title', () => {
    const l = titleLayout(0.98, desktop, em, wordsEm);
    expect(pinnedBand(0.7, l).opacity).toBe(0);
    expect(pinnedBand(0.84, l).opacity).toBeCloseTo(0.5, 6);
    expect(pinnedBand(0.98, l).opacity).toBe(1);
    expect(pinnedBand(0.98, l).height).toBeCloseTo(l.centerY + (l.fontPx * 1.2) / 2 + 48, 6);
  });
});

describe('the title’s two ends', () => {
  it('are its layout at the top and pinned, whatever the scroll', () => {
    for (const viewport of [phone, desktop])
      for (const scrollY of [0, 300, 5000]) {
        const ends = titleEnds({ scrollY, viewport, titleEm: em, titleWordsEm: wordsEm });
        expect(ends.start).toEqual(titleLayout(0, viewport, em, wordsEm));
        expect(ends.pinned).toEqual(titleLayout(1, viewport, em, wordsEm));
        expect(ends.pinned.pinned).toBe(true);
      }
  });
});

describe('the tagline under the title', () => {
  const bottom = (l: ReturnType<typeof titleLayout>) =>
    Math.max(...l.words.map((w) => w.y)) + (l.fontPx * TITLE_LINE_HEIGHT) / 2;

  it('is whole at its place and gone before the page carries it up to the title', () => {
    for (const viewport of [phone, desktop, { width: 360, height: 800 }]) {
      const start = titleLayout(0, viewport, em, wordsEm);
      expect(taglineOpacity(0, start, start)).toBe(1);
      let last = 1;
      for (let y = 0; y <= viewport.height; y += 2) {
        const now = titleLayout(y / viewport.height, viewport, em, wordsEm);
        const shown = taglineOpacity(y, start, now);
        // Its top, 24 px under the title at the start, as the page has carried it.
        const top = bottom(start) + TAGLINE_GAP_PX - y;
        if (top <= bottom(now)) expect(shown, `at ${y} px`).toBe(0);
        expect(shown).toBeLessThanOrEqual(last);
        last = shown;
      }
      expect(last).toBe(0);
    }
  });
});

describe('scrolling past the pin', () => {
  it('changes no input of the title, so nothing is written or drawn for it', () => {
    for (const viewport of [phone, desktop]) {
      const at = (scrollY: number) => ({
        ...motionStore.getInitialState(),
        viewport,
        titleEm: em,
        titleWordsEm: wordsEm,
        scrollY,
      });
      const pinned = at(viewport.height);
      for (const scrollY of [viewport.height + 1, 2 * viewport.height, 20_000]) {
        expect(shallow(layoutInputs(at(scrollY)), layoutInputs(pinned))).toBe(true);
        expect(shallow(lightInputs(at(scrollY)), lightInputs(pinned))).toBe(true);
      }
      expect(shallow(layoutInputs(at(viewport.height - 1)), layoutInputs(pinned))).toBe(false);
      expect(shallow(lightInputs(at(-40)), lightInputs(at(0)))).toBe(true);
    }
  });

  it('finds the tagline, the scroll button and the band at their ends by then', () => {
    for (const viewport of [phone, desktop]) {
      const start = titleLayout(0, viewport, em, wordsEm);
      const pinned = titleLayout(1, viewport, em, wordsEm);
      expect(taglineOpacity(viewport.height, start, pinned)).toBe(0);
      expect(scrollButtonDiameter(viewport.height, viewport.height)).toBe(0);
      expect(pinnedBand(1, pinned).opacity).toBe(1);
    }
  });
});
