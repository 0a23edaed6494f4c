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
    code = bench.BENCH % {"cpu_clock": bench.CPU_CLOCK, "variants": ["quick", "four"], "games": 2, "seed": 3,
                          "level": "beginner"}
    namespace = {}
    exec(code, namespace)
    result = json.loads(namespace["result"])
    for variant in ("quick", "four"):
        row = result[variant]
        assert row["moves"] > 4
        assert 0 <= row["mean_ms"] <= row["max_ms"]
        assert row["cap_ms"] > 0


def load(name):
    import sys
    sys.path.insert(0, str(ROOT / "bench"))
    spec = importlib.util.spec_from_file_location(name, ROOT / "bench" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_node_bench_code_counts_nodes_of_this_master():
    bench = load("ai_nodes")
    code = bench.BENCH % {"cpu_clock": bench.CPU_CLOCK, "variants": ["quick"], "boards": 1, "seed": 2, "nodes": 200,
                          "repeat": 1, "packages": ["filler"]}
    namespace = {}
    exec(code, namespace)
    result = json.loads(namespace["result"])
    assert len(result["quick"]) == 1 and result["quick"][0] > 0
    assert bench.package_name("origin/main") == "filler_origin_main"


def test_strength_summary_gives_the_mean_match_score_with_an_interval(tmp_path, capsys):
    strength = load("ai_strength")
    rows = [{"variant": "quick", "seed": seed, "score": score, "new_ms": [300, 350],
             "old_ms": [90, 150], "load": 2.0, "against": "15f5e0b", "commit": "abc"}
            for seed, score in ((1, 1.0), (2, 0.6), (3, 0.4), (4, 1.0))]
    path = tmp_path / "q.jsonl"
    path.write_text("".join(json.dumps(row) + "\n" for row in rows))
    strength.summary([str(path)])
    out = capsys.readouterr().out
    assert "quick: 4 matches, new master 75.0 % of the match score" in out
    assert "won 3, drawn 0, lost 1" in out
    # a whole match of two games, both sides' scores adding up to one
    from filler.ai import choose
    players = [lambda game: choose(game, "greedy"), lambda game: choose(game, "beginner")]
    stats = {0: [], 1: []}
    match = strength.play("quick", 3, players, stats)
    assert match.over and len(match.game_results) == 2 and stats[0] and stats[1]
    assert strength.score_of(match, 0) + strength.score_of(match, 1) == 1.0
