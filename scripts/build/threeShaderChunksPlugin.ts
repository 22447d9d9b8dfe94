/**
 * Leaves three.js's built-in GLSL out of the title's bundles: the canvas draws only its own
 * ShaderMaterials (src/canvas/lightMaterial.ts, shaders/), so the chunks of three's own materials
 * (~160 KB before compression, ~28 KB gzip of the title worker) are never compiled. WebGLProgram
 * prepends two chunks to every ShaderMaterial; those stay, with any chunk our shaders include.
 * A chunk left out reads `#error`, so a shader that ever needed one fails to compile with its name
 * instead of drawing wrongly.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';

const SHADERS_DIR = resolve(import.meta.dirname, '../../shaders');
/** Prepended by WebGLProgram to every ShaderMaterial's fragment shader. */
const ALWAYS_USED = ['colorspace_pars_fragment', 'tonemapping_pars_fragment'];
const THREE_RENDERER = /[\\/]three[\\/]build[\\/]three\.module(\.min)?\.js$/;
/** A chunk's definition: `var name = "…";` or `const name = "…";`, one line each. */
const DEFINITION = /^(var|const) ([\w$]+) = "(?:[^"\\]|\\.)*";$/gm;

/** three.module.js's ShaderChunk: each chunk's name, the variable that holds it and its GLSL. */
export function shaderChunks(code: string): Map<string, { variable: string; glsl: string }> {
  const start = code.indexOf('const ShaderChunk = {');
  const end = code.indexOf('};', start);
  if (start < 0 || end < 0) throw new Error('three.js: ShaderChunk not found; update this plugin');
  const glsl = new Map<string, string>();
  for (const m of code.slice(0, start).matchAll(DEFINITION))
    glsl.set(m[2]!, JSON.parse(m[0].slice(m[0].indexOf('"'), -1)) as string);
  const chunks = new Map<string, { variable: string; glsl: string }>();
  for (const [, name, variable] of code.slice(start, end).matchAll(/^\t(\w+): ([\w$]+),?$/gm))
    chunks.set(name!, { variable: variable!, glsl: glsl.get(variable!) ?? '' });
  return chunks;
}

/** The chunks our shaders include and WebGLProgram always adds, with those they include. */
export function keptChunks(shaderSources: string[], chunkGlsl: (name: string) => string) {
  const kept = new Set<string>();
  const visit = (source: string) => {
    for (const [, name] of source.matchAll(/#include\s+<(\w+)>/g)) {
      if (kept.has(name!)) continue;
      kept.add(name!);
      visit(chunkGlsl(name!));
    }
  };
  visit([...shaderSources, ...ALWAYS_USED.map((n) => `#include <${n}>`)].join('\n'));
  return kept;
}

/** three.module.js with every shader chunk not in `kept` replaced by an `#error`. */
export function withoutUnusedChunks(code: string, kept: Set<string>): string {
  const chunks = shaderChunks(code);
  const dropped = new Set(
    [...chunks].filter(([name]) => !kept.has(name)).map(([, c]) => c.variable),
  );
  const start = code.indexOf('const ShaderChunk = {');
  const head = code
    .slice(0, start)
    .replace(DEFINITION, (line, kind: string, variable: string) =>
      dropped.has(variable)
        ? `${kind} ${variable} = "#error three.js chunk left out of this build";`
        : line,
    );
  return head + code.slice(start);
}

/** The plugin, for the page's bundle and the title worker's (production builds). */
export function threeShaderChunksPlugin(): Plugin {
  return {
    name: 'three-shader-chunks',
    apply: 'build',
    transform(code, id) {
      if (!THREE_RENDERER.test(id)) return undefined;
      const ours = readdirSync(SHADERS_DIR).map((f) => readFileSync(join(SHADERS_DIR, f), 'utf8'));
      const chunks = shaderChunks(code);
      const kept = keptChunks(ours, (name) => chunks.get(name)?.glsl ?? '');
      return { code: withoutUnusedChunks(code, kept), map: null };
    },
  };
}
