"""The checkout the builder works in: where things are, one build at a time, the log.

Several people (and test runs) share one checkout, so every step that writes `.cache/`,
a venv or `dist/` runs under `setup_lock()`. Downloads and build products are kept in
`.cache/` (git-ignored) between builds, each under a key from the hash of its inputs.
"""

from __future__ import annotations

import contextlib
import fcntl
import functools
import hashlib
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
CACHE = ROOT / ".cache"  # git-ignored: downloads and build products kept between builds
BUILD_VENV = ROOT / ".venv-build"
TEST_VENV = ROOT / ".venv-test"
PYODIDE_PACKAGE = ROOT / "node_modules" / "pyodide"
# What the builder runs elsewhere: in Node (.mjs), in CPython or inside Pyodide (.py).
SCRIPTS = Path(__file__).resolve().parent / "scripts"
# The Pyodide files a page needs: the loader, the runtime and the standard library.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")


def log(message: str) -> None:
    print(f"build.py: {message}", file=sys.stderr, flush=True)


def run(command: list[str | os.PathLike], **options) -> None:
    log("$ " + " ".join(str(part) for part in command))
    subprocess.run([str(part) for part in command], check=True, **options)


def sha256_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as file:
        for block in iter(functools.partial(file.read, 1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def sha256_of_files(paths: list[Path]) -> str:
    digest = hashlib.sha256()
    for path in paths:
        digest.update(str(path.relative_to(ROOT)).encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


@contextlib.contextmanager
def setup_lock():
    """Several people (and test runs) share one checkout: one build at a time."""
    CACHE.mkdir(exist_ok=True)
    with open(CACHE / "build.lock", "w") as lock_file:
        fcntl.flock(lock_file, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock_file, fcntl.LOCK_UN)
