/**
 * Whether the address asks for test mode (`?motion-test`, docs/motion.md): a test's clock and
 * pointer instead of the page's. Read only by the two entry points, which wire it: `boot.ts`
 * (no early light) and `main.tsx` (src/motion/testInputs.ts).
 */
export const asksForTestMode = (win: Window = window): boolean =>
  new URLSearchParams(win.location.search).has('motion-test');
