/** Resolves on `first-contentful-paint` (a timer or rAF fires too soon) or after `limitMs`. */
export function firstContentfulPaint(limitMs = 3000): Promise<void> {
  return new Promise((resolve) => {
    if (performance.getEntriesByName('first-contentful-paint').length > 0) return resolve();
    // A browser without paint timing would only ever reach the time limit.
    if (
      typeof PerformanceObserver === 'undefined' ||
      !PerformanceObserver.supportedEntryTypes?.includes('paint')
    )
      return resolve();
    const timer = setTimeout(resolve, limitMs);
    try {
      const observer = new PerformanceObserver((list) => {
        if (list.getEntriesByName('first-contentful-paint').length > 0) {
          observer.disconnect();
          clearTimeout(timer);
          resolve();
        }
      });
      observer.observe({ type: 'paint', buffered: true });
    } catch {
      clearTimeout(timer);
      resolve();
    }
  });
}
