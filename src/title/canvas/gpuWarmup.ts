import { WebGLRenderTarget, type Camera, type Object3D, type WebGLRenderer } from 'three';

/** Longest wait for the GPU (a warm-up, a first frame) before the title is shown anyway. */
const GPU_WAIT_LIMIT_MS = 10_000;
const POLL_MS = 50;

/** Draws `show` once offscreen and waits for the GPU: shaders compile off the visible frames. */
export async function warmUpGpu(
  renderer: WebGLRenderer,
  scene: Object3D,
  camera: Camera,
  show: Object3D[],
): Promise<void> {
  const gl = renderer.getContext();
  const target = new WebGLRenderTarget(4, 4);
  const wasVisible = show.map((o) => o.visible);
  const previous = renderer.getRenderTarget();
  try {
    show.forEach((o) => (o.visible = true));
    renderer.setRenderTarget(target);
    renderer.render(scene, camera);
  } finally {
    renderer.setRenderTarget(previous);
    show.forEach((o, i) => (o.visible = wasVisible[i]!));
  }
  try {
    await gpuFinished(gl, POLL_MS);
  } finally {
    target.dispose();
  }
}

/** Resolves once the GPU has done every command so far (a polled fence; WebGL 1 waits a moment). */

export async function gpuFinished(
  gl: WebGLRenderingContext | WebGL2RenderingContext,
  pollMs: number,
): Promise<void> {
  if (typeof WebGL2RenderingContext === 'undefined' || !(gl instanceof WebGL2RenderingContext)) {
    await new Promise((r) => setTimeout(r, 500));
    return;
  }
  const fence = gl.fenceSync(gl.SYNC_GPU_COMMANDS_COMPLETE, 0);
  gl.flush();
  if (!fence) return;
  const deadline = performance.now() + GPU_WAIT_LIMIT_MS;
  while (
    gl.getSyncParameter(fence, gl.SYNC_STATUS) !== gl.SIGNALED &&
    !gl.isContextLost() &&
    performance.now() < deadline
  ) {
    await new Promise((r) => setTimeout(r, pollMs));
  }
  gl.deleteSync(fence);
}
