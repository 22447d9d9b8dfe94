// The stroke centred on the outline, as -webkit-text-stroke draws it, antialiased, then lit.
uniform float uHalfStroke;
varying float vOffset;

void main() {
  // Device pixels from the stroke's nearer edge, positive inside the stroke.
  float edge = (uHalfStroke - abs(vOffset)) / max(fwidth(vOffset), 1e-4);
  float coverage = clamp(edge + 0.5, 0.0, 1.0);
  if (coverage <= 0.0) discard;
  // The light's colours are linear (three.js Color); the canvas is sRGB.
  vec4 lit = linearToOutputTexel(titleLight(vec4(1.0, 1.0, 1.0, coverage)));
  // Premultiplied for the MAX blend: where strips overlap (tight curves) nothing is drawn twice.
  gl_FragColor = vec4(lit.rgb * lit.a, lit.a);
}
