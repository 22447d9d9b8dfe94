// The blurred halo behind the letters, lit (titleLight.glsl is prepended, with uGlow = 1).
uniform sampler2D uHalo;
varying vec2 vUv;

void main() {
  float alpha = texture2D(uHalo, vUv).r;
  // The light's colours are linear (three.js Color); the canvas is sRGB.
  vec4 lit = linearToOutputTexel(titleLight(vec4(1.0, 1.0, 1.0, alpha)));
  if (lit.a <= 0.0) discard;
  gl_FragColor = vec4(lit.rgb * lit.a, lit.a);
}
