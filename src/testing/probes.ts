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

/** The page's address, where a WebDriver test asks for test mode. */
const query = typeof window === 'undefined' ? null : new URLSearchParams(window.location.search);

/**
 * The page's probes, or null for a visitor. A test turns them on before the page loads: by an init
 * script (`window.__probes = {}`), or by asking for test mode in the address (`?motion-test`).
 */
const probes: Probes | null = (() => {
  if (!query) return null;
  if (window.__probes) return window.__probes;
  if (query.has('motion-test')) return (window.__probes = {});
  return null;
})();

/**
 * The probes a test hands its own parts to at start: `?motion-test` asks the `motion` probe to
 * take the page's clock and pointer over (docs/motion.md, "Test mode").
 */
const TAKE_OVER_AT_START: Partial<Record<keyof Probes, string>> = { motion: 'motion-test' };

/**
 * Lets a test read `value` as `window.__probes[name]`, if it asked for probes. A probe's
 * `takeOver()` runs as it appears when the address asks: before the page reads what it replaces.
 */
export function exposeProbe<K extends keyof Probes>(name: K, value: NonNullable<Probes[K]>): void {
  if (!probes) return;
  probes[name] = value;
  const asked = TAKE_OVER_AT_START[name];
  const takeOver = (value as { takeOver?: () => void }).takeOver;
  if (asked && takeOver && query?.has(asked)) takeOver();
}
