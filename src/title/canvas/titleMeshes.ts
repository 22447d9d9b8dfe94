import { BufferAttribute, BufferGeometry, Group, Mesh, type Material } from 'three';
import titleGlyphs from 'virtual:title-glyphs';
import type { TitleWord } from './titleGlyphData';
import {
  createHaloMaterial,
  createOutlineMaterial,
  haloTexture,
  type LightUniforms,
  type OutlineUniforms,
} from './lightMaterial';

/** The strip along a word's outlines, each point twice; the vertex shader widens it. */
function outlineGeometry(word: TitleWord): BufferGeometry {
  const vertices = word.contours.reduce((s, n) => s + 2 * (n + 1), 0);
  const position = new Float32Array(vertices * 3);
  const prev = new Float32Array(vertices * 2);
  const next = new Float32Array(vertices * 2);
  const side = new Float32Array(vertices);
  const index: number[] = [];
  const points = new Float32Array(word.points.length);
  let v = 0;
  let start = 0;
  for (const n of word.contours) {
    for (let i = 2 * start; i < 2 * (start + n); i++) {
      const step = word.points[i]! * word.unit;
      points[i] = i < 2 * start + 2 ? step : points[i - 2]! + step;
    }
    const at = (k: number, axis: 0 | 1) => points[2 * (start + ((k + n) % n)) + axis]!;
    for (let k = 0; k <= n; k++) {
      if (k < n) index.push(v, v + 1, v + 2, v + 1, v + 3, v + 2);
      for (const s of [-1, 1]) {
        position.set([at(k, 0), at(k, 1), 0], v * 3);
        prev.set([at(k - 1, 0), at(k - 1, 1)], v * 2);
        next.set([at(k + 1, 0), at(k + 1, 1)], v * 2);
        side[v++] = s;
      }
    }
    start += n;
  }
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(position, 3));
  geometry.setAttribute('aPrev', new BufferAttribute(prev, 2));
  geometry.setAttribute('aNext', new BufferAttribute(next, 2));
  geometry.setAttribute('aSide', new BufferAttribute(side, 1));
  geometry.setIndex(index);
  return geometry;
}

/** The quad of a word's halo, over the centres of its texels. */
function haloGeometry(word: TitleWord): BufferGeometry {
  const { x, y, texelEm, width, height } = word.halo;
  const x1 = x + (width - 1) * texelEm;
  const y1 = y + (height - 1) * texelEm;
  const u0 = 0.5 / width;
  const v0 = 0.5 / height;
  const geometry = new BufferGeometry();
  geometry.setAttribute(
    'position',
    new BufferAttribute(new Float32Array([x, y, 0, x1, y, 0, x, y1, 0, x1, y1, 0]), 3),
  );
  geometry.setAttribute(
    'uv',
    new BufferAttribute(new Float32Array([u0, v0, 1 - u0, v0, u0, 1 - v0, 1 - u0, 1 - v0]), 2),
  );
  geometry.setIndex([0, 1, 2, 1, 3, 2]);
  return geometry;
}

/** The halo's alpha bytes, from the build's base64. */
function haloAlpha(word: TitleWord): Uint8Array {
  const bytes = atob(word.halo.alpha);
  const out = new Uint8Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) out[i] = bytes.charCodeAt(i);
  return out;
}

/** A mesh the scene places itself: never culled (its bounds are in em, drawn in px). */
function titleMesh(geometry: BufferGeometry, material: Material): Mesh {
  const mesh = new Mesh(geometry, material);
  mesh.frustumCulled = false;
  return mesh;
}

/** Per word an outline and a halo, in a group hidden until the shaders are compiled. */
export function createTitleMeshes(light: LightUniforms) {
  const group = new Group();
  group.visible = false;
  const outline: OutlineUniforms = {
    uFontPx: { value: 0 },
    uHalfStroke: { value: 0 },
    uReach: { value: 0 },
  };
  const letterMaterial = createOutlineMaterial(light, outline);
  const disposables: { dispose(): void }[] = [letterMaterial];
  const words = titleGlyphs.words.map((word) => {
    const texture = haloTexture(haloAlpha(word), word.halo.width, word.halo.height);
    const haloMaterial = createHaloMaterial(light, { uFontPx: outline.uFontPx }, texture);
    const letters = titleMesh(outlineGeometry(word), letterMaterial);
    const halo = titleMesh(haloGeometry(word), haloMaterial);
    halo.renderOrder = -1;
    group.add(halo, letters);
    disposables.push(texture, haloMaterial, letters.geometry, halo.geometry);
    return { letters, halo };
  });
  return { group, words, outline, dispose: () => disposables.forEach((d) => d.dispose()) };
}
