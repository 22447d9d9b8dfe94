/** Appends the model's custom properties (src/motion/titleLook.ts) to src/styles/global.css. */
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
