/**
 * What a test can read from the page, by name. Each value is live: the page keeps it current. A
 * feature adds its own probe to this interface, beside the code that fills it:
 *
 * ```ts
 * declare module '../testing/probes' {
 *   interface Probes {
 *     edgeLight?: { readonly writes: number };
 *   }
 * }
 * ```
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- each feature adds its probes
export interface Probes {}

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
