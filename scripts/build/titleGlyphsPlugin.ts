import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { company } from '../../src/content/company.ts';
import { buildTitleGlyphs, type TitleGlyphBuild } from './titleGlyphs.ts';

/** The outlined DOM title's font, written before the styles that name it are read (git-ignored). */
const TITLE_FONT_OUT = resolve(import.meta.dirname, '../../src/generated/title.woff2');
/** The canvas's glyphs, as a module: `import titleGlyphs from 'virtual:title-glyphs'`. */
const TITLE_GLYPHS_ID = 'virtual:title-glyphs';
/** The name's widths in ems, for the motion store: `import metrics from 'virtual:title-metrics'`. */
const TITLE_METRICS_ID = 'virtual:title-metrics';
const MODULES: Record<string, (build: TitleGlyphBuild) => unknown> = {
  [TITLE_GLYPHS_ID]: (build) => build.glyphs,
  [TITLE_METRICS_ID]: (build) => build.metrics,
};

let built: Promise<TitleGlyphBuild> | undefined;

/** Builds the glyphs of the company name once per process, and writes the font if it changed. */
export async function titleGlyphs(): Promise<TitleGlyphBuild> {
  built ??= buildTitleGlyphs(company.name).then(async (result) => {
    const old = await readFile(TITLE_FONT_OUT).catch(() => null);
    if (!old || !Buffer.from(result.woff2).equals(old)) {
      await mkdir(dirname(TITLE_FONT_OUT), { recursive: true });
      await writeFile(TITLE_FONT_OUT, result.woff2);
    }
    return result;
  });
  return built;
}

/** The title's build step as a Vite plugin, for the build and the dev server, page and worker. */
export function titleGlyphsPlugin(): Plugin {
  return {
    name: 'title-glyphs',
    async buildStart() {
      await titleGlyphs();
    },
    resolveId(id) {
      return Object.hasOwn(MODULES, id) ? '\0' + id : undefined;
    },
    async load(id) {
      const name = id.slice(1);
      if (!id.startsWith('\0') || !Object.hasOwn(MODULES, name)) return undefined;
      return `export default ${JSON.stringify(MODULES[name]!(await titleGlyphs()))};`;
    },
  };
}
