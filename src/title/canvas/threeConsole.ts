/**
 * three.js's console, without one notice that nobody can act on. R3F builds a `THREE.Clock` for
 * every root, and three.js (r183 on) warns that `Clock` is deprecated. That is a warning in every
 * visitor's console, and from the worker one more message for the main thread. Everything else
 * goes to the console as before, through three.js's own hook, `setConsoleFunction`.
 */
import { setConsoleFunction } from 'three';

/** The notice R3F's store sets off, exactly as three.js words it. */
const CLOCK_DEPRECATION =
  'THREE.Clock: This module has been deprecated. Please use THREE.Timer instead.';

setConsoleFunction((type: 'log' | 'warn' | 'error', message: string, ...params: unknown[]) => {
  if (message !== CLOCK_DEPRECATION) console[type](message, ...params);
});
