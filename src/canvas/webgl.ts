/** Whether this browser can give us a WebGL context at all (and `?webgl=0` has not turned it off). */
export function webglAvailable(search: string): boolean {
  if (new URLSearchParams(search).get('webgl') === '0') return false;
  try {
    const probe = document.createElement('canvas');
    const gl = probe.getContext('webgl2') ?? probe.getContext('webgl');
    if (!gl) return false;
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return true;
  } catch {
    return false;
  }
}

/**
 * Resolves once the page has painted its first content and finished loading, so the canvas
 * chunk (three, R3F, troika) never competes with the first paint.
 */
export function afterFirstPaintAndLoad(): Promise<void> {
  const loaded = new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });
  const painted = new Promise<void>((resolve) => {
    if (performance.getEntriesByName('first-contentful-paint').length > 0) return resolve();
    try {
      const observer = new PerformanceObserver((list) => {
        if (list.getEntriesByName('first-contentful-paint').length > 0) {
          observer.disconnect();
          resolve();
        }
      });
      observer.observe({ type: 'paint', buffered: true });
    } catch {
      resolve();
    }
  });
  return Promise.all([loaded, painted]).then(() => undefined);
}
