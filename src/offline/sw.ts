/// <reference lib="webworker" />
/** The offline service worker (docs/offline.md), bundled with its precache manifest by the build. */
import { PrecacheController, type PrecacheEntry } from 'workbox-precaching';
import { NetworkFirst } from 'workbox-strategies';

// Replaced at build time.
declare const __PRECACHE_MANIFEST__: PrecacheEntry[];
declare const __BUILD_ID__: string;

declare const self: ServiceWorkerGlobalScope;
const worker = self;

const PREFIX = 'bluestem-precache-';
const CACHE = `${PREFIX}${__BUILD_ID__}`;
/** Builds kept: this one and the one before (for pages still open on it). */
const KEEP_BUILDS = 2;
const ORDER_CACHE = 'bluestem-builds';
/** The canvas files this browser loaded (one of the canvas's two paths), kept with the build. */
const LOADED = `${CACHE}-loaded`;
const PAGE_TIMEOUT_S = 4;

const precache = new PrecacheController({
  cacheName: CACHE,
  plugins: [
    {
      // Workbox fetches a file with a revision (a page, an icon) with cache: 'reload'; revalidating
      // instead takes the copy the visit has just loaded when the server still has it (a 304).
      requestWillFetch: async ({ request }) =>
        request.cache === 'reload' ? new Request(request, { cache: 'no-cache' }) : request,
      // Hosting answers /404 with its status; the page itself is what the worker keeps.
      cacheWillUpdate: async ({ request, response }) =>
        response.ok || (response.status === 404 && new URL(request.url).pathname === '/404')
          ? response
          : null,
    },
  ],
});
precache.addToCacheList(__PRECACHE_MANIFEST__);

// No navigation preload: with it on, Firefox (ESR 153) fails every navigation while offline.

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
    const kept = builds.some((b) => name === b || name === `${b}-loaded`);
    if (name.startsWith(PREFIX) && !kept) await caches.delete(name);
  }
}

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(pages.handle({ event, request }));
    return;
  }
  const key = precache.getCacheKeyForURL(url.href);
  if (key) event.respondWith(precached(key).then((hit) => hit ?? fromOtherCaches(request)));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(fromOtherCaches(request));
});

worker.addEventListener('message', (event) => {
  const data = event.data as { type?: string; payload?: { urlsToCache?: string[] } } | null;
  if (data?.type !== 'CACHE_URLS') return;
  const done = cacheLoaded(data.payload?.urlsToCache ?? []);
  event.waitUntil(done);
  void done.then(
    () => event.ports[0]?.postMessage(true),
    () => event.ports[0]?.postMessage(false),
  );
});

/** Keeps the listed files that are not precached (the canvas path this browser used). */
async function cacheLoaded(urls: string[]): Promise<void> {
  const cache = await caches.open(LOADED);
  const wanted = new Set<string>();
  for (const href of urls) {
    const url = new URL(href, worker.location.origin);
    url.search = '';
    if (url.origin !== worker.location.origin || !url.pathname.startsWith('/assets/')) continue;
    if (!precache.getCacheKeyForURL(url.href)) wanted.add(url.href);
  }
  await Promise.all(
    [...wanted].map(async (href) => {
      if (await cache.match(href)) return;
      // The page has just loaded it: the HTTP cache answers (hashed files are immutable).
      const response = await fetch(href);
      if (response.ok) await cache.put(href, response);
    }),
  );
}

async function precached(key: string): Promise<Response | undefined> {
  return (await caches.open(CACHE)).match(key);
}

/** A hashed file this build or an older one kept, else the network (kept with this build). */
async function fromOtherCaches(request: Request): Promise<Response> {
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    const hit = await (await caches.open(name)).match(request, { ignoreSearch: true });
    if (hit) return hit;
  }
  const response = await fetch(request);
  if (response.ok) await (await caches.open(LOADED)).put(request, response.clone());
  return response;
}

function pageKey(url: URL): { key: string | undefined; found: boolean } {
  const path = url.pathname
    .replace(/\/index(\.html)?$/, '/')
    .replace(/\.html$/, '')
    .replace(/(.)\/+$/, '$1');
  const key = precache.getCacheKeyForURL(new URL(path, url.origin).href);
  if (key) return { key, found: true };
  return { key: precache.getCacheKeyForURL(new URL('/404', url.origin).href), found: false };
}

/** Pages: the network, else this build's precached page after PAGE_TIMEOUT_S; unknown paths get 404. */
const pages = new NetworkFirst({
  cacheName: CACHE,
  networkTimeoutSeconds: PAGE_TIMEOUT_S,
  plugins: [
    {
      cacheWillUpdate: async () => null,
      fetchDidSucceed: async ({ response }) => {
        if (response.status >= 500) throw new Error(`The server answered ${response.status}`);
        return response;
      },
      cacheKeyWillBeUsed: async ({ request }) => pageKey(new URL(request.url)).key ?? request,
      cachedResponseWillBeUsed: async ({ request, cachedResponse }) =>
        !cachedResponse || pageKey(new URL(request.url)).found
          ? cachedResponse
          : new Response(cachedResponse.body, {
              status: 404,
              statusText: 'Not Found',
              headers: cachedResponse.headers,
            }),
    },
  ],
});
