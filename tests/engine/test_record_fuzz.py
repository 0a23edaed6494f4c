"""Stored and imported match records are the engine's data: whatever a record holds
(wrong types, names like "__proto__", huge strings, future versions, events that do
not replay), check_record and open_record answer with a problem the page can say, never
an internal error, and they agree with each other (issue 10)."""

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from filler import api

INHERITED = ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf", "__class__", "__dict__"]

scalars = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-2**63, max_value=2**63), st.floats(allow_nan=False),
    st.text(max_size=20), st.sampled_from(INHERITED), st.just("x" * 100_000),
)
json_values = st.recursive(
    scalars,
    lambda children: st.one_of(
        st.lists(children, max_size=5),
        st.dictionaries(st.one_of(st.text(max_size=10), st.sampled_from(INHERITED)), children, max_size=5)),
    max_leaves=20,
)


def call(method, **params):
    return json.loads(api.handle(json.dumps({"id": 1, "method": method, "params": params})))


def a_record():
    opened = call("new_game", variant="quick", seed=4242, games=2,
                  seats=[{"kind": "human", "name": "Ann"}, {"kind": "computer", "level": "greedy"}])["result"]
    table = opened["table_id"]
    state = opened["state"]
    for _ in range(3):
        color = state["legal"][0]
        state = call("play", table_id=table, state_id=state["state_id"], color=color)["result"]
        state = call("bot_move", table_id=table, state_id=state["state_id"])["result"]
    # (the table stays open: other modules' tests count on a table 1 existing)
    return call("record", table_id=table)["result"]


RECORD = a_record()
FIELDS = sorted(RECORD) + ["version", "format", "board", "options", *INHERITED]


@st.composite
def damaged_records(draw):
    record = json.loads(json.dumps(RECORD))
    for _ in range(draw(st.integers(1, 3))):
        how = draw(st.sampled_from(["field", "event", "events", "version"]))
        if how == "field":
            record[draw(st.sampled_from(FIELDS))] = draw(json_values)
        elif how == "event" and record.get("events"):
            events = list(record["events"]) if isinstance(record["events"], list) else []
            if events:
                events[draw(st.integers(0, len(events) - 1))] = draw(json_values)
            record["events"] = events
        elif how == "events":
            record["events"] = draw(st.lists(json_values, max_size=6))
        else:
            record["version"] = draw(st.sampled_from([0, 2, 99, -1, 1.5, "1", None]))
    return record


def problem_of(answer):
    assert answer["ok"] is False
    error = answer["error"]
    assert error["type"] != "InternalError", error
    assert error["message"] and error["code"]
    return error


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(damaged_records())
def test_a_damaged_record_gets_a_problem_never_an_internal_error(record):
    before = json.dumps(record, sort_keys=True)
    checked = call("check_record", record=record, seats=None)
    opened = call("open_record", record=record, paused=True)
    assert json.dumps(record, sort_keys=True) == before  # nothing changed in what was given
    if checked["ok"] is False:
        problem_of(checked)
        assert opened["ok"] is False
        return
    result = checked["result"]
    if result["ok"]:
        assert opened["ok"], opened
        call("close", table_id=opened["result"]["table_id"])
    else:
        assert result["why"] and result["problem"]["code"]
        assert problem_of(opened)["code"] == result["problem"]["code"]


def test_the_intact_record_replays():
    checked = call("check_record", record=RECORD)
    assert checked["ok"] and checked["result"]["ok"]
