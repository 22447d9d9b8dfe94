/**
 * Whether the address asks for test mode (`?motion-test`, docs/motion.md): a test's clock and
 * pointer instead of the page's. Read only by `src/main.tsx`, the one place that wires it.
 */
export const asksForTestMode = (win: Window = window): boolean =>
  new URLSearchParams(win.location.search).has('motion-test');
