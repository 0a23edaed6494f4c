"""Lessons at a table (``filler.lessons``): ``lesson_list`` says the path,
``lesson_open`` sets up a lesson's board as a table, ``lesson_move`` plays the
player's color and the replies and judges the task, ``lesson_retry`` starts the
lesson anew (the failed try counted for the stars).

The table is a ``filler.Match`` like any other (one game, or two for the match
lesson) whose other seats are the computer without a level: their replies are the
lesson's (``filler.lessons``), so ``play`` and ``bot_move`` are refused there.
"""

from __future__ import annotations

from filler import lessons

from .tables import ApiError, Seat, Table, _fresh_table, _param, _table, _table_ids, _table_layout, _table_state, _tables

_attempts: dict[int, "lessons.Attempt"] = {}  # table_id -> the try at that table
KEPT = 4  # lesson tables kept at most (the page shows one at a time)


def _method_lesson_list(params: dict) -> dict:
    """``{}`` -> ``{lessons: [{id, rule, moves, par, shape, seats, games, player, goal}]}``:
    the path in order (each lesson's texts are the page's, by id)."""
    return {"lessons": [lesson.to_json() for lesson in lessons.LESSONS.values()]}


def _lesson_json(attempt: "lessons.Attempt") -> dict:
    return {**attempt.lesson.to_json(), "failures": attempt.failures, "played": attempt.played,
            "verdict": attempt.verdict, "stars": attempt.stars}


def _open(attempt: "lessons.Attempt") -> dict:
    lesson = attempt.lesson
    seats = [Seat("human", "") if seat == lesson.player else Seat("computer", "", None)
             for seat in range(lesson.seats)]
    table = Table(next(_table_ids), seats, lesson.board())
    for event in lesson.setup:
        table.apply(event)
    if table.match != attempt.match:  # the table and the try are the same position
        raise ApiError("InternalError", f"Lesson {lesson.id} did not set up its position.", "lesson.bad", id=lesson.id)
    table.lesson = True
    for table_id in list(_attempts)[:max(0, len(_attempts) - KEPT + 1)]:
        _attempts.pop(table_id)
        _tables.pop(table_id, None)
    _tables[table.table_id] = table
    _attempts[table.table_id] = attempt
    return {"table_id": table.table_id, "layout": _table_layout(table), "state": _table_state(table),
            "lesson": _lesson_json(attempt)}


def _method_lesson_open(params: dict) -> dict:
    """``{id, failures?}`` -> ``{table_id, layout, state, lesson}``: the lesson's
    position at a new table, the player to move; ``lesson``: its data (as
    ``lesson_list``) with ``failures`` (failed tries before: fewer stars), ``played``,
    ``verdict`` and ``stars``. ``failures`` lets the page reopen a try in a new worker."""
    lesson_id = _param(params, "id", str, required=True)
    if lesson_id not in lessons.LESSONS:
        raise ApiError("BadRequest", f"There is no lesson {lesson_id!r}.", "lesson.unknown", id=lesson_id[:40])
    failures = _param(params, "failures", int, 0)
    if failures < 0:
        raise ApiError("BadRequest", "failures is a count (0 or more).")
    return _open(lessons.Attempt.begin(lessons.LESSONS[lesson_id], failures))


def _attempt(table: Table) -> "lessons.Attempt":
    attempt = _attempts.get(table.table_id)
    if attempt is None:
        raise ApiError("BadRequest", f"Table {table.table_id} holds no lesson.", "lesson.none")
    return attempt


def _method_lesson_move(params: dict) -> dict:
    """``{table_id, state_id, color}`` -> ``{verdict, stars, lesson, states}``: the
    player's color and the replies played at the table (``states``: after each move),
    and the verdict on the task: ``done`` (``stars``: 1-3), ``going`` (the next move is
    the player's) or ``failed`` (the page gives the lesson's hint; ``lesson_retry``)."""
    table = _fresh_table(params)
    attempt = _attempt(table)
    if attempt.verdict != "going":
        raise ApiError("GameOver", "This try of the lesson is over.", "lesson.over")
    color = _param(params, "color", int, required=True)
    if color not in table.game.legal_colors():
        raise ApiError("IllegalMove", f"Color {color} cannot be played here.", "move.illegal", color=color)
    done = len(attempt.match.events)
    attempt, verdict = attempt.play(color)
    states = []
    for event in attempt.match.events[done:]:
        table.apply(list(event))
        states.append(_table_state(table))
    _attempts[table.table_id] = attempt
    return {"verdict": verdict, "stars": attempt.stars, "lesson": _lesson_json(attempt), "states": states}


def _method_lesson_retry(params: dict) -> dict:
    """``{table_id}`` -> as ``lesson_open``: the lesson anew at a new table (this one is
    closed), a failed try counted."""
    table = _table(params)
    attempt = _attempt(table)
    _attempts.pop(table.table_id)
    _tables.pop(table.table_id, None)
    return _open(attempt.again())
