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
    const required = PRECACHE.filter((url) => !OPTIONAL.has(url));
    // no-cache: revalidate with the server, never take a stale copy from the HTTP cache.
    await cache.addAll(required.map((url) => new Request(url, { cache: "no-cache" })));
    await Promise.all([...OPTIONAL].filter((url) => PRECACHE.includes(url)).map(async (url) => {
      try {
        const response = await fetch(new Request(url, { cache: "no-cache" }));
        if (response.ok) await cache.put(url, response);
      } catch (error) {
        // The folder URL is a convenience; index.html is cached anyway.
      }
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

async function fromCacheFirst(request) {
  const cache = await caches.open(CACHE_NAME);
  let cached = await cache.match(request);
  if (!cached && request.mode === "navigate") {
    // Pages carry their settings in the query string (embeds, shared links): same file.
    cached = await cache.match(request, { ignoreSearch: true });
  }
  return withSecurityHeaders(cached || await fetch(request));
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
