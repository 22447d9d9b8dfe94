import type { LightProbe } from '../motion/lightProbe';
import type { MotionTestApi } from '../motion/inputs';
import type { DomLightProbe } from '../home/titleLight';

/** What a test can read from the page, by name. Each value is live: the page keeps it current. */
export interface Probes {
  /** Frames the canvas title has drawn. */
  titleFrames?: { readonly frames: number };
  /** Where the canvas put the light last, and what led it. */
  titleLight?: Readonly<LightProbe>;
  /** What the CSS light on the DOM title did last. */
  domLight?: Readonly<DomLightProbe>;
  /** How many times the edge light wrote styles. */
  edgeLight?: { readonly writes: number };
  /** Test mode's clock, pointer and canvas controls (only under `?motion-test`). */
  motion?: MotionTestApi;
}

declare global {
  interface Window {
    __probes?: Probes;
  }
}

/**
 * The page's probes, or null for a visitor. A test turns them on before the page loads: a
 * Playwright init script sets `window.__probes = {}`, and a WebDriver test, which has no init
 * scripts, adds `probe` (or `motion-test`) to the address.
 */
const probes: Probes | null = (() => {
  if (typeof window === 'undefined') return null;
  if (window.__probes) return window.__probes;
  const query = new URLSearchParams(window.location.search);
  if (query.has('probe') || query.has('motion-test')) return (window.__probes = {});
  return null;
})();

/** Lets a test read `value` as `window.__probes[name]`, if a test asked for probes. */
export function exposeProbe<K extends keyof Probes>(name: K, value: NonNullable<Probes[K]>): void {
  if (probes) probes[name] = value;
}
