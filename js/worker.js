// The engine's home: a module worker that boots Pyodide once and answers JSON requests.
//
// Page -> worker: {id, method, params}. Worker -> page: the parsed answer of
// filler.api.handle(JSON.stringify(request)), i.e. {id, ok: true, result} or
// {id, ok: false, error: {type, message}}. While booting the worker posts
// {type: "progress", stage, fraction}, then {type: "ready", version, timings}
// or {type: "boot-error", message}. Requests that arrive during boot wait for it.

const siteRoot = new URL("../", import.meta.url);

function post(message) {
  self.postMessage(message);
}

function progress(stage, fraction) {
  post({ type: "progress", stage, fraction });
}

async function fetchOk(url, what) {
  let response;
  try {
    response = await fetch(url, { cache: "no-cache" });
  } catch (error) {
    throw new Error(`Could not download ${what} (${url.pathname}): ${error.message}`);
  }
  if (!response.ok) {
    throw new Error(`Could not download ${what} (${url.pathname}): HTTP ${response.status}`);
  }
  return response;
}

// The engine wheel is a zip of pure Python: put it on sys.path as it is (zipimport),
// which costs nothing at boot, where micropip would first have to load itself
// (about a second here). See README "Boot time" for the measurements.
const INSTALL_ENGINE = `
import sys
sys.path.insert(0, WHEEL_PATH)
import filler.api
`;

async function boot() {
  const timings = {};
  const started = performance.now();
  const mark = (name) => { timings[name] = Math.round(performance.now() - started); };

  progress("runtime", 0);
  const build = await (await fetchOk(new URL("build.json", siteRoot), "build.json")).json();
  const indexURL = new URL(build.pyodide, siteRoot).href;
  const wheelUrl = new URL(build.engine_wheel, siteRoot);
  // Start the engine download now; it arrives while Python starts.
  const wheelBytes = fetchOk(wheelUrl, "the engine").then((response) => response.arrayBuffer());
  wheelBytes.catch(() => {}); // reported when awaited below
  mark("build_json");

  let loadPyodide;
  try {
    ({ loadPyodide } = await import(`${indexURL}pyodide.mjs`));
  } catch (error) {
    throw new Error(`Could not load Pyodide from ${build.pyodide}: ${error.message}`);
  }
  progress("python", 0.1);
  mark("import_pyodide_mjs");
  const pyodide = await loadPyodide({ indexURL, packages: [] });
  mark("load_pyodide");

  progress("engine", 0.8);
  const wheelName = build.engine_wheel.split("/").pop();
  const wheelPath = `/home/pyodide/${wheelName}`;
  pyodide.FS.writeFile(wheelPath, new Uint8Array(await wheelBytes));
  mark("engine_wheel");
  progress("import", 0.9);
  const globals = pyodide.toPy({ WHEEL_PATH: wheelPath });
  try {
    pyodide.runPython(INSTALL_ENGINE, { globals });
  } finally {
    globals.destroy();
  }
  const api = pyodide.pyimport("filler.api");
  mark("import_engine");
  const handle = api.handle;
  api.destroy();
  progress("ready", 1);
  post({ type: "ready", version: build.version, timings });
  return handle;
}

function errorMessage(error) {
  // A PythonError's message is the whole traceback: its last line says what went wrong.
  const text = String((error && error.message) || error);
  const lines = text.trim().split("\n");
  return lines[lines.length - 1] || text;
}

const booted = boot();
booted.catch((error) => {
  post({ type: "boot-error", message: errorMessage(error), detail: String(error && error.stack || error) });
});

self.onmessage = async (event) => {
  const request = event.data;
  const id = request && typeof request === "object" ? request.id : undefined;
  let handle;
  try {
    handle = await booted;
  } catch (error) {
    post({ id, ok: false, error: { type: "BootError", message: errorMessage(error) } });
    return;
  }
  let answer;
  try {
    answer = JSON.parse(handle(JSON.stringify(request)));
  } catch (error) {
    answer = { id, ok: false, error: { type: "InternalError", message: errorMessage(error),
                                        detail: String(error && error.message || error) } };
  }
  post(answer);
};
