"""Shared by every test: the engine package is imported from py/ (no install needed)."""

import importlib.util
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

# Browser tests need Playwright, which `python3 build.py test` installs in .venv-test.
# A plain `python3 -m pytest tests` elsewhere still runs the engine tests.
collect_ignore = [] if importlib.util.find_spec("playwright") else ["browser"]
