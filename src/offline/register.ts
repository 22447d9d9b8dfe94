/**
 * Registers the offline service worker (docs/offline.md) once the page has loaded and the
 * browser is idle, so its precaching never competes with the first paint or the canvas chunk.
 */
export const SERVICE_WORKER_URL = '/sw.js';
const UPDATE_EVERY_MS = 30 * 60_000;

export async function registerServiceWorker(
  win: Window = window,
): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in win.navigator) || !win.isSecureContext) return null;
  await new Promise<void>((resolve) => {
    if ('requestIdleCallback' in win) win.requestIdleCallback(() => resolve(), { timeout: 3000 });
    else setTimeout(resolve, 1000);
  });
  try {
    // updateViaCache 'none': the worker's script is always checked against the server.
    const registration = await win.navigator.serviceWorker.register(SERVICE_WORKER_URL, {
      scope: '/',
      updateViaCache: 'none',
    });
    const update = () => void registration.update().catch(() => {});
    win.setInterval(update, UPDATE_EVERY_MS);
    win.addEventListener('online', update);
    return registration;
  } catch (error) {
    // The site works the same without it, only not offline.
    console.warn('The offline service worker could not be registered.', error);
    return null;
  }
}
