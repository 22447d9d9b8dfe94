/** Appends the model's custom properties (src/title/model/titleLook.ts) to src/styles/global.css. */
import type { Plugin } from 'vite';
import { titleCss } from '../../src/title/model/titleLook.ts';
import { titleGlyphs } from './titleGlyphsPlugin.ts';

export function titleCssPlugin(): Plugin {
  return {
    name: 'title-css',
    enforce: 'pre',
    async transform(code, id) {
      if (!id.split('?')[0]!.endsWith('/src/styles/global.css')) return undefined;
      // The title's size comes from the name's widths in its font, measured by the build.
      return `${code}\n${titleCss((await titleGlyphs()).metrics)}`;
    },
  };
}
