import { WebGLRenderTarget, type Camera, type Object3D, type WebGLRenderer } from 'three';

/** Longest wait for the GPU before the title is shown anyway. */
const WARMUP_LIMIT_MS = 10_000;
const POLL_MS = 50;

/**
 * Draws `show` once into a tiny offscreen target and waits, polling a fence, until the GPU has
 * done it: the first draw compiles the shaders (over a second in software GL), and made on the
 * visible canvas it would block the frame that shows it (docs/canvas.md).
 */
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
    if (typeof WebGL2RenderingContext !== 'undefined' && gl instanceof WebGL2RenderingContext) {
      const fence = gl.fenceSync(gl.SYNC_GPU_COMMANDS_COMPLETE, 0);
      gl.flush();
      if (fence) {
        const deadline = performance.now() + WARMUP_LIMIT_MS;
        // getSyncParameter never blocks: WebGL updates its answer between tasks.
        while (
          gl.getSyncParameter(fence, gl.SYNC_STATUS) !== gl.SIGNALED &&
          !gl.isContextLost() &&
          performance.now() < deadline
        ) {
          await new Promise((r) => setTimeout(r, POLL_MS));
        }
        gl.deleteSync(fence);
      }
    } else {
      // WebGL 1 has no fences: give the GPU a moment instead.
      await new Promise((r) => setTimeout(r, 500));
    }
  } finally {
    target.dispose();
  }
}
