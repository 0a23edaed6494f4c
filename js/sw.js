// Service worker: the whole site offline after one visit.
// build.py prepends `const PRECACHE = [...]` (every file of the build, relative to this
// script), `const CACHE_NAME = "filler-<content hash>"`, so each build gets its own
// cache and a changed build is a changed sw.js, which the browser picks up as an update,
// and `const SECURITY_HEADERS = {...}`: the Content-Security-Policy and the rest, put
// on every response served here, so that the engine's worker (which no <meta> tag
// reaches) runs under the same policy as the page, whatever headers the host sends.

/* global PRECACHE, CACHE_NAME, SECURITY_HEADERS */

const CACHE_PREFIX = "filler-";
const OPTIONAL = new Set(["./"]); // a host may not map the folder URL to index.html

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE_NAME);
    // Kept with the security headers already on, so that a fetch answers with the cached
    // response itself (no copy streamed through this worker). no-cache: revalidate with
    // the server, never take a stale copy from the HTTP cache. Any file missing fails the
    // install (the folder URL may: a host may not map it; index.html is kept anyway).
    await Promise.all(PRECACHE.map(async (url) => {
      let response = null;
      try {
        response = await fetch(new Request(url, { cache: "no-cache" }));
      } catch (error) {
        if (!OPTIONAL.has(url)) throw error;
      }
      if (response?.ok) await cache.put(url, withSecurityHeaders(response));
      else if (!OPTIONAL.has(url)) throw new TypeError(`${url}: HTTP ${response.status}`);
    }));
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names
      .filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME)
      .map((name) => caches.delete(name)));
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "skip-waiting") {
    self.skipWaiting();
  } else if (data.type === "version" && event.ports[0]) {
    event.ports[0].postMessage({ cacheName: CACHE_NAME });
  }
});

let opening = null; // the cache, opened once per start of this worker
// Not precached (a first visit does not download them) but kept once fetched, so
// that they work offline from then on: the puzzles (docs/puzzles.md).
const KEPT_ON_FETCH = /^puzzles\/[a-z0-9-]+\.json$/;

async function fromCacheFirst(request) {
  const cache = await (opening ??= caches.open(CACHE_NAME));
  let cached = await cache.match(request);
  if (!cached && request.mode === "navigate") {
    // Pages carry their settings in the query string (embeds, shared links): same file.
    cached = await cache.match(request, { ignoreSearch: true });
  }
  // what install kept carries the headers; what the page's worker kept there does not
  if (cached?.headers.has("Content-Security-Policy")) return cached;
  if (cached) return withSecurityHeaders(cached);
  const response = withSecurityHeaders(await fetch(request));
  const path = new URL(request.url).pathname.slice(new URL(self.registration.scope).pathname.length);
  if (response.ok && KEPT_ON_FETCH.test(path)) await cache.put(request, response.clone());
  return response;
}

function withSecurityHeaders(response) {
  if (response.type !== "basic" && response.type !== "default") return response; // opaque, error
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(fromCacheFirst(request));
});
