"""The Pyodide memory snapshot the worker restores instead of booting Python (docs/boot.md
"The snapshot").

Taken in Node by scripts/make_snapshot.mjs: it boots the pinned Pyodide, imports the engine
from its wheel, and writes the interpreter's memory. Restoring it in the worker skips
Python's own start-up and the engine's imports: about 2 s instead of 8-12 s cold here.
Made small for a first visit on a phone: docstrings left out (PYTHONOPTIMIZE=2), only
what the worker imports, the heap's free space zeroed, the memory XORed with the wasm's
data (builder/wasm.py) and zstd-compressed (builder/precompress.py); and the standard
library it is taken with is cut down to the modules the engine may still import later (a
first interpreter, booted normally, imports every engine module to find them), so the
worker downloads that small zip instead of the whole 2.5 MB.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from builder.checkout import CACHE, PYODIDE_FILES, PYODIDE_PACKAGE, ROOT, SCRIPTS, log, sha256_file
from builder.precompress import ZSTD_SCRIPTS, precompressed
from builder.wasm import wasm_data_segments, xor_with_wasm_data

SNAPSHOT_SCRIPTS = (SCRIPTS / "make_snapshot.mjs", SCRIPTS / "snapshot_steps.py")
STDLIB_FS_PATH = "/lib/python314.zip"  # where Pyodide 314 puts its standard library


def wheel_fs_path(wheel_name: str) -> str:
    """Where the worker puts the engine wheel in Pyodide's file system (as js/engine/worker.js does)."""
    return f"/home/pyodide/{wheel_name}"


def make_snapshot(engine_wheel: Path) -> tuple[bytes, bytes, bool] | None:
    """(zstd of the snapshot, the standard library zip it was taken with, whether its
    memory is XORed with the wasm's data), or None if it cannot be made."""
    key_digest = hashlib.sha256()
    for script in SNAPSHOT_SCRIPTS + ZSTD_SCRIPTS:
        key_digest.update(script.read_bytes())
    key_digest.update(b"xor-wasm-data")
    for path in [PYODIDE_PACKAGE / name for name in PYODIDE_FILES] + [engine_wheel]:
        key_digest.update(sha256_file(path).encode())
    key = key_digest.hexdigest()[:20]
    folder = CACHE / "snapshot"
    cached = {name: folder / f"{key}.{name}" for name in ("zst", "zip", "xor")}
    if cached["zst"].exists():
        data = cached["zst"].read_bytes()
        return (data, cached["zip"].read_bytes(), cached["xor"].exists()) if data else None
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    log("making the Pyodide memory snapshot (node)")
    with tempfile.TemporaryDirectory() as scratch:
        raw, stdlib = Path(scratch) / "snapshot.bin", Path(scratch) / "stdlib.zip"
        environment = dict(os.environ, FILLER_PYODIDE_DIR=str(PYODIDE_PACKAGE),
                           FILLER_WHEEL_FILE=str(engine_wheel),
                           FILLER_WHEEL_FS_PATH=wheel_fs_path(engine_wheel.name),
                           FILLER_STDLIB_FS_PATH=STDLIB_FS_PATH,
                           FILLER_SNAPSHOT_OUT=str(raw), FILLER_STDLIB_OUT=str(stdlib))
        try:
            result = subprocess.run(["node", SNAPSHOT_SCRIPTS[0]],
                                    capture_output=True, env=environment, cwd=ROOT, timeout=600)
            failure = result.stderr.decode(errors="replace")[-3000:] if result.returncode else ""
        except subprocess.TimeoutExpired:
            failure = "node did not finish within 10 minutes\n"
        if failure or not raw.exists() or not stdlib.exists():
            sys.stderr.write(failure)
            log("WARNING: no memory snapshot: the worker will boot Python from scratch (slower)")
            cached["zst"].write_bytes(b"")
            return None
        snapshot = raw.read_bytes()
        segments = wasm_data_segments((PYODIDE_PACKAGE / "pyodide.asm.wasm").read_bytes())
        if segments:
            snapshot = xor_with_wasm_data(snapshot, segments)
            cached["xor"].write_bytes(b"")
        [data] = precompressed([snapshot])
        cached["zip"].write_bytes(stdlib.read_bytes())
    cached["zst"].write_bytes(data)
    return data, cached["zip"].read_bytes(), bool(segments)
