"""Run Python inside the pinned Pyodide under Node, with the engine from ``py/filler``.

The npm package the build uses (``node_modules/pyodide``), no page and no worker:
the engine's ``.py`` files are copied into Pyodide's file system, the given source
runs there, and its global ``result`` (a string) comes back. Used by the benchmark
``bench/ai_pyodide.py`` and by ``tests/engine/test_pyodide_boards.py``. Standard
library only.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYODIDE = ROOT / "node_modules" / "pyodide"

# For a benchmark's source: cpu(), seconds of CPU time in CPython (this thread's) and
# under Node (the process's), so a busy machine does not count against the code.
CPU_CLOCK = """
import sys, time
if sys.platform == "emscripten":   # under Node: the process's CPU time
    from js import process
    def cpu():
        usage = process.cpuUsage()
        return (usage.user + usage.system) / 1e6
else:
    cpu = time.thread_time
"""

RUNNER = """
import { loadPyodide } from %(module)s;
import fs from "fs";
import path from "path";
const py = await loadPyodide({ indexURL: %(index)s });
function copy(dir, dest) {
  py.FS.mkdirTree(dest);
  for (const name of fs.readdirSync(dir)) {
    const p = path.join(dir, name);
    if (fs.statSync(p).isDirectory()) { if (name !== "__pycache__") copy(p, dest + "/" + name); }
    else if (name.endsWith(".py")) py.FS.writeFile(dest + "/" + name, fs.readFileSync(p));
  }
}
copy(%(package)s, "/home/pyodide/filler");
if (%(extra)s) copy(%(extra)s, "/home/pyodide/" + %(extra_name)s);
py.FS.writeFile("/home/pyodide/source.py", fs.readFileSync(%(source)s));
console.log(await py.runPythonAsync(
  'import sys; sys.path.insert(0, "/home/pyodide"); ns = {}; ' +
  'exec(open("/home/pyodide/source.py").read(), ns); ns["result"]'));
"""


# what a benchmark says when ``available()`` is False
MISSING = "needs node and node_modules/pyodide (npm install, as for the build)"


def available() -> bool:
    """Whether Node and the pyodide npm package are here."""
    return shutil.which("node") is not None and (PYODIDE / "pyodide.mjs").exists()


def run_python(source: str, timeout: float | None = None, extra: Path | None = None) -> str:
    """The ``result`` that ``source`` leaves, run inside Pyodide; RuntimeError with
    Node's error output when it fails. ``extra``: another package folder, copied
    in beside ``filler`` under its own name."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "source.py"
        path.write_text(source)
        runner = Path(tmp) / "run.mjs"
        runner.write_text(RUNNER % {
            "module": json.dumps((PYODIDE / "pyodide.mjs").as_uri()),
            "index": json.dumps(str(PYODIDE) + "/"),
            "package": json.dumps(str(ROOT / "py" / "filler")),
            "extra": json.dumps(str(extra) if extra else ""),
            "extra_name": json.dumps(extra.name if extra else ""),
            "source": json.dumps(str(path)),
        })
        done = subprocess.run(["node", str(runner)], capture_output=True, text=True, timeout=timeout)
    if done.returncode != 0:
        raise RuntimeError(done.stderr[-2000:])
    return done.stdout.strip().splitlines()[-1]
