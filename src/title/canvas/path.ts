/** Where the title's canvas is drawn: handed to a worker, or in the page. */
export type TitlePath = 'worker' | 'page';

const WHERE: Record<TitlePath, string> = { worker: 'in a worker', page: 'in the page' };

/** The paths to try, in order; an empty list (`?webgl=0`) leaves the outlined DOM title. */
export function titlePaths(search: string): TitlePath[] {
  const query = new URLSearchParams(search);
  if (query.get('webgl') === '0') return [];
  const worker =
    query.get('offscreen') !== '0' &&
    typeof OffscreenCanvas !== 'undefined' &&
    typeof HTMLCanvasElement !== 'undefined' &&
    'transferControlToOffscreen' in HTMLCanvasElement.prototype;
  return worker ? ['worker', 'page'] : ['page'];
}

/** After the first of `paths` failed for `reason`: the paths left to try, and the warning. */
export function afterFailedPath(
  paths: readonly TitlePath[],
  reason: string,
): { left: TitlePath[]; warning: string } {
  const [failed, ...left] = paths;
  const next = left[0];
  return {
    left,
    warning:
      `The title cannot be drawn ${failed ? WHERE[failed] : ''} (${reason}); ` +
      (next ? `drawing it ${WHERE[next]} instead.` : 'the outlined title stays.'),
  };
}

/** Whether this page gets a WebGL context at all (`?webgl=0` never asks: it has no path). */
export function webglAvailable(): boolean {
  try {
    const probe = document.createElement('canvas');
    const gl = probe.getContext('webgl2');
    if (!gl) return false;
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return true;
  } catch {
    return false;
  }
}
