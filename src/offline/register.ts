/** Registers the offline service worker once the title is lit and the page idle (docs/offline.md). */
import { routes } from '../content/site';
import { motionStore, type MotionState } from '../motion/store';

const SERVICE_WORKER_URL = '/sw.js';
const UPDATE_EVERY_MS = 30 * 60_000;
const TITLE_WAIT_MS = 30_000;

/** Resolves once the home page's canvas title is ready or unavailable (at once elsewhere). */
function titleSettled(win: Window): Promise<void> {
  if (win.location.pathname !== routes.home.path) return Promise.resolve();
  const settled = (s: MotionState) => s.canvas === 'ready' || s.canvas === 'unavailable';
  if (settled(motionStore.getState())) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      unsubscribe();
      win.clearTimeout(timer);
      resolve();
    };
    const unsubscribe = motionStore.subscribe((s) => settled(s) && done());
    const timer = win.setTimeout(done, TITLE_WAIT_MS);
  });
}

/** Asks the active worker to keep the files this page loaded; resolves once it has. */
async function cacheLoadedFiles(win: Window, registration: ServiceWorkerRegistration) {
  const urlsToCache = win.performance
    .getEntriesByType('resource')
    .map((e) => e.name)
    .filter((u) => u.startsWith(`${win.location.origin}/assets/`));
  const channel = new MessageChannel();
  const answered = new Promise((resolve) => (channel.port1.onmessage = resolve));
  registration.active?.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache } }, [
    channel.port2,
  ]);
  await answered;
}

export async function registerServiceWorker(
  win: Window = window,
): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in win.navigator) || !win.isSecureContext) return null;
  await titleSettled(win);
  await new Promise<void>((resolve) => {
    if ('requestIdleCallback' in win) win.requestIdleCallback(() => resolve(), { timeout: 3000 });
    else setTimeout(resolve, 1000);
  });
  try {
    const registration = await win.navigator.serviceWorker.register(SERVICE_WORKER_URL, {
      scope: '/',
      updateViaCache: 'none',
    });
    // A browser that blocks service workers (automation's switch) resolves to nothing.
    if (!(registration as ServiceWorkerRegistration | undefined)) return null;
    const update = () => void registration.update().catch(() => {});
    win.setInterval(update, UPDATE_EVERY_MS);
    win.addEventListener('online', update);
    await cacheLoadedFiles(win, await win.navigator.serviceWorker.ready);
    win.document.documentElement.dataset.offline = 'ready';
    return registration;
  } catch (error) {
    console.warn('The offline service worker could not be registered.', error);
    return null;
  }
}
