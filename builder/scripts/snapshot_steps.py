"""Run inside Pyodide by make_snapshot.mjs, which calls these steps: the first in an
interpreter booted normally, the second in the one the snapshot is taken of.

Both put the engine wheel on `sys.path` where the worker puts it (the snapshot keeps that
path), and read the standard library from its zip in Pyodide's file system.
"""

import gc
import importlib
import json
import pkgutil
import sys
import types
import zipfile
import zipimport


COMMAND_LINE_ONLY = ("__main__", "_command", "filler.bench", "filler.parallel")


def stdlib_files(stdlib_zip: str) -> set[str]:
    """Standard-library files of the modules imported so far, as paths inside its zip."""
    prefix = stdlib_zip + "/"
    origins = (getattr(getattr(module, "__spec__", None), "origin", None) or ""
               for module in list(sys.modules.values()))
    return {origin[len(prefix):] for origin in origins if origin.startswith(prefix)}


def reachable_stdlib(wheel: str, stdlib_zip: str) -> str:
    """Import every engine module the page may import (not `__main__`, which would run,
    nor the command line's own: `*_command`, `bench`, `parallel`, whose processes the
    browser has not); the JSON list of the standard-library files that got imported with
    them."""
    sys.path.insert(0, wheel)
    filler = importlib.import_module("filler")
    for module in pkgutil.walk_packages(filler.__path__, "filler."):
        if not module.name.endswith(COMMAND_LINE_ONLY):
            importlib.import_module(module.name)
    return json.dumps(sorted(stdlib_files(stdlib_zip)))


def import_engine(wheel: str, stdlib_zip: str, reachable: str) -> None:
    """Import what the worker imports (filler.api, and the rules page's examples it imports
    late); then replace the standard library by the files of the modules the engine may
    still import (`reachable`, less what is imported now), so the snapshot's zip importer
    expects that zip."""
    sys.path.insert(0, wheel)
    importlib.import_module("filler.api")
    importlib.import_module("filler.rules_examples")
    later = sorted(set(json.loads(reachable)) - stdlib_files(stdlib_zip))
    with zipfile.ZipFile(stdlib_zip) as full:
        files = {name: full.read(name) for name in later}
    with zipfile.ZipFile(stdlib_zip, "w") as trimmed:
        for name in later:
            trimmed.writestr(zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0)), files[name],
                             compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
    del files
    for finder in list(sys.path_importer_cache.values()):
        if isinstance(finder, zipimport.zipimporter):
            finder.invalidate_caches()  # it reads the new zip's table of contents when asked
    gc.collect()
    with_one_line_each()
    gc.collect()


def with_one_line_each() -> None:
    """Every function's code with a line table that puts all of it on its first line.

    Line tables map each instruction to its line and columns: 0.55 MB of the snapshot's
    heap that compresses badly (170 KB of the zstd snapshot). A traceback still names
    every function, its file and the line of its `def`; only the line within is lost.
    The table stays valid (one entry "no columns, same line" per 8 code units), and
    tables of the same length are one shared bytes object."""
    tables: dict[int, bytes] = {}
    replaced: dict[int, types.CodeType] = {}

    def one_line(code: types.CodeType) -> types.CodeType:
        if id(code) not in replaced:
            consts = tuple(one_line(const) if isinstance(const, types.CodeType) else const
                           for const in code.co_consts)
            units = len(code.co_code) // 2
            if units not in tables:
                entries = bytearray()
                for start in range(0, units, 8):
                    # PY_CODE_LOCATION_INFO_NO_COLUMNS (13), covering n units, line delta 0
                    entries += bytes([0x80 | 13 << 3 | (min(8, units - start) - 1), 0])
                tables[units] = bytes(entries)
            replaced[id(code)] = code.replace(co_linetable=tables[units], co_consts=consts)
        return replaced[id(code)]

    originals = []  # kept until the end, so that no id is reused while `replaced` is keyed by ids
    for function in [thing for thing in gc.get_objects() if isinstance(thing, types.FunctionType)]:
        originals.append(function.__code__)
        function.__code__ = one_line(function.__code__)
    originals.clear()
    replaced.clear()
