"""One test per rule of docs/rules.md (sections 1-4), on small text boards.

Board rows are listed top row first; seat 0 starts bottom-left, seat 1
top-right (two seats); four seats: bottom-left, top-left, top-right,
bottom-right.  Cell id = row * width + col.
"""

import pytest

import filler
from filler import Game, IllegalMove
from filler.topology import Geometry


# -- 1. Board ------------------------------------------------------------------------

def test_square_cells_have_four_neighbours_and_ids_count_rows_from_the_top():
    geometry = Geometry("square", 4, 3)
    assert geometry.neighbours[5] == (1, 4, 6, 9)       # (row 1, col 1)
    assert geometry.neighbours[0] == (1, 4)             # top-left corner
    assert geometry.neighbours[11] == (7, 10)           # bottom-right corner


def test_hex_is_odd_r_with_six_neighbours():
    geometry = Geometry("hex", 4, 4)
    # odd row 1, col 1: (c±1, r), (c, r±1), (c+1, r±1)
    assert geometry.neighbours[5] == (1, 2, 4, 6, 9, 10)
    # even row 2, col 1: (c±1, r), (c-1, r±1), (c, r±1)
    assert geometry.neighbours[9] == (4, 5, 8, 10, 12, 13)


def test_diamond_uses_the_square_neighbours():
    assert Geometry("diamond", 5, 4).neighbours == Geometry("square", 5, 4).neighbours


HEX_ROWS = ["012", "100", "021"]


def test_hex_flood_follows_the_diagonal_neighbours():
    hexagons = Game.from_rows(HEX_ROWS, colors=3, shape="hex")
    # (1,0) is an odd-row cell: it touches (0,1), so the chain goes on there,
    # and (0,0) is then sealed off from seat 1.
    assert hexagons.preview_parts(1) == {0: {"flood": [1, 3], "enclosure": [0]}}
    for shape in ("square", "diamond"):
        assert Game.from_rows(HEX_ROWS, colors=3, shape=shape).preview_parts(1) == \
            {0: {"flood": [3], "enclosure": []}}


def test_obstacles_belong_to_nobody_and_cut_the_board():
    # Obstacles split the board: at the start each free part borders one seat
    # only, so it is that seat's at once and the board is full.
    g = Game.from_rows(["1#03", "0#12"], colors=4)
    assert g.owner_rows() == ["0#11", "0#11"]
    assert g.cell_values() == [1, 0, 1, 1, 1, 0, 1, 1]
    assert g.obstacles() == [1, 5]
    assert (g.score(0), g.score(1)) == (2, 4)
    assert g.over and g.end_reason == "filled" and g.winners == (1,)


def test_a_wall_cuts_the_adjacency_between_two_cells():
    rows = ["2103", "0110"]
    assert Game.from_rows(rows, colors=4).preview(1) == {0: [0, 1, 5, 6]}
    walled = Game.from_rows(rows, colors=4, walls=[(5, 6)])
    assert walled.preview_parts(1) == {0: {"flood": [1, 5], "enclosure": [0]}}
    assert walled.walls() == [(5, 6)]
    assert walled.neighbours(5) == (1, 4)


def test_valuable_cells_count_their_value():
    g = Game.from_rows(["0123", "2301", "0123"], colors=4, values={1: 3, 9: 2})
    assert g.cell_values() == [1, 3, 1, 1, 1, 1, 1, 1, 1, 2, 1, 1]
    assert g.score(0) == 1
    after = g.play(1)                  # seat 0 takes cell 9 (value 2)
    assert after.owned_cells(0) == [8, 9]
    assert after.score(0) == 3
    assert after.value_in_play() == 15


PAINT_ROWS = ["0123", "1*20", "0120"]


def test_paint_fits_every_color_and_the_flood_goes_on_from_it():
    g = Game.from_rows(PAINT_ROWS, colors=4)
    assert g.paint() == [5]
    assert g.color_rows() == ["0123", "1*20", "0120"]
    assert g.preview_parts(1) == {0: {"flood": [1, 4, 5, 9], "enclosure": [0]}}
    after = g.play(1)
    assert after.color_rows() == ["1123", "1120", "1120"]


def test_paint_is_taken_by_a_flood_of_any_color():
    g = Game.from_rows(["0213", "2*20", "0220"], colors=4)
    assert 5 in g.preview(2)[0]


# -- 2. Seats, territory, turn ------------------------------------------------------

def test_a_seat_starts_with_its_corner_and_the_same_color_connected_to_it():
    g = Game.from_rows(["1201", "0211", "0020"], colors=3)
    assert g.owner_rows() == ["...1", "0.11", "00.."]
    assert g.start_cells(0) == [8] and g.start_cells(1) == [3]
    assert (g.current_color(0), g.current_color(1)) == (0, 1)
    assert g.turn == 0


def test_turns_alternate_and_first_picks_who_starts():
    g = Game.from_rows(["0123", "2301", "0123"], colors=4)
    assert g.turn == 0
    assert g.play(1).turn == 1
    assert Game.from_rows(["0123", "2301", "0123"], colors=4, first=1).turn == 1


def test_corner_shift_swaps_the_start_corners():
    g = Game.from_rows(["0123", "2301", "0123"], colors=4, corner_shift=1)
    assert g.start_cells(0) == [3] and g.start_cells(1) == [8]
    assert g.owner_rows() == ["...0", "....", "1..."]


FOUR_ROWS = ["14032", "0#4#3", "32443", "04213"]


def test_four_seats_sit_in_the_corners_clockwise_from_bottom_left():
    g = Game.from_rows(FOUR_ROWS, colors=5, seats=4)
    assert [g.start_cells(s) for s in range(4)] == [[15], [0], [4], [19]]
    assert g.sides == 4 and [g.side_of(s) for s in range(4)] == [0, 1, 2, 3]
    seats = []
    for _ in range(5):
        seats.append(g.turn)
        g = g.play(g.legal_colors()[0])
    assert seats == [0, 1, 2, 3, 0]


def test_duos_are_two_sides_of_partners_in_opposite_corners():
    g = Game.from_rows(FOUR_ROWS, colors=5, seats=4, teams=True)
    assert g.sides == 2
    assert [g.side_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert g.side_seats(0) == (0, 2)


# -- 3. A move --------------------------------------------------------------------------

def test_own_and_opponent_colors_are_forbidden_with_the_seat_that_holds_them():
    g = Game.from_rows(["0123", "2301", "0123"], colors=4)
    assert g.legal_colors() == [1, 2]
    assert g.forbidden() == {0: 0, 3: 1}
    with pytest.raises(IllegalMove, match="your own current color"):
        g.play(0)
    with pytest.raises(IllegalMove, match="opponent seat 1"):
        g.play(3)


DUO_ROWS = ["1#032", "0#40#", "244##", "04223"]


def test_duos_allow_the_partners_color_and_never_take_the_partners_cells():
    g = Game.from_rows(DUO_ROWS, colors=5, seats=4, teams=True)
    assert [g.current_color(s) for s in range(4)] == [0, 1, 2, 3]
    assert g.forbidden() == {0: 0, 1: 1, 3: 3}
    assert g.legal_colors() == [2, 4]
    after = g.play(2)                  # seat 2's color: cells 10 and 17 join
    assert after.owned_cells(0) == [10, 15]
    assert after.owned_cells(2) == [4]


def test_a_move_that_captures_nothing_is_legal_and_only_changes_the_color():
    g = Game.from_rows(["2013", "1320", "0312"], colors=4)
    assert g.legal_colors() == [1, 2]
    assert g.preview(2) == {0: []}
    after = g.play(2)
    assert after.owner_rows() == g.owner_rows()
    assert after.current_color(0) == 2
    assert after.color_rows()[2][0] == "2"
    assert after.turn == 1 and after.moves == ((0, 2),)


ENCLOSE_ROWS = ["2113", "3102", "0120"]


def test_the_flood_follows_the_chain_and_only_takes_the_chosen_color():
    g = Game.from_rows(ENCLOSE_ROWS, colors=4)
    parts = g.preview_parts(1)
    assert parts[0]["flood"] == [1, 2, 5, 9]      # 9, 5, 1, 2 along the chain of 1s
    after = g.play(1)
    assert after.owned_cells(1) == [3]            # the opponent's cell never changes hands
    assert after.color_rows() == ["1113", "1102", "1120"]


def test_a_region_that_borders_only_the_mover_is_enclosed_at_once():
    g = Game.from_rows(ENCLOSE_ROWS, colors=4)
    assert g.preview_parts(1) == {0: {"flood": [1, 2, 5, 9], "enclosure": [0, 4]}}
    assert g.preview(1) == {0: [0, 1, 2, 4, 5, 9]}
    after = g.play(1)
    assert after.owner_rows() == ["0001", "00..", "00.."]
    assert after.score(0) == 7


def test_in_duos_an_enclosure_goes_to_the_mover_when_it_borders_it():
    g = Game.from_rows(DUO_ROWS, colors=5, seats=4, teams=True)
    assert g.preview_parts(4) == {0: {"flood": [7, 11, 12, 16], "enclosure": [2, 3, 8]}}
    after = g.play(4)
    assert after.owner_rows() == ["1#002", ".#00#", ".00##", "00..3"]
    assert after.owned_cells(2) == [4]


def test_in_duos_a_region_only_the_partner_borders_goes_to_the_partner():
    rows = ["1#032", "0##0#", "244##", "04223"]
    g = Game.from_rows(rows, colors=5, seats=4, teams=True)
    assert g.owner_rows() == ["1#222", ".##2#", "...##", "0...3"]


def test_in_duos_a_region_both_partners_border_goes_to_the_first_of_them_to_move():
    rows = ["1#342", "#3434", "34343", "4343#", "034#3"]
    g = Game.from_rows(rows, colors=5, seats=4, teams=True)
    assert g.owner_rows() == ["1#002", "#0000", "00000", "0000#", "000#3"]
    assert g.over and g.end_reason == "filled" and g.winners == (0, 2)
    g2 = Game.from_rows(rows, colors=5, seats=4, teams=True, first=2)
    assert g2.owner_rows() == ["1#222", "#2222", "22222", "2222#", "022#3"]


def test_a_region_that_borders_no_side_is_dead():
    # (0,0) is walled in by obstacles: nobody can ever reach it.
    g = Game.from_rows(["2#013", "#3101", "01120"], colors=4)
    assert g.owner_rows() == ["x#..1", "#....", "0...."]
    assert g.dead_cells() == [0]
    assert (g.dead_value(), g.free_value(), g.value_in_play()) == (1, 10, 12)


def test_the_preview_is_exactly_what_the_move_takes():
    g = Game.new("classic", seed=3)
    for _ in range(12):
        for color in g.legal_colors():
            before = set(g.owned_cells(g.turn))
            after = g.play(color)
            gained = sorted(set(after.owned_cells(g.turn)) - before)
            assert g.preview(color) == {g.turn: gained}
        g = g.play(g.legal_colors()[-1])


# -- 4. End of a game -------------------------------------------------------------------

def test_own_best_and_the_value_needed_to_win():
    g = Game.from_rows(ENCLOSE_ROWS, colors=4)
    assert (g.score(0), g.best(0), g.score(1), g.best(1)) == (1, 11, 1, 11)
    assert (g.side_score(0), g.side_best(1)) == (1, 11)
    assert g.value_in_play() == 12
    assert g.needed_to_win() == 7


def test_the_game_ends_when_the_leader_passes_the_equator():
    g = Game.from_rows(ENCLOSE_ROWS, colors=4)
    assert not g.over and g.winners == ()
    after = g.play(1)                  # 7 > 1 + 4 free cells: decided
    assert after.over and after.end_reason == "equator"
    assert after.winners == (0,) and not after.draw
    assert after.legal_colors() == []
    with pytest.raises(filler.GameOver):
        after.play(2)


def test_the_game_ends_when_no_free_cell_borders_any_side():
    g = Game.from_rows(["0112223"], colors=4)
    g = g.play(1)                       # 3 vs 1 with 3 free: not decided
    assert not g.over
    g = g.play(2)                       # seat 1 takes the rest
    assert g.over and g.end_reason == "filled"
    assert (g.score(0), g.score(1), g.winners) == (3, 4, (1,))


def test_a_tie_at_the_top_is_a_draw():
    g = Game.from_rows(["0112"], colors=3)
    g = g.play(1)
    assert g.owner_rows() == ["0001"]
    assert g.over and g.winners == (0,)
    g = Game.from_rows(["0213"], colors=4)
    g = g.play(2)
    assert not g.over
    g = g.play(1)
    assert g.owner_rows() == ["0011"]
    assert g.over and g.end_reason == "filled"
    assert g.winners == (0, 1) and g.draw


def test_the_crown_ends_the_game_for_the_side_that_takes_it():
    g = Game.from_rows(["021111113"], colors=4, crown=1)
    assert g.crown == 1
    after = g.play(2)
    assert after.over and after.end_reason == "crown" and after.winners == (0,)
    # the opponent taking it wins even when behind on cells
    g = Game.from_rows(["02111113"], colors=4, crown=6, first=1)
    after = g.play(1)
    assert after.over and after.end_reason == "crown" and after.winners == (1,)


def test_eight_moves_without_a_capture_end_a_two_player_game_as_it_stands():
    g = Game.from_rows(["0331"], colors=4)
    for number, color in enumerate([2, 0, 1, 2, 0, 1, 2, 0], start=1):
        assert not g.over
        g = g.play(color)
    assert number == 8
    assert g.over and g.end_reason == "stalemate" and g.winners == (0, 1)
    assert g.owner_rows() == ["0..1"]


def test_a_capture_restarts_the_stalemate_count():
    g = Game.from_rows(["02222231"], colors=5)
    for color in [4, 0, 1, 4, 0, 1, 4]:  # seven moves without a capture
        g = g.play(color)
    g = g.play(3)                        # seat 1 takes cell 6
    assert g.owner_rows() == ["0.....11"]
    for color in [0, 4, 1, 0, 3, 1, 0]:  # seven more: still going
        g = g.play(color)
    assert not g.over
    g = g.play(4)
    assert g.over and g.end_reason == "stalemate" and g.winners == (1,)


def test_four_players_end_when_the_leader_is_beyond_every_other_best():
    # Seat 0 owns 6; seat 1 can still reach 3 free cells, seat 2 only 2, seat 3
    # none: 6 > best of every other side although 6 = 1 + all 5 free cells.
    decided = Game.from_rows(["1333#42", "000004#", "0#####3"], colors=5, seats=4)
    assert [decided.side_score(s) for s in range(4)] == [6, 1, 1, 1]
    assert [decided.side_best(s) for s in range(4)] == [11, 4, 3, 1]
    assert decided.needed_to_win() == 5
    assert decided.over and decided.end_reason == "equator" and decided.winners == (0,)
    # one more free cell joins the two regions: seat 1 could now reach 7
    open_game = Game.from_rows(["1333342", "000004#", "0#####3"], colors=5, seats=4)
    assert [open_game.side_best(s) for s in range(4)] == [12, 7, 7, 1]
    assert not open_game.over


# -- seats that are out ---------------------------------------------------------------

def test_in_four_players_a_resigned_seat_is_out_skipped_and_its_cells_stay():
    g = Game.from_rows(FOUR_ROWS, colors=5, seats=4)
    g = g.play(g.legal_colors()[0])      # seat 0 moves
    assert g.turn == 1
    out = g.resign(1)
    assert out.out == frozenset({1}) and not out.over
    assert out.turn == 2
    assert out.owned_cells(1) == g.owned_cells(1)
    assert out.history[-1] == ("resign", 1)
    seats = []
    for _ in range(4):
        seats.append(out.turn)
        out = out.play(out.legal_colors()[0])
        if out.over:
            break
    assert 1 not in seats


def test_the_cells_of_a_seat_that_is_out_count_as_walls_for_enclosure():
    g = Game.from_rows(["13432", "#####", "03433"], colors=5, seats=4)
    assert g.owner_rows() == ["1...2", "#####", "0..33"]
    out = g.remove_seat(1)               # the top row now borders seat 2 only
    assert out.owner_rows() == ["12222", "#####", "0..33"]
    assert out.history[-1] == ("out", 1) and out.turn == 0
    assert out.remove_seat(2).remove_seat(3).winners == (0,)


def test_two_sides_resign_ends_the_game_for_the_other_side():
    g = Game.from_rows(["0123", "2301", "0123"], colors=4)
    after = g.resign(0)
    assert after.over and after.end_reason == "resign" and after.winners == (1,)
    duo = Game.from_rows(FOUR_ROWS, colors=5, seats=4, teams=True).resign(3)
    assert duo.over and duo.winners == (0, 2)


def test_play_never_changes_the_game_it_is_called_on():
    g = Game.new("quick", seed=7)
    rows, owners = g.color_rows(), g.owner_rows()
    g.play(g.legal_colors()[0])
    assert (g.color_rows(), g.owner_rows(), g.moves) == (rows, owners, ())


def test_a_seat_that_is_out_never_wins_the_game():
    """Four players: the seat that resigned the game loses it, even when it owns
    more than anyone when the game ends (found by the match tests)."""
    game = Game.new("four", seed=3)
    for _ in range(12):
        game = game.play(game.legal_colors()[0])
    assert game.turn == 0 and game.score(0) == max(game.score(s) for s in range(4))
    game = game.resign(0)
    while not game.over:
        game = game.play(game.legal_colors()[0])
    assert game.score(0) >= max(game.score(s) for s in (1, 2, 3))
    assert 0 not in game.winners
    assert game.winners == tuple(s for s in (1, 2, 3)
                                 if game.score(s) == max(game.score(t) for t in (1, 2, 3)))
