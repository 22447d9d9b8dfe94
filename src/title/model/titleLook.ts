/** The title's light said once, for the shader and the CSS (docs/title-light.md). */
import { LIGHT_RADIUS_EM } from './light.ts';
import {
  GUESSED_SIZE,
  GUESSED_STROKE,
  longerLineEm,
  OUTLINE_UNIT,
  TAGLINE_GAP_PX,
  TITLE_END_SIZE,
  TITLE_LINE_HEIGHT,
  TITLE_MARGIN_MIN_PX,
  TITLE_MARGIN_SHARE,
  TITLE_MAX_START_PX,
  TITLE_START_SIZE,
  TITLE_START_Y,
  type TitleMetrics,
} from './model.ts';

/** The unlit outline and the light's two hues, cool on its left and violet on its right (sRGB). */
export const LIGHT_COLORS = { base: '#a9b4e8', hueA: '#9fb0ff', hueB: '#d7a8ff' } as const;
/** The unlit outline's alpha: dim but legible. */
export const LIGHT_BASE_ALPHA = 0.42;

/** The light's shape for L = exp(-falloff · d²), d in radii (docs/title-light.md). */
const LIGHT_SHAPE = { falloff: 2.4, hueGain: 1.6, alphaGain: 1.8, core: 0.55, glow: 0.6 };

/** The CSS light's white core copy: its alpha by distance, matched by eye to the shader's core. */
const CORE_STOPS: readonly (readonly [d: number, alpha: number])[] = [
  [0, 0.85],
  [0.25, 0.5],
  [0.4, 0.26],
  [0.55, 0.1],
  [0.8, 0],
];
const CSS_HALO_MIX = 0.55;

const CSS_HALO_ALPHA = 0.9;

/** The shape as GLSL #defines, prepended to shaders/titleLight.glsl. */
export function lightDefines(): string {
  const f = (v: number) => (Number.isInteger(v) ? v.toFixed(1) : String(v));
  const { falloff, hueGain, alphaGain, core, glow } = LIGHT_SHAPE;
  return [
    `#define LIGHT_FALLOFF ${f(falloff)}`,
    `#define LIGHT_HUE_GAIN ${f(hueGain)}`,
    `#define LIGHT_ALPHA_GAIN ${f(alphaGain)}`,
    `#define LIGHT_CORE ${f(core)}`,
    `#define LIGHT_GLOW ${f(glow)}`,
    '',
  ].join('\n');
}

const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
const clamp1 = (v: number) => Math.min(1, v);
const stops = (points: readonly (readonly [number, number])[]) =>
  points.map(([d, a]) => `rgb(0 0 0 / ${+a.toPrecision(2)}) ${+(d * 100).toFixed(1)}%`).join(', ');

/** The lit copies' masks as gradient stops, by distance in radii (the window reaches 1.5). */
function maskStops() {
  const { falloff, hueGain, alphaGain, glow } = LIGHT_SHAPE;
  const L = (d: number) => Math.exp(-falloff * d * d);
  // The hue copy: the shader's colour mix folded into its alpha, times the outline's alpha.
  const spot = (d: number) =>
    clamp1(hueGain * L(d)) * (LIGHT_BASE_ALPHA + (1 - LIGHT_BASE_ALPHA) * clamp1(alphaGain * L(d)));
  const ds = [0, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1, 1.2];
  return {
    spot: stops([...ds.map((d) => [d, spot(d)] as const), [1.5, 0]]),
    glow: stops([...[0, 0.25, 0.45, 0.7].map((d) => [d, glow * L(d) ** 2] as const), [1, 0]]),
    core: stops(CORE_STOPS),
  };
}

/** The custom properties the build appends to styles/global.css, as a `:root` rule; `metrics`: the
 * name's widths in its font, so the first paint sizes the title as the app will. */
export function titleCss(metrics: TitleMetrics): string {
  const [r, g, b] = rgb(LIGHT_COLORS.base);
  const a = rgb(LIGHT_COLORS.hueA);
  const v = rgb(LIGHT_COLORS.hueB);
  const halo = a.map((c, i) => Math.round(c + (v[i]! - c) * CSS_HALO_MIX)).join(' ');
  const room = `(100vw - 2 * max(${TITLE_MARGIN_MIN_PX}px, ${TITLE_MARGIN_SHARE * 100}vw))`;
  const masks = maskStops();
  const titleEm = metrics.titleEm.toFixed(4);
  const lineEm = longerLineEm(metrics.wordsEm, metrics.spaceEm).toFixed(4);
  const props: Record<string, string> = {
    '--light-base': `rgb(${r} ${g} ${b} / ${LIGHT_BASE_ALPHA})`,
    '--light-hue-a': LIGHT_COLORS.hueA,
    '--light-hue-b': LIGHT_COLORS.hueB,
    '--light-halo': `rgb(${halo} / ${CSS_HALO_ALPHA})`,
    '--light-r': `${LIGHT_RADIUS_EM}em`,
    '--light-spot-stops': masks.spot,
    '--light-core-stops': masks.core,
    '--light-glow-stops': masks.glow,
    '--title-font-1': `min(${TITLE_MAX_START_PX}px, calc(${room} / ${titleEm}))`,
    '--title-font-2': `min(${TITLE_MAX_START_PX}px, calc(${room} / ${titleEm} * ${TITLE_START_SIZE} / ${TITLE_END_SIZE}), calc(${room} / ${lineEm}))`,
    '--title-line-em': lineEm,
    '--title-stroke-div': String(GUESSED_SIZE / (GUESSED_STROKE * OUTLINE_UNIT)),
    '--title-line': String(TITLE_LINE_HEIGHT),
    '--title-top': `${TITLE_START_Y * 100}`,
    '--tagline-gap': `${TAGLINE_GAP_PX}px`,
  };
  return `:root {\n${Object.entries(props)
    .map(([k, val]) => `  ${k}: ${val};`)
    .join('\n')}\n}\n`;
}
