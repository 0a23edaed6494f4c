"""filler.api: the JSON seam between the page and the engine (plain CPython)."""

import json

import pytest

import filler
from filler import api, link


def call(method, **params):
    answer = json.loads(api.handle(json.dumps({"id": 9, "method": method, "params": params})))
    assert answer["id"] == 9
    return answer


def ok(method, **params):
    answer = call(method, **params)
    assert answer["ok"], answer
    return answer["result"]


def error_type(method, **params):
    answer = call(method, **params)
    assert answer["ok"] is False
    assert answer["error"]["message"]
    return answer["error"]["type"]


def test_variants_and_levels():
    variants = ok("variants")
    assert [v["id"] for v in variants] == list(filler.VARIANTS)
    assert ok("levels")


def test_each_variant_says_the_boards_it_can_have():
    # the lobby offers, a link may ask and the page draws a stored board before the engine
    # is up only within these (their one owner: filler.variants)
    variants = {v["id"]: v for v in ok("variants")}
    assert variants["quick"]["sizes"] == {"width": [8, 8], "height": [7, 7], "colors": [6, 6]}
    assert variants["quick"]["shapes"] == ["square"]
    practice = variants["practice"]
    assert practice["sizes"] == {"width": [5, 41], "height": [5, 41], "colors": [3, 9]}
    assert practice["shapes"] == ["square", "hex", "diamond"]
    for name in ("width", "height", "colors"):
        low, high = practice["sizes"][name]
        ok("new_game", variant="practice", options={name: low})
        ok("new_game", variant="practice", options={name: high})
        assert error_type("new_game", variant="practice", options={name: low - 1}) == "BadOption"
        assert error_type("new_game", variant="practice", options={name: high + 1}) == "BadOption"


def test_a_practice_board_that_asks_for_nothing_is_the_practice_variants_own():
    practice = next(v for v in ok("variants") if v["id"] == "practice")
    layout = ok("new_game", variant="practice", seed=4)["layout"]
    assert (layout["shape"], layout["width"], layout["height"]) == (practice["shape"], practice["width"], practice["height"])
    assert (practice["width"], practice["height"], practice["colors"]) == (10, 10, 6)  # the lobby's first offer
    assert filler.Game.new("practice", 4).width == 10


def test_new_game_sends_layout_and_first_state():
    opened = ok("new_game", variant="quick", seed=42)
    layout, state = opened["layout"], opened["state"]
    game = filler.Game.new("quick", seed=42)
    assert (layout["shape"], layout["width"], layout["height"], layout["colors"]) == (
        "square", game.width, game.height, game.colors)
    assert layout["seed"] == 42 and layout["table_id"] == opened["table_id"]
    assert layout["starts"] == [sorted(game.start_cells(s)) for s in range(2)]
    assert state["state_id"] == 1 and state["turn"] == game.turn
    assert state["cell_colors"] == "".join(game.color_rows())
    assert state["cell_owners"] == "".join(game.owner_rows())
    assert state["legal"] == game.legal_colors()
    assert state["needed_to_win"] == game.needed_to_win()
    assert state["score_history"] == [[game.score(0), game.score(1)]]


def test_previews_are_the_engines():
    opened = ok("new_game", variant="classic", seed=5)
    game = filler.Game.new("classic", seed=5)
    previews = opened["state"]["previews"]
    assert sorted(map(int, previews)) == game.legal_colors()
    for color in game.legal_colors():
        preview = previews[str(color)]
        assert sorted(preview["flood"] + preview["enclosure"]) == game.preview(color)[game.turn]


def test_forbidden_colors_name_their_seat():
    state = ok("new_game", variant="quick", seed=3)["state"]
    game = filler.Game.new("quick", seed=3)
    forbidden = {entry["color"]: entry["seat"] for entry in state["forbidden"]}
    assert forbidden == {game.current_color(0): 0, game.current_color(1): 1}


def test_play_answers_the_next_state_and_refuses_a_stale_one():
    opened = ok("new_game", variant="quick", seed=11,
                seats=[{"kind": "human", "name": "Anna"}, {"kind": "human", "name": "Bob"}])
    table_id, state = opened["table_id"], opened["state"]
    color = state["legal"][0]
    after = ok("play", table_id=table_id, state_id=state["state_id"], color=color)
    expected = filler.Game.new("quick", seed=11).play(color)
    assert after["state_id"] == state["state_id"] + 1
    assert after["cell_owners"] == "".join(expected.owner_rows())
    assert after["last_move"]["seat"] == 0 and after["last_move"]["color"] == color
    assert len(after["score_history"]) == 2
    assert error_type("play", table_id=table_id, state_id=state["state_id"],
                      color=after["legal"][0]) == "StaleState"


def test_each_players_last_move_stays_until_their_next():
    opened = ok("new_game", variant="practice", seed=6,
                options={"shape": "square", "width": 8, "height": 8, "colors": 5},
                seats=[{"kind": "human"}, {"kind": "computer"}])
    table_id, state = opened["table_id"], opened["state"]
    assert state["last_moves"] == [None, None]
    first = ok("play", table_id=table_id, state_id=state["state_id"], color=state["legal"][0])
    reply = ok("bot_move", table_id=table_id, state_id=first["state_id"])
    assert reply["last_moves"] == [first["last_move"], reply["last_move"]]
    assert reply["last_moves"][1]["seat"] == 1
    third = ok("play", table_id=table_id, state_id=reply["state_id"], color=reply["legal"][0])
    assert third["last_moves"] == [third["last_move"], reply["last_move"]]
    gained = [cell for cell, (old, new) in enumerate(zip(reply["cell_owners"], third["cell_owners"]))
              if old != new]
    assert third["last_moves"][0]["cells"] == gained
    undone = ok("undo", table_id=table_id, state_id=third["state_id"])
    assert undone["last_moves"] == reply["last_moves"]


def test_the_next_game_of_a_match_starts_with_no_move_marked():
    opened = ok("new_game", variant="quick", seed=3, games=2,
                seats=[{"kind": "human", "name": "Anna"}, {"kind": "human", "name": "Bob"}])
    table_id, state = opened["table_id"], opened["state"]
    state = ok("play", table_id=table_id, state_id=state["state_id"], color=state["legal"][0])
    assert state["last_moves"][0] is not None
    state = ok("resign_game", table_id=table_id, state_id=state["state_id"], seat=state["turn"])
    for seat in state["match"]["waiting_ready"]:
        state = ok("ready", table_id=table_id, state_id=state["state_id"], seat=seat)
    assert state["game_index"] == 1 and state["last_moves"] == [None, None]


def test_illegal_move_comes_back_as_data():
    opened = ok("new_game", variant="quick", seed=2,
                seats=[{"kind": "human"}, {"kind": "human"}])
    state = opened["state"]
    forbidden = state["forbidden"][0]["color"]
    assert error_type("play", table_id=opened["table_id"], state_id=1, color=forbidden) == "IllegalMove"


def test_the_computer_moves_only_on_its_turn():
    opened = ok("new_game", variant="quick", seed=8)
    table_id = opened["table_id"]
    assert error_type("bot_move", table_id=table_id, state_id=1) == "OutOfTurn"
    state = ok("play", table_id=table_id, state_id=1, color=opened["state"]["legal"][0])
    assert error_type("play", table_id=table_id, state_id=state["state_id"],
                      color=state["legal"][0]) == "OutOfTurn"
    after = ok("bot_move", table_id=table_id, state_id=state["state_id"])
    assert after["move_number"] == 2 and after["last_move"]["seat"] == 1


def test_a_whole_game_between_computers_ends_with_winners():
    opened = ok("new_game", variant="quick", seed=4,
                seats=[{"kind": "computer"}, {"kind": "computer"}])
    state = opened["state"]
    while not state["over"]:
        state = ok("bot_move", table_id=opened["table_id"], state_id=state["state_id"])
    assert state["end_reason"] and state["turn"] is None and not state["previews"]
    assert len(state["score_history"]) == state["move_number"] + 1
    scores = [side["score"] for side in state["sides"]]
    assert state["winning_sides"] == [i for i, s in enumerate(scores) if s == max(scores)]


def test_four_players_and_duos_have_sides():
    four = ok("new_game", variant="four", seed=1,
              seats=[{"kind": "human"}] * 4)["state"]
    assert len(four["sides"]) == 4 and len(four["players"]) == 4
    duos = ok("new_game", variant="duos", seed=1, seats=[{"kind": "human"}] * 4)
    assert duos["layout"]["side_of"] == [0, 1, 0, 1]
    assert [side["seats"] for side in duos["state"]["sides"]] == [[0, 2], [1, 3]]


def test_practice_takes_options():
    opened = ok("new_game", variant="practice", seed=1,
                options={"shape": "hex", "width": 9, "height": 7, "colors": 5})
    assert (opened["layout"]["shape"], opened["layout"]["width"], opened["layout"]["colors"]) == ("hex", 9, 5)
    assert error_type("new_game", variant="quick", options={"width": 9}) == "BadRequest"


@pytest.mark.parametrize("request_text, kind", [
    ("not json", "BadRequest"),
    ("[1, 2]", "BadRequest"),
    ('{"id": 1, "method": "nope"}', "UnknownMethod"),
    ('{"id": 1, "method": "new_game", "params": {"variant": "nope"}}', "UnknownVariant"),
    ('{"id": 1, "method": "new_game", "params": {"variant": "quick", "seed": "x"}}', "BadRequest"),
    ('{"id": 1, "method": "new_game", "params": {"variant": "quick", "seats": [{"kind": "x"}, {}]}}', "BadRequest"),
    ('{"id": 1, "method": "state", "params": {"table_id": 99999}}', "UnknownTable"),
    ('{"id": 1, "method": "play", "params": {"table_id": TABLE}}', "BadRequest"),  # no color
])
def test_errors_are_data(request_text, kind):
    if "TABLE" in request_text:  # a table of its own, whatever other tests closed
        request_text = request_text.replace("TABLE", str(ok("new_game", variant="quick", seed=1)["table_id"]))
    answer = json.loads(api.handle(request_text))
    assert answer["ok"] is False
    assert answer["error"]["type"] == kind, answer
    assert answer["error"]["message"]


def test_close_forgets_a_table():
    table_id = ok("new_game", variant="quick", seed=1)["table_id"]
    assert ok("close", table_id=table_id) == {"closed": True}
    assert error_type("state", table_id=table_id) == "UnknownTable"


def test_static_snapshots_match_a_fresh_table():
    snapshots = json.loads(json.dumps(api.static_snapshots()))
    assert set(snapshots["boards"]) == set(filler.VARIANTS)
    assert snapshots["link_variants"] == list(link.VARIANT_CODES)  # js/flows/friend_peek.js reads links with it
    assert snapshots["bot_ratings"] == ok("bot_ratings")  # the lobby shows them before boot
    # a new player's first visit and an embed open the first game's variant: its eight
    # boards, each board its own
    assert snapshots["first_game"] == ok("first_game") == {"variant": "quick", "level": "beginner"}
    assert len(snapshots["boards"]["quick"]) == 8 and len(snapshots["boards"]["classic"]) > 1
    assert len({board["state"]["cell_colors"] for board in snapshots["boards"]["quick"]}) == 8
    for variant_id, boards in snapshots["boards"].items():
        for board in boards:
            fresh = ok("new_game", variant=variant_id, seed=board["layout"]["seed"])
            layout = dict(fresh["layout"])
            del layout["table_id"], layout["players"]
            assert board["layout"] == layout, variant_id
            state = dict(fresh["state"])
            state.pop("table_id")
            assert board["state"] == state, variant_id


def test_a_new_player_starts_on_quick_against_the_beginner():
    """The first game is 8×7 (GamePigeon's board, a phone's thumb) against the weakest
    level; a computer seat nobody chose a level for gets it too."""
    first = ok("first_game")
    variant = filler.VARIANTS[first["variant"]]
    assert (variant.width, variant.height) == (8, 7)
    assert first["level"] == filler.ai.LEVELS[0] == "beginner"
    opened = ok("new_game", variant=first["variant"], seed=3, seats=[{"kind": "human"}, {"kind": "computer"}])
    assert [player["level"] for player in opened["layout"]["players"]] == [None, "beginner"]


def test_previews_split_flood_and_enclosure_as_the_engine_does():
    enclosures = 0
    for seed in range(1, 6):
        opened = ok("new_game", variant="quick", seed=seed,
                    seats=[{"kind": "computer"}, {"kind": "computer"}])
        game, state = filler.Game.new("quick", seed=seed), opened["state"]
        while not state["over"]:
            for color in game.legal_colors():
                parts = game.preview_parts(color)
                shown = state["previews"][str(color)]
                assert shown["flood"] == sorted(parts[game.turn]["flood"])
                assert shown["enclosure"] == sorted(
                    {cell for part in parts.values() for cell in part["enclosure"]})
                enclosures += bool(shown["enclosure"])
            state = ok("bot_move", table_id=opened["table_id"], state_id=state["state_id"])
            game = game.play(state["last_move"]["color"])
            assert state["cell_owners"] == "".join(game.owner_rows())
    assert enclosures, "no enclosure seen: the test proves nothing"


def test_a_match_of_two_games_swaps_corners_and_waits_for_ready():
    opened = ok("new_game", variant="quick", seed=6, games=2,
                seats=[{"kind": "human", "name": "Anna"}, {"kind": "computer"}])
    table_id, state = opened["table_id"], opened["state"]
    assert opened["layout"]["games"] == 2 and state["match"]["game_index"] == 0
    first_starts = opened["layout"]["starts"]
    while not state["over"]:
        if state["turn"] == 0:
            state = ok("play", table_id=table_id, state_id=state["state_id"], color=state["legal"][0])
        else:
            state = ok("bot_move", table_id=table_id, state_id=state["state_id"])
    assert state["match"]["between_games"] and state["match"]["waiting_ready"] == [0]
    assert error_type("play", table_id=table_id, state_id=state["state_id"], color=0) in (
        "OutOfTurn", "GameOver")
    state = ok("ready", table_id=table_id, state_id=state["state_id"], seat=0)
    assert state["match"]["game_index"] == 1 and not state["over"]
    assert state["score_history"] == [state["score_history"][0]]
    layout = ok("layout", table_id=table_id)
    assert layout["game_index"] == 1 and layout["starts"] == first_starts[::-1]
    state = ok("resign_match", table_id=table_id, state_id=state["state_id"], seat=0)
    assert state["match"]["over"] and state["match"]["outcome"]["kind"] == "resign"
    record = ok("record", table_id=table_id)
    reopened = ok("open_record", record=record,
                  seats=[{"kind": "human"}, {"kind": "computer"}])
    assert reopened["state"]["match"]["over"]
    assert reopened["state"]["cell_owners"] == state["cell_owners"]


def test_resigning_a_single_game_ends_it():
    opened = ok("new_game", variant="quick", seed=6)
    state = ok("resign_game", table_id=opened["table_id"], state_id=1, seat=0)
    assert state["over"] and state["winning_sides"] == [1] and state["end_reason"] == "resign"
    assert state["match"]["over"]


def test_practice_takes_back_a_move_and_gives_hints():
    opened = ok("new_game", variant="practice", seed=3,
                options={"shape": "square", "width": 8, "height": 8, "colors": 5})
    table_id, first = opened["table_id"], opened["state"]
    assert first["can_undo"] is False
    hint = ok("hint", table_id=table_id, state_id=1)["color"]
    assert hint in first["legal"]
    mine = ok("play", table_id=table_id, state_id=1, color=hint)
    answered = ok("bot_move", table_id=table_id, state_id=mine["state_id"])
    assert answered["can_undo"] and answered["move_number"] == 2
    back = ok("undo", table_id=table_id, state_id=answered["state_id"])
    assert back["state_id"] > answered["state_id"]
    assert back["cell_owners"] == first["cell_owners"] and back["move_number"] == 0
    assert back["score_history"] == first["score_history"] and back["can_undo"] is False
    assert error_type("undo", table_id=table_id, state_id=back["state_id"]) == "BadRequest"
    quick = ok("new_game", variant="quick", seed=1)
    assert error_type("undo", table_id=quick["table_id"], state_id=1) == "BadRequest"


def test_a_game_reopens_with_its_moves():
    opened = ok("new_game", variant="hex", seed=12, seats=[{"kind": "human"}, {"kind": "human"}])
    state, moves = opened["state"], []
    for _ in range(6):
        moves.append(state["legal"][-1])
        state = ok("play", table_id=opened["table_id"], state_id=state["state_id"], color=moves[-1])
    again = ok("new_game", variant="hex", seed=12, moves=moves,
               seats=[{"kind": "human"}, {"kind": "human"}])["state"]
    for key in ("cell_owners", "cell_colors", "turn", "move_number", "score_history", "last_move"):
        assert again[key] == state[key], key
    assert error_type("new_game", variant="hex", seed=12, moves=[99]) == "IllegalMove"
    assert error_type("new_game", variant="hex", seed=12, moves=["x"]) == "BadRequest"


# ---- clocks, saved matches, ratings (issue 5) ------------------------------------

def _computers(*levels):
    return [{"kind": "computer", "level": level} for level in levels]


PEOPLE = [{"kind": "human", "name": ""}, {"kind": "human", "name": ""}]


def _first_moves(opened, now, wait_ms):
    """Both players make their first move after ``wait_ms`` each (free: no time runs)."""
    state = opened["state"]
    for _ in range(2):
        now[0] += wait_ms
        state = ok("play", table_id=opened["table_id"], state_id=state["state_id"], color=state["legal"][0])
    return state


def test_no_time_runs_before_a_first_move_then_the_player_to_move_runs(monkeypatch):
    now = [1_000]
    monkeypatch.setattr(api.tables, "_now_ms", lambda: now[0])
    opened = ok("new_game", variant="quick", seed=5, games=2, seats=PEOPLE,
                  clock={"bank_ms": 10_000, "increment_ms": 1_000})
    state = opened["state"]
    assert state["clock"]["turn"] == 0 and not state["clock"]["running"]
    state = _first_moves(opened, now, 20_000)  # each first move: free, and no increment
    assert state["clock"]["left_ms"] == [10_000, 10_000]
    assert state["clock"]["turn"] == 0 and state["clock"]["running"]
    now[0] += 3_000
    state = ok("play", table_id=opened["table_id"], state_id=state["state_id"],
                 color=state["legal"][0])
    assert state["clock"]["left_ms"][0] == 8_000 and state["clock"]["turn"] == 1
    saved = state["clock"]
    now[0] = 5  # a new worker: its monotonic time starts again
    reopened = ok("open_record", record=state["record"], clock=saved, seats=PEOPLE)["state"]
    assert reopened["clock"]["left_ms"] == [8_000, 10_000] and reopened["clock"]["turn"] == 1
    assert reopened["move_number"] == 3


def test_a_reopened_clock_gives_back_the_saved_time_whatever_the_engine_took(monkeypatch):
    # a reload gave a player's clock back short: the saved time ran while the worker
    # replayed the match and made its state, before the page could show it
    now = [0]

    def ticking():  # every look at the time finds 40 ms more gone
        now[0] += 40
        return now[0]

    monkeypatch.setattr(api.tables, "_now_ms", ticking)
    opened = ok("new_game", variant="quick", seed=5, seats=PEOPLE, clock={"bank_ms": 60_000, "increment_ms": 0})
    state = _first_moves(opened, now, 100)
    saved = state["clock"]
    assert saved["running"] and saved["turn"] == 0
    reopened = ok("open_record", record=state["record"], clock=saved, seats=PEOPLE)["state"]["clock"]
    assert reopened["left_ms"] == saved["left_ms"] and reopened["running"] and reopened["turn"] == 0
    hidden = ok("open_record", record=state["record"], clock=saved, seats=PEOPLE, paused=True)["state"]["clock"]
    assert hidden["left_ms"] == saved["left_ms"] and not hidden["running"]


def test_a_move_after_the_flag_fell_loses_the_match(monkeypatch):
    now = [0]
    monkeypatch.setattr(api.tables, "_now_ms", lambda: now[0])
    opened = ok("new_game", variant="quick", seed=5, games=2, seats=PEOPLE,
                  clock={"bank_ms": 1_000, "increment_ms": 0})
    state = _first_moves(opened, now, 5_000)
    early = ok("flag", table_id=opened["table_id"], state_id=state["state_id"], seat=0)
    assert early["state_id"] == state["state_id"] and not early["match"]["over"]
    now[0] += 1_500
    late = ok("play", table_id=opened["table_id"], state_id=state["state_id"], color=state["legal"][0])
    assert late["match"]["over"] and late["match"]["outcome"]["kind"] == "timeout"


def test_pause_stops_the_time(monkeypatch):
    now = [0]
    monkeypatch.setattr(api.tables, "_now_ms", lambda: now[0])
    opened = ok("new_game", variant="quick", seed=5, seats=PEOPLE, clock={"bank_ms": 5_000, "increment_ms": 0})
    _first_moves(opened, now, 100)
    ok("pause", table_id=opened["table_id"])
    now[0] = 60_000
    state = ok("resume", table_id=opened["table_id"])
    assert state["clock"]["left_ms"] == [5_000, 5_000] and state["clock"]["running"]


def test_a_record_replays_with_its_charts_and_a_broken_one_is_refused():
    opened = ok("new_game", variant="practice", seed=2, games=2, seats=_computers("greedy", "beginner"),
                  options={"width": 5, "height": 5, "colors": 4})
    state = opened["state"]
    while not state["match"]["over"]:
        state = ok("bot_move", table_id=opened["table_id"], state_id=state["state_id"])
    record = state["record"]
    assert ok("check_record", record=record, seats=_computers("greedy", "beginner"))["ok"]
    reopened = ok("open_record", record=record, seats=_computers("greedy", "beginner"))["state"]
    assert reopened["score_history"] == state["score_history"]
    partial = ok("open_record", record=record, events=3, seats=_computers("greedy", "beginner"))["state"]
    assert partial["move_number"] == 3
    broken = {**record, "events": record["events"][:2] + [["move", 0, 99]]}
    checked = ok("check_record", record=broken)
    assert not checked["ok"] and "does not replay" in checked["why"]


def test_a_replay_is_told_the_moves_of_each_game_of_its_record():
    # the replay bar counts moves ("game 2, move 12 of 39"), not the record's events:
    # between the games are the ready presses
    seats = _computers("greedy", "beginner")
    opened = ok("new_game", variant="quick", seed=4, games=2, seats=seats)
    state = opened["state"]
    while not state["match"]["over"]:
        state = ok("bot_move", table_id=opened["table_id"], state_id=state["state_id"])
    record = state["record"]
    moves = [number for number, event in enumerate(record["events"]) if event[0] == "move"]
    assert len(moves) < len(record["events"])
    for step in (0, 5, len(record["events"]) - 3, len(record["events"])):
        replay = ok("open_record", record=record, events=step, seats=seats, paused=True)
        counts = replay["game_moves"]
        assert len(counts) == 2 and sum(counts) == len(moves)
        shown = replay["state"]
        assert shown["move_number"] <= counts[shown["game_index"]]
    assert shown["move_number"] == counts[1] == state["move_number"]  # the end: game 2's last move
    assert "game_moves" not in ok("open_record", record=record, seats=seats)  # a resumed match needs none
    # a record whose later events do not replay still shows the steps before them
    broken = {**record, "events": record["events"] + [["move", 0, 99]]}
    assert "game_moves" not in ok("open_record", record=broken, events=5, seats=seats, paused=True)


def test_ratings_change_after_a_rated_match_only():
    seats = [{"kind": "human", "name": "Anna"}, {"kind": "computer", "level": "greedy"}]
    for games, rated in ((1, False), (2, True)):
        opened = ok("new_game", variant="quick", seed=9, games=games, seats=seats)
        table_id, state = opened["table_id"], opened["state"]
        while not state["match"]["over"]:
            if state["match"]["between_games"]:
                state = ok("ready", table_id=table_id, state_id=state["state_id"], seat=0)
            elif state["turn"] == 0:
                state = ok("resign_game", table_id=table_id, state_id=state["state_id"], seat=0)
            else:
                state = ok("bot_move", table_id=table_id, state_id=state["state_id"])
        updates = ok("rating_updates", table_id=table_id, ratings=[[1500, 350, 0.06], None])
        assert updates["rated"] is rated
        if rated:
            assert updates["ratings"][0]["change"] < 0 and updates["ratings"][1] is None


def test_a_match_of_computers_alone_is_not_rated():
    # a computer-against-computer embed showed the "rated" badge and matchEnded said rated: true
    seats = [{"kind": "computer", "level": "beginner"}, {"kind": "computer", "level": "greedy"}]
    opened = ok("new_game", variant="quick", seed=6, games=2, seats=seats)
    table_id, state = opened["table_id"], opened["state"]
    assert state["match"]["rated"] is False
    while not state["match"]["over"]:
        state = ok("bot_move", table_id=table_id, state_id=state["state_id"])
    assert state["match"]["outcome"]["rated"] is False
    assert ok("rating_updates", table_id=table_id)["rated"] is False
    record = ok("record", table_id=table_id)
    assert ok("check_record", record=record, seats=seats)["outcome"]["rated"] is False


def _finished_match_record(games):
    opened = ok("new_game", variant="quick", seed=6, games=games,
                seats=[{"kind": "computer", "level": "beginner"}, {"kind": "computer", "level": "greedy"}])
    table_id, state = opened["table_id"], opened["state"]
    while not state["match"]["over"]:
        state = ok("bot_move", table_id=table_id, state_id=state["state_id"])
    return ok("record", table_id=table_id)


def test_a_review_comes_a_few_plies_per_request_and_maps_to_record_steps():
    record = _finished_match_record(2)
    started = ok("review_start", record=record, max_nodes=300, safety_seconds=10)
    assert started["game_index"] == 1 and started["version"] == filler.ai.review_module.VERSION
    game = filler.Match.from_record(record).games[1]
    assert started["plies"] == len(game.moves) == len(started["steps"])
    results, answer = [], {"done": False}
    while not answer["done"]:
        answer = ok("review_next", review_id=started["review_id"], count=3)
        assert len(answer["results"]) <= 3
        results += answer["results"]
    assert [r["played"] for r in results] == [color for _, color in game.moves]
    assert results == list(filler.ai.review(game, safety_seconds=10, max_nodes=300))
    assert set(answer["summary"]) == {"sides", "decided", "lost_by", "shortened"}
    # each step opens the position before that ply's move
    for ply in (0, len(results) - 1):
        shown = ok("open_record", record=record, events=started["steps"][ply], paused=True)["state"]
        assert shown["turn"] == results[ply]["seat"] and shown["game_index"] == 1
    assert error_type("review_next", review_id=started["review_id"]) == "BadRequest"  # done: forgotten


def test_a_new_review_or_stop_ends_the_one_before_and_four_players_are_not_reviewed():
    record = _finished_match_record(1)
    first = ok("review_start", record=record, max_nodes=100)
    assert first["game_index"] == 0
    second = ok("review_start", record=record, max_nodes=100)
    assert call("review_next", review_id=first["review_id"])["error"]["code"] == "review.none"
    assert ok("review_next", review_id=second["review_id"])["results"][0]["ply"] == 0
    assert ok("review_stop", review_id=second["review_id"]) == {"stopped": True}
    assert ok("review_stop", review_id=second["review_id"]) == {"stopped": False}
    four = ok("new_game", variant="four", seed=1)
    state = four["state"]
    state = ok("play", table_id=four["table_id"], state_id=state["state_id"],
               color=int(next(iter(state["previews"]))))
    answer = call("review_start", record=ok("record", table_id=four["table_id"]))
    assert answer["error"]["code"] == "review.not_offered"
    assert call("review_start", record=record, safety_seconds=0)["ok"] is False


def test_a_reviews_line_is_played_out_by_the_engine_from_a_step():
    record = _finished_match_record(2)
    match = filler.Match.from_record(record)
    game = match.games[1]
    started = ok("review_start", record=record, max_nodes=100)
    ok("review_stop", review_id=started["review_id"])
    step = started["steps"][2]  # before game 2's third move
    position = filler.Match.from_record({**record, "events": record["events"][:step]}).game
    line = [color for _, color in game.moves[2:6]]  # the game's own moves are a line the engine allows
    states = ok("review_line", record=record, events=step, line=line)["states"]
    assert len(states) == 4 and [s["state_id"] for s in states] == [-1, -2, -3, -4]
    for number, state in enumerate(states):
        position = position.play(line[number])
        assert state["cell_owners"] == "".join(position.owner_rows())
        assert state["move_number"] == len(position.moves) and state["turn"] == position.turn
        assert state["last_move"]["color"] == line[number] and state["last_move"]["cells"]
        assert len(state["score_history"]) == 3 + number + 1
    # a line past the end stops there; a color the position does not allow is refused
    last = started["steps"][-1]
    assert len(ok("review_line", record=record, events=last, line=[game.moves[-1][1], 0, 1])["states"]) == 1
    other = game.moves[1][1]  # the other player's color before move 3: not allowed
    refused = call("review_line", record=record, events=step, line=[other])
    assert refused["ok"] is False and refused["error"]["code"] == "review.line_bad"
    assert call("review_line", record=record, line=line)["ok"] is False
