import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TWO_LINE_ASPECT } from '../../src/motion/model';
import { LIGHT_COLORS, titleCss } from '../../src/motion/titleLook';

const css = readFileSync('src/styles/global.css', 'utf8');
const generated = titleCss();

describe("the title's CSS and the model", () => {
  it('starts two lines at the aspect the model does (a media query takes no custom property)', () => {
    const [, w, h] = /max-aspect-ratio:\s*(\d+)\s*\/\s*(\d+)/.exec(css) ?? [];
    expect(Number(h) / Number(w)).toBeCloseTo(TWO_LINE_ASPECT, 6);
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
