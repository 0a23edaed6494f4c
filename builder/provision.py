"""Set-up a fresh machine needs, each step skipped when what it makes is there already.

The npm packages (`npm ci` of package-lock.json), a virtualenv per requirements file
(installed with `--require-hashes`), the wheels Pyodide loads itself (micropip, pinned by
sha256 in requirements-pyodide.txt), and system packages by apt-get when we are root on
Debian (npm, Chromium). Everything is pinned: a set-up is the same on every machine.
"""

from __future__ import annotations

import os
import re
import shutil
import sys
import tempfile
from pathlib import Path

from builder.checkout import CACHE, PYODIDE_PACKAGE, ROOT, run, sha256_file, sha256_of_files


def is_root() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0


def apt_install(*packages: str) -> None:
    if not (is_root() and shutil.which("apt-get")):
        raise SystemExit(f"build.py: please install {' '.join(packages)} (needs root and apt-get)")
    environment = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    run(["apt-get", "update"], env=environment)
    run(["apt-get", "install", "-y", "--no-install-recommends", *packages], env=environment)


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
