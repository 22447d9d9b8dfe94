/**
 * react-router's production build, for the browser's bundle. The package's exports name only its
 * development build, in every mode, so without this alias its warnings and their texts would reach
 * visitors. The package ships the production build beside it, with the same modules.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Alias } from 'vite';

/** The folder of the production build of the react-router that react-router-dom imports. */
const fromRouterDom = createRequire(
  createRequire(import.meta.url).resolve('react-router-dom/package.json'),
);
const REACT_ROUTER_PRODUCTION = join(
  dirname(fromRouterDom.resolve('react-router/package.json')),
  'dist/production',
);

/** Each entry point react-router-dom imports, resolved to its production module. */
export const reactRouterProduction: Alias[] = [
  { find: /^react-router$/, replacement: join(REACT_ROUTER_PRODUCTION, 'index.mjs') },
  { find: /^react-router\/dom$/, replacement: join(REACT_ROUTER_PRODUCTION, 'dom-export.mjs') },
];
