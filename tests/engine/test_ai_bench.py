"""bench/ai_pyodide.py: the Python it runs inside Pyodide also runs in CPython.

Only the measuring code is checked here (one quick game, the cheap levels); the
benchmark itself needs Node and the pyodide npm package and is not a test.
"""

import importlib.util
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def load_bench():
    spec = importlib.util.spec_from_file_location("ai_pyodide", ROOT / "bench" / "ai_pyodide.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_bench_code_plays_whole_games_and_reports_every_move_of_the_level():
    bench = load_bench()
    code = bench.BENCH % {"variants": ["quick", "four"], "games": 2, "seed": 3,
                          "level": "beginner"}
    namespace = {}
    exec(code, namespace)
    result = json.loads(namespace["result"])
    for variant in ("quick", "four"):
        row = result[variant]
        assert row["moves"] > 4
        assert 0 <= row["mean_ms"] <= row["max_ms"]
        assert row["cap_ms"] > 0
