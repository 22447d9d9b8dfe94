/**
 * Appends the title's and its light's custom properties (src/motion/titleLook.ts) to
 * src/styles/global.css, so the CSS light and the title before the app run on the model's numbers.
 */
import type { Plugin } from 'vite';
import { titleCss } from '../../src/motion/titleLook';

export function titleCssPlugin(): Plugin {
  return {
    name: 'title-css',
    enforce: 'pre',
    transform(code, id) {
      if (id.split('?')[0]!.endsWith('/src/styles/global.css')) return `${code}\n${titleCss()}`;
    },
  };
}
