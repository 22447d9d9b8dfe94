import { describe, expect, it } from 'vitest';
import * as fontkit from 'fontkit';
import { buildTitleGlyphs } from '../../scripts/build/titleGlyphs';
import { company } from '../../src/content/company';

describe("the title's build step", () => {
  it('merges overlapping contours: one contour per closed shape in the font the DOM title uses', async () => {
    const { woff2, contoursByChar } = await buildTitleGlyphs(company.name);
    // Syne draws "t" and "f" from two overlapping contours each; "o" and "e" have a counter.
    expect(contoursByChar).toMatchObject({ t: 1, f: 1, o: 2, e: 2, l: 1 });
    expect(Buffer.from(woff2.subarray(0, 4)).toString('latin1')).toBe('wOF2');
    expect(woff2.length).toBeLessThan(8_000);
  });

  it('builds another name with the same metrics and kerning as the shipped font', async () => {
    const name = 'Prairie Fox Works';
    const { woff2, glyphs, metrics, contoursByChar } = await buildTitleGlyphs(name);
    const font = fontkit.create(Buffer.from(woff2));
    const syne = fontkit.create(
      Buffer.from(
        await import('node:fs/promises').then((fs) =>
          fs.readFile('node_modules/@fontsource/syne/files/syne-latin-700-normal.woff2'),
        ),
      ),
    );
    for (const word of name.split(' ')) {
      const advances = (f: fontkit.Font) => f.layout(word).positions.map((p) => p.xAdvance);
      expect(advances(font)).toEqual(advances(syne));
    }
    expect(glyphs.words.map((w) => w.text)).toEqual(['Prairie', 'Fox', 'Works']);
    expect(glyphs.words[1]!.width).toBeCloseTo(
      syne.layout('Fox').positions.reduce((s, p) => s + p.xAdvance, 0) / syne.unitsPerEm,
      4,
    );
    // Every contour closed and ready for the GPU: points come in x, y pairs, counted per contour.
    for (const w of glyphs.words) {
      expect(w.points.length).toBe(2 * w.contours.reduce((s, n) => s + n, 0));
      expect(Buffer.from(w.halo.alpha, 'base64').length).toBe(w.halo.width * w.halo.height);
    }
    // The name's widths for the page's first paint and its store: words, and spaces between them.
    const space = syne.layout(' ').positions[0]!.xAdvance / syne.unitsPerEm;
    expect(metrics.spaceEm).toBeCloseTo(space, 6);
    expect(metrics.wordsEm).toEqual(glyphs.words.map((w) => w.width));
    expect(metrics.titleEm).toBeCloseTo(
      glyphs.words.reduce((s, w) => s + w.width, 0) + 2 * space,
      6,
    );
    expect(Object.keys(contoursByChar).sort()).toEqual([...new Set('PrairieFoxWorks')].sort());
    expect(contoursByChar.x).toBe(1);
  });

  it('refuses a name the font cannot draw', async () => {
    await expect(buildTitleGlyphs('Ωmega')).rejects.toThrow(/no glyph for "Ω"/);
  });
});
