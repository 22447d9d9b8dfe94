import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import titleMetrics from 'virtual:title-metrics';
import {
  longerLineEm,
  titleLayout,
  TITLE_MARGIN_MIN_PX,
  TITLE_MARGIN_SHARE,
} from '../../src/title/model/model';
import { motionStore } from '../../src/motion/store';
import { LIGHT_COLORS, titleCss } from '../../src/title/model/titleLook';

/** The first paint's styles: global.css with the features' sheets it imports. */
const GLOBAL_CSS = 'src/styles/global.css';
const globalCss = readFileSync(GLOBAL_CSS, 'utf8');
const css = [
  globalCss,
  ...[...globalCss.matchAll(/@import '(\.[^']+)'/g)].map(([, path]) =>
    readFileSync(join(dirname(GLOBAL_CSS), path!), 'utf8'),
  ),
].join('\n');
const generated = titleCss(titleMetrics);
const room = `(100vw - 2 * max(${TITLE_MARGIN_MIN_PX}px, ${TITLE_MARGIN_SHARE * 100}vw))`;

describe("the title's CSS and the model", () => {
  it('starts two lines at the aspect the model does (a media query takes no custom property)', () => {
    const [, w, h] = /max-aspect-ratio:\s*(\d+)\s*\/\s*(\d+)/.exec(css) ?? [];
    const aspect = Number(h) / Number(w);
    const lines = (height: number) =>
      titleLayout(0, { width: 1000, height }, titleMetrics.titleEm, titleMetrics.wordsEm).lines;
    expect(lines(1000 * aspect)).toBe(2);
    expect(lines(1000 * aspect - 1)).toBe(1);
  });

  it('sizes the title at first paint by the widths the build measured, as the store does', () => {
    const { titleEm, wordsEm, spaceEm } = titleMetrics;
    // Syne 700's "Bluestem Software": two words and a space, about 10.5 em.
    expect(wordsEm).toHaveLength(2);
    expect(titleEm).toBeGreaterThan(10);
    expect(titleEm).toBeLessThan(11);
    expect(generated).toContain(
      `--title-font-1: min(168px, calc(${room} / ${titleEm.toFixed(4)}))`,
    );
    expect(generated).toContain(`--title-line-em: ${longerLineEm(wordsEm, spaceEm).toFixed(4)};`);
    expect(motionStore.getInitialState().titleEm).toBe(titleEm);
    expect(motionStore.getInitialState().titleWordsEm).toEqual(wordsEm);
    // Another name, other widths: nothing in the CSS is the name's but what the build measured.
    const other = titleCss({ titleEm: 7.25, wordsEm: [3, 4], spaceEm: 0.25 });
    expect(other).toContain(`calc(${room} / 7.2500))`);
    expect(other).toContain('--title-line-em: 4.0000;');
  });

  it('defines every --light-* and --title-* property the stylesheet reads', () => {
    const read = new Set([...css.matchAll(/var\((--(?:light|title)-[\w-]+)/g)].map((m) => m[1]!));
    const defined = (name: string) =>
      generated.includes(`${name}:`) || new RegExp(`^\\s*${name}:`, 'm').test(css);
    expect([...read].filter((name) => !defined(name))).toEqual([]);
    expect(read.size).toBeGreaterThan(8);
  });

  it("keeps the light's colours and radius out of the hand-written stylesheet", () => {
    for (const hex of Object.values(LIGHT_COLORS)) {
      expect(css.toLowerCase()).not.toContain(hex);
      // Nor the same colour written as rgb()/rgba() channels.
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
      expect(css).not.toMatch(new RegExp(`\\b${r}[,\\s]+${g}[,\\s]+${b}\\b`));
    }
    expect(css).not.toMatch(/--lit-r:\s*[\d.]+em/);
    expect(generated).toContain(`--light-hue-a: ${LIGHT_COLORS.hueA}`);
  });
});
