"""``python -m filler bench`` prints its table (no timing assertions)."""

import os
import subprocess
import sys
from pathlib import Path

from filler.__main__ import main

PY = Path(__file__).resolve().parents[2] / "py"


def test_bench_prints_one_row_per_board(capsys):
    assert main(["bench", "--games", "1", "--big-games", "1",
                 "--only", "quick", "hex", "practice-square-15x15"]) == 0
    out = capsys.readouterr().out
    assert "play µs" in out and "previews µs" in out
    names = [line.split()[0] for line in out.splitlines()[3:] if line.strip()]
    assert names == ["quick", "hex", "practice-square-15x15"]


def test_python_dash_m_filler_runs_from_py_and_lists_its_commands():
    result = subprocess.run([sys.executable, "-m", "filler", "--help"], cwd=PY,
                            capture_output=True, text=True, timeout=60,
                            env={**os.environ, "PYTHONPATH": ""})
    assert result.returncode == 0
    assert "bench" in result.stdout
