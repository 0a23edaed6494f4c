"""dist/, the site: build() sets up what is missing and brings it up to date.

Every file of the site is first gathered in memory (dist path -> bytes): the page's own
files, the pinned Pyodide and its micropip wheel, the engine wheel, the snapshots, the
zstd copies, the vendored npm files and the puzzles; then build.json, the service worker
(with the list of every file to precache and a cache name from their hash) and _headers;
then dist/ is made to hold exactly those, files that did not change left alone.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from pathlib import Path

from builder.checkout import (BUILD_VENV, DIST, PYODIDE_FILES, PYODIDE_PACKAGE, ROOT, log, setup_lock,
                              sha256_bytes, sha256_file)
from builder.engine import build_engine_wheel, static_snapshots
from builder.headers import SECURITY_HEADERS, headers_file
from builder.minify import MINIFIED_SUFFIXES, SOURCE_MAP, minified
from builder.pages import (ENGINE_WORKER, FIRST_VISIT_PACK, PYODIDE_LOADER, first_visit_pack, later_files,
                           module_graph, with_shared_head, with_start_script)
from builder.precompress import GZIP_COPY, gzip_copies, precompressed
from builder.provision import ensure_node_modules, ensure_pyodide_wheels, ensure_venv
from builder.snapshot import make_snapshot

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


def service_worker(contents: dict[str, bytes], cache_name: str, on_demand: set[str], gzipped: list[str],
                   later: list[str], source: bytes) -> bytes:
    precache = ["./"] + sorted(name for name in contents if name not in on_demand)
    # precached but left out of a first visit's save: kept when fetched, saved by the next visit's
    later = [name for name in later if name in precache]
    # those fetched from a gzip copy, said in few words: the precached ones but PLAIN, and
    # GZIPPED_TOO (kept once fetched)
    plain = [name for name in precache[1:] if name not in gzipped]
    gzipped_too = sorted(set(gzipped) - set(precache))
    header = ("// Written by build.py: the files of this build to precache, those fetched from their\n"
              "// gzip copy, those a first visit's save leaves out (LATER), the file that holds\n"
              "// the main page's (FIRST_VISIT_PACK), a cache name from their hash, and the\n"
              "// headers every response carries.\n"
              f"const PRECACHE = {json.dumps(precache, indent=0)};\n"
              f"const PLAIN = {json.dumps(plain, indent=0)};\n"
              f"const GZIPPED_TOO = {json.dumps(gzipped_too, indent=0)};\n"
              f"const LATER = {json.dumps(later, indent=0)};\n"
              f"const FIRST_VISIT_PACK = {json.dumps(FIRST_VISIT_PACK)};\n"
              f"const CACHE_NAME = {json.dumps(cache_name)};\n"
              f"const SECURITY_HEADERS = {json.dumps(SECURITY_HEADERS, indent=1)};\n\n")
    return header.encode() + source


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
        later = later_files(contents)  # (read from the pages' module scripts, before start.js takes them)
        for relative in [name for name in contents if name.endswith(".html")]:
            contents[relative] = with_start_script(contents[relative], contents)
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
        # whole standard library and the engine wheel (for a boot without the snapshot),
        # micropip.
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
        # (read from the readable modules: the minified ones put their imports on one line)
        engine_start = [ENGINE_WORKER, *module_graph(contents, ENGINE_WORKER), PYODIDE_LOADER]
        # The modules (the service worker's too) and the style sheets minified, each with
        # its source map (builder/minify.py); the pages' preloads were read above from the
        # readable modules. The maps are for the developer tools: never precached.
        if (ROOT / SERVICE_WORKER_SOURCE).exists():
            contents[SERVICE_WORKER_SOURCE] = (ROOT / SERVICE_WORKER_SOURCE).read_bytes()
        contents.update(minified(contents, [path for path in contents if path.endswith(MINIFIED_SUFFIXES)
                                            and path.startswith(("js/", "styles/", "vendor/"))
                                            or path == "pyodide/pyodide.asm.mjs"]))
        service_worker_source = contents.pop(SERVICE_WORKER_SOURCE, None)
        if contents.pop(SERVICE_WORKER_SOURCE + SOURCE_MAP, None):  # its map would be beside the source, not sw.js
            service_worker_source = re.sub(rb"\n//# sourceMappingURL=\S+\n?$", b"\n", service_worker_source)
        on_demand.update(path for path in contents if path.endswith(SOURCE_MAP))
        # the main page's modules and sheets in one file, and the worker's start, for the
        # service worker's first install (sw.js); fetched from its gzip copy, never
        # precached itself
        contents[FIRST_VISIT_PACK] = first_visit_pack(contents, engine_start)
        on_demand.add(FIRST_VISIT_PACK)
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
            # the snapshot holds the engine: its wheel is for a boot from scratch (online)
            on_demand.add(f"wheels/{engine_wheel.name}")

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
        # What the worker downloads itself on its way to the engine (its progress bar): the
        # engine wheel only without a snapshot (which holds the engine).
        booted_from = [*precompressed_files.values(),
                       *[build_info[key] for key in ("snapshot", "snapshot_stdlib") if key in build_info]]
        if memory_snapshot is None:
            booted_from.append(build_info["engine_wheel"])
        build_info["boot_download_bytes"] = {path: len(contents[path]) for path in booted_from}
        contents["build.json"] = json.dumps(build_info, indent=1).encode() + b"\n"
        # The service worker fetches these from their gzip copy (builder/precompress.py);
        # never precached themselves. Not build.json (small, and read first).
        copies = gzip_copies(contents, leave_out={"build.json"}, python=build_python)
        for path, copy in copies.items():
            contents[path + GZIP_COPY] = copy
            on_demand.add(path + GZIP_COPY)
        if service_worker_source is not None:
            contents["sw.js"] = service_worker(contents, build_info["cache"], on_demand, sorted(copies),
                                               later, service_worker_source)
        contents["_headers"] = headers_file()
        assemble(out, contents)
    log(f"built {out.relative_to(ROOT) if out.is_relative_to(ROOT) else out} "
        f"version {version} ({len(contents)} files)")
    return build_info
