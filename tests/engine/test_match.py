"""Matches (docs/rules.md sections 5 and 6): two games on one board, points, totals,
outcome kinds and rating scores, ready flow, resignations, time, records.

Games are played out by two fixed policies: ``greedy`` (the color that gains
the most value, lowest color on ties) and ``lazy`` (the one that gains the
least).  Both depend only on the position, which makes some outcomes certain
whatever the board: greedy against greedy in both games of a two-player match
is the same game twice with the players swapped (game 2 starts from the other
corner and the other player moves first), so the match is 1-1 on equal totals.
"""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import filler
from filler import Game, Match
from filler.errors import BadOption, BadRecord, FillerError, GameOver, IllegalMove, OutOfTurn
from filler.rating import match_rating_updates, DEFAULT


def greedy(game):
    return max(game.legal_colors(), key=lambda c: (game.preview_value(c), -c))


def lazy(game):
    return min(game.legal_colors(), key=lambda c: (game.preview_value(c), c))


def play_game(match, policies):
    """Play the current game to its end; ``policies[player]`` picks a color."""
    index = match.game_index
    while not match.over and match.game_index == index and match.turn is not None:
        match = match.play(policies[match.turn](match.game))
    return match


def ready_all(match):
    for seat in match.waiting_ready:
        match = match.ready(seat)
    return match


def play_match(match, *games):
    """``games[i]`` are the policies per player for game i."""
    for policies in games:
        if match.over:
            break
        match = ready_all(play_game(match, policies))
    return match


def assert_round_trip(match):
    record = json.loads(json.dumps(match.to_record()))
    again = Match.from_record(record)
    assert again == match
    assert again.outcome == match.outcome or (
        json.loads(json.dumps(again.outcome)) == json.loads(json.dumps(match.outcome)))
    assert again.game == match.game
    assert again.points == match.points and again.totals == match.totals
    assert again.waiting_ready == match.waiting_ready and again.turn == match.turn
    return again


G, L = greedy, lazy


# -- the two games -------------------------------------------------------------------


def test_public_names():
    assert filler.Match is Match
    m = Match.new("quick", seed=42)
    assert (m.game_index, m.turn, m.over, m.outcome, m.games) == (0, 0, False, None, ())
    assert m.points == {0: 0, 1: 0} and m.totals == {0: 0, 1: 0}
    assert m.game == Game.new("quick", seed=42)


def test_game_two_same_board_corners_swapped_other_player_first():
    m = play_game(Match.new("quick", seed=7), [G, L])
    first = m.game
    assert first.over and m.games == (first,) and m.game_index == 0
    assert m.between_games and m.turn is None and m.waiting_ready == (0, 1)
    m = m.ready(1)
    assert m.waiting_ready == (0,) and m.game is first
    m = m.ready(0)
    second = m.game
    assert m.game_index == 1 and m.waiting_ready == () and not second.over
    assert second.turn == 1 == m.turn  # the player who moved second in game 1
    assert second.start_cells(0) == first.start_cells(1)
    assert second.start_cells(1) == first.start_cells(0)
    fresh = Game.new("quick", seed=7)
    assert second.color_rows() == fresh.color_rows()  # the very same board
    assert second.cell_values() == fresh.cell_values()
    assert second.history == ()


def test_ready_flow_and_acting_between_games():
    m = Match.new("quick", seed=3)
    with pytest.raises(OutOfTurn, match="being played"):
        m.ready(0)
    m = play_game(m, [G, G])
    with pytest.raises(OutOfTurn, match="between games"):
        m.play(0)
    with pytest.raises(OutOfTurn, match="between games"):
        m.resign_game(0)
    with pytest.raises(OutOfTurn, match="between games"):
        m.flag(0)
    with pytest.raises(BadOption, match="not a player"):
        m.ready(2)
    m = m.ready(0)
    with pytest.raises(OutOfTurn, match="already ready"):
        m.ready(0)
    assert_round_trip(m)
    m = m.ready(1)
    assert m.game_index == 1 and not m.between_games


# -- two players: every outcome kind --------------------------------------------------


def test_two_nil_clear_win():
    m = play_match(Match.new("quick", seed=1), [G, L], [G, L])
    assert m.over and m.points == {0: 2, 1: 0}
    o = m.outcome
    assert (o["winner"], o["winners"], o["kind"]) == (0, [0], "clear")
    assert o["rated"] and o["rating_scores"] == {0: 1.0, 1: 0.0}
    assert o["pairs"] == [[0, 1, 1.0]] and o["ranking"] == [[0], [1]]
    assert o["points"] == m.points and o["totals"] == m.totals
    assert len(m.games) == 2 and m.game is m.games[1] and m.game_index == 1
    with pytest.raises(GameOver, match="match is over"):
        m.play(0)
    with pytest.raises(GameOver):
        m.ready(0)
    with pytest.raises(GameOver):
        m.resign_match(1)
    assert_round_trip(m)


def test_one_and_a_half_to_half():
    # game 2: both lazy: nobody captures, the stalemate ends it level
    m = play_match(Match.new("quick", seed=1), [G, G], [L, L])
    results = m.game_results
    assert results[1]["end_reason"] == "stalemate" and results[1]["points"] == {0: 0.5, 1: 0.5}
    winner = m.outcome["winner"]
    assert m.points == {winner: 1.5, 1 - winner: 0.5}
    assert m.outcome["kind"] == "clear"
    assert m.outcome["rating_scores"] == {winner: 1.0, 1 - winner: 0.0}
    assert_round_trip(m)


def test_one_all_decided_on_total_value():
    m = play_match(Match.new("quick", seed=1), [G, G], [L, G])
    assert m.points == {0: 1, 1: 1}
    totals = m.totals
    assert totals[0] != totals[1]
    winner = 0 if totals[0] > totals[1] else 1
    o = m.outcome
    assert (o["winner"], o["kind"]) == (winner, "cells")
    assert o["rating_scores"] == {winner: 0.6, 1 - winner: 0.4}
    assert o["pairs"] == [[0, 1, 0.6 if winner == 0 else 0.4]]
    # totals are the sum of both games' values
    assert totals == {s: sum(r["values"][s] for r in m.game_results) for s in (0, 1)}
    assert_round_trip(m)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_one_all_equal_totals_is_a_drawn_match(seed):
    m = play_match(Match.new("quick", seed=seed), [G, G], [G, G])
    assert m.points == {0: 1, 1: 1}
    assert m.totals[0] == m.totals[1]
    o = m.outcome
    assert (o["winner"], o["winners"], o["kind"]) == (None, [0, 1], "draw")
    assert o["rating_scores"] == {0: 0.5, 1: 0.5} and o["ranking"] == [[0, 1]]


def test_resign_game_credits_the_winner_and_the_next_game_is_played():
    m = Match.new("quick", seed=5)
    for _ in range(4):
        m = m.play(greedy(m.game))
    before = m.game
    in_play = before.value_in_play()
    own0 = before.score(0)
    assert 0 < own0 < in_play
    m = m.resign_game(0)  # any player may resign, not only the one to move
    assert m.game.over and m.game.end_reason == "resign" and m.game.winners == (1,)
    assert m.between_games and not m.over
    assert m.points == {0: 0, 1: 1}
    assert m.totals == {0: own0, 1: in_play - own0}
    assert m.game_results[0]["resigned_by"] == 0
    assert_round_trip(m)
    m = play_game(ready_all(m), [G, L])
    assert m.over and m.points[0] == 1 and m.points[1] == 1
    assert m.outcome["kind"] in ("cells", "draw")
    assert_round_trip(m)


def test_resign_match():
    m = ready_all(play_game(Match.new("quick", seed=5), [G, G]))
    m = m.play(greedy(m.game))
    m = m.resign_match(0)
    o = m.outcome
    assert m.over and (o["winner"], o["kind"]) == (1, "resign")
    assert o["rating_scores"] == {0: 0.0, 1: 1.0} and o["pairs"] == [[0, 1, 0.0]]
    assert m.turn is None and m.waiting_ready == ()
    assert len(m.games) == 1 and not m.game.over  # the unfinished game is not counted
    assert_round_trip(m)


def test_resign_match_between_games():
    m = play_game(Match.new("quick", seed=5), [G, L]).ready(0)
    m = m.resign_match(0)
    assert m.outcome["winner"] == 1 and m.outcome["kind"] == "resign"


def test_timeout_loses_the_match():
    m = Match.new("quick", seed=9).play(greedy(Game.new("quick", seed=9)))
    assert m.turn == 1
    with pytest.raises(OutOfTurn, match="only the clock of player 1"):
        m.flag(0)
    m = m.flag(1)
    o = m.outcome
    assert (o["winner"], o["kind"], o["rating_scores"]) == (0, "timeout", {0: 1.0, 1: 0.0})
    assert_round_trip(m)


def test_single_game_is_never_rated():
    m = play_game(Match.new("quick", seed=1, games=1), [G, L])
    o = m.outcome
    assert m.over and m.waiting_ready == () and len(m.games) == 1
    assert (o["winner"], o["kind"], o["rated"]) == (0, "clear", False)
    assert o["rating_scores"] == {} and o["pairs"] == []
    resigned = Match.new("quick", seed=1, games=1).resign_game(1)
    assert resigned.over and resigned.outcome["kind"] == "resign"
    assert resigned.outcome["winner"] == 0
    assert_round_trip(resigned)


def test_unrated_variant_match_is_not_rated():
    m = Match.new("vinco", seed=2).resign_match(1)
    assert m.outcome["rated"] is False and m.outcome["rating_scores"] == {}
    assert m.outcome["winner"] == 0


def test_practice_options_are_kept():
    m = Match.new("practice", seed=4, shape="hex", width=6, height=5, colors=4)
    assert (m.game.shape, m.game.width, m.game.height, m.game.colors) == ("hex", 6, 5, 4)
    m = play_match(m, [G, L], [G, L])
    second = m.games[1]
    assert (second.shape, second.width, second.colors) == ("hex", 6, 4)
    assert_round_trip(m)


# -- duos -------------------------------------------------------------------------------


def test_duos_game_two_swaps_team_corners():
    m = play_game(Match.new("duos", seed=1), [G] * 4)
    first = m.game
    m = ready_all(m)
    second = m.game
    # every seat moves one corner on: team A takes team B's corners
    for seat in range(4):
        assert second.start_cells(seat) == first.start_cells((seat + 1) % 4)
    assert second.turn == 1 and m.sides == 2


def test_duos_clear_and_pairs():
    m = play_match(Match.new("duos", seed=1), [G, L, G, L], [G, L, G, L])
    o = m.outcome
    assert m.points == {0: 2, 1: 0} and (o["winner"], o["kind"]) == (0, "clear")
    assert o["rating_scores"] == {0: 1.0, 1: 0.0}
    # every pair of opponents, partners never paired
    assert sorted(map(tuple, o["pairs"])) == [(0, 1, 1.0), (0, 3, 1.0), (1, 2, 0.0), (2, 3, 1.0)]
    new = match_rating_updates({seat: DEFAULT for seat in range(4)}, o["pairs"])
    assert new[0] == new[2] and new[1] == new[3] and new[0][0] > 1500 > new[1][0]
    assert_round_trip(m)


def test_duos_one_all_on_total_value():
    m = play_match(Match.new("duos", seed=1), [G] * 4, [L, G, L, G])
    assert m.points == {0: 1, 1: 1} and m.outcome["kind"] == "cells"
    winner = m.outcome["winner"]
    assert m.totals[winner] > m.totals[1 - winner]
    assert m.outcome["rating_scores"] == {winner: 0.6, 1 - winner: 0.4}


def test_duos_one_and_a_half_to_half():
    m = play_match(Match.new("duos", seed=1), [G] * 4, [L] * 4)
    assert sorted(m.points.values()) == [0.5, 1.5] and m.outcome["kind"] == "clear"


def test_duos_resign_game_by_one_partner_loses_it_for_the_team():
    m = Match.new("duos", seed=2)
    for _ in range(6):
        m = m.play(greedy(m.game))
    in_play = m.game.value_in_play()
    own_b = m.game.side_score(1)
    m = m.resign_game(3)
    assert m.points == {0: 1, 1: 0}
    assert m.totals == {0: in_play - own_b, 1: own_b}
    m = play_game(ready_all(m), [G] * 4)
    assert m.over and sum(m.points.values()) == 2
    assert_round_trip(m)


@pytest.mark.parametrize("action, kind", [("resign_match", "resign"), ("flag", "timeout")])
def test_duos_resign_match_and_timeout(action, kind):
    m = Match.new("duos", seed=2)
    for _ in range(2):
        m = m.play(greedy(m.game))
    assert m.turn == 2
    m = getattr(m, action)(2)
    o = m.outcome
    assert (o["winner"], o["kind"], o["rating_scores"]) == (1, kind, {0: 0.0, 1: 1.0})
    assert sorted(map(tuple, o["pairs"])) == [(0, 1, 0.0), (0, 3, 0.0), (1, 2, 1.0), (2, 3, 0.0)]


# -- four players -------------------------------------------------------------------------


def test_four_players_game_two_opposite_corners():
    m = ready_all(play_game(Match.new("four", seed=0), [G] * 4))
    first, second = m.games[0], m.game
    for seat in range(4):
        assert second.start_cells(seat) == first.start_cells((seat + 2) % 4)
    assert second.turn == 1


def test_four_players_clear():
    m = play_match(Match.new("four", seed=0), [G] * 4, [G, L, G, L])
    o = m.outcome
    assert m.points == {0: 2, 1: 0, 2: 0, 3: 0}
    assert (o["winner"], o["kind"]) == (0, "clear")
    assert o["ranking"][0] == [0] and len(o["pairs"]) == 6
    assert all(score == 1.0 for a, b, score in o["pairs"] if a == 0)
    # the others tie on points: totals rank them, worth 0.6 / 0.4
    second, third = o["ranking"][1][0], o["ranking"][2][0]
    pair = next(p for p in o["pairs"] if {p[0], p[1]} == {second, third})
    assert pair[2] == (0.6 if pair[0] == second else 0.4)
    assert o["rating_scores"][0] == 1.0
    assert_round_trip(m)


def test_four_players_level_on_points_decided_on_value():
    m = play_match(Match.new("four", seed=0), [G] * 4, [L, G, L, G])
    o = m.outcome
    top = sorted(m.points.values(), reverse=True)
    assert top[0] == top[1] and o["kind"] == "cells"
    winner = o["winner"]
    assert o["ranking"][0] == [winner]
    runner_up = o["ranking"][1][0]
    assert m.points[winner] == m.points[runner_up] and m.totals[winner] > m.totals[runner_up]


def test_four_players_full_tie_at_the_top_is_shared():
    m = play_match(Match.new("four", seed=1), [G, L, G, L], [L, G, L, G])
    o = m.outcome
    assert (o["winner"], o["winners"], o["kind"]) == (None, [0, 1], "draw")
    assert m.points[0] == m.points[1] and m.totals[0] == m.totals[1]
    assert [0, 1, 0.5] in o["pairs"]


def test_four_players_tied_game_winners_share_the_point():
    m = play_match(Match.new("four", seed=0), [G] * 4, [L] * 4)
    assert m.game_results[1]["points"] == {0: 0.25, 1: 0.25, 2: 0.25, 3: 0.25}
    assert sum(m.points.values()) == 2


def test_four_players_resigned_seat_plays_on_out_and_cannot_win_the_game():
    m = Match.new("four", seed=0)
    while m.game.score(0) < 60:
        m = m.play(greedy(m.game) if m.turn == 0 else lazy(m.game))
    m = m.resign_game(0)
    assert not m.game.over and m.game.out == {0} and m.turn == 1
    with pytest.raises(OutOfTurn, match="already out of this game"):
        m.resign_game(0)
    m = play_game(m, [L] * 4)
    # seat 0 still owns the most, but it resigned: an active seat wins the game
    assert max(range(4), key=m.games[0].score) == 0
    assert m.game_results[0]["points"][0] == 0
    assert sum(m.game_results[0]["points"].values()) == 1
    assert m.waiting_ready == (0, 1, 2, 3)  # back for game 2
    m = ready_all(m)
    assert m.game.out == frozenset()
    assert_round_trip(m)


@pytest.mark.parametrize("action, kind", [("flag", "timeout"), ("resign_match", "resign")])
def test_four_players_seat_out_of_the_match_is_ranked_last(action, kind):
    m = Match.new("four", seed=0)
    for _ in range(5):
        m = m.play(greedy(m.game))
    assert m.turn == 1
    m = getattr(m, action)(1)
    assert not m.over and m.out == {1} and m.turn == 2 and 1 in m.game.out
    with pytest.raises(OutOfTurn, match="already out of the match"):
        m.resign_match(1)
    m = play_game(m, [G] * 4)
    assert m.waiting_ready == (0, 2, 3)  # an out player has nothing to be ready for
    with pytest.raises(OutOfTurn, match="out of the match"):
        m.ready(1)
    m = ready_all(m)
    assert m.game.out == {1} and m.turn == 2  # still out; the turn skips it
    m = play_game(m, [G] * 4)
    o = m.outcome
    assert m.over and o["ranking"][-1] == [1] and o["kind"] in ("clear", "cells", "draw")
    assert all(score == (1.0 if b == 1 else 0.0) for a, b, score in o["pairs"] if 1 in (a, b))
    assert_round_trip(m)


def test_four_players_last_player_standing_wins():
    m = Match.new("four", seed=0).play(greedy(Game.new("four", seed=0)))
    m = m.resign_match(3).flag(1).resign_match(2)
    o = m.outcome
    assert m.over and (o["winner"], o["kind"]) == (0, "resign")
    assert o["ranking"] == [[0], [2], [1], [3]]  # who left later ranks higher
    assert o["rating_scores"][0] == 1.0 and o["rating_scores"][3] == 0.0
    assert_round_trip(m)


def test_four_players_leaving_between_games_starts_the_next_when_the_rest_are_ready():
    m = play_game(Match.new("four", seed=0), [G] * 4)
    m = m.ready(0).ready(1).ready(2)
    m = m.resign_match(3)
    assert m.game_index == 1 and not m.game.over and m.game.out == {3}


# -- with the clock, as the site uses them -------------------------------------------------


def test_match_with_clock_runs_out():
    from filler.clock import Clock

    variant = filler.VARIANTS["quick"]
    m = Match.new("quick", seed=1)
    clock = Clock.new(variant.seats, 10_000, 1_000).start(m.turn, 0)
    now = 0
    while m.turn is not None:  # game 1: every move takes 500 ms
        now += 500
        seat = m.turn
        assert clock.flagged(now) is None
        m = m.play(greedy(m.game))
        clock = clock.moved(seat, now, m.turn)
    assert m.between_games and not clock.running
    now += 60_000  # between games nothing runs
    moves_made = [sum(1 for seat, _ in m.game.moves if seat == s) for s in (0, 1)]
    # each move used 500 ms and earned a 1000 ms increment
    assert clock.remaining(now) == tuple(10_000 + 500 * n for n in moves_made)
    m = ready_all(m)
    clock = clock.start(m.turn, now)
    assert m.turn == 1
    now += 30_000  # player 1 thinks too long
    assert clock.flagged(now) == 1
    m = m.flag(clock.flagged(now))
    assert m.outcome["kind"] == "timeout" and m.outcome["winner"] == 0


# -- records ------------------------------------------------------------------------------


def test_record_shape():
    m = play_game(Match.new("quick", seed=11), [G, L]).ready(0)
    record = m.to_record()
    assert record["format"] == "filler-match" and record["version"] == 1
    assert (record["variant"], record["seed"], record["options"], record["games"]) == ("quick", 11, {}, 2)
    assert record["events"][-1] == ["ready", 0]
    assert all(event[0] == "move" for event in record["events"][:-1])
    assert_round_trip(m)


def test_custom_board_match_round_trip():
    m = Match.from_rows(["0121", "2102", "0212"], colors=3)
    assert m.game.owner_rows() == ["...1", "....", "0..."]
    m = play_match(m, [G, G], [G, G])
    assert m.over and m.games[1].start_cells(0) == m.games[0].start_cells(1)
    assert m.outcome["rated"] is False
    again = assert_round_trip(m)
    assert again.to_record()["board"]["rows"] == ["0121", "2102", "0212"]
    with pytest.raises(BadOption, match="set by the match"):
        Match.from_rows(["0121", "2102", "0212"], colors=3, first=1)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**20), st.sampled_from(["quick", "duos", "four"]),
       st.lists(st.integers(0, 99), min_size=1, max_size=80))
def test_any_sequence_of_actions_replays_exactly(seed, variant, choices):
    m = Match.new(variant, seed=seed)
    for choice in choices:
        if m.over:
            break
        if m.between_games:
            m = m.ready(m.waiting_ready[choice % len(m.waiting_ready)])
        elif choice < 2:
            seat = (choice + len(m.events)) % m.seats
            if seat not in m.game.out:
                m = m.resign_game(seat)
        elif choice == 2:
            m = m.flag(m.turn)
        elif choice == 3 and m.seats == 4:
            seat = len(m.events) % 4
            if seat not in m.out:
                m = m.resign_match(seat)
        else:
            legal = m.game.legal_colors()
            m = m.play(legal[choice % len(legal)])
    assert_round_trip(m)


@pytest.mark.parametrize(
    "record, message",
    [
        ([], "not a match record"),
        ({"format": "filler-game", "version": 1}, "not a match record"),
        ({"format": "filler-match", "version": 99}, "version 99"),
        ({"format": "filler-match", "version": 1, "variant": "quick"}, "lacks"),
        ({"format": "filler-match", "version": 1, "variant": "chess", "seed": 1,
          "options": {}, "games": 2, "events": []}, "unknown variant"),
        ({"format": "filler-match", "version": 1, "variant": "quick", "seed": 1,
          "options": {}, "games": 3, "events": []}, "1 or 2 games"),
        ({"format": "filler-match", "version": 1, "variant": "quick", "seed": 1,
          "options": [], "games": 2, "events": []}, "options"),
        ({"format": "filler-match", "version": 1, "variant": "quick", "seed": 1,
          "options": {}, "games": 2, "events": "moves"}, "events"),
        ({"format": "filler-match", "version": 1, "variant": "quick", "seed": 1,
          "options": {}, "games": 2, "events": [["castle", 0]]}, "event 0"),
        ({"format": "filler-match", "version": 1, "variant": "quick", "seed": 1,
          "options": {}, "games": 2, "events": [["move", 1, 2]]}, "player 0 is to move"),
        ({"format": "filler-match", "version": 1, "variant": "quick", "seed": 1,
          "options": {}, "games": 2, "events": [["move", 0, 99]]}, "event 0"),
        ({"format": "filler-match", "version": 1, "variant": "quick", "seed": 1,
          "options": {}, "games": 2, "events": [["ready", 0]]}, "being played"),
        ({"format": "filler-match", "version": 1, "variant": "quick", "seed": 1,
          "options": {}, "games": 2, "events": [["flag"]]}, "event 0"),
        ({"format": "filler-match", "version": 1, "variant": "custom", "seed": None,
          "options": {}, "games": 2, "events": [], "board": "0121"}, "board"),
    ],
)
def test_corrupt_or_foreign_records(record, message):
    with pytest.raises(BadRecord, match=message):
        Match.from_record(record)


def test_bad_input():
    with pytest.raises(BadOption, match="1 or 2 games"):
        Match.new("quick", games=3)
    with pytest.raises(filler.UnknownVariant):
        Match.new("chess")
    with pytest.raises(BadOption):
        Match.new("quick", colors=5)
    m = Match.new("quick", seed=1)
    with pytest.raises(IllegalMove):
        m.play(m.game.current_color(0))
    with pytest.raises(BadOption, match="not a player"):
        m.resign_game(5)
    with pytest.raises(BadOption, match="not a player"):
        m.flag(True)
    with pytest.raises(TypeError):
        Match()
    with pytest.raises(AttributeError, match="immutable"):
        m.game = None
    for error in (OutOfTurn, GameOver, BadRecord):
        assert issubclass(error, FillerError)
