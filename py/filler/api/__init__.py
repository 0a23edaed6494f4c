"""The JSON seam between the page and the engine: the only package that speaks JSON.

The worker calls :func:`handle` with a request string and posts the answer back::

    >>> import json
    >>> answer = json.loads(handle(json.dumps(
    ...     {"id": 1, "method": "new_game", "params": {"variant": "quick", "seed": 7}})))
    >>> answer["ok"], sorted(answer["result"])
    (True, ['layout', 'state', 'table_id'])

A board's layout is sent once per table (``new_game``, ``layout``); every change
answers with a full state snapshot whose ``state_id`` grows. A request made from an
older snapshot is refused (``StaleState``), so a click or a computer move computed
for a position that has moved on can never be played by mistake. Errors come back
as data: ``{"id", "ok": false, "error": {"type", "message", "code", "params"}}``
(``filler.FillerError.details``: the page says ``code`` with ``params`` in the
player's language, ``message`` is the English fallback).

The methods, each a ``_method_<name>`` function of the module that serves it:

- :mod:`~filler.api.catalog`: ``variants``, ``levels``, ``first_game`` (and
  :func:`static_snapshots`, what the page draws before Python has booted);
- :mod:`~filler.api.games`: ``new_game``, ``layout``, ``state``, ``play``, ``bot_move``,
  ``undo`` and ``hint`` (practice), ``ready``, ``resign_game``, ``resign_match``,
  ``flag``, ``pause``, ``resume``, ``close``;
- :mod:`~filler.api.records`: ``open_record``, ``check_record``, ``record`` (saved matches);
- :mod:`~filler.api.ratings`: ``bot_ratings``, ``rating_updates``;
- :mod:`~filler.api.friends`: ``friend_link``, ``friend_open`` (a match with a friend by
  link, ``filler.link``);
- :mod:`~filler.api.review`: ``review_start``, ``review_next``, ``review_stop``,
  ``review_version``, ``review_line``, ``review_puzzle`` (the master's review of a
  finished game, a few plies per request, so other requests are answered in between;
  the positions of its line; a costly move made a puzzle);
- :mod:`~filler.api.puzzles`: ``puzzle_open``, ``puzzle_move``, ``puzzle_lines``,
  ``puzzle_rating`` (a puzzle's position at a table, a move checked against its
  solution, a wrong color's refutation, a try rated);
- :mod:`~filler.api.lessons`: ``lesson_list``, ``lesson_open``, ``lesson_move``,
  ``lesson_retry`` (Learn: a lesson's board at a table, a move judged against its task).
- :mod:`~filler.api.daily`: ``daily_day``, ``daily_open`` (the board of the day, ``filler.daily``:
  a date checked, the day's match against the master of the day, whose ``bot_move`` is
  bounded by nodes).

What they share: :mod:`~filler.api.tables` (the tables kept by ``table_id``, a
``filler.Match`` each with an optional ``filler.clock.Clock``, and reading a request's
params) and :mod:`~filler.api.snapshots` (a game's layout and state as JSON). A clock
reads the worker's own monotonic time (``tables._now_ms``); a clock saved by the page
(the snapshot's ``clock``) is reopened paused at the time it was saved, so time while
the page was closed never counts.
"""

from __future__ import annotations

import json

import filler

from . import catalog, daily, friends, games, lessons, puzzles, ratings, records, review
from .catalog import FIRST_BOARDS, FIRST_SEEDS, OTHER_FIRST_BOARDS, rules_examples, static_snapshots
from .ratings import BOT_DEVIATION
from .review import REVIEW_LINE_MAX, REVIEW_STEP_MAX
from .snapshots import layout_of, state_of
from .tables import PRACTICE_DEFAULTS, ApiError, Seat, Table
from .tables import _tables  # noqa: F401  (the tables kept; tests look one up by id)

__all__ = ["BOT_DEVIATION", "FIRST_BOARDS", "FIRST_SEEDS", "METHODS", "OTHER_FIRST_BOARDS",
           "PRACTICE_DEFAULTS", "REVIEW_LINE_MAX", "REVIEW_STEP_MAX", "ApiError", "Seat", "Table",
           "handle", "layout_of", "rules_examples", "state_of", "static_snapshots"]

METHODS = {
    name[len("_method_"):]: function
    for module in (catalog, games, records, ratings, friends, review, puzzles, lessons, daily)
    for name, function in vars(module).items()
    if name.startswith("_method_")
}


def handle(request_json: str) -> str:
    """Answer one request (a JSON string) with a JSON string; never raises."""
    request_id = None
    try:
        try:
            request = json.loads(request_json)
        except (TypeError, ValueError) as error:
            raise ApiError("BadRequest", f"The request is not JSON: {error}.") from None
        if not isinstance(request, dict):
            raise ApiError("BadRequest", "A request is a JSON object {id, method, params}.")
        request_id = request.get("id")
        method = METHODS.get(request.get("method"))
        if method is None:
            raise ApiError("UnknownMethod", f"There is no method {request.get('method')!r}.")
        params = request.get("params") or {}
        if not isinstance(params, dict):
            raise ApiError("BadRequest", "params should be an object.")
        result = method(params)
        return json.dumps({"id": request_id, "ok": True, "result": result},
                          separators=(",", ":"))
    except filler.FillerError as error:  # ApiError too
        problem = {"type": getattr(error, "kind", type(error).__name__), **error.details()}
    except Exception as error:  # a bug: still an answer, never a silent hang
        problem = {"type": "InternalError", "code": "internal", "params": {},
                   "message": f"{type(error).__name__}: {error}"}
    return json.dumps({"id": request_id, "ok": False, "error": problem})
