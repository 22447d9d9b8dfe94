/** The canvas's pixel ratio never goes above this: a title's edges gain nothing past 2. */
const MAX_DPR = 2;

/** The device's pixel ratio, capped for the canvas. */
export function capDpr(deviceRatio: number): number {
  return Math.min(MAX_DPR, Math.max(1, deviceRatio || 1));
}

/**
 * The drawing buffer's size for a strip of `width` x `height` CSS px, as three.js sets it
 * (`WebGLRenderer.setSize`: the CSS size times the pixel ratio, rounded down).
 */
export function bufferSize(width: number, height: number, deviceRatio: number) {
  const dpr = capDpr(deviceRatio);
  return { width: Math.floor(width * dpr), height: Math.floor(height * dpr) };
}
