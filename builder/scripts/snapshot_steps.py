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
import zipfile
import zipimport


def stdlib_files(stdlib_zip: str) -> set[str]:
    """Standard-library files of the modules imported so far, as paths inside its zip."""
    prefix = stdlib_zip + "/"
    origins = (getattr(getattr(module, "__spec__", None), "origin", None) or ""
               for module in list(sys.modules.values()))
    return {origin[len(prefix):] for origin in origins if origin.startswith(prefix)}


def reachable_stdlib(wheel: str, stdlib_zip: str) -> str:
    """Import every engine module (but `__main__`, which would run); the JSON list of the
    standard-library files that got imported with them."""
    sys.path.insert(0, wheel)
    filler = importlib.import_module("filler")
    for module in pkgutil.walk_packages(filler.__path__, "filler."):
        if not module.name.endswith("__main__"):
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
