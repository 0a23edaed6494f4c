"""Run by CPython at build time (builder/engine.py): writes filler.api.static_snapshots()
as compact JSON to stdout, or exits with status 3 when the engine has no such function.

    python3 builder/scripts/static_snapshots.py py/
"""

import json
import sys

sys.path.insert(0, sys.argv[1])  # the folder that holds the package filler
try:
    import filler.api as api
except ModuleNotFoundError as error:
    if error.name in ("filler", "filler.api"):
        sys.exit(3)
    raise
if not hasattr(api, "static_snapshots"):
    sys.exit(3)
sys.stdout.write(json.dumps(api.static_snapshots(), sort_keys=True, separators=(",", ":")))
