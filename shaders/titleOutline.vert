// The letters' outline as a strip along each contour, widened here: each point comes twice
// (aSide -1 inside, +1 outside) with its neighbours, in em from the word's centre.
uniform float uFontPx;
// Half the stroke plus a margin for the antialiased edge, in px.
uniform float uReach;
attribute vec2 aPrev;
attribute vec2 aNext;
attribute float aSide;
varying float vOffset;

void main() {
  vec2 p = position.xy;
  vec2 d0 = normalize(p - aPrev);
  vec2 d1 = normalize(aNext - p);
  // Outward normals: the build leaves the fill on the left of travel.
  vec2 n0 = vec2(d0.y, -d0.x);
  vec2 n1 = vec2(d1.y, -d1.x);
  vec2 sum = n0 + n1;
  vec2 m = dot(sum, sum) < 1e-6 ? n0 : normalize(sum);
  // Miter joins, as -webkit-text-stroke draws them, clipped at Skia's miter limit of 4.
  float miter = min(1.0 / max(dot(m, n0), 0.25), 4.0);
  vOffset = aSide * uReach;
  vec2 xy = p * uFontPx + m * miter * vOffset;
  gl_Position = projectionMatrix * modelViewMatrix * vec4(xy, 0.0, 1.0);
}
