/**
 * Leaves three.js's built-in GLSL out of the title's bundles. The canvas draws only its own
 * ShaderMaterials (src/title/canvas/lightMaterial.ts, shaders/), so the chunks of three's own materials
 * are never compiled. Kept: the chunks three's WebGLProgram adds to every ShaderMaterial, those our
 * shaders include, and those these include in turn. A chunk left out reads `#error`, so a shader
 * that ever needs one fails to compile with its name instead of drawing wrongly. How three.js's
 * source is read: shaderChunks.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import {
  changed,
  keptChunks,
  programChunks,
  shaderChunks,
  withoutUnusedChunks,
} from './shaderChunks.ts';

const SHADERS_DIR = resolve(import.meta.dirname, '../../shaders');
const THREE_PACKAGE = /[\\/]node_modules[\\/]three[\\/]/;
const THREE_RENDERER = /[\\/]three[\\/]build[\\/]three\.module\.js$/;

/** The plugin, for the page's bundle and the title worker's (production builds). */
export function threeShaderChunksPlugin(): Plugin {
  return {
    name: 'three-shader-chunks',
    apply: 'build',
    transform(code, id) {
      if (!THREE_PACKAGE.test(id)) return undefined;
      if (!THREE_RENDERER.test(id)) {
        if (/\bShaderChunk\s*=\s*\{/.test(code)) changed(`ShaderChunk is now in ${id}`);
        return undefined;
      }
      const ours = readdirSync(SHADERS_DIR).map((f) => readFileSync(join(SHADERS_DIR, f), 'utf8'));
      const kept = keptChunks(ours, programChunks(code), shaderChunks(code));
      return { code: withoutUnusedChunks(code, kept), map: null };
    },
  };
}
