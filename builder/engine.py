"""What the build makes of the engine (py/filler): its wheel, and the boards the page
draws before Python is up (dist/snapshots.json, docs/boot.md "The first board").

Both are cached in `.cache/` under the hash of the engine's sources.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from builder.checkout import CACHE, ROOT, SCRIPTS, log, run, sha256_of_files


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


def static_snapshots() -> bytes | None:
    """JSON of filler.api.static_snapshots() (run in CPython by scripts/static_snapshots.py),
    or None when it does not exist."""
    key = sha256_of_files(engine_sources())[:20]
    cached = CACHE / "snapshots" / f"{key}.json"
    if cached.exists():
        return cached.read_bytes() or None
    result = subprocess.run([sys.executable, SCRIPTS / "static_snapshots.py", ROOT / "py"],
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
