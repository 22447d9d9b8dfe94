/**
 * What a test can read from the page, by name; each value is live. A feature adds its probe to
 * this interface with `declare module`, beside the code that fills it (docs/testing.md).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- each feature adds its probes
export interface Probes {}

declare global {
  interface Window {
    __probes?: Probes;
  }
}

/** The page's address, where a WebDriver test asks for probes and for test mode. */
const query = typeof window === 'undefined' ? null : new URLSearchParams(window.location.search);

/**
 * The page's probes, or null for a visitor. A test turns them on before the page loads: a
 * Playwright init script sets `window.__probes = {}`, and a WebDriver test, which has no init
 * scripts, adds `probe` (or `motion-test`) to the address.
 */
const probes: Probes | null = (() => {
  if (!query) return null;
  if (window.__probes) return window.__probes;
  if (query.has('probe') || query.has('motion-test')) return (window.__probes = {});
  return null;
})();

/**
 * The probes a test hands its own parts to at start: `?motion-test` asks the `motion` probe to
 * take the page's clock and pointer over (docs/motion.md, "Test mode").
 */
const TAKE_OVER_AT_START: Partial<Record<keyof Probes, string>> = { motion: 'motion-test' };

/**
 * Lets a test read `value` as `window.__probes[name]`, if a test asked for probes. A probe with a
 * `takeOver()` hands the page to the test as it appears, when the address asks for it: before
 * the page has read anything the test replaces.
 */
export function exposeProbe<K extends keyof Probes>(name: K, value: NonNullable<Probes[K]>): void {
  if (!probes) return;
  probes[name] = value;
  const asked = TAKE_OVER_AT_START[name];
  const takeOver = (value as { takeOver?: () => void }).takeOver;
  if (asked && takeOver && query?.has(asked)) takeOver();
}
