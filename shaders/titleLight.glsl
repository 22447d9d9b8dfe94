// The title's light, called by the outline and halo shaders with their coverage. Positions are in
// device pixels with the origin at the bottom left, like gl_FragCoord, so no varying is needed.
// The LIGHT_* shape constants are #defined from src/motion/titleLook.ts, shared with the CSS light.
uniform vec2 uLightPosition;
uniform float uLightRadius;
// 0..1: how strongly the light shines (the intro sweep, scroll dimming).
uniform float uLightIntensity;
// The outline where the light is not: dim but legible.
uniform vec3 uBaseColor;
uniform float uBaseAlpha;
// The light's two hues, blended across its width, and its hot core.
uniform vec3 uLightColorA;
uniform vec3 uLightColorB;
// 1 on the blurred halo mesh behind the letters, 0 on the letters themselves.
uniform float uGlow;

vec4 titleLight(vec4 shapeColor) {
  vec2 offset = gl_FragCoord.xy - uLightPosition;
  float d = length(offset) / uLightRadius;
  // Gaussian falloff: soft edge, no visible rim.
  float light = exp(-LIGHT_FALLOFF * d * d) * uLightIntensity;
  // Cool on the light's left, violet on its right, so a moving light shimmers.
  vec3 hue = mix(uLightColorA, uLightColorB, smoothstep(-1.0, 1.0, offset.x / uLightRadius));
  // The core burns towards white.
  vec3 lit = mix(uBaseColor, hue, clamp(light * LIGHT_HUE_GAIN, 0.0, 1.0)) + vec3(LIGHT_CORE) * pow(light, 3.0);
  float alpha = uGlow > 0.5
    ? LIGHT_GLOW * light * light
    : mix(uBaseAlpha, 1.0, clamp(light * LIGHT_ALPHA_GAIN, 0.0, 1.0));
  return vec4(lit, shapeColor.a * alpha);
}
