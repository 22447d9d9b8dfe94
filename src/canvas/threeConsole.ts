/**
 * three.js's console, less one notice no visitor or developer here can act on. R3F 9.8 (its newest
 * release) builds a `THREE.Clock` for every root's store, and three r183 and later warn on each
 * one as deprecated: a warning in every visitor's console, and from the worker a message the page
 * must take in on its main thread. Everything else three.js says goes to the console as before
 * (three's own hook, `setConsoleFunction`; the stack-trace form it knows is only for TSL nodes,
 * which the title does not use).
 */
import { setConsoleFunction } from 'three';

/** The notice R3F's store sets off, exactly as three.js words it. */
export const CLOCK_DEPRECATION =
  'THREE.Clock: This module has been deprecated. Please use THREE.Timer instead.';

setConsoleFunction((type: 'log' | 'warn' | 'error', message: string, ...params: unknown[]) => {
  if (message !== CLOCK_DEPRECATION) console[type](message, ...params);
});
