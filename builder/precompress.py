"""Compressed copies of the site's files (docs/boot.md "A first visit"), for hosts that
compress nothing.

zstd copies of the largest: the runtime and the snapshot, decoded by the engine's worker.
They are compressed at level 19 in Node by scripts/zstd.mjs, with the `compression.zstd`
module of the pinned Pyodide's Python 3.14 (the CPython here may have none, and so no
dependency is added).

gzip copies of the text files (`<file>-gzip`: not .gz, so that a host sends them as they
are), which the service worker fetches instead and decodes natively (DecompressionStream
reads gzip, not zstd): the page's modules, snapshots.json, the runtime's JavaScript.
"""

from __future__ import annotations

import gzip
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


def gzip_copies(contents: dict[str, bytes], leave_out: set[str]) -> dict[str, bytes]:
    """{path: its gzip copy} of the text files of `contents` (dist path -> bytes) whose copy
    is at least a tenth smaller, but those in `leave_out`."""
    copies = {}
    for path, data in contents.items():
        if path.endswith(GZIP_SUFFIXES) and path not in leave_out:
            copy = gzip.compress(data, compresslevel=9, mtime=0)
            if len(copy) <= 0.9 * len(data):
                copies[path] = copy
    return copies
