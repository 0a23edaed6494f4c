// Service worker: the site's files compressed on a first visit, the game offline after
// it, and the whole site offline after the second (or a part once opened).
// build.py prepends `const PRECACHE = [...]` (every file of the build, relative to this
// script), `const PLAIN = [...]` and `const GZIPPED_TOO = [...]` (the files fetched from
// their gzip copy, `<file>-gzip`, builder/precompress.py, are the precached ones but PLAIN,
// and GZIPPED_TOO), `const LATER = [...]` (precached files only a mode loaded when needed or
// a language not shown yet needs: builder/pages.py later_files), `const FIRST_VISIT_PACK`
// (the main page's sheets and modules and the engine worker's first files, in one file
// which the first install keeps: builder/pages.py first_visit_pack),
// `const CACHE_NAME = "filler-<content hash>"`, so each build gets its own cache and a
// changed build is a changed sw.js, which the browser picks up as an update, and `const SECURITY_HEADERS = {...}`: the Content-Security-Policy and
// the rest, put on every response served here, so that the engine's worker (which no
// <meta> tag reaches) runs under the same policy as the page, whatever headers the host
// sends.
//
// A first visit: installed by the page's first script (js/start.js), this worker takes
// the page at once, as soon as it has kept the files of FIRST_VISIT_PACK; every file of
// the site it fetches comes from its gzip copy, decoded here (DecompressionStream), and
// is kept. The rest of the site but LATER is saved once the engine is up, when the page
// asks ("save": offline.js), so that it does not slow the boot; a file of LATER is kept
// when the page fetches it (its mode opened, its language shown). The next visit's page
// asks again, and then the whole site is saved. An update (another worker controls the page): the new
// one saves the whole site while it installs, and waits until the page takes it.

/* global PRECACHE, PLAIN, GZIPPED_TOO, LATER, FIRST_VISIT_PACK, CACHE_NAME, SECURITY_HEADERS */

const CACHE_PREFIX = "filler-";
const SITE_ROOT = new URL("./", self.location.href); // build.py writes this worker at the site's top
const OPTIONAL = new Set(["./"]); // a host may not map the folder URL to index.html
// what a save may go without (below): the folder URL, and LATER (saved by a save online)
const MAY_MISS = new Set([...OPTIONAL, ...LATER]);

self.addEventListener("install", (event) => {
  if (!self.registration.active) {
    self.skipWaiting(); // the first: take the page now (activate), save the site when asked
    event.waitUntil(unpackFirstVisit().catch(() => {})); // (without it: each file as asked)
    return;
  }
  event.waitUntil(saveSite());
});

/** The first install: the main page's style sheets and modules and the engine worker's
 *  first files, in one download (FIRST_VISIT_PACK: {path: text}), kept as saveSite()
 *  keeps a file, so that the page this worker then takes gets them from the cache and
 *  not in rounds of six requests, each a round trip (docs/boot.md "A first visit").
 *  Only files of the build are kept. */
async function unpackFirstVisit() {
  const pack = await fromNetwork(new Request(new URL(FIRST_VISIT_PACK, SITE_ROOT)), FIRST_VISIT_PACK);
  if (!pack.ok) return;
  const files = new Map(Object.entries(await pack.json()));
  const cache = await openCache();
  await Promise.all([...files].filter(([path, text]) => PRECACHED.has(path) && typeof text === "string")
    .map(([path, text]) => cache.put(path, new Response(text, {
      headers: { "Content-Type": TYPES[path.split(".").pop()], ...SECURITY_HEADERS } }))));
}

// In the cache once a save is done: the saves after it (the next visit's) are whole.
const SAVED_ONCE = "./.saved-once";

/** Every file of the build not kept yet, fetched (revalidated: never a stale copy from
 *  the HTTP cache) and kept with the security headers on; the first save a page `asked`
 *  for in this cache (a first visit's) leaves LATER out. Any file missing fails but
 *  MAY_MISS: the folder URL (a host may not map it; index.html is kept anyway) and LATER
 *  (a visit offline after the first still has the game saved; the rest comes with the
 *  next save online). `fetched`: URLs the page fetched itself before this worker took it
 *  (the browser's HTTP cache has them): revalidated as they are (a host answers "not
 *  modified"), not fetched again as copies. */
async function saveSite(fetched = [], asked = false) {
  const cache = await openCache();
  const inHttpCache = new Set(fetched.filter((url) => typeof url === "string").map(sitePath));
  const later = new Set(asked && !await cache.match(SAVED_ONCE) ? LATER : []);
  await Promise.all(PRECACHE.filter((path) => !later.has(path)).map(async (path) => {
    if (await cache.match(path)) return;
    let response = null;
    try {
      const request = new Request(new URL(path, SITE_ROOT), { cache: "no-cache" });
      response = inHttpCache.has(path) ? withSecurityHeaders(await fetch(request))
        : await fromNetwork(request, sitePath(request.url));
    } catch (error) {
      if (!MAY_MISS.has(path)) throw error;
    }
    if (response?.ok) await cache.put(path, response);
    else if (!MAY_MISS.has(path)) throw new TypeError(`${path}: HTTP ${response.status}`);
  }));
  await cache.put(SAVED_ONCE, new Response(""));
}

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
  } else if (data.type === "save" && event.ports[0]) {
    const port = event.ports[0];
    const fetched = Array.isArray(data.fetched) ? data.fetched : [];
    const saved = (saving ??= saveSite(fetched, true).finally(() => { saving = null; }));
    event.waitUntil(saved.then(() => port.postMessage({ saved: true }), (error) => {
      port.postMessage({ saved: false, reason: String(error && error.message || error) });
    }));
  }
});

let saving = null; // saveSite() asked by a page, until it is done

let opening = null; // the cache, opened once per start of this worker
const openCache = () => (opening ??= caches.open(CACHE_NAME));
const PRECACHED = new Set(PRECACHE);
const FROM_GZIP = new Set([...PRECACHE.filter((path) => path !== "./" && !PLAIN.includes(path)), ...GZIPPED_TOO]);
// Not precached (a first visit does not download them) but kept once fetched, so
// that they work offline from then on: the puzzles (docs/puzzles.md).
const KEPT_ON_FETCH = /^puzzles\/[a-z0-9-]+\.json$/;
const TYPES = {
  js: "text/javascript; charset=utf-8", mjs: "text/javascript; charset=utf-8", css: "text/css; charset=utf-8",
  html: "text/html; charset=utf-8", json: "application/json", svg: "image/svg+xml",
  webmanifest: "application/manifest+json", txt: "text/plain; charset=utf-8",
};

/** The path of a URL of this site, as PRECACHE has it ("" for the site's folder). */
function sitePath(url) {
  return new URL(url).pathname.slice(SITE_ROOT.pathname.length);
}

async function fromCacheFirst(event) {
  const request = event.request;
  const cache = await openCache();
  let cached = await cache.match(request);
  if (!cached && request.mode === "navigate") {
    // Pages carry their settings in the query string (embeds, shared links): same file.
    cached = await cache.match(request, { ignoreSearch: true });
  }
  // what install kept carries the headers; what the page's worker kept there does not
  if (cached?.headers.has("Content-Security-Policy")) return cached;
  if (cached) return withSecurityHeaders(cached);
  const path = sitePath(request.url);
  const response = await fromNetwork(request, path);
  const search = new URL(request.url).search;
  if (response.ok && !search && (PRECACHED.has(path) || KEPT_ON_FETCH.test(path))) {
    event.waitUntil(cache.put(request, response.clone())); // kept: saveSite() will not fetch it again
  }
  return response;
}

/** The file at `path` from the network, with the security headers: from its gzip copy,
 *  decoded, where it has one (the folder itself is index.html), else as asked. */
async function fromNetwork(request, path) {
  const file = path === "" ? "index.html" : path;
  if (FROM_GZIP.has(file)) {
    const cache = request.cache === "only-if-cached" ? "default" : request.cache;
    const copy = await fetch(new Request(new URL(`${file}-gzip`, SITE_ROOT), { cache }));
    if (copy.ok) {
      const headers = new Headers({ "Content-Type": TYPES[file.split(".").pop()], ...SECURITY_HEADERS });
      return new Response(await gunzipped(copy), { status: 200, headers });
    }
  }
  return withSecurityHeaders(await fetch(request));
}

/** A gzip copy's body, decoded; as it is if a host decoded it on the way (Content-Encoding). */
async function gunzipped(response) {
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
  return new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
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
  event.respondWith(fromCacheFirst(event));
});
