"""Compressed copies of the site's files (docs/boot.md "A first visit"), for hosts that
compress nothing.

zstd copies of the largest: the runtime and the snapshot, decoded by the engine's worker.
They are compressed at level 19 in Node by scripts/zstd.mjs, with the `compression.zstd`
module of the pinned Pyodide's Python 3.14 (the CPython here may have none, and so no
dependency is added).

gzip copies of the text files (`<file>-gzip`: not .gz, so that a host sends them as they
are), which the service worker fetches instead and decodes natively (DecompressionStream
reads gzip, not zstd): the page's modules, snapshots.json, the runtime's JavaScript. They
are made with Zopfli (scripts/zopfli_gzip.py, in the build venv: 5 % smaller than gzip -9,
a first visit 24 KB less), cached by content.
"""

from __future__ import annotations

import os
import subprocess
import tempfile
from pathlib import Path

from builder.checkout import CACHE, PYODIDE_PACKAGE, ROOT, SCRIPTS, log, sha256_bytes

# What compresses: their text is part of the memory snapshot's cache key (builder/snapshot.py).
ZSTD_SCRIPTS = (SCRIPTS / "zstd.mjs", SCRIPTS / "zstd_compress.py")


def precompressed(files: list[bytes]) -> list[bytes]:
    """zstd of each (js/engine/worker.js decodes it with fzstd, vendor/fzstd.mjs), cached by content:
    a third smaller than gzip, which is all DecompressionStream reads."""
    folder = CACHE / "zstd"
    folder.mkdir(parents=True, exist_ok=True)
    cached = [folder / f"{sha256_bytes(data)[:24]}.zst" for data in files]
    missing = [(data, path) for data, path in zip(files, cached) if not path.exists()]
    if missing:
        log(f"compressing {len(missing)} file(s) with zstd (node, Pyodide's Python)")
        with tempfile.TemporaryDirectory() as scratch:
            inputs = []
            for number, (data, _) in enumerate(missing):
                inputs.append(Path(scratch) / str(number))
                inputs[-1].write_bytes(data)
            subprocess.run(["node", SCRIPTS / "zstd.mjs", PYODIDE_PACKAGE, *inputs],
                           check=True, cwd=ROOT, timeout=1200)
            for source, (_, path) in zip(inputs, missing):
                os.replace(source.with_name(source.name + ".zst"), path)
    return [path.read_bytes() for path in cached]


# What has a gzip copy: text, and only where that saves a tenth or more.
GZIP_SUFFIXES = (".js", ".mjs", ".css", ".html", ".json", ".svg", ".webmanifest", ".txt")
GZIP_COPY = "-gzip"


def gzip_copies(contents: dict[str, bytes], leave_out: set[str], python: Path) -> dict[str, bytes]:
    """{path: its gzip copy} of the text files of `contents` (dist path -> bytes) whose copy
    is at least a tenth smaller, but those in `leave_out`; made with Zopfli by `python` (the
    build venv's), each kept in the cache by its content."""
    folder = CACHE / "gzip"
    folder.mkdir(parents=True, exist_ok=True)
    cached = {path: folder / f"{sha256_bytes(data)[:24]}.gz" for path, data in contents.items()
              if path.endswith(GZIP_SUFFIXES) and path not in leave_out}
    missing = {path: copy for path, copy in cached.items() if not copy.exists()}
    if missing:
        log(f"compressing {len(missing)} file(s) with Zopfli")
        with tempfile.TemporaryDirectory() as scratch:
            inputs = {}
            for number, path in enumerate(missing):
                inputs[path] = Path(scratch) / str(number)
                inputs[path].write_bytes(contents[path])
            subprocess.run([python, SCRIPTS / "zopfli_gzip.py", *inputs.values()], check=True, timeout=1800)
            for path, source in inputs.items():
                os.replace(source.with_name(source.name + ".gz"), missing[path])
    copies = {}
    for path, copy_path in cached.items():
        copy = copy_path.read_bytes()
        if len(copy) <= 0.9 * len(contents[path]):
            copies[path] = copy
    return copies
