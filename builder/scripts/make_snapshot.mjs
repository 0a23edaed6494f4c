// Run by node at build time (builder/snapshot.py): boots the pinned Pyodide, imports the
// engine from its wheel, and writes a memory snapshot of the interpreter, with the
// cut-down standard library it was taken with (docs/boot.md "The snapshot"). The steps
// inside Python are snapshot_steps.py's functions. Its inputs, from the environment:
//
//   FILLER_PYODIDE_DIR      the pinned npm package (node_modules/pyodide)
//   FILLER_WHEEL_FILE       the engine wheel, and FILLER_WHEEL_FS_PATH, where the worker
//                           puts it in Pyodide's file system
//   FILLER_STDLIB_FS_PATH   where Pyodide keeps its standard library's zip
//   FILLER_SNAPSHOT_OUT     the files to write: the snapshot, and the cut-down zip
//   FILLER_STDLIB_OUT
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const env = process.env;
const { loadPyodide } = await import(pathToFileURL(`${env.FILLER_PYODIDE_DIR}/pyodide.mjs`).href);
const indexURL = `${env.FILLER_PYODIDE_DIR}/`;
const steps = readFileSync(new URL("snapshot_steps.py", import.meta.url), "utf8");

/** An interpreter with the engine wheel where the worker puts it, and the steps defined. */
async function interpreter(options) {
  const pyodide = await loadPyodide({ indexURL, ...options });
  pyodide.FS.mkdirTree(env.FILLER_WHEEL_FS_PATH.replace(/\/[^/]*$/, ""));
  pyodide.FS.writeFile(env.FILLER_WHEEL_FS_PATH, readFileSync(env.FILLER_WHEEL_FILE));
  pyodide.runPython(steps);
  return pyodide;
}

/** Call the step `name` of snapshot_steps.py; what it returns (a string, or undefined). */
function step(pyodide, name, ...args) {
  const fn = pyodide.globals.get(name);
  try {
    return fn(...args);
  } finally {
    fn.destroy();
  }
}

// A first interpreter, booted normally, imports every engine module to find the
// standard-library modules the engine may ever import.
const probe = await interpreter({});
const reachable = step(probe, "reachable_stdlib", env.FILLER_WHEEL_FS_PATH, env.FILLER_STDLIB_FS_PATH);
// The snapshot's: docstrings left out (PYTHONOPTIMIZE=2), only what the worker imports.
const pyodide = await interpreter({ _makeSnapshot: true, env: { PYTHONOPTIMIZE: "2" } });
step(pyodide, "import_engine", env.FILLER_WHEEL_FS_PATH, env.FILLER_STDLIB_FS_PATH, reachable);
writeFileSync(env.FILLER_STDLIB_OUT, pyodide.FS.readFile(env.FILLER_STDLIB_FS_PATH));
// Free heap memory still holds what was there before: zero it, it then compresses to
// nothing. Small blocks from 64 KB down fill the holes (and a little of the top).
const M = pyodide._module;
let top = M.HEAPU8.length;
while (top > 0 && M.HEAPU8[top - 1] === 0) top--;
const blocks = [];
for (let size = 1 << 16; size >= 16; size >>= 1) {
  for (;;) {
    const pointer = M._malloc(size);
    if (!pointer) break;
    blocks.push(pointer);
    if (pointer >= top) break;
    M.HEAPU8.fill(0, pointer, pointer + size);
  }
}
for (const pointer of blocks) M._free(pointer);
writeFileSync(env.FILLER_SNAPSHOT_OUT, pyodide.makeMemorySnapshot());
