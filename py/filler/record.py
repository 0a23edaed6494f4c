"""Game records: a JSON-able dict that replays to exactly the same game.

A record is a move log, not a state dump, so it survives engine changes::

    {"format": "filler-game", "version": 1,
     "variant": "classic", "seed": 42, "options": {},        # or "layout" for custom
     "corner_shift": 0, "first": 0,
     "events": [["move", 0, 3], ["move", 1, 5], ["resign", 0]],
     "result": {"over": true, "end_reason": "resign", "winners": [1], "scores": [7, 9]}}

``result`` is written for readers and checked on reading: a record whose replay
ends differently is refused (``BadRecord``) rather than silently shown wrong.
Later versions must keep reading every older ``version``.

This module knows the format, not the game: ``rules.Game`` calls it (``to_record``,
``from_record``) and hands in its own class, so imports run one way (rules -> record).
"""

from .errors import BadRecord, FillerError

FORMAT = "filler-game"
VERSION = 1


def to_record(game) -> dict:
    """The record of ``game`` (plain dicts, lists, strings and ints)."""
    setup = game._setup
    record = {"format": FORMAT, "version": VERSION, "variant": setup.variant_id}
    if setup.variant_id == "custom":
        layout = dict(setup.layout)
        layout["seats"] = setup.seats
        layout["teams"] = setup.teams
        record["layout"] = layout
    else:
        record["seed"] = setup.seed
        record["options"] = dict(setup.options)
    record["corner_shift"] = setup.corner_shift
    record["first"] = setup.first
    record["events"] = [list(event) for event in game.history]
    record["result"] = _result(game)
    return record


def _result(game) -> dict:
    return {"over": game.over, "end_reason": game.end_reason, "winners": list(game.winners),
            "scores": [game.score(s) for s in range(game.seats)]}


def from_record(record, game_class):
    """The game a record describes, made with ``game_class`` (``rules.Game``) and replayed
    event by event; ``BadRecord`` if it is not a record, is from a newer version, or
    does not replay."""
    if not isinstance(record, dict):
        raise BadRecord(f"a game record is a dict (parsed JSON), got {type(record).__name__}", "record.not_game")
    if record.get("format") != FORMAT:
        raise BadRecord(f"not a Filler game record: format is {record.get('format')!r}, "
                        f"expected {FORMAT!r}", "record.not_game")
    version = record.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise BadRecord(f"the record's version {version!r} is not a positive int", "record.version",
                        value=version, known=VERSION)
    if version > VERSION:
        raise BadRecord(f"the record has version {version}, newer than this engine reads "
                        f"({VERSION}); update the game", "record.newer", value=version, known=VERSION)
    events = record.get("events", [])
    if not isinstance(events, list):
        raise BadRecord("the record's events must be a list", "record.events")
    try:
        variant = record.get("variant")
        shift = record.get("corner_shift", 0)
        first = record.get("first", 0)
        if variant == "custom":
            layout = record.get("layout")
            if not isinstance(layout, dict):
                raise BadRecord("a custom record needs a 'layout' dict", "record.layout")
            game = game_class.from_rows(
                layout.get("rows"), layout.get("colors"), layout.get("shape", "square"),
                seats=layout.get("seats", 2), teams=layout.get("teams", False),
                walls=[tuple(pair) for pair in layout.get("walls", [])],
                values=layout.get("values") or None, crown=layout.get("crown"),
                starts=layout.get("starts"), corner_shift=shift, first=first)
        else:
            options = record.get("options") or {}
            if not isinstance(options, dict):
                raise BadRecord("the record's options must be a dict", "record.options")
            game = game_class.new(variant, record.get("seed"), corner_shift=shift, first=first,
                            **options)
    except BadRecord:
        raise
    except FillerError as error:
        raise BadRecord(f"the record's board cannot be made: {error}", "record.board", cause=error) from None
    except (TypeError, AttributeError, KeyError) as error:
        raise BadRecord(f"the record's board description is malformed: {error}", "record.board",
                        cause=error) from None
    for index, event in enumerate(events):
        game = _replay(game, index, event)
    result = record.get("result")
    if result is not None and result != _result(game):
        raise BadRecord(f"the record says the game ended {result!r} but it replays to "
                        f"{_result(game)!r}", "record.result")
    return game


def _replay(game, index, event):
    if not isinstance(event, (list, tuple)) or not event:
        raise BadRecord(f"event {index} is {event!r}, not a list like ['move', seat, color]",
                        "record.event_kind")
    kind = event[0]
    try:
        if kind == "move" and len(event) == 3:
            seat, color = event[1], event[2]
            if seat != game.turn:
                raise BadRecord(f"event {index}: seat {seat!r} moves but it is seat "
                                f"{game.turn}'s turn", "record.mover", seat=seat, turn=game.turn)
            return game.play(color)
        if kind == "resign" and len(event) == 2:
            return game.resign(event[1])
        if kind == "out" and len(event) == 2:
            return game.remove_seat(event[1])
    except BadRecord:
        raise
    except FillerError as error:
        raise BadRecord(f"event {index} {event!r} does not replay: {error}", "record.event",
                        position=index + 1, cause=error) from None
    raise BadRecord(f"event {index} {event!r} is not one of ['move', seat, color], "
                    f"['resign', seat], ['out', seat]", "record.event_kind")
