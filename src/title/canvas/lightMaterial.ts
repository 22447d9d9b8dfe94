import {
  Color,
  CustomBlending,
  DataTexture,
  LinearFilter,
  MaxEquation,
  RedFormat,
  ShaderMaterial,
  Vector2,
} from 'three';
import titleLight from '../../../shaders/titleLight.glsl?raw';
import outlineVertex from '../../../shaders/titleOutline.vert?raw';
import outlineFragment from '../../../shaders/titleOutline.frag?raw';
import haloVertex from '../../../shaders/titleHalo.vert?raw';
import haloFragment from '../../../shaders/titleHalo.frag?raw';
import { LIGHT_BASE_ALPHA, LIGHT_COLORS, lightDefines } from '../model/titleLook';

const lightShader = `${lightDefines()}${titleLight}`;

export interface LightUniforms {
  uLightPosition: { value: Vector2 };
  uLightRadius: { value: number };
  uLightIntensity: { value: number };
  uBaseColor: { value: Color };
  uBaseAlpha: { value: number };
  uLightColorA: { value: Color };
  uLightColorB: { value: Color };
  uGlow: { value: number };
}

/** One set of light uniforms, shared by the letters and their halo so they always agree. */
export function createLightUniforms(): LightUniforms {
  return {
    uLightPosition: { value: new Vector2(-1e4, -1e4) },
    uLightRadius: { value: 200 },
    uLightIntensity: { value: 1 },
    uBaseColor: { value: new Color(LIGHT_COLORS.base) },
    uBaseAlpha: { value: LIGHT_BASE_ALPHA },
    uLightColorA: { value: new Color(LIGHT_COLORS.hueA) },
    uLightColorB: { value: new Color(LIGHT_COLORS.hueB) },
    uGlow: { value: 0 },
  };
}

/** The size uniforms every title material has: the title's start size in px. */
export interface SizeUniforms {
  uFontPx: { value: number };
}

/** The outline's own uniforms: half the stroke and how far the strip reaches, in px. */
export interface OutlineUniforms extends SizeUniforms {
  uHalfStroke: { value: number };
  uReach: { value: number };
}

/** Drawn with MAX on premultiplied colour: overlapping strips and halos never add up. */
function blendMax(material: ShaderMaterial): ShaderMaterial {
  material.transparent = true;
  material.depthTest = false;
  material.depthWrite = false;
  material.blending = CustomBlending;
  material.blendEquation = MaxEquation;
  return material;
}

/** The letters' lit outline (shaders/titleOutline.*), for every word of the title. */
export function createOutlineMaterial(
  light: LightUniforms,
  outline: OutlineUniforms,
): ShaderMaterial {
  return blendMax(
    new ShaderMaterial({
      uniforms: { ...light, ...outline, uGlow: { value: 0 } },
      vertexShader: outlineVertex,
      fragmentShader: `${lightShader}\n${outlineFragment}`,
    }),
  );
}

/** One word's lit halo (shaders/titleHalo.*) from its prepared alpha. */
export function createHaloMaterial(
  light: LightUniforms,
  size: SizeUniforms,
  halo: DataTexture,
): ShaderMaterial {
  return blendMax(
    new ShaderMaterial({
      uniforms: { ...light, ...size, uGlow: { value: 1 }, uHalo: { value: halo } },
      vertexShader: haloVertex,
      fragmentShader: `${lightShader}\n${haloFragment}`,
    }),
  );
}

/** A halo's alpha as a one-channel texture, bilinear (the halo is a blur). */
export function haloTexture(alpha: Uint8Array, width: number, height: number): DataTexture {
  const texture = new DataTexture(alpha, width, height, RedFormat);
  texture.magFilter = LinearFilter;
  texture.minFilter = LinearFilter;
  texture.unpackAlignment = 1;
  texture.needsUpdate = true;
  return texture;
}
