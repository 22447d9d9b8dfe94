/**
 * react-router as a build should take it. Its package exports name only its development build,
 * in every mode (remix-run/react-router#14102), so its warnings and their texts reached visitors;
 * a build takes the production build the package ships beside it. That build defines its
 * components as `var Link = React.forwardRef(…)` with `Link.displayName = "Link"` after, calls and
 * property writes a bundler must keep, so every component it defines stayed in the bundle, used
 * or not (NavLink, Form, ScrollRestoration…). Marked pure, and without the names only React's
 * developer tools read, an unused one is left out like an unused function.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/** The production build's folder, found as Node finds the package. */
export const REACT_ROUTER_PRODUCTION = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/',
);
const ENTRIES: Record<string, string> = {
  'react-router': 'index.mjs',
  'react-router/dom': 'dom-export.mjs',
};
/** `Link.displayName = "Link";` at the top level of a module. */
const DISPLAY_NAME = /^[\w$]+\.displayName = "[^"]*";$/gm;
/** `var Link = React10.forwardRef(`, a component or context made at the top level. */
const DEFINITION =
  /^((?:var|const|let) [\w$]+ = )(React\d*\.(?:forwardRef|memo|createContext)\()/gm;

/** A module of react-router's production build with its definitions marked pure. */
export function withPureDefinitions(code: string): string {
  return code.replace(DISPLAY_NAME, '').replace(DEFINITION, '$1/* @__PURE__ */ $2');
}

export function reactRouterPlugin(): Plugin {
  return {
    name: 'studio:react-router-production',
    // The browser's bundle only: the prerender's server bundle leaves packages to Node, which
    // would load react-router-dom's copy beside this one, with contexts of its own.
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    enforce: 'pre',
    resolveId(source) {
      const file = ENTRIES[source];
      return file ? REACT_ROUTER_PRODUCTION + file : null;
    },
    transform(code, id) {
      if (!id.startsWith(REACT_ROUTER_PRODUCTION)) return null;
      return { code: withPureDefinitions(code), map: null };
    },
  };
}
