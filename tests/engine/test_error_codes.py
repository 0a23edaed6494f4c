"""Error codes: every refusal of the engine can be said in Dutch and English.

The page shows a FillerError by its ``code`` and ``params`` (``problem.<code>`` in ``js/i18n/<language>.js``),
so each code the engine can raise needs a text in both languages, and the params a
text uses must be the ones the engine sends.
"""

import ast
import json
import re
from pathlib import Path

import pytest

import filler
from filler import BadRecord, FillerError, Game, Match, api

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "py" / "filler"
CATALOGS = ROOT / "js" / "i18n"
CODE = re.compile(r"^[a-z]+\.[a-z_]+$")


def problem_texts() -> dict[str, dict[str, str]]:
    """{language: {code: text}} read from the catalogs js/i18n/<language>.js."""
    texts = {}
    for path in sorted(CATALOGS.glob("*.js")):
        if path.name == "i18n.js":  # the code that reads the catalogs, beside them
            continue
        source = path.read_text(encoding="utf-8")
        entries = re.findall(r"^    'problem\.([a-z_.]+)': '((?:[^'\\]|\\.)*)',$", source, flags=re.M)
        texts[path.stem] = dict(entries)
    return texts


def raised_codes() -> set[str]:
    """Every code written in the engine's source (dotted names such as "record.event"),
    and the codes of the error classes."""
    codes = {"internal"}
    for path in ENGINE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and CODE.match(node.value) \
                    and not node.value.startswith("filler."):
                codes.add(node.value)
    for cls in (FillerError, *_subclasses(FillerError)):
        codes.add(cls.code)
    return codes


def _subclasses(cls):
    for sub in cls.__subclasses__():
        yield sub
        yield from _subclasses(sub)


def test_both_languages_have_the_same_codes():
    texts = problem_texts()
    assert set(texts) == {"nl", "en"}
    assert len(texts["nl"]) > 100
    assert set(texts["nl"]) == set(texts["en"])


def test_every_code_the_engine_raises_has_a_text():
    texts = problem_texts()
    missing = sorted(raised_codes() - set(texts["en"]))
    assert not missing, f"codes without a text in js/i18n/: {missing}"


def test_a_text_uses_the_same_placeholders_in_both_languages():
    texts = problem_texts()
    for code, english in texts["en"].items():
        assert set(re.findall(r"\{(\w+)\}", english)) == set(re.findall(r"\{(\w+)\}", texts["nl"][code])), code


def error_of(action) -> FillerError:
    with pytest.raises(FillerError) as caught:
        action()
    return caught.value


# (what goes wrong, the code and params the page gets)
CASES = [
    (lambda: Game.new("quick", seed=7).play(Game.new("quick", seed=7).current_color(0)), "move.own_color",
     {"color", "colors"}),
    (lambda: Game.new("practice", 1, width=4), "practice.width", {"value", "low", "high"}),
    (lambda: Game.new("practice", 1, colors=12), "practice.colors", {"value", "low", "high"}),
    (lambda: Game.new("practice", 1, shape="circle"), "practice.shape", {"value", "shapes"}),
    (lambda: Game.new("chess"), "variant.unknown", {"value", "variants"}),
    (lambda: Game.new("quick", seed=-1), "seed.range", {"value", "high"}),
    (lambda: Game.new("quick", seed="x"), "seed.type", {"value"}),
    (lambda: Match.from_record({"format": "x"}), "record.not_match", set()),
    (lambda: Game.from_rows(["01", "1x"]), "board.char", {"char", "row", "column"}),
]


@pytest.mark.parametrize("action, code, params", CASES)
def test_errors_carry_their_code_and_the_params_of_their_text(action, code, params):
    error = error_of(action)
    details = error.details()
    assert details["code"] == code
    assert set(details["params"]) == params
    assert details["message"] == str(error)
    json.dumps(details)  # JSON values only
    used = set(re.findall(r"\{(\w+)\}", problem_texts()["en"][code]))
    assert used <= set(details["params"]), f"{code}: its text uses {used - set(details['params'])}"


def test_a_move_on_the_wrong_color_names_the_colors_the_player_may_choose():
    game = Game.new("quick", seed=7)
    rival = game.current_color(1)
    details = error_of(lambda: game.play(rival)).details()
    assert details["code"] == "move.rival_color"
    assert details["params"] == {"color": rival, "seat": 1, "colors": game.legal_colors()}


def test_a_record_that_does_not_replay_says_which_step_and_why():
    record = Match.new("quick", 7).to_record()
    own = Game.new("quick", seed=7).current_color(0)
    record["events"] = [["move", 0, own]]
    error = error_of(lambda: Match.from_record(record))
    assert isinstance(error, BadRecord)
    details = error.details()
    assert details["code"] == "record.event" and details["params"]["position"] == 1
    cause = details["params"]["cause"]
    assert cause["code"] == "move.own_color" and cause["params"]["color"] == own


def test_a_cause_that_is_not_a_filler_error_is_left_out():
    error = BadRecord("broken", "record.board", cause=TypeError("'int' object is not iterable"))
    assert error.details()["params"] == {"cause": None}


def test_long_texts_in_params_are_cut():
    error = BadRecord("x", "record.mover", seat="y" * 500, turn=0)
    assert len(error.details()["params"]["seat"]) <= 80


def call(method, **params):
    return json.loads(api.handle(json.dumps({"id": 1, "method": method, "params": params})))


def test_the_api_sends_code_and_params_with_every_error():
    answer = call("new_game", variant="practice", seed=1, options={"width": 99})
    assert answer["ok"] is False
    error = answer["error"]
    assert error["type"] == "BadOption" and error["code"] == "practice.width"
    assert error["params"] == {"value": 99, "low": 5, "high": 41}
    assert "width" in error["message"]


def test_the_api_codes_its_own_refusals():
    opened = call("new_game", variant="quick", seed=3)["result"]
    answer = call("undo", table_id=opened["table_id"], state_id=opened["state"]["state_id"])
    assert answer["error"]["type"] == "BadRequest" and answer["error"]["code"] == "undo.practice"
    answer = call("no_such_method")
    assert answer["error"]["code"] == "api.request"


def test_check_record_says_why_as_a_problem():
    record = Match.new("quick", 7).to_record()
    record["version"] = 99
    answer = call("check_record", record=record)["result"]
    assert answer["ok"] is False and answer["why"]
    assert answer["problem"]["code"] == "record.version"
    assert answer["problem"]["params"] == {"value": 99, "known": 1}


def test_every_code_the_page_itself_uses_has_a_text():
    """The worker's boot failures and the storage's reasons are problems too."""
    js = ROOT / "js"
    used = set()
    for name in ("worker.js", "engine.js"):
        source = (js / "engine" / name).read_text(encoding="utf-8")
        used |= set(re.findall(r"""["'](boot\.[a-z_]+)["']""", source))
        if "`boot.download_${what}`" in source:
            used |= {f"boot.download_{what}" for what in re.findall(r'fetchOk\([^;]*?, "(\w+)"\)', source)}
    for path in sorted((js / "store").glob("*.js")):
        storage = path.read_text(encoding="utf-8")
        used |= {f"store.{code}" for code in re.findall(r'new StoreProblem\("(\w+)"', storage)}
    assert {"boot.download_engine", "boot.download_build", "boot.download_snapshot", "boot.pyodide",
            "store.not_json", "store.field"} <= used
    missing = sorted(used - set(problem_texts()["en"]))
    assert not missing, f"codes without a text in js/i18n/: {missing}"


def test_the_page_checks_practice_links_with_the_engines_ranges():
    """A practice link's size or color count out of range gets a message stating the range
    before the engine sees it (share.js practiceFromLink): the range of the catalog the page
    reads first (snapshots.json), which is the engine's own, with no copy kept in the page."""
    from filler.api import static_snapshots
    from filler.variants import MAX_COLORS, MAX_SIDE, MIN_COLORS, PRACTICE_MIN_SIDE
    practice = next(variant for variant in static_snapshots()["variants"] if variant["id"] == "practice")
    assert practice["sizes"] == {"width": [PRACTICE_MIN_SIDE, MAX_SIDE], "height": [PRACTICE_MIN_SIDE, MAX_SIDE],
                                 "colors": [MIN_COLORS, MAX_COLORS]}
    sources = {path: path.read_text(encoding="utf-8") for path in (ROOT / "js").rglob("*.js")}
    assert not [path for path, text in sources.items() if "PRACTICE_LIMITS" in text or re.search(r"\[5, 41\]", text)]
    assert "entry.sizes[name]" in sources[ROOT / "js" / "flows" / "share.js"]
