"""A game review: the master's analysis of every move of a finished (or stopped) game.

``review(game_or_record)`` is a generator: it yields one result per ply as it goes
(so a page shows the first moves while the rest is computed)::

    >>> import filler
    >>> game = filler.Game.new("quick", seed=2)
    >>> for color in (game.legal_colors()[0], None):
    ...     game = game.play(color if color is not None else game.legal_colors()[-1])
    >>> results = list(review(game, max_nodes=300))
    >>> [r["ply"] for r in results], results[0]["seat"], results[0]["mark"] in MARKS
    ([0, 1], 0, True)

Each position's analysis is bounded by nodes (``review_nodes``: what a mid-range
phone searches in about 0.4 s), so the same game gets the same review on every
device and every run. Time is only a safety stop (``SAFETY_SECONDS`` a position): a
result whose analysis it stopped says so (``shortened``), and so does the summary.

A result::

    {"ply": 0, "seat": 0, "side": 0,          # who moved
     "played": 3, "best": 5,                  # colors (best: the master's move,
                                              # or the played one if worth as much)
     "value_played": -12, "value_best": 4,    # for the mover's side (see below)
     "exact": False,                          # both values proven by the solver
     "line": [5, 2, ...],                     # the master's line from ``best``
     "loss": 16,                              # what the played color cost, in cells
     "mark": "mistake",                       # see MARKS
     "value_after": -12,                      # the position after the move, mover's view
     "margin": -12,                           # its expected final margin (no WIN)
     "proven": False,                         # value_after's result (win, draw or
                                              # loss) is proven: the game's end, the
                                              # solver's, or a forced end the search
                                              # found (``master.Analysis.proven``)
     "shortened": False}                      # the safety time stopped an analysis
                                              # of this ply before its node budget

Values are the master's (``filler.ai.master``): ``WIN + margin`` for a proven win,
``margin`` for a draw, ``-WIN + margin`` for a proven loss, below ``WIN`` in size
the evaluation (the margin expected at the end of the game, ``master.expected_margin``). The
value of the best move is the analysis of the position before the move; the
value of the played move is the analysis of the position after it (negated when
the other side moves next), or the final result when the move ended the game. So
every position is analysed once, and each ply costs one analysis: the next ply's
best value is this ply's played value seen from the other side. When the best
move was played, both values are the analysis before the move.

Marks (``mark``), by ``loss``, the cells of final margin the played move gave
away (``margin(value_best) - margin(value_played)``):

- ``"best"``: the master's move, or one it values as high;
- ``"only"``: the only legal color (nothing to choose);
- ``"good"``: loses less than ``INACCURACY`` (2) cells;
- ``"inaccuracy"``: from 2 up to ``MISTAKE`` (5) cells;
- ``"mistake"``: from 5 up to ``BLUNDER`` (10) cells;
- ``"blunder"``: 10 cells or more, or a move that makes the result worse (a win
  thrown into a draw or loss, a draw into a loss), both results proven: a search's
  result that no proof backs is only its expected margin, and the move that the
  solver's first proof follows is judged by its cells like any other.

Two sides only (two players, or two teams in duos); four players on their own
are not reviewed (``ValueError``), as the master's analysis is two-sided.
``summary(results)`` is the short summary per side: counts of each mark, the
biggest swing, the ply where the game was decided (by proofs only), and how many
plies the safety time shortened.
"""

from __future__ import annotations

from .levels import analyse_position
from .search import WIN

VERSION = 5
"""The review's version: a stored review of an older version says so on the page.
2: a played move worth as much as the master's is ``best``, with its own line.
3: every position's search ends an even number of moves into the game, so that
consecutive values agree (before, two searches one move apart that ended at depths
of the same parity differed by some 5 cells on quick and 11 on classic).
4: each position's analysis is bounded by nodes (``review_nodes``), not by 0.4 s: the
same game gets the same marks on every device and run (``shortened`` if the safety
time stopped one); "decided" comes from proofs only (``proven``).
5: the master's evaluation estimates the margin at the equator end
(``master.expected_margin``), the scale of the ends its searches reach and of the
solver's proofs, so that the chart does not jump where they begin; a move changes the
result (a blunder whatever its cells) only where both results are proven."""

INACCURACY, MISTAKE, BLUNDER = 2, 5, 10
REVIEW_NODES = {"small": 16_000, "classic": 12_000, "large": 10_000}
"""Each position's node budget, by board size (up to 100 cells, up to 15x15, larger):
what a mid-range phone searches in about 0.4 s. Chosen from the nodes per second of
CPU time of the review's own analyses inside Pyodide (``bench/review_pyodide.py``,
docs/master.md): on this machine's server core about 85 000 on quick, 65 000 on
classic, 60 000 on hexagons and 53 000 on the big board (medians over a game's
positions), and a mid-range phone's core taken as half as fast (single-core scores
of phones such as a Galaxy A5x or Pixel "a" are about half of a server or desktop
core's): 0.4 s there is 0.2 s here."""
SAFETY_SECONDS = 5.0
"""The time a position's analysis may take at most (the safety stop): some 12 times
what its budget takes on a mid-range phone, so it stops only a far slower device, or
a page frozen in the background; a result it stopped says ``shortened``."""
MARKS = ("best", "only", "good", "inaccuracy", "mistake", "blunder")


def margin(value: int) -> int:
    """The final margin a master value stands for (the ``WIN`` offset taken off)."""
    if value >= WIN // 2:
        return value - WIN
    if value <= -WIN // 2:
        return value + WIN
    return value


def result_class(value: int) -> int:
    """1 a proven (or evaluated) win, -1 a loss, 0 a draw or open."""
    if value >= WIN // 2:
        return 1
    if value <= -WIN // 2:
        return -1
    return 0


def final_value(game, side: int) -> int:
    """The master-scale value of a finished game for ``side``."""
    mine = game.side_score(side)
    theirs = max(game.side_score(s) for s in range(game.sides) if s != side)
    winners = {game.side_of(s) for s in game.winners}
    if side in winners:
        return (WIN if len(winners) == 1 else 0) + mine - theirs
    return -WIN + mine - theirs


def mark_of(played, best, value_played, value_best, choices, proven=True) -> tuple[str, int]:
    """(mark, loss in cells) of a move; see the module text. ``proven``: both
    values' results are proven."""
    if choices == 1:
        return "only", 0
    if played == best or value_played >= value_best:
        return "best", 0
    loss = max(0, margin(value_best) - margin(value_played))
    if loss >= BLUNDER or (proven and result_class(value_played) < result_class(value_best)):
        return "blunder", loss
    if loss >= MISTAKE:
        return "mistake", loss
    if loss >= INACCURACY:
        return "inaccuracy", loss
    return "good", loss


def reviewed_game(game_or_record, game_index=None):
    """(the game to review, its index in its match): from a ``filler.Game``, a
    ``filler.Match``, or their records (a match's ``game_index``: default its last
    game with a move). ``ValueError`` for four players on their own."""
    from ..match import Match
    from ..rules import Game
    source = game_or_record
    if isinstance(source, dict):
        source = (Match if source.get("format") == "filler-match" else Game).from_record(source)
    if isinstance(source, Match):
        games = list(source.games) + ([] if source.game in source.games else [source.game])
        if game_index is None:
            played = [i for i, g in enumerate(games) if g.moves]
            game_index = played[-1] if played else 0
        if isinstance(game_index, bool) or not isinstance(game_index, int) \
                or not 0 <= game_index < len(games):
            raise ValueError(f"the match has no game {game_index!r}")
        source = games[game_index]
    elif not isinstance(source, Game):
        raise TypeError("review takes a Game, a Match or one of their records")
    else:
        game_index = 0
    if source.sides != 2 or (source.seats == 4 and not source.teams):
        raise ValueError("the review is offered for games of two sides (players or teams)")
    return source, game_index


def positions(game):
    """The positions before each move of ``game`` with the move played there: a list
    of (game, color), up to the end or a resignation."""
    from ..rules import Game
    record = game.to_record()
    record["events"] = []
    del record["result"]
    position = Game.from_record(record)
    out = []
    for event in game.history:
        if event[0] != "move" or position.over:
            break
        out.append((position, event[2]))
        position = position.play(event[2])
    return out


def review_nodes(game) -> int:
    """The node budget of each position's analysis in a review of ``game`` (see
    ``REVIEW_NODES``)."""
    cells = game.width * game.height
    return REVIEW_NODES["small" if cells <= 100 else "classic" if cells <= 15 * 15 else "large"]


def review(game_or_record, *, max_nodes: int | None = None,
           safety_seconds: float | None = SAFETY_SECONDS, game_index=None, clock=None):
    """Yield one result per ply (see the module text). Each position's analysis
    (``analyse_position``) searches ``max_nodes`` (default ``review_nodes``), unless
    ``safety_seconds`` (on ``clock``) run out first (None: no safety stop)."""
    game = reviewed_game(game_or_record, game_index)[0]
    moves = positions(game)
    if max_nodes is None:
        max_nodes = review_nodes(game)
    seconds = 1e9 if safety_seconds is None else safety_seconds

    def analysis(game, ply):
        # every search's leaves lie an even number of moves into the game: consecutive
        # values agree (see ``master.Search.deepen``)
        return analyse_position(game, seconds, max_nodes=max_nodes, clock=clock,
                                parity=ply % 2)

    before = analysis(moves[0][0], 0) if moves else None
    for ply, (game, played) in enumerate(moves):
        seat = game.turn
        side = game.side_of(seat)
        child = game.play(played)
        after = None
        if child.over:
            value_after, exact_after, proven = final_value(child, side), True, True
        else:
            after = analysis(child, ply + 1)
            same = child.side_of(child.turn) == side
            value_after = after.value if same else -after.value
            exact_after = after.exact
            proven = after.proven
        if played == before.color:
            value_played, exact_played, proven_played = before.value, before.exact, before.proven
        else:
            value_played, exact_played, proven_played = value_after, exact_after, proven
        choices = len(game.legal_colors())
        mark, loss = mark_of(played, before.color, value_played, before.value, choices,
                             proven=before.proven and proven_played)
        best, line = before.color, list(before.line or [before.color])
        if mark == "best" and played != best:
            # as good as the master's move: that is the one named, its line from it
            best, line = played, [played] + (list(after.line or [after.color]) if after else [])
        yield {"ply": ply, "seat": seat, "side": side, "played": played,
               "best": best, "value_played": value_played,
               "value_best": before.value, "exact": bool(before.exact and exact_played),
               "line": line, "loss": loss, "mark": mark,
               "value_after": value_after, "margin": margin(value_after), "proven": proven,
               "shortened": bool(before.shortened or (after is not None and after.shortened))}
        before = after


def summary(results, sides: int = 2) -> dict:
    """Per side: counts of each mark and the biggest swing (ply and loss); the ply
    whose move decided the game (after it, the result from that side's view was a
    proven loss to the end, every one proven: ``decided``/``lost_by``, None if never);
    ``shortened``: how many plies the safety time shortened."""
    per_side = []
    for side in range(sides):
        own = [r for r in results if r["side"] == side]
        counts = {mark: sum(1 for r in own if r["mark"] == mark) for mark in MARKS}
        worst = max(own, key=lambda r: r["loss"], default=None)
        swing = None if worst is None or worst["loss"] == 0 else {
            "ply": worst["ply"], "loss": worst["loss"]}
        per_side.append({"side": side, "counts": counts, "swing": swing})
    decided = lost_by = None
    # the proven result class after each move, from side 0's view (0: not proven)
    after = [(r["ply"], result_class(r["value_after"]) * (1 if r["side"] == 0 else -1)
              if r["proven"] else 0) for r in results]
    for index, (ply, cls) in enumerate(after):
        if cls != 0 and all(c == cls for _, c in after[index:]):
            decided, lost_by = ply, (1 if cls > 0 else 0)
            break
    return {"sides": per_side, "decided": decided, "lost_by": lost_by,
            "shortened": sum(1 for r in results if r["shortened"])}
