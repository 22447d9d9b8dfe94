// One quad per word over its halo texture, in em from the word's centre.
uniform float uFontPx;
varying vec2 vUv;

void main() {
  vUv = uv;
  gl_Position = projectionMatrix * modelViewMatrix * vec4(position.xy * uFontPx, 0.0, 1.0);
}
