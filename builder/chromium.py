"""Which Chromium the browser tests and the benchmarks drive (docs/testing.md).

The system's, found by path or installed with apt-get when we are root on Debian
(Playwright's download of its own browser is not used here), and Debian's headless shell
beside it: the same Blink and V8 without the browser's UI.
"""

from __future__ import annotations

import os
import shutil
import subprocess

from builder.checkout import log
from builder.provision import apt_install, is_root


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
