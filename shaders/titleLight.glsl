// The title's light. Positions are in device px from the bottom left, like gl_FragCoord; LIGHT_*
// are #defined from src/motion/titleLook.ts, shared with the CSS light.
uniform vec2 uLightPosition;
uniform float uLightRadius;
uniform float uLightIntensity;
uniform vec3 uBaseColor;
uniform float uBaseAlpha;
uniform vec3 uLightColorA;
uniform vec3 uLightColorB;
// 1 on the blurred halo mesh behind the letters, 0 on the letters themselves.
uniform float uGlow;

vec4 titleLight(vec4 shapeColor) {
  vec2 offset = gl_FragCoord.xy - uLightPosition;
  float d = length(offset) / uLightRadius;
  float light = exp(-LIGHT_FALLOFF * d * d) * uLightIntensity;
  // Cool on the light's left, violet on its right, so a moving light shimmers.
  vec3 hue = mix(uLightColorA, uLightColorB, smoothstep(-1.0, 1.0, offset.x / uLightRadius));
  vec3 lit = mix(uBaseColor, hue, clamp(light * LIGHT_HUE_GAIN, 0.0, 1.0)) + vec3(LIGHT_CORE) * pow(light, 3.0);
  float alpha = uGlow > 0.5
    ? LIGHT_GLOW * light * light
    : mix(uBaseAlpha, 1.0, clamp(light * LIGHT_ALPHA_GAIN, 0.0, 1.0));
  return vec4(lit, shapeColor.a * alpha);
}
