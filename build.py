#!/usr/bin/env python3
"""Build, serve, test and benchmark the Filler site.

    python3 build.py                      set up what is missing, then build dist/
    python3 build.py serve [--port N]     build, then serve dist/ on http://127.0.0.1:N/
    python3 build.py test [pytest args]   build, set up .venv-test and Chromium, run pytest
    python3 build.py test --quick         the engine's tests and a smoke of the browser's (under a minute)
    python3 build.py bench-page [args]    build, then time the page in headless Chromium
    python3 build.py screenshot [args]    build, then take the README's picture of the table

Standard library only: the tools it needs (npm packages, the wheel build backend,
pytest and Playwright) are pinned in package-lock.json and requirements-*.txt and
installed into node_modules/, .venv-build/ and .venv-test/ on first use.
A rebuild when nothing changed only re-hashes files and takes about a second.
"""

from __future__ import annotations

import contextlib
import fcntl
import functools
import hashlib
import http.server
import json
import os
import posixpath
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
CACHE = ROOT / ".cache"  # git-ignored: downloads and build products kept between builds
BUILD_VENV = ROOT / ".venv-build"
TEST_VENV = ROOT / ".venv-test"
PYODIDE_PACKAGE = ROOT / "node_modules" / "pyodide"

# The Pyodide files a page needs: the loader, the runtime and the standard library.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
# Shipped zstd-compressed too (the worker decompresses them): many static hosts compress
# no .wasm. (pyodide.asm.mjs cannot be: a script's bytes must come from a URL of the site.)
PRECOMPRESSED = ("pyodide.asm.wasm",)
# Files of npm packages the page itself loads: dist path -> path in node_modules/.
VENDORED = {"vendor/fzstd.mjs": "fzstd/esm/index.mjs", "vendor/fzstd-LICENSE.txt": "fzstd/LICENSE",
            "vendor/qrcode.mjs": "qrcode-generator/dist/qrcode.mjs"}
# Folders of the repository copied as they are (when present), and top-level files.
SITE_FOLDERS = ("js", "styles", "assets", "fonts", "images")
SITE_TOP_LEVEL_SUFFIXES = (".html", ".webmanifest", ".ico", ".svg", ".png")
SERVICE_WORKER_SOURCE = "js/sw.js"
# The head every page shares (charset, viewport, CSP, color scheme, icon, style sheet),
# stamped into each page where its source has the marker line.
SHARED_HEAD = "partials/head.html"
HEAD_MARKER = re.compile(rb"^[ \t]*<!--#head-->.*\n", re.MULTILINE)
# A page's module script, and a module's static imports (`import ... from './x.js'`,
# `export ... from`, `import './x.js'`; not `import()`, which loads later when needed).
MODULE_SCRIPT = re.compile(rb'^([ \t]*)<script type="module" src="([^"]+)"></script>\n', re.MULTILINE)
STATIC_IMPORT = re.compile(rb"""^[ \t]*(?:import|export)\b[^'"`;]*?\bfrom[ \t]*['"](\.[^'"]+)['"]"""
                           rb"""|^[ \t]*import[ \t]*['"](\.[^'"]+)['"]""", re.MULTILINE)

# The headers every response of the site should carry. The pages repeat the policy in a
# <meta> tag, but a worker has no markup: only a header reaches it. So the service
# worker (js/sw.js) attaches these to everything it serves, build.py's server sends
# them, and dist/_headers says them to hosts that read that file (Netlify, Cloudflare
# Pages). The README's "Deploy" lists them for any other host.
CONTENT_SECURITY_POLICY = ("default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; "
                           "connect-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; "
                           "object-src 'none'; base-uri 'none'; form-action 'self'")
SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
}

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".wasm": "application/wasm",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".webmanifest": "application/manifest+json",
    ".woff2": "font/woff2",
}


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


def is_root() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0


def apt_install(*packages: str) -> None:
    if not (is_root() and shutil.which("apt-get")):
        raise SystemExit(f"build.py: please install {' '.join(packages)} (needs root and apt-get)")
    environment = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    run(["apt-get", "update"], env=environment)
    run(["apt-get", "install", "-y", "--no-install-recommends", *packages], env=environment)


# ---------------------------------------------------------------- set-up steps


def ensure_node_modules() -> None:
    """npm ci of the pinned packages, skipped when node_modules matches the lock."""
    stamp = ROOT / "node_modules" / ".filler-lock-sha256"
    wanted = sha256_of_files([ROOT / "package.json", ROOT / "package-lock.json"])
    if stamp.exists() and stamp.read_text() == wanted and PYODIDE_PACKAGE.is_dir():
        return
    if not shutil.which("npm"):
        apt_install("nodejs", "npm")
    run(["npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund"], cwd=ROOT)
    stamp.write_text(wanted)


def ensure_venv(venv: Path, requirements: Path) -> Path:
    """A virtualenv holding exactly the hash-pinned requirements; returns its python."""
    python = venv / "bin" / "python"
    stamp = venv / ".filler-requirements-sha256"
    wanted = sha256_of_files([requirements])
    if python.exists() and stamp.exists() and stamp.read_text() == wanted:
        return python
    run([sys.executable, "-m", "venv", "--clear", venv])
    run([python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
         "--require-hashes", "--only-binary=:all:", "-r", requirements])
    stamp.write_text(wanted)
    return python


def pinned_requirements(requirements: Path) -> list[tuple[str, str, str]]:
    """(name, version, sha256) of each `name==version --hash=sha256:...` entry."""
    text = re.sub(r"\\\n", " ", requirements.read_text())
    entries = []
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        match = re.fullmatch(r"([A-Za-z0-9_.-]+)==(\S+)\s+--hash=sha256:([0-9a-f]{64})", line)
        if match:
            entries.append(match.groups())
        elif line:
            raise SystemExit(f"build.py: {requirements.name}: cannot read {line!r}")
    return entries


def ensure_pyodide_wheels(build_python: Path) -> dict[str, Path]:
    """Download the wheels Pyodide loads itself (micropip), checked by sha256; cached."""
    folder = CACHE / "pyodide-wheels"
    folder.mkdir(parents=True, exist_ok=True)
    requirements = ROOT / "requirements-pyodide.txt"
    wheels = {}
    for name, version, sha256 in pinned_requirements(requirements):
        normalized = re.sub(r"[-_.]+", "_", name).lower()
        found = [path for path in folder.glob(f"{normalized}-{version}-*.whl")
                 if sha256_file(path) == sha256]
        if not found:
            with tempfile.TemporaryDirectory() as scratch:
                pin = Path(scratch) / "pin.txt"
                pin.write_text(f"{name}=={version} --hash=sha256:{sha256}\n")
                run([build_python, "-m", "pip", "download", "--quiet", "--disable-pip-version-check",
                     "--no-deps", "--only-binary=:all:", "--python-version", "3.14",
                     "--require-hashes", "-r", pin, "-d", scratch])
                for path in Path(scratch).glob("*.whl"):
                    if sha256_file(path) == sha256:
                        shutil.copyfile(path, folder / path.name)
                        found = [folder / path.name]
        if not found:
            raise SystemExit(f"build.py: no wheel of {name}=={version} with the pinned sha256")
        wheels[name] = found[0]
    return wheels


def engine_sources() -> list[Path]:
    package = ROOT / "py" / "filler"
    files = [path for path in package.rglob("*") if path.is_file()
             and "__pycache__" not in path.parts and path.suffix != ".pyc"]
    return sorted(files) + [ROOT / "pyproject.toml"]


def build_engine_wheel(build_python: Path) -> Path:
    """The engine wheel from py/filler via the standard backend (hatchling); cached by input hash."""
    key = sha256_of_files(engine_sources())[:20]
    folder = CACHE / "engine-wheel" / key
    existing = sorted(folder.glob("*.whl")) if folder.is_dir() else []
    if existing:
        return existing[0]
    shutil.rmtree(CACHE / "engine-wheel", ignore_errors=True)
    folder.mkdir(parents=True)
    environment = dict(os.environ, SOURCE_DATE_EPOCH="1580601600")
    run([build_python, "-c",
         "import sys; from hatchling.build import build_wheel; build_wheel(sys.argv[1])",
         folder], cwd=ROOT, env=environment)
    return sorted(folder.glob("*.whl"))[0]


SNAPSHOT_SCRIPT = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
try:
    import filler.api as api
except ModuleNotFoundError as error:
    if error.name in ("filler", "filler.api"):
        sys.exit(3)
    raise
if not hasattr(api, "static_snapshots"):
    sys.exit(3)
sys.stdout.write(json.dumps(api.static_snapshots(), sort_keys=True, separators=(",", ":")))
"""


def static_snapshots() -> bytes | None:
    """JSON of filler.api.static_snapshots() (run in CPython), or None when it does not exist."""
    key = sha256_of_files(engine_sources())[:20]
    cached = CACHE / "snapshots" / f"{key}.json"
    if cached.exists():
        return cached.read_bytes() or None
    result = subprocess.run([sys.executable, "-c", SNAPSHOT_SCRIPT, str(ROOT / "py")],
                            capture_output=True, cwd=ROOT,
                            env=dict(os.environ, PYTHONDONTWRITEBYTECODE="1"))
    if result.returncode not in (0, 3):
        # Optional for the page (it draws once Python is up): say it loudly, build on.
        # The engine and api tests catch the cause.
        sys.stderr.write(result.stderr.decode(errors="replace"))
        log("WARNING: filler.api.static_snapshots() failed: dist/ has no snapshots.json")
        return None
    shutil.rmtree(CACHE / "snapshots", ignore_errors=True)
    cached.parent.mkdir(parents=True)
    data = result.stdout if result.returncode == 0 else b""
    cached.write_bytes(data)
    return data or None


# Run by node at build time: boots the pinned Pyodide, imports the engine from its wheel,
# and writes a memory snapshot of the interpreter. Restoring it in the worker skips
# Python's own start-up and the engine's imports: about 2 s instead of 8-12 s cold here.
# Made small for a first visit on a phone (docs/boot.md): docstrings left out
# (PYTHONOPTIMIZE=2), only what the worker imports, the heap's free space zeroed; and
# the standard library it is taken with is cut down to the modules the engine may still
# import later (a first interpreter, booted normally, imports every engine module to
# find them), so the worker downloads that small zip instead of the whole 2.5 MB.
SNAPSHOT_MAKER = r"""
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const env = process.env;
const { loadPyodide } = await import(pathToFileURL(env.FILLER_PYODIDE_DIR + "/pyodide.mjs").href);
const indexURL = env.FILLER_PYODIDE_DIR + "/";
function putWheel(pyodide) {
  pyodide.FS.mkdirTree(env.FILLER_WHEEL_FS_PATH.replace(/\/[^/]*$/, ""));
  pyodide.FS.writeFile(env.FILLER_WHEEL_FS_PATH, readFileSync(env.FILLER_WHEEL_FILE));
}
const probe = await loadPyodide({ indexURL });
putWheel(probe);
const reachable = probe.runPython(env.FILLER_PREAMBLE + env.FILLER_REACHABLE);
const pyodide = await loadPyodide({ indexURL, _makeSnapshot: true, env: { PYTHONOPTIMIZE: "2" } });
putWheel(pyodide);
pyodide.globals.set("REACHABLE", reachable);
pyodide.runPython(env.FILLER_PREAMBLE + env.FILLER_IMPORTS);
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
"""

SNAPSHOT_PREAMBLE = """
import importlib, json, pkgutil, sys
sys.path.insert(0, WHEEL_FS_PATH)
import filler

def stdlib_files():
    # Standard-library files of the modules imported so far, as paths inside its zip.
    prefix = STDLIB_FS_PATH + "/"
    origins = (getattr(getattr(module, "__spec__", None), "origin", None) or ""
               for module in list(sys.modules.values()))
    return {origin[len(prefix):] for origin in origins if origin.startswith(prefix)}
"""

# In the first interpreter: every engine module (but `__main__`, which would run), and
# the standard-library files that got imported with them.
SNAPSHOT_REACHABLE = """
for module in pkgutil.walk_packages(filler.__path__, "filler."):
    if not module.name.endswith("__main__"):
        importlib.import_module(module.name)
json.dumps(sorted(stdlib_files()))
"""

# In the snapshot interpreter: what the worker imports (filler.api, and the rules page's
# examples it imports late); then the standard library is replaced by the files of the
# modules the engine may still import, so the snapshot's zip importer expects that zip.
SNAPSHOT_IMPORTS = """
import zipfile
import filler.api, filler.rules_examples
later = sorted(set(json.loads(REACHABLE)) - stdlib_files())
with zipfile.ZipFile(STDLIB_FS_PATH) as full:
    files = {name: full.read(name) for name in later}
with zipfile.ZipFile(STDLIB_FS_PATH, "w") as trimmed:
    for name in later:
        trimmed.writestr(zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0)), files[name],
                         compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
del files, full, trimmed
import gc, zipimport
for finder in list(sys.path_importer_cache.values()):
    if isinstance(finder, zipimport.zipimporter):
        finder.invalidate_caches()  # it reads the new zip's table of contents when asked
gc.collect()
"""
STDLIB_FS_PATH = "/lib/python314.zip"  # where Pyodide 314 puts its standard library


def wheel_fs_path(wheel_name: str) -> str:
    """Where the worker puts the engine wheel in Pyodide's file system (as js/engine/worker.js does)."""
    return f"/home/pyodide/{wheel_name}"


def leb128(data: bytes, at: int, signed: bool = False) -> tuple[int, int]:
    value = shift = 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            if signed and byte & 0x40:
                value -= 1 << shift
            return value, at


def wasm_data_segments(wasm: bytes) -> list[tuple[int, bytes]] | None:
    """(address, bytes) of each data segment the wasm copies into memory at start, or None
    when one is not a plain active segment at a constant address (js/engine/worker.js reads the
    same, and the snapshot is then stored as it is)."""
    at, segments = 8, []
    while at < len(wasm):
        section, at = wasm[at], at + 1
        size, at = leb128(wasm, at)
        if section == 11:
            count, cursor = leb128(wasm, at)
            for _ in range(count):
                flags, cursor = leb128(wasm, cursor)
                if flags != 0 or wasm[cursor] != 0x41:  # active, memory 0, i32.const
                    return None
                address, cursor = leb128(wasm, cursor + 1, signed=True)
                if wasm[cursor] != 0x0B:
                    return None
                length, cursor = leb128(wasm, cursor + 1)
                segments.append((address, wasm[cursor:cursor + length]))
                cursor += length
        at += size
    return segments


def xor_with_wasm_data(snapshot: bytes, segments: list[tuple[int, bytes]]) -> bytes:
    """The snapshot's memory XOR the wasm's data segments (they are there, mostly
    unchanged, in both): zeros where nothing changed. Its own inverse."""
    memory_start = int.from_bytes(snapshot[4:8], "little")  # Pyodide's header length
    image = bytearray(max(address + len(data) for address, data in segments))
    for address, data in segments:
        image[address:address + len(data)] = data
    start, end = memory_start, memory_start + len(image)
    mixed = int.from_bytes(snapshot[start:end], "little") ^ int.from_bytes(image, "little")
    return snapshot[:start] + mixed.to_bytes(len(image), "little") + snapshot[end:]


# Run by node: zstd level 19 of each input file, with the compression.zstd module of
# the pinned Pyodide's Python 3.14 (CPython 3.11 has none, and no new dependency).
ZSTD_MAKER = r"""
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [pyodideDir, ...files] = process.argv.slice(1);
const { loadPyodide } = await import(pathToFileURL(pyodideDir + "/pyodide.mjs").href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/" });
for (const file of files) {
  pyodide.FS.writeFile("/tmp/in", readFileSync(file));
  pyodide.runPython("from compression import zstd\n"
    + "open('/tmp/out', 'wb').write(zstd.compress(open('/tmp/in', 'rb').read(), level=19))");
  writeFileSync(file + ".zst", pyodide.FS.readFile("/tmp/out"));
}
"""


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
            subprocess.run(["node", "--input-type=module", "-e", ZSTD_MAKER, PYODIDE_PACKAGE, *inputs],
                           check=True, cwd=ROOT, timeout=1200)
            for source, (_, path) in zip(inputs, missing):
                os.replace(source.with_name(source.name + ".zst"), path)
    return [path.read_bytes() for path in cached]


def make_snapshot(engine_wheel: Path) -> tuple[bytes, bytes, bool] | None:
    """(zstd of the snapshot, the standard library zip it was taken with, whether its
    memory is XORed with the wasm's data), or None if it cannot be made."""
    script = SNAPSHOT_MAKER + SNAPSHOT_PREAMBLE + SNAPSHOT_REACHABLE + SNAPSHOT_IMPORTS
    key_digest = hashlib.sha256((script + ZSTD_MAKER + "xor-wasm-data").encode())
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
        wheel_path = wheel_fs_path(engine_wheel.name)
        environment = dict(os.environ, FILLER_PYODIDE_DIR=str(PYODIDE_PACKAGE),
                           FILLER_WHEEL_FS_PATH=wheel_path, FILLER_WHEEL_FILE=str(engine_wheel),
                           FILLER_SNAPSHOT_OUT=str(raw), FILLER_STDLIB_OUT=str(stdlib),
                           FILLER_STDLIB_FS_PATH=STDLIB_FS_PATH,
                           FILLER_PREAMBLE=f"WHEEL_FS_PATH = {wheel_path!r}\n"
                                           f"STDLIB_FS_PATH = {STDLIB_FS_PATH!r}\n" + SNAPSHOT_PREAMBLE,
                           FILLER_REACHABLE=SNAPSHOT_REACHABLE, FILLER_IMPORTS=SNAPSHOT_IMPORTS)
        try:
            result = subprocess.run(["node", "--input-type=module", "-e", SNAPSHOT_MAKER],
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


def pyodide_lock_for(wheels: dict[str, Path]) -> bytes:
    """Pyodide's lock file cut down to the wheels we serve, with their real sha256.

    The micropip wheel listed in the npm package's lock is not byte-identical to the one
    on the package index, and a mismatch fails quietly at loadPackage time."""
    lock = json.loads((PYODIDE_PACKAGE / "pyodide-lock.json").read_text())
    packages = {}
    for name, wheel in wheels.items():
        entry = dict(lock["packages"][name])
        entry["file_name"] = wheel.name
        entry["sha256"] = sha256_file(wheel)
        packages[name] = entry
    lock["packages"] = packages
    return json.dumps(lock, indent=1, sort_keys=True).encode()


# ---------------------------------------------------------------- assembling dist/


def site_files() -> dict[str, Path]:
    """Relative dist path -> source path of the page's own files."""
    files = {}
    for path in sorted(ROOT.iterdir()):
        if path.is_file() and path.suffix in SITE_TOP_LEVEL_SUFFIXES:
            files[path.name] = path
    for folder in SITE_FOLDERS:
        for path in sorted((ROOT / folder).rglob("*")):
            relative = path.relative_to(ROOT).as_posix()
            if path.is_file() and not path.name.startswith(".") and relative != SERVICE_WORKER_SOURCE:
                files[relative] = path
    return files


def shared_head() -> bytes:
    """The head every page shares (SHARED_HEAD), with the site's one policy in it."""
    head = (ROOT / SHARED_HEAD).read_bytes()
    return head.replace(b"{{content-security-policy}}", CONTENT_SECURITY_POLICY.encode())


def with_shared_head(page: bytes) -> bytes:
    """A page's source with the shared head in place of its marker line."""
    head = shared_head()
    return HEAD_MARKER.sub(lambda _: head, page, count=1)


def module_graph(contents: dict[str, bytes], entry: str) -> list[str]:
    """Every module `entry` imports statically, directly or not (dist paths, in order)."""
    found, queue = [], [entry]
    while queue:
        module = queue.pop(0)
        if module in found:
            continue
        if module not in contents:
            raise SystemExit(f"build.py: {module} is imported but not part of the site")
        found.append(module)
        for match in STATIC_IMPORT.finditer(contents[module]):
            specifier = (match.group(1) or match.group(2)).decode()
            queue.append(posixpath.normpath(posixpath.join(posixpath.dirname(module), specifier)))
    return found[1:]


def with_module_preloads(page: bytes, contents: dict[str, bytes]) -> bytes:
    """A page with a <link rel="modulepreload"> after its module script for each module
    that script imports: the browser fetches the whole graph at once, not one level of
    imports after the other (each a round trip through the service worker)."""
    def preloads(match: re.Match) -> bytes:
        indent, entry = match.group(1), match.group(2).decode()
        links = [indent + f'<link rel="modulepreload" href="{module}">\n'.encode()
                 for module in module_graph(contents, entry)]
        return match.group(0) + b"".join(links)
    return MODULE_SCRIPT.sub(preloads, page)


def write_if_changed(target: Path, data: bytes) -> None:
    """Write fresh files (no copied timestamps), leaving identical ones alone."""
    if target.exists() and target.stat().st_size == len(data) and target.read_bytes() == data:
        return
    target.parent.mkdir(parents=True, exist_ok=True)
    temporary = target.with_name(target.name + ".tmp")
    temporary.write_bytes(data)
    os.replace(temporary, target)


def assemble(out: Path, contents: dict[str, bytes]) -> None:
    for relative, data in contents.items():
        write_if_changed(out / relative, data)
    for path in sorted(out.rglob("*"), reverse=True):
        relative = path.relative_to(out).as_posix()
        if path.is_file() and relative not in contents:
            path.unlink()
        elif path.is_dir() and not any(path.iterdir()):
            path.rmdir()


def service_worker(contents: dict[str, bytes], cache_name: str, on_demand: set[str]) -> bytes:
    precache = ["./"] + sorted(name for name in contents if name not in on_demand)
    header = ("// Written by build.py: the files of this build to precache, a cache name from their\n"
              "// hash, and the headers every response carries.\n"
              f"const PRECACHE = {json.dumps(precache, indent=0)};\n"
              f"const CACHE_NAME = {json.dumps(cache_name)};\n"
              f"const SECURITY_HEADERS = {json.dumps(SECURITY_HEADERS, indent=1)};\n\n")
    return header.encode() + (ROOT / SERVICE_WORKER_SOURCE).read_bytes()


def headers_file() -> bytes:
    """dist/_headers, read by Netlify and Cloudflare Pages: these headers on every path."""
    lines = ["# Headers for every file of the site (Netlify and Cloudflare Pages read this file).", "/*"]
    lines += [f"  {name}: {value}" for name, value in SECURITY_HEADERS.items()]
    return ("\n".join(lines) + "\n").encode()


def build(out: Path = DIST) -> dict:
    """Set up what is missing and bring `out` up to date; returns build.json's content."""
    with setup_lock():
        ensure_node_modules()
        build_python = ensure_venv(BUILD_VENV, ROOT / "requirements-build.txt")
        pyodide_wheels = ensure_pyodide_wheels(build_python)
        engine_wheel = build_engine_wheel(build_python)

        contents: dict[str, bytes] = {}
        for relative, source in site_files().items():
            contents[relative] = source.read_bytes()
            if relative.endswith(".html"):
                contents[relative] = with_shared_head(contents[relative])
        for relative in [name for name in contents if name.endswith(".html")]:
            contents[relative] = with_module_preloads(contents[relative], contents)
        for name in PYODIDE_FILES:
            contents[f"pyodide/{name}"] = (PYODIDE_PACKAGE / name).read_bytes()
        contents["pyodide/pyodide-lock.json"] = pyodide_lock_for(pyodide_wheels)
        for wheel in pyodide_wheels.values():
            contents[f"pyodide/{wheel.name}"] = wheel.read_bytes()
        contents[f"wheels/{engine_wheel.name}"] = engine_wheel.read_bytes()
        snapshots = static_snapshots()
        if snapshots is not None:
            contents["snapshots.json"] = snapshots
        # Fetched only when needed, never precached by the service worker (a first visit
        # would download them after all): the originals of precompressed files, the
        # whole standard library (for a boot without the snapshot), micropip.
        on_demand = {f"pyodide/{wheel.name}" for wheel in pyodide_wheels.values()}
        precompressed_files = {}
        copies = precompressed([contents[f"pyodide/{name}"] for name in PRECOMPRESSED])
        for name, copy in zip(PRECOMPRESSED, copies):
            # Not .zst: a host could add Content-Encoding (the worker copes, but it is work).
            precompressed_files[f"pyodide/{name}"] = f"pyodide/{name}-zstd"
            contents[f"pyodide/{name}-zstd"] = copy
            on_demand.add(f"pyodide/{name}")
        for target, source in VENDORED.items():
            contents[target] = (ROOT / "node_modules" / source).read_bytes()
        # The puzzles (docs/puzzles.md): fetched when a player opens Puzzles, then kept by
        # the service worker (KEPT_ON_FETCH in sw.js); a first visit does not pay for them.
        for source in sorted((ROOT / "puzzles").glob("*.json")):
            contents[f"puzzles/{source.name}"] = source.read_bytes()
            on_demand.add(f"puzzles/{source.name}")
        # FILLER_NO_SNAPSHOT=1 skips it (quicker builds while editing the engine).
        memory_snapshot = None if os.environ.get("FILLER_NO_SNAPSHOT") == "1" else make_snapshot(engine_wheel)
        if memory_snapshot is not None:
            snapshot, snapshot_stdlib, snapshot_xor = memory_snapshot
            snapshot_name = f"engine-{sha256_bytes(snapshot)[:12]}.snapshot"
            contents[f"pyodide/{snapshot_name}"] = snapshot
            stdlib_name = f"stdlib-{sha256_bytes(snapshot_stdlib)[:12]}.zip"
            contents[f"pyodide/{stdlib_name}"] = snapshot_stdlib
            on_demand.add("pyodide/python_stdlib.zip")

        digest = hashlib.sha256()
        for relative in sorted(contents):
            digest.update(f"{relative}\0{sha256_bytes(contents[relative])}\n".encode())
        version = digest.hexdigest()[:16]
        build_info = {"version": version, "engine_wheel": f"wheels/{engine_wheel.name}",
                      "pyodide": "pyodide/", "precompressed": precompressed_files,
                      "cache": f"filler-{version}"}  # the service worker's cache
        if memory_snapshot is not None:
            build_info["snapshot"] = f"pyodide/{snapshot_name}"
            build_info["snapshot_stdlib"] = f"pyodide/{stdlib_name}"
            build_info["snapshot_xor_wasm_data"] = snapshot_xor
        # What the worker downloads itself on its way to the engine (its progress bar).
        booted_from = [build_info["engine_wheel"], *precompressed_files.values(),
                       *[build_info[key] for key in ("snapshot", "snapshot_stdlib") if key in build_info]]
        build_info["boot_download_bytes"] = {path: len(contents[path]) for path in booted_from}
        contents["build.json"] = json.dumps(build_info, indent=1).encode() + b"\n"
        if (ROOT / SERVICE_WORKER_SOURCE).exists():
            contents["sw.js"] = service_worker(contents, build_info["cache"], on_demand)
        contents["_headers"] = headers_file()
        assemble(out, contents)
    log(f"built {out.relative_to(ROOT) if out.is_relative_to(ROOT) else out} "
        f"version {version} ({len(contents)} files)")
    return build_info


# ---------------------------------------------------------------- serving


class SiteRequestHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the right types; every response revalidated (no stale service worker)."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    protocol_version = "HTTP/1.1"  # keep-alive: a boot makes a dozen requests
    quiet = False
    security_headers = True  # False: a host that sends none (tests of the service worker's)
    # True: the precompressed files go out with "Content-Encoding: zstd", as a host may
    # send them (docs/boot.md): Chromium decodes them natively and the worker passes them on
    zstd_encoding = False

    def end_headers(self) -> None:
        if self.zstd_encoding and self.path.split("?")[0].endswith(("-zstd", ".snapshot")):
            self.send_header("Content-Encoding", "zstd")
        self.send_header("Cache-Control", "no-cache")
        if self.security_headers:
            for name, value in SECURITY_HEADERS.items():
                self.send_header(name, value)
        super().end_headers()

    def log_message(self, format: str, *args) -> None:
        if not self.quiet:
            super().log_message(format, *args)


def make_server(directory: Path, port: int = 0, quiet: bool = False, security_headers: bool = True,
                zstd_encoding: bool = False) -> http.server.ThreadingHTTPServer:
    """A threaded static server of `directory` on 127.0.0.1 (port 0: a free one)."""
    handler = functools.partial(type("Handler", (SiteRequestHandler,),
                                     {"quiet": quiet, "security_headers": security_headers,
                                      "zstd_encoding": zstd_encoding}),
                                directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    server.daemon_threads = True
    return server


def serve(arguments: list[str]) -> int:
    port = 8000
    words = arguments[0].split("=", 1) + arguments[1:] if arguments else []
    if words[:1] == ["--port"] and len(words) == 2 and words[1].isdigit():
        port = int(words[1])
    elif words:
        raise SystemExit("usage: python3 build.py serve [--port N]")
    build()
    server = make_server(DIST, port)
    print(f"Serving {DIST} at http://127.0.0.1:{server.server_address[1]}/ (Ctrl-C stops)", flush=True)
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()
    server.server_close()
    return 0


# ---------------------------------------------------------------- tests and benchmarks


def find_chromium() -> str | None:
    """CHROMIUM / PLAYWRIGHT_CHROMIUM_EXECUTABLE, else the system Chromium (installed with
    apt-get when we are root on Debian), else None: Playwright's own browser, if it has one."""
    for variable in ("CHROMIUM", "PLAYWRIGHT_CHROMIUM_EXECUTABLE"):
        if os.environ.get(variable):
            return os.environ[variable]
    for candidate in ("/usr/bin/chromium", "/usr/bin/chromium-browser"):
        if os.path.exists(candidate):
            return candidate
    if is_root() and shutil.which("apt-get"):
        apt_install("chromium")
        return "/usr/bin/chromium"
    log("no system Chromium found: Playwright will look for its own")
    return None


def find_headless_shell() -> str | None:
    """CHROMIUM_HEADLESS_SHELL, else Debian's chromium-headless-shell (installed with apt-get
    when we are root on Debian), else None: the browser tests then use the full Chromium.
    The same Blink and V8 without the browser's UI: the suite takes some 6 % less time."""
    if os.environ.get("CHROMIUM_HEADLESS_SHELL"):
        return os.environ["CHROMIUM_HEADLESS_SHELL"]
    path = "/usr/bin/chromium-headless-shell"
    if not os.path.exists(path) and is_root() and shutil.which("apt-get"):
        try:
            apt_install("chromium-headless-shell")
        except (subprocess.CalledProcessError, OSError) as error:
            log(f"chromium-headless-shell could not be installed ({error}): the tests use the full Chromium")
    return path if os.path.exists(path) else None


def tool_environment() -> tuple[Path, dict[str, str]]:
    """The test venv's python and the environment for pytest and the benchmarks."""
    python = ensure_venv(TEST_VENV, ROOT / "requirements-test.txt")
    environment = dict(os.environ, FILLER_DIST_BUILT="1", PYTHONDONTWRITEBYTECODE="1")
    chromium = find_chromium()
    if chromium:
        environment["CHROMIUM"] = chromium
    shell = find_headless_shell()
    if shell:
        environment["CHROMIUM_HEADLESS_SHELL"] = shell
    return python, environment


# `test --quick`, for the edit-test loop: the engine's tests but the two that boot
# Pyodide in Node, and a smoke of the browser suite (the page boots to a board, takes a
# move and shows its reply)
QUICK = ["tests/engine", "--deselect", "tests/engine/test_pyodide_boards.py",
         "--deselect", "tests/engine/test_daily.py::test_the_master_of_the_day_answers_the_same_in_pyodide",
         "tests/browser/test_boot.py::test_page_boots_to_a_playable_board",
         "tests/browser/test_moves.py::test_your_own_move_is_on_screen_before_the_reply"]


# pytest-xdist's workers, unless the arguments say (`-n 0`: none): the browser tests
# spend part of their time waiting (on the page's timers, on Chromium, on Pyodide in
# another process), so that three workers on two cores keep both busy where two left
# some 10 % idle (docs/testing.md "Running"); `worksteal` gives an idle worker the
# tests another has not begun.
WORKERS = ["-n", "3", "--dist", "worksteal"]


def test(arguments: list[str]) -> int:
    with setup_lock():
        python, environment = tool_environment()
    build()
    if "--quick" in arguments:
        arguments = [*QUICK, *(argument for argument in arguments if argument != "--quick")]
    names_a_path = any(not argument.startswith("-") and
                       (os.path.exists(argument.split("::")[0]) or "::" in argument)
                       for argument in arguments)
    chooses_workers = any(argument.startswith(("-n", "--numprocesses")) or argument == "no:xdist"
                          for argument in arguments)
    command = [str(python), "-m", "pytest", *([] if names_a_path else ["tests"]),
               *([] if chooses_workers else WORKERS), *arguments]
    log("$ " + " ".join(command))
    return subprocess.call(command, cwd=ROOT, env=environment)


def run_tool_script(script: str, arguments: list[str]) -> int:
    """Build, then run a Playwright script of bench/ with the test venv's python."""
    with setup_lock():
        python, environment = tool_environment()
    build()
    command = [str(python), str(ROOT / "bench" / script), *arguments]
    log("$ " + " ".join(command))
    return subprocess.call(command, cwd=ROOT, env=environment)


def main(arguments: list[str]) -> int:
    command, rest = (arguments[0], arguments[1:]) if arguments else ("build", [])
    if command == "build" and not rest:
        build()
        return 0
    if command == "serve":
        return serve(rest)
    if command == "test":
        return test(rest)
    if command == "bench-page":
        return run_tool_script("page.py", rest)
    if command == "screenshot":
        return run_tool_script("screenshot.py", rest)
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
