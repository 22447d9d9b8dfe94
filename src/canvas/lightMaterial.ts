import { Color, Vector2, type Material } from 'three';
import { createDerivedMaterial } from 'troika-three-utils';
import lightShader from '../../shaders/titleLight.glsl?raw';

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
    uBaseColor: { value: new Color('#a9b4e8') },
    uBaseAlpha: { value: 0.42 },
    uLightColorA: { value: new Color('#9fb0ff') },
    uLightColorB: { value: new Color('#d7a8ff') },
    uGlow: { value: 0 },
  };
}

/**
 * Lights troika's text material. A ShaderMaterial given to troika would colour only the fill;
 * chaining a derived material onto troika's own is what reaches the stroke (and, for the halo,
 * the blurred outline). Without `chained: true` the text silently does not render.
 */
export function createLitTextMaterial(
  troikaMaterial: Material,
  uniforms: LightUniforms,
  glow: boolean,
): Material {
  return createDerivedMaterial(troikaMaterial, {
    chained: true,
    uniforms: { ...uniforms, uGlow: { value: glow ? 1 : 0 } },
    fragmentDefs: lightShader,
    fragmentColorTransform: 'gl_FragColor = titleLight(gl_FragColor);',
  });
}
