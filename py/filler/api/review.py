"""The master's review of a finished game (``filler.ai.review``), a few plies per
request so that the worker answers other requests in between: ``review_start``,
``review_next``, ``review_stop``, ``review_version``, ``review_line``, the positions
of the master's line from a reviewed ply, and ``review_puzzle``, a costly move of the
game made a puzzle (``filler.puzzles.own_puzzle``)."""

from __future__ import annotations

import itertools

import filler
from filler import puzzles

from .records import _replayed_table
from .snapshots import _gained, _side_scores, state_of
from .tables import ApiError, _param


_reviews: dict[int, dict] = {}   # review_id -> {"results": generator, "done": [...], "game"}
_reviewed: dict[int, object] = {}  # the last finished review's id -> its game (review_puzzle)
_review_ids = itertools.count(1)
REVIEW_STEP_MAX = 8
"""At most this many plies per ``review_next`` (each one analysis of its node budget)."""


def _method_review_start(params: dict) -> dict:
    """``{record, seats?, game_index?, max_nodes?, safety_seconds?}`` -> ``{review_id,
    game_index, plies, steps, version}``: a review of one game of a saved match
    (``filler.ai.review``: each position's analysis searches ``max_nodes``, by default
    the review's own budget, unless ``safety_seconds`` run out first), computed by
    ``review_next``. Only one review runs: starting
    one stops the one before. ``steps[k]``: the record's event index of ply k's move
    (``open_record`` with ``events: steps[k]`` shows the position before it)."""
    table = _replayed_table({**params, "clock": None, "paused": True})
    seconds = params.get("safety_seconds", filler.ai.review_module.SAFETY_SECONDS)
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not 0 < seconds <= 60:
        raise ApiError("BadRequest", "safety_seconds is a number of seconds above 0, at most 60.")
    max_nodes = _param(params, "max_nodes", int, None)
    if max_nodes is not None and max_nodes < 1:
        raise ApiError("BadRequest", "max_nodes is a positive number.")
    try:
        game, index = filler.ai.review_module.reviewed_game(table.match, _param(params, "game_index", int, None))
    except ValueError as error:
        raise ApiError("BadRequest", str(error), "review.not_offered") from None
    moves = [number for number, event in enumerate(params["record"]["events"]) if event[0] == "move"]
    before = sum(len(g.moves) for g in table.match.games[:index])
    plies = len(filler.ai.review_module.positions(game))
    _reviews.clear()
    review_id = next(_review_ids)
    _reviews[review_id] = {"results": filler.ai.review(game, safety_seconds=seconds, max_nodes=max_nodes),
                           "done": [], "game": game}
    return {"review_id": review_id, "game_index": index, "plies": plies,
            "steps": moves[before:before + plies], "version": filler.ai.review_module.VERSION}


def _method_review_next(params: dict) -> dict:
    """``{review_id, count?}`` -> ``{results, done, summary?, puzzle_plies?}``: the next
    ``count`` (1..8) plies of a review; once ``done``, ``summary``
    (``filler.ai.review_summary``) and ``puzzle_plies``, the plies that may be puzzles of
    the mover's own (``filler.puzzles.mistake_plies``: ask ``review_puzzle``)."""
    review_id = _param(params, "review_id", int, required=True)
    review = _reviews.get(review_id)
    if review is None:
        raise ApiError("BadRequest", f"There is no review {review_id}.", "review.none")
    count = max(1, min(REVIEW_STEP_MAX, _param(params, "count", int, 1)))
    results = list(itertools.islice(review["results"], count))
    review["done"].extend(results)
    done = len(results) < count
    answer = {"results": results, "done": done}
    if done:
        game = review["game"]
        answer["summary"] = filler.ai.review_summary(review["done"], game.sides)
        seeded = game.seats == 2 and game.seed is not None
        answer["puzzle_plies"] = puzzles.mistake_plies(review["done"]) if seeded else []
        del _reviews[review_id]
        _reviewed.clear()
        _reviewed[review_id] = game
    return answer


def _method_review_puzzle(params: dict) -> dict:
    """``{review_id, ply}`` (of the last review done, one of its ``puzzle_plies``) ->
    ``{puzzle: record | null}``: the puzzle of that position, the move the mover missed
    (``filler.puzzles.own_puzzle``: the solver's proofs, bounded by nodes), or null."""
    game = _reviewed.get(_param(params, "review_id", int, required=True))
    if game is None:
        raise ApiError("BadRequest", "That review is not the last one done.", "review.none")
    return {"puzzle": puzzles.own_puzzle(game, _param(params, "ply", int, required=True))}


REVIEW_LINE_MAX = 12
"""At most this many colors of a master's line are played out by ``review_line``."""


def _method_review_line(params: dict) -> dict:
    """``{record, seats?, events, line}`` -> ``{states}``: the master's line played out
    from the position after the record's first ``events`` (a review's step): a snapshot
    (as ``state``, without table or match) after each color of ``line``, up to the end
    of the game. Their ``state_id`` is ``-k`` for the line's k-th position (no table's
    state). A color the position does not allow is an error (``review.line_bad``)."""
    if not isinstance(params.get("events"), int) or isinstance(params["events"], bool):
        raise ApiError("BadRequest", "events: the number of the record's events before the line.")
    table = _replayed_table({**params, "clock": None, "paused": True})
    line = _param(params, "line", list, required=True)
    if len(line) > REVIEW_LINE_MAX:
        raise ApiError("BadRequest", f"A line has at most {REVIEW_LINE_MAX} colors.", "review.line_bad")
    return {"states": line_states(table, line, "review.line_bad")}


def line_states(table, line, code: str) -> list:
    """The snapshots (as ``state``, without table or match) after each color of ``line``
    played from ``table``'s position, up to the end of the game; the table is left as
    it is. Their ``state_id`` is ``-k`` for the line's k-th position. A color the
    position does not allow is an error with ``code``."""
    game, history, last_moves = table.game, list(table.score_history), list(table.last_moves)
    states = []
    for number, color in enumerate(line):
        if game.over:
            break
        if isinstance(color, bool) or color not in game.legal_colors():
            raise ApiError("BadRequest", f"Color {color!r} (move {number + 1} of the line) is not allowed there.",
                           code)
        seat, child = game.turn, game.play(color)
        move = {"seat": seat, "color": color, "cells": _gained(game, child)}
        last_moves[seat] = move
        history.append(_side_scores(child))
        states.append(state_of(child, state_id=-(number + 1), score_history=history, last_move=move,
                               last_moves=last_moves))
        game = child
    return states


def _method_review_version(params: dict) -> dict:
    """``{}`` -> ``{version}``: the review's version (a stored older one says so)."""
    return {"version": filler.ai.review_module.VERSION}


def _method_review_stop(params: dict) -> dict:
    """``{review_id}`` -> ``{stopped: bool}``: stop a review and forget it."""
    return {"stopped": _reviews.pop(_param(params, "review_id", int, required=True), None) is not None}
