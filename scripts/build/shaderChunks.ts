/**
 * Reads three.module.js's shader chunks and leaves out those a build does not need
 * (threeShaderChunksPlugin.ts). It reads the file as it is written today; if an upgrade changes
 * that shape, it throws and names what it could not read, never keeping or dropping a chunk by guess.
 */
const SHADER_CHUNK = 'const ShaderChunk = {';
/** A chunk's definition before ShaderChunk: `var name = "…";` or `const name = "…";`, one line. */
const DEFINITION = /^(var|const) ([\w$]+) = "(?:[^"\\]|\\.)*";$/gm;
const LEFT_OUT = '"#error three.js chunk left out of this build"';

/** Stops the build: three.module.js no longer has the shape read here. */
export function changed(what: string): never {
  throw new Error(
    `three.js's shader chunks changed shape: ${what}. Update scripts/build/shaderChunks.ts (docs/build.md).`,
  );
}

/** three.module.js's ShaderChunk: each chunk's name, the variable that holds it and its GLSL. */
export function shaderChunks(code: string): Map<string, { variable: string; glsl: string }> {
  const start = code.indexOf(SHADER_CHUNK);
  const end = code.indexOf('\n};', start);
  if (start < 0 || end < 0) changed('`const ShaderChunk = {` not found');
  const glsl = new Map<string, string>();
  for (const m of code.slice(0, start).matchAll(DEFINITION)) {
    if (glsl.has(m[2]!)) changed(`\`${m[2]}\` is defined twice`);
    glsl.set(m[2]!, JSON.parse(m[0].slice(m[0].indexOf('"'), -1)) as string);
  }
  const chunks = new Map<string, { variable: string; glsl: string }>();
  for (const line of code.slice(start + SHADER_CHUNK.length, end).split('\n')) {
    if (!line.trim()) continue;
    const m = /^\t(\w+): ([\w$]+),?$/.exec(line);
    if (!m) changed(`cannot read the ShaderChunk line \`${line.trim()}\``);
    const source = glsl.get(m[2]!);
    if (source === undefined) changed(`chunk ${m[1]} has no one-line string \`${m[2]}\``);
    chunks.set(m[1]!, { variable: m[2]!, glsl: source });
  }
  if (chunks.size === 0) changed('ShaderChunk is empty');
  return chunks;
}

/** The chunks three's WebGLProgram adds to every ShaderMaterial: `ShaderChunk[ 'name' ]`. */
export function programChunks(code: string): string[] {
  const names = [...code.matchAll(/ShaderChunk\[\s*'(\w+)'\s*\]/g)].map((m) => m[1]!);
  if (names.length === 0) changed('WebGLProgram names no chunk as `ShaderChunk[ name ]`');
  return [...new Set(names)];
}

/** The chunks to keep: `always`, those our shaders include, and what those include. */
export function keptChunks(
  shaderSources: string[],
  always: string[],
  chunks: Map<string, { glsl: string }>,
): Set<string> {
  const kept = new Set<string>();
  const visit = (source: string) => {
    for (const [, name] of source.matchAll(/#include\s+<(\w+)>/g)) {
      if (kept.has(name!)) continue;
      const chunk = chunks.get(name!);
      if (!chunk) changed(`no chunk ${name} in ShaderChunk, which a shader includes`);
      kept.add(name!);
      visit(chunk.glsl);
    }
  };
  visit([...shaderSources, ...always.map((n) => `#include <${n}>`)].join('\n'));
  return kept;
}

/** three.module.js with every shader chunk not in `kept` replaced by an `#error`. */
export function withoutUnusedChunks(code: string, kept: Set<string>): string {
  const chunks = shaderChunks(code);
  const dropped = new Set(
    [...chunks].filter(([name]) => !kept.has(name)).map(([, c]) => c.variable),
  );
  const start = code.indexOf(SHADER_CHUNK);
  let replaced = 0;
  const head = code.slice(0, start).replace(DEFINITION, (line, kind: string, variable: string) => {
    if (!dropped.has(variable)) return line;
    replaced++;
    return `${kind} ${variable} = ${LEFT_OUT};`;
  });
  if (replaced !== dropped.size) changed(`${dropped.size - replaced} chunks could not be left out`);
  return head + code.slice(start);
}
