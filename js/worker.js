// The engine's home: a module worker that boots Pyodide once and answers JSON requests.
//
// Page -> worker: {id, method, params}. Worker -> page: the parsed answer of
// filler.api.handle(JSON.stringify(request)), i.e. {id, ok: true, result} or
// {id, ok: false, error: {type, code, params, message}}. While booting the worker posts
// {type: "progress", stage, fraction} (stages "runtime", "python", "engine"), then
// {type: "ready", version, timings} or {type: "boot-error", problem, message, detail}:
// problem is {code, params, message}, said in the player's language by the page
// (texts "problem.boot.*" in the catalogs js/i18n/); message is English, detail for the console.
// Requests that arrive during boot wait for it, in order.
//
// Boot, fastest first: build.py ships a memory snapshot of Pyodide taken right after
// the engine was imported (build.json "snapshot"); restoring it skips Python's start-up
// and the imports. Without one (or if it fails) Python starts from scratch. Either way
// the engine wheel is put on sys.path as a zip (zipimport): micropip would first have
// to load itself, which costs 1-3 s here (README, "Boot time").

const siteRoot = new URL("../", import.meta.url);

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

function progress(stage, fraction) {
  post({ type: "progress", stage, fraction });
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
  return response;
}

async function fetchSnapshot(url) {
  const response = await fetchOk(url, "snapshot");
  const unzipped = response.body.pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(unzipped).arrayBuffer());
}

// Run once the interpreter is up (restored or fresh); its value is filler.api.handle.
const INSTALL_ENGINE = `
import sys
if WHEEL_PATH not in sys.path:
    sys.path.insert(0, WHEEL_PATH)
if "random" in sys.modules:
    # A restored snapshot would otherwise give every visit the same random numbers.
    sys.modules["random"].seed()
import filler.api
filler.api.handle
`;

async function boot() {
  const timings = {};
  const started = performance.now();
  const mark = (name) => { timings[name] = Math.round(performance.now() - started); };

  progress("runtime", 0);
  const build = await (await fetchOk(new URL("build.json", siteRoot), "build")).json();
  const indexURL = new URL(build.pyodide, siteRoot).href;
  // Start every download at once; they arrive while the runtime compiles.
  const wheelBytes = fetchOk(new URL(build.engine_wheel, siteRoot), "engine")
    .then((response) => response.arrayBuffer());
  wheelBytes.catch(() => {}); // reported when awaited below
  const snapshotBytes = build.snapshot && typeof DecompressionStream === "function"
    ? fetchSnapshot(new URL(build.snapshot, siteRoot)) : null;
  snapshotBytes?.catch(() => {});
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
  progress("python", 0.2);

  let pyodide = null;
  if (snapshotBytes) {
    try {
      pyodide = await loadPyodide({ indexURL, _loadSnapshot: await snapshotBytes });
      timings.snapshot = true;
    } catch (error) {
      timings.snapshot = false;
      timings.snapshot_error = String(error && error.message || error);
    }
  }
  if (!pyodide) pyodide = await loadPyodide({ indexURL, packages: [] });
  mark("python");

  progress("engine", 0.9);
  const wheelName = build.engine_wheel.split("/").pop();
  const wheelPath = `/home/pyodide/${wheelName}`; // the same as build.py's wheel_fs_path
  pyodide.FS.mkdirTree("/home/pyodide");
  pyodide.FS.writeFile(wheelPath, new Uint8Array(await wheelBytes));
  const globals = pyodide.toPy({ WHEEL_PATH: wheelPath });
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
  post({ type: "ready", version: build.version, timings });
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
    answer = { id, ok: false, error: { type: "InternalError", code: "internal", params: {},
                                        message: errorMessage(error), detail: String(error && error.message || error) } };
  }
  post(answer);
};
