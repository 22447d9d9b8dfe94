/**
 * Resolves once the browser has painted the page's first content (the `first-contentful-paint`
 * entry; a guess from a timer or rAF can fire before the paint is recorded), or after `limitMs`
 * if it never comes, e.g. in a background tab that does not paint; at once where the browser
 * has no paint timing.
 */
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
