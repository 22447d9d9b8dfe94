/**
 * The offline service worker (built into sw.js by scripts/service-worker.ts after the prerender,
 * with Workbox's precache manifest of that build).
 *
 * - Precache: the three routes' HTML, the 404 page, every JS/CSS chunk (the canvas chunk and the
 *   Lottie arrow included), the fonts and the icons, in a cache of its own per build. Installed
 *   in full or not at all (Workbox), so a version is never half there.
 * - Pages: network first (always the newest deploy when online, a few seconds at most on a bad
 *   network), else this build's precached page. A new version therefore shows on the next load,
 *   and a page always comes with the files of its own build: the new HTML names only new hashed
 *   files, the precached HTML only files precached with it.
 * - Files: this build's precache, then an older build's (a page loaded before an update keeps
 *   its own chunks, even once the deploy removed them), then the network.
 * - Anything else, the contact call first of all (a POST to another origin), is never touched:
 *   no respondWith, no cache.
 */
import { PrecacheController, type PrecacheEntry } from 'workbox-precaching';

// Replaced at build time.
declare const __PRECACHE_MANIFEST__: PrecacheEntry[];
declare const __BUILD_ID__: string;

/** The parts of the worker's scope used here (the DOM lib has no service-worker types). */
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  readonly preloadResponse: Promise<Response | undefined>;
  respondWith(response: Response | Promise<Response>): void;
}
interface WorkerScope {
  readonly location: Location;
  readonly registration: ServiceWorkerRegistration & {
    navigationPreload?: { enable(): Promise<void> };
  };
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
}
const worker = self as unknown as WorkerScope;

const PREFIX = 'bluestem-precache-';
const CACHE = `${PREFIX}${__BUILD_ID__}`;
/** Builds kept: this one and the one before (for pages still open on it). */
const KEEP_BUILDS = 2;
const ORDER_CACHE = 'bluestem-builds';
/** A page request that takes longer falls back to the precached page. */
const PAGE_TIMEOUT_MS = 4000;

const precache = new PrecacheController({ cacheName: CACHE });
precache.addToCacheList(__PRECACHE_MANIFEST__);

worker.addEventListener('install', (event) => {
  // Taking over at once is safe: pages of the old build keep finding their files (see fetch).
  void worker.skipWaiting();
  event.waitUntil(precache.install(event));
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      await precache.activate(event);
      await forgetOldBuilds();
      await worker.registration.navigationPreload?.enable();
      await worker.clients.claim();
    })(),
  );
});

/** Keeps the caches of the newest builds (in the order they took over) and deletes the rest. */
async function forgetOldBuilds(): Promise<void> {
  const order = await caches.open(ORDER_CACHE);
  const stored = await order.match('/builds');
  const seen: string[] = stored ? ((await stored.json()) as string[]) : [];
  const builds = [...seen.filter((b) => b !== CACHE), CACHE].slice(-KEEP_BUILDS);
  await order.put(
    '/builds',
    new Response(JSON.stringify(builds), { headers: { 'Content-Type': 'application/json' } }),
  );
  for (const name of await caches.keys()) {
    if (name.startsWith(PREFIX) && !builds.includes(name)) await caches.delete(name);
  }
}

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(page(event, url));
    return;
  }
  const key = precache.getCacheKeyForURL(url.href);
  if (key) event.respondWith(precached(key).then((hit) => hit ?? fromOlderBuild(request)));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(fromOlderBuild(request));
});

async function precached(key: string): Promise<Response | undefined> {
  return (await caches.open(CACHE)).match(key);
}

/** A hashed file of an older build (a page loaded before the update), else the network. */
async function fromOlderBuild(request: Request): Promise<Response> {
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    const hit = await (await caches.open(name)).match(request, { ignoreSearch: true });
    if (hit) return hit;
  }
  return fetch(request);
}

/** The precache key of a route: "/", "/privacypolicy", "/terms"; anything else is the 404 page. */
function pageKey(url: URL): { key: string | undefined; found: boolean } {
  const path = url.pathname
    .replace(/\/index(\.html)?$/, '/')
    .replace(/\.html$/, '')
    .replace(/(.)\/+$/, '$1');
  const key = precache.getCacheKeyForURL(new URL(path, url.origin).href);
  if (key) return { key, found: true };
  return { key: precache.getCacheKeyForURL(new URL('/404', url.origin).href), found: false };
}

async function page(event: FetchEvent, url: URL): Promise<Response> {
  // Always settle the preload, also when the cache answers first (else Chrome warns).
  const preload = event.preloadResponse.catch(() => undefined);
  event.waitUntil(preload);
  try {
    const network = preload.then((r) => r ?? fetch(event.request));
    const response = await Promise.race([
      network,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('timeout')), PAGE_TIMEOUT_MS),
      ),
    ]);
    if (response.status < 500) return response;
  } catch {
    // offline or too slow: the precached page below
  }
  const { key, found } = pageKey(url);
  const cached = key ? await precached(key) : undefined;
  if (!cached) return fetch(event.request);
  if (found) return cached;
  return new Response(cached.body, {
    status: 404,
    statusText: 'Not Found',
    headers: cached.headers,
  });
}
