import { ATTRACT_AFTER_MS, attractPosition } from './attract';
import { lightRadius, lightScrollOffset, sweepPath, SWEEP_RETURN_MS } from './light';
import { lightRestX, sweepPosition, type TitleLayout } from './model';
import type { LightInputs } from './titleFrame';

export type { LightInputs };

export type LightLead = 'sweep' | 'pointer' | 'rest' | 'attract';

/** How quickly the light catches up with its target (ms to close ~63% of the gap). */
const FOLLOW_MS = 90;

/** Where the light should be (viewport px), its radius (px) and strength (0..1). */
export interface LightTarget {
  readonly x: number;
  readonly y: number;
  readonly lead: LightLead;
  readonly animating: boolean;
  /** The light jumps to its target instead of easing there (the sweep sets its own pace). */
  readonly immediate: boolean;
  readonly radius: number;
  readonly intensity: number;
}

/** The light's target at clock time `t` (ms) for a title laid out at scroll progress `p`. */
export function lightTarget(
  s: LightInputs,
  layout: TitleLayout,
  p: number,
  t: number,
): LightTarget {
  const radius = lightRadius(layout.fontPx);
  const { dy, intensity } = lightScrollOffset(p, layout.fontPx);
  const y = layout.centerY + dy;
  const left = layout.centerX - layout.widthPx / 2;
  const right = layout.centerX + layout.widthPx / 2;
  const base = { radius, intensity };
  if (s.sweepStart === null)
    return { ...base, x: left - radius, y, lead: 'rest', animating: false, immediate: true };
  if (!s.reducedMotion) {
    const sweep = sweepPosition(t - s.sweepStart, s.viewport?.width ?? 0, left, right, radius);
    if (!sweep.done)
      return { ...base, x: sweep.x, y, lead: 'sweep', animating: true, immediate: true };
  }
  // Only on the home page: the title is not shown elsewhere and must not animate for nothing.
  if (s.eventMode && s.idle && s.onHome && !s.reducedMotion) {
    const at = attractPosition(t - s.lastInput - ATTRACT_AFTER_MS, layout);
    return { ...base, ...at, lead: 'attract', animating: true, immediate: false };
  }
  if (s.pointer.inside)
    return {
      ...base,
      x: s.pointer.x,
      y: s.pointer.y,
      lead: 'pointer',
      animating: false,
      immediate: false,
    };
  return { ...base, x: lightRestX(layout), y, lead: 'rest', animating: false, immediate: false };
}

/** Ms until the intro sweep has crossed the title: 0 once over or none, null before it starts. */
export function sweepLeftMs(s: LightInputs, layout: TitleLayout, t: number): number | null {
  if (s.sweepStart === null) return null;
  if (s.reducedMotion) return 0;
  return Math.max(0, s.sweepStart + sweepSpan(layout, s.viewport?.width ?? 0).ms - t);
}

/** The intro sweep's path across the title in viewport px, and its length in ms (light.ts). */
export function sweepSpan(
  layout: TitleLayout,
  windowWidth: number,
): { from: number; to: number; ms: number } {
  const [from, to, ms] = sweepPath(layout.centerX, layout.widthPx, layout.fontPx, windowWidth);
  return { from, to, ms };
}

/** CSS's `ease-out` at linear progress `t` (0..1); not in light.ts, which the first paint loads. */
function easeOut(t: number): number {
  if (t <= 0) return 0;
  if (t >= 1) return 1;
  // cubic-bezier(0, 0, 0.58, 1): x(u) = 1.74u² − 0.74u³ rises on [0, 1]; bisect x(u) = t, y = 3u² − 2u³
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 24; i++) {
    const u = (lo + hi) / 2;
    if (1.74 * u * u - 0.74 * u * u * u < t) lo = u;
    else hi = u;
  }
  const u = (lo + hi) / 2;
  return 3 * u * u - 2 * u * u * u;
}

/** The light's x `elapsed` ms after the sweep's start: along the sweep, then eased back to `rest`. */
export function sweepPathX(
  span: { from: number; to: number; ms: number },
  rest: number,
  elapsed: number,
): number {
  if (elapsed < span.ms) return span.from + (span.to - span.from) * Math.max(0, elapsed / span.ms);
  return span.to + (rest - span.to) * easeOut((elapsed - span.ms) / SWEEP_RETURN_MS);
}

/** The light's place and the clock time of its last step. */
export interface LightPoint {
  x: number;
  y: number;
  last: number;
}

/** One eased step of `light` (mutated) to its target; returns whether it is still on its way. */

export function stepLight(
  light: LightPoint,
  target: { x: number; y: number },
  t: number,
  ease: boolean,
): boolean {
  if (ease && Number.isFinite(light.x)) {
    const dt = Math.min(100, Math.max(0, t - light.last));
    const k = 1 - Math.exp(-dt / FOLLOW_MS);
    light.x += (target.x - light.x) * k;
    light.y += (target.y - light.y) * k;
    if (Math.abs(target.x - light.x) < 0.25 && Math.abs(target.y - light.y) < 0.25) {
      light.x = target.x;
      light.y = target.y;
    }
  } else {
    light.x = target.x;
    light.y = target.y;
  }
  light.last = t;
  return light.x !== target.x || light.y !== target.y;
}
