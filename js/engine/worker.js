// The engine's home: a module worker that boots Pyodide once and answers JSON requests.
//
// Page -> worker: {id, method, params}. Worker -> page: the parsed answer of
// filler.api.handle(JSON.stringify(request)), i.e. {id, ok: true, result} or
// {id, ok: false, error: {type, code, params, message}}. While booting the worker posts
// {type: "progress", stage, fraction} (stages "runtime", "python", "engine"), then
// {type: "ready", version, timings} or {type: "boot-error", problem, message, detail}:
// problem is {code, params, message}, said in the player's language by the page
// (texts "problem.boot.*" in the catalogs js/i18n/); message is English, detail for the console.
// Requests that arrive during boot wait for it, in order. "ready" also names the lock
// this worker holds for as long as it lives (Web Locks, where there are: https and
// localhost), so that the page learns at once when it is gone (engine.js). Should the
// wasm runtime fail for good while answering, the worker posts {type: "stopped", detail}
// and ends: the page starts a new one.
//
// Boot, fastest first: build.py ships a memory snapshot of Pyodide taken right after
// the engine was imported (build.json "snapshot"); restoring it skips Python's start-up
// and the imports. Without one (or if it fails) Python starts from scratch and imports
// the engine from its wheel, put on sys.path as a zip (zipimport): micropip would first
// have to load itself, which costs 1-3 s here (docs/boot.md). The snapshot holds the
// engine, so its boot downloads no wheel (INSTALL_ENGINE: only if a module it lacks is
// imported).
//
// A first visit downloads as little as it can, all at once (docs/boot.md): the
// wasm runtime comes zstd-compressed (build.json "precompressed"; decoded here with
// fzstd, so no host setting is needed), the snapshot's memory is stored XOR the wasm's own data (zeros
// where they agree), and the snapshot path loads a standard library cut down to the
// modules the engine may still import (build.json "snapshot_stdlib"). Every download
// starts as soon as build.json names it; Pyodide's own fetch calls get those answers.

import { Decompress } from "../../vendor/fzstd.mjs";

const siteRoot = new URL("../../", import.meta.url); // this file is js/engine/worker.js

/** A boot failure the page can say in the player's language. */
class BootProblem extends Error {
  constructor(code, params, message) {
    super(message);
    this.problem = { code, params, message };
  }
}

function post(message) {
  self.postMessage(message);
}

let shownFraction = -1;

function progress(stage, fraction) {
  if (fraction < shownFraction) return; // never backwards
  shownFraction = fraction;
  post({ type: "progress", stage, fraction });
}

// Downloads fill the bar up to 0.6: build.json says how many bytes the boot fetches.
const download = { expected: 0, received: 0 };

function counted(response) {
  if (!response.body || !download.expected) return response;
  const body = response.body.pipeThrough(new TransformStream({
    transform(chunk, controller) {
      download.received += chunk.length;
      const fraction = 0.6 * Math.min(1, download.received / download.expected);
      if (fraction - shownFraction >= 0.01) progress("runtime", fraction);
      controller.enqueue(chunk);
    },
  }));
  return new Response(body, { status: response.status, statusText: response.statusText,
                              headers: response.headers });
}

// what: "build" (build.json), "engine" (the wheel) or "snapshot"
async function fetchOk(url, what) {
  let response;
  let reason = null;
  try {
    // no-cache: revalidate (cheap) so that a new build is never mixed with an old file;
    // offline, the service worker answers from its cache of this very build.
    response = await fetch(url, { cache: "no-cache" });
    if (!response.ok) reason = `HTTP ${response.status}`;
  } catch (error) {
    reason = String(error && error.message || error);
  }
  if (reason !== null) {
    throw new BootProblem(`boot.download_${what}`, { path: url.pathname, reason },
                          `Could not download ${url.pathname}: ${reason}`);
  }
  return counted(response);
}

/** The body, decoded when it is zstd (build.py's precompressed files and snapshot): a
 *  host may already have decoded it (it sent Content-Encoding), then it passes as it is. */
function zstdDecoded(body) {
  let decoder; // undefined until the first bytes say whether this is zstd; then null if not
  return body.pipeThrough(new TransformStream({
    transform(chunk, controller) {
      if (decoder === undefined) {
        const zstd = chunk[0] === 0x28 && chunk[1] === 0xb5 && chunk[2] === 0x2f && chunk[3] === 0xfd;
        decoder = zstd ? new Decompress((data) => controller.enqueue(data)) : null;
      }
      if (decoder) decoder.push(chunk);
      else controller.enqueue(chunk);
    },
    flush() {
      decoder?.push(new Uint8Array(0), true);
    },
  }));
}

const TYPES = { wasm: "application/wasm", mjs: "text/javascript", js: "text/javascript" };

/** The original file, from its gzipped copy. */
async function fetchPrecompressed(originalURL, copyURL) {
  const response = await fetchOk(copyURL, "runtime");
  const type = TYPES[originalURL.pathname.split(".").pop()] || "application/octet-stream";
  return new Response(zstdDecoded(response.body), { headers: { "Content-Type": type } });
}

async function fetchSnapshot(url) {
  const response = await fetchOk(url, "snapshot");
  return new Uint8Array(await new Response(zstdDecoded(response.body)).arrayBuffer());
}

// Downloads this worker started itself (URL -> response), each handed once to Pyodide's
// fetch of the same URL; the originals of precompressed files are read from their copy.
const early = new Map();
const precompressed = new Map();
const networkFetch = self.fetch.bind(self);
self.fetch = (resource, options) => {
  const url = new URL(resource instanceof Request ? resource.url : String(resource), self.location.href);
  const started = early.get(url.href);
  if (started) {
    early.delete(url.href);
    return started;
  }
  const copy = precompressed.get(url.href);
  return copy ? fetchPrecompressed(url, copy) : networkFetch(resource, options);
};

function leb128(bytes, at, signed = false) {
  let value = 0;
  let scale = 1;
  let byte;
  do {
    byte = bytes[at++];
    value += (byte & 0x7f) * scale;
    scale *= 128;
  } while (byte & 0x80);
  if (signed && byte & 0x40) value -= scale;
  return [value, at];
}

/** (address, bytes) of the wasm's data segments, as builder/wasm.py's wasm_data_segments. */
function wasmDataSegments(wasm) {
  const segments = [];
  let at = 8;
  while (at < wasm.length) {
    const section = wasm[at];
    let size;
    [size, at] = leb128(wasm, at + 1);
    if (section === 11) {
      let [count, cursor] = leb128(wasm, at);
      for (; count > 0; count--) {
        let flags, address, length;
        [flags, cursor] = leb128(wasm, cursor);
        if (flags !== 0 || wasm[cursor] !== 0x41) throw new Error("unexpected wasm data segment");
        [address, cursor] = leb128(wasm, cursor + 1, true);
        if (wasm[cursor] !== 0x0b) throw new Error("unexpected wasm data segment");
        [length, cursor] = leb128(wasm, cursor + 1);
        segments.push([address, wasm.subarray(cursor, cursor + length)]);
        cursor += length;
      }
    }
    at += size;
  }
  return segments;
}

/** Undo builder/wasm.py's xor_with_wasm_data, in place. */
function xorWithWasmData(snapshot, wasm) {
  const memoryStart = new DataView(snapshot.buffer, snapshot.byteOffset).getUint32(4, true);
  for (const [address, data] of wasmDataSegments(wasm)) {
    const target = snapshot.subarray(memoryStart + address, memoryStart + address + data.length);
    for (let i = 0; i < data.length; i++) target[i] ^= data[i];
  }
  return snapshot;
}

// Run once the interpreter is up (restored or fresh); its value is filler.api.handle.
// FETCH_WHEEL (restored only): the snapshot holds every engine module the page imports,
// so the wheel is not downloaded at boot; should an engine module the snapshot lacks be
// imported all the same, FETCH_WHEEL() writes the wheel at WHEEL_PATH first (once).
const INSTALL_ENGINE = `
import sys
if WHEEL_PATH not in sys.path:
    sys.path.insert(0, WHEEL_PATH)
if "random" in sys.modules:
    # A restored snapshot would otherwise give every visit the same random numbers.
    sys.modules["random"].seed()
if FETCH_WHEEL is not None:
    class EngineWheelFinder:
        """An engine module the snapshot does not hold: the wheel first, then the usual finders."""

        @staticmethod
        def find_spec(name, path=None, target=None):
            if name.partition(".")[0] == "filler" and FETCH_WHEEL():
                sys.meta_path.remove(EngineWheelFinder)
                for finder in list(sys.path_importer_cache.values()):
                    if getattr(finder, "archive", None) == WHEEL_PATH:
                        finder.invalidate_caches()  # the wheel's zip importers read it anew
            return None

    sys.meta_path.insert(0, EngineWheelFinder)
import filler.api
filler.api.handle
`;

/** Download the engine wheel now, synchronously (an import is waiting for it), into
 *  Pyodide's file system; whether that worked. */
function fetchWheelNow(pyodide, url, path) {
  try {
    const request = new XMLHttpRequest();
    request.open("GET", url, false);
    request.responseType = "arraybuffer";
    request.send();
    if (request.status !== 200) return false;
    pyodide.FS.writeFile(path, new Uint8Array(request.response));
    return true;
  } catch (error) {
    console.warn("filler: could not download the engine wheel", error);
    return false;
  }
}

// Later visits: the decoded runtime and the restored snapshot, kept after the first boot
// in this build's offline cache (the service worker's, build.json "cache"; it deletes the
// cache with the build), so no visit decodes them twice: zstd in JavaScript costs 1-2 s
// of this thread here, a native gunzip of the snapshot a tenth of that.
async function openCache(build) {
  try {
    return build.cache && await caches.has(build.cache) ? await caches.open(build.cache) : null;
  } catch (error) {
    return null; // no storage here (e.g. a frame on another site): decode every time
  }
}

async function fromCache(cache, url) {
  try {
    return (await cache?.match(url)) || null;
  } catch (error) {
    return null;
  }
}

const later = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

async function keepDecoded(build, entries) {
  try {
    // Only into a cache the service worker made (on a first visit it is being made now):
    // never bring back the cache of a build it has already deleted.
    let cache = await openCache(build);
    for (let tries = 0; !cache && tries < 60; tries++) {
      await later(1000);
      cache = await openCache(build);
    }
    for (const [url, response] of cache ? entries : []) await cache.put(url, await response);
  } catch (error) {
    console.warn("filler: could not keep the decoded runtime", error);
  }
}

// The lock this worker holds until it ends (null: no Web Locks here).
const lifeLock = self.navigator.locks ? `filler-engine-${crypto.randomUUID()}` : null;
const lockHeld = lifeLock && new Promise((resolve) => {
  navigator.locks.request(lifeLock, () => {
    resolve(lifeLock);
    return new Promise(() => {}); // never let go: the lock goes with the worker
  }).catch(() => resolve(null));
});

async function boot() {
  const timings = {};
  const started = performance.now();
  const mark = (name) => { timings[name] = Math.round(performance.now() - started); };

  progress("runtime", 0);
  const build = await (await fetchOk(new URL("build.json", siteRoot), "build")).json();
  const indexURL = new URL(build.pyodide, siteRoot).href;
  download.expected = Object.values(build.boot_download_bytes || {}).reduce((sum, size) => sum + size, 0);
  // Start every download at once; they arrive while the runtime compiles. The engine
  // wheel only for a boot from scratch (the snapshot holds the engine).
  const wheelURL = new URL(build.engine_wheel, siteRoot);
  const fetchWheel = () => fetchOk(wheelURL, "engine").then((response) => response.arrayBuffer());
  let wheelBytes = build.snapshot ? null : fetchWheel();
  wheelBytes?.catch(() => {}); // reported when awaited below
  for (const [original, copy] of Object.entries(build.precompressed || {})) {
    precompressed.set(new URL(original, siteRoot).href, new URL(copy, siteRoot));
  }
  const wasmURL = new URL("pyodide.asm.wasm", indexURL);
  const snapshotURL = build.snapshot && new URL(`${build.snapshot}?restored`, siteRoot);
  const cache = await openCache(build);
  const [cachedWasm, cachedSnapshot] = await Promise.all(
    [fromCache(cache, wasmURL), snapshotURL && fromCache(cache, snapshotURL)]);
  timings.decoded_cache = Boolean(cachedWasm && (cachedSnapshot || !snapshotURL));
  const wasm = cachedWasm ? Promise.resolve(cachedWasm) : self.fetch(wasmURL);
  early.set(wasmURL.href, wasm);
  wasm.catch(() => {});
  const wasmBytes = cachedWasm && !build.snapshot_xor_wasm_data ? null
    : wasm.then((response) => response.clone().arrayBuffer());
  wasmBytes?.catch(() => {});
  let snapshotBytes = null;
  if (cachedSnapshot) {
    const unzipped = cachedSnapshot.body.pipeThrough(new DecompressionStream("gzip"));
    snapshotBytes = new Response(unzipped).arrayBuffer().then((buffer) => new Uint8Array(buffer));
  } else if (build.snapshot) {
    snapshotBytes = fetchSnapshot(new URL(build.snapshot, siteRoot));
    if (build.snapshot_xor_wasm_data) {
      snapshotBytes = Promise.all([snapshotBytes, wasmBytes])
        .then(([snapshot, runtime]) => xorWithWasmData(snapshot, new Uint8Array(runtime)));
    }
  }
  snapshotBytes?.then(() => progress("python", 0.6), () => {});
  const stdLibURL = snapshotBytes && build.snapshot_stdlib ? new URL(build.snapshot_stdlib, siteRoot).href : undefined;
  if (stdLibURL) {
    const stdlib = networkFetch(stdLibURL).then(counted);
    early.set(stdLibURL, stdlib);
    stdlib.catch(() => {});
  }
  // The runtime's JavaScript: the loader imports it by this URL, and gets this import.
  import(`${indexURL}pyodide.asm.mjs`).catch(() => {});
  mark("build_json");

  let loadPyodide;
  try {
    ({ loadPyodide } = await import(`${indexURL}pyodide.mjs`));
  } catch (error) {
    const reason = String(error && error.message || error);
    throw new BootProblem("boot.pyodide", { path: build.pyodide, reason },
                          `Could not load Pyodide from ${build.pyodide}: ${reason}`);
  }
  mark("pyodide_mjs");
  if (!snapshotBytes) progress("python", 0.2);

  // Pyodide waits for ever when its wasm does not arrive: say why instead.
  const runtimeFailed = wasm.then(() => new Promise(() => {}));
  const load = (options) => Promise.race([loadPyodide({ indexURL, ...options }), runtimeFailed]);
  let pyodide = null;
  if (snapshotBytes) {
    try {
      pyodide = await load({ stdLibURL, _loadSnapshot: await snapshotBytes });
      timings.snapshot = true;
    } catch (error) {
      timings.snapshot = false;
      timings.snapshot_error = String(error && error.message || error);
      if (cachedSnapshot) cache.delete(snapshotURL).catch(() => {}); // decode it anew next time
    }
  }
  if (!pyodide) pyodide = await load({ packages: [] });
  mark("python");

  progress("engine", 0.9);
  const wheelName = build.engine_wheel.split("/").pop();
  const wheelPath = `/home/pyodide/${wheelName}`; // the same as builder/snapshot.py's wheel_fs_path
  pyodide.FS.mkdirTree("/home/pyodide");
  if (!timings.snapshot) pyodide.FS.writeFile(wheelPath, new Uint8Array(await (wheelBytes ??= fetchWheel())));
  const fetchWheelLater = timings.snapshot ? () => fetchWheelNow(pyodide, wheelURL.href, wheelPath) : undefined;
  const globals = pyodide.toPy({ WHEEL_PATH: wheelPath, FETCH_WHEEL: fetchWheelLater });
  let handle;
  try {
    handle = pyodide.runPython(INSTALL_ENGINE, { globals });
  } catch (error) {
    const detail = errorMessage(error);
    throw new BootProblem("boot.python", { detail }, `Python could not start the engine: ${detail}`);
  } finally {
    globals.destroy();
  }
  mark("engine");
  progress("engine", 1);
  post({ type: "ready", version: build.version, timings, lock: await lockHeld });
  if (timings.snapshot && !timings.decoded_cache && typeof CompressionStream === "function") {
    const entries = [];
    if (!cachedWasm) {
      entries.push([wasmURL, wasmBytes.then((bytes) =>
        new Response(bytes, { headers: { "Content-Type": "application/wasm" } }))]);
    }
    if (!cachedSnapshot) {
      entries.push([snapshotURL, snapshotBytes.then((bytes) =>
        new Response(new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip"))))]);
    }
    keepDecoded(build, entries);
  }
  return handle;
}

function errorMessage(error) {
  // A PythonError's message is the whole traceback: its last line says what went wrong.
  const text = String((error && error.message) || error);
  const lines = text.split("\n").map((line) => line.trim())
    .filter((line) => line && !line.includes("pyodide.setDebug"));
  return lines[lines.length - 1] || text;
}

/** {code, params, message} for any boot failure: ours, or Python's (its last line). */
function bootProblem(error) {
  if (error instanceof BootProblem) return error.problem;
  const detail = errorMessage(error);
  return { code: "boot.other", params: { detail }, message: detail };
}

const booted = boot();
booted.catch((error) => {
  const problem = bootProblem(error);
  post({ type: "boot-error", problem, message: problem.message, detail: String(error && error.stack || error) });
});

self.onmessage = async (event) => {
  const request = event.data;
  const id = request && typeof request === "object" ? request.id : undefined;
  let handle;
  try {
    handle = await booted;
  } catch (error) {
    post({ id, ok: false, error: { type: "BootError", ...bootProblem(error) } });
    return;
  }
  let answer;
  try {
    answer = JSON.parse(handle(JSON.stringify(request)));
  } catch (error) {
    if (error && error.pyodide_fatal_error) { // the runtime cannot be used any more
      post({ type: "stopped", detail: errorMessage(error) });
      self.close();
      return;
    }
    answer = { id, ok: false, error: { type: "InternalError", code: "internal", params: {},
                                        message: errorMessage(error), detail: String(error && error.message || error) } };
  }
  post(answer);
};
