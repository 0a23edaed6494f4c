"""A player's page's figures (js/flows/profile_figures.js), derived in Node from a store
holding matches the engine played (tests/match_history.py), with the engine's own
rating_history and puzzle_history answers: the numbers the page shows, against the
stored records. The browser test (tests/browser/test_profile_page.py) checks that the
page shows them."""

import json

import pytest
from match_history import DAY_MS, History, ok
from test_store import Device, node  # noqa: F401  (node: the Node that runs the store's modules, a module's fixture)

from filler import api
from filler.rating import DEFAULT, glicko2

ANN = {"kind": "human", "name": "Ann"}
BOB = {"kind": "human", "name": "Bob"}


def computer(level):
    return {"kind": "computer", "level": level}


@pytest.fixture(scope="module")
def history():
    """Ann's matches in three rated variants, against two computer levels and Bob, with
    wins, losses and a drawn match; and one casual game."""
    played = History()
    played.add("quick", [ANN, computer("beginner")], seed=1)
    played.add("quick", [ANN, computer("greedy")], seed=2, loser=0)
    played.add("classic", [ANN, computer("greedy")], seed=5)  # drawn (1-1, equal totals)
    played.add("quick", [BOB, ANN], seed=3, loser=0)
    played.add("quick", [ANN, computer("beginner")], seed=4)
    played.add("hex", [ANN, BOB], seed=6, loser=1)
    played.add("quick", [ANN, computer("beginner")], seed=7, games=1)  # a casual game: not rated
    played.add("quick", [ANN, computer("lookahead")], seed=8, loser=0)
    return played


FIGURES = """async ({name, replayed, sides}) => {
  const F = await page('flows/profile_figures.js');
  const ordered = F.finishedInOrder(store.listMatches({finished: true}));
  const stored = store.listRatings().filter((entry) => S.nameKey(entry.player) === S.nameKey(name));
  return F.playerFigures(name, ordered, {sides: new Map(sides), replayed, stored});
}"""
REQUEST = """async () => {
  const F = await page('flows/profile_figures.js');
  return F.historyRequest(F.finishedInOrder(store.listMatches({finished: true})));
}"""


def figures_of(device, name):
    """The page's figures for `name`, the engine answering the history it asks for."""
    request = device.evaluate(REQUEST)
    answer = ok("rating_history", matches=request["matches"])
    sides = [[variant["id"], variant["sides"]] for variant in ok("variants")]
    return device.evaluate(FIGURES, {"name": name, "replayed": {"ids": request["ids"], **answer}, "sides": sides})


def seeded(node, history):
    device = Device(node)
    device.open()
    device.evaluate("""({matches, ratings}) => {
        for (const match of matches) localStorage.setItem('filler:match:' + match.id, JSON.stringify({version: 1, ...match}));
        localStorage.setItem('filler:ratings', JSON.stringify({version: 1, ratings}));
    }""", {"matches": history.matches, "ratings": history.stored_ratings()})
    device.open()
    return device


def expected_results(history, name, variant=None):
    counts = {"matches": 0, "win": 0, "draw": 0, "loss": 0}
    for match in history.matches:
        seats = [player.get("name") for player in match["players"]]
        if name not in seats or (variant and match["variant"] != variant):
            continue
        winners = match["result"]["outcome"]["winners"]
        side = seats.index(name)
        counts["matches"] += 1
        counts["win" if winners == [side] else "draw" if side in winners else "loss"] += 1
    return counts


def test_the_figures_are_those_of_the_stored_matches(node, history):
    device = seeded(node, history)
    figures = figures_of(device, "ann")  # a name is the person's in any case
    assert figures["results"] == expected_results(history, "Ann")
    assert figures["results"]["draw"] == 1 and figures["results"]["win"] >= 3 and figures["results"]["loss"] >= 2
    assert {row["variant"]: {key: row[key] for key in ("matches", "win", "draw", "loss")} for row in figures["byVariant"]} == {
        variant: expected_results(history, "Ann", variant) for variant in ("quick", "classic", "hex")}
    opponents = {row["key"]: row for row in figures["byOpponent"]}
    assert set(opponents) == {"computer:beginner", "computer:greedy", "computer:lookahead", "person:bob"}
    assert (opponents["person:bob"]["win"], opponents["person:bob"]["loss"]) == (2, 0)
    assert opponents["computer:lookahead"]["loss"] == 1
    assert figures["games"] == 2 * 7 + 1
    margins = []
    for match in history.matches:
        seat = [player.get("name") for player in match["players"]].index("Ann")
        totals = match["result"]["outcome"]["totals"]
        margins.append(totals[str(seat)] - totals[str(1 - seat)])
    assert figures["margin"] == {"total": sum(margins), "average": sum(margins) / len(margins), "matches": len(margins)}


def test_each_point_of_a_graph_is_the_rating_the_match_gave(node, history):
    # the engine plays the matches again in order: where nothing was deleted, each point is
    # the rating that match gave at the time, and the last one the rating in play
    device = seeded(node, history)
    graphs = {graph["variant"]: graph for graph in figures_of(device, "Ann")["ratings"]}
    assert set(graphs) == {"quick", "classic", "hex"}
    for variant, graph in graphs.items():
        stored = [(match["id"], match["result"]["ratingChanges"][[p.get("name") for p in match["players"]].index("Ann")])
                  for match in history.matches if match["variant"] == variant and match["result"]["ratingChanges"]]
        assert [point["id"] for point in graph["points"]] == [match_id for match_id, _ in stored]
        for point, (_, change) in zip(graph["points"], stored):
            assert point["r"] == pytest.approx(change["r"], abs=1e-9)
            assert point["change"] == pytest.approx(change["change"], abs=1e-9)
        rating = history.ratings[("ann", variant)]
        assert graph["current"]["r"] == pytest.approx(rating["r"], abs=1e-9)
        assert graph["stored"]["matches"] == len(graph["points"])
        assert graph["highest"]["r"] == max(change["r"] for _, change in stored)
        assert graph["lowest"]["r"] == min(change["r"] for _, change in stored)
    assert len(graphs["quick"]["points"]) == 5  # the casual game is no point


def test_the_streak_and_the_best_wins(node, history):
    device = seeded(node, history)
    figures = figures_of(device, "Ann")
    results = []
    for match in history.matches:
        seat = [player.get("name") for player in match["players"]].index("Ann")
        winners = match["result"]["outcome"]["winners"]
        results.append("win" if winners == [seat] else "draw" if seat in winners else "loss")
    runs, run = [], 0
    for result in results:
        run = run + 1 if result == "win" else 0
        runs.append(run)
    assert figures["streak"]["longest"]["length"] == max(runs)
    assert figures["streak"]["current"] == runs[-1]
    ending = history.matches[runs.index(max(runs))]
    assert figures["streak"]["longest"]["last"] == {"id": ending["id"], "time": ending["finished"]}
    bots = ok("bot_ratings")
    wins = figures["bestWins"]
    assert wins and [win["rating"]["r"] for win in wins] == sorted((win["rating"]["r"] for win in wins), reverse=True)
    for win in wins:
        if win["opponent"]["kind"] == "computer":
            assert win["rating"]["r"] == bots[win["variant"]][win["opponent"]["level"]]["r"]
    assert all(win["id"] != history.matches[6]["id"] for win in wins)  # the casual game was never rated


def test_a_match_deleted_or_imported_moves_the_graph(node, history):
    device = seeded(node, history)
    first = history.matches[0]["id"]
    assert device.evaluate("(id) => store.removeMatch(id).ok", first)
    figures = figures_of(device, "Ann")
    quick = next(graph for graph in figures["ratings"] if graph["variant"] == "quick")
    assert len(quick["points"]) == 4 and first not in [point["id"] for point in quick["points"]]
    # every later rating is played again without it: no longer what was stored, and the
    # rating in play (which counted it) is said apart
    later = history.matches[1]["result"]["ratingChanges"][0]["r"]
    assert quick["points"][0]["r"] != pytest.approx(later, abs=1e-6)
    greedy = ok("bot_ratings")["quick"]["greedy"]
    before = glicko2(*DEFAULT, [(greedy["r"], greedy["rd"], 0.0)])[0]
    assert quick["points"][0]["r"] == pytest.approx(before, abs=1e-9)  # as Ann's first match now
    assert quick["stored"]["matches"] == 5
    assert figures["results"]["matches"] == expected_results(history, "Ann")["matches"] - 1

    # another device's matches, imported, count in their place in time
    other = History(start_ms=history.matches[1]["finished"] + 3_600_000 - DAY_MS)  # its match an hour after that one
    other.add("quick", [ANN, computer("greedy")], seed=11, loser=1)
    report = device.evaluate("(doc) => store.importAll(doc)", {"format": "filler-export", "version": 1,
                                                               "matches": other.matches, "ratings": other.stored_ratings()})
    assert len([item for item in report["taken"] if item["kind"] == "match"]) == 1
    quick = next(graph for graph in figures_of(device, "Ann")["ratings"] if graph["variant"] == "quick")
    assert [point["id"] for point in quick["points"]] == [
        history.matches[1]["id"], other.matches[0]["id"], history.matches[3]["id"], history.matches[4]["id"],
        history.matches[7]["id"]]


def test_a_friend_by_link_counts_at_the_rating_their_device_sent(node):
    # a match with a friend by link: the friend's rating is the one their device sent
    # (the match's friend.ratings, kept in the index summary as linkRatings)
    played = History()
    match = played.add("quick", [ANN, BOB], seed=3, loser=1)
    match["players"][1] = {"kind": "friend", "name": "Bob"}
    match["friend"] = {"id": "abcdef", "seat": 0, "ratings": [None, [1900, 60, 0.06]], "sent": 3, "turn": "mine"}
    match["result"]["ratingChanges"][1] = None
    device = seeded(node, played)
    assert device.evaluate("() => store.listMatches()[0].linkRatings") == [None, [1900, 60, 0.06]]
    figures = figures_of(device, "Ann")
    assert figures["byOpponent"][0]["key"] == "friend:bob"
    (point,) = figures["ratings"][0]["points"]
    assert point["r"] == pytest.approx(glicko2(*DEFAULT, [(1900, 60, 1.0)])[0], abs=1e-9)
    assert figures["bestWins"][0]["rating"] == {"r": 1900, "rd": 60}


def test_an_index_from_before_the_new_field_is_made_again(node, history):
    device = seeded(node, history)
    index = json.loads(device.evaluate("() => localStorage.getItem('filler:index')"))
    for entry in index["matches"]:
        del entry["linkRatings"]
    device.evaluate("(value) => localStorage.setItem('filler:index', value)", json.dumps(index))
    device.open()
    rebuilt = json.loads(device.evaluate("() => localStorage.getItem('filler:index')"))["matches"]
    assert all("linkRatings" in entry for entry in rebuilt)


def test_the_puzzles_themes_and_rating_history(node):
    device = Device(node)
    device.open()
    progress = {"rating": None, "tries": 4, "solved": 3, "streak": 2, "best": 2,
                "tried": {"quick-9-12": 1, "own-abc-3": 0, "quick-2-20": 1, "hex-4-8": 1}}
    known = {"quick-9-12": {"rating": 1200, "themes": ["enclosure", "finish"]},
             "quick-2-20": {"rating": 1500, "themes": ["enclosure"]},
             "hex-4-8": {"rating": 1800, "themes": ["blocking"]}}
    tries = device.evaluate("""async ({progress, known}) => {
        const F = await page('flows/profile_figures.js');
        const tries = F.puzzleTries(progress, new Map(Object.entries(known)));
        return {tries, request: F.puzzleHistoryRequest(tries)};
    }""", {"progress": progress, "known": known})
    assert [entry["id"] for entry in tries["tries"]] == list(progress["tried"])  # in the order tried
    assert tries["request"] == {"tries": [[1200, True], [1500, True], [1800, True]]}
    history = ok("puzzle_history", **tries["request"])
    # each step is puzzle_rating's
    rating = None
    for (puzzle, solved), after in zip(tries["request"]["tries"], history["ratings"]):
        step = ok("puzzle_rating", rating=rating, puzzle=puzzle, solved=solved)
        assert (after["r"], after["rd"]) == (step["r"], step["rd"])
        rating = [step["r"], step["rd"], step["vol"]]
    figures = device.evaluate("""async ({progress, tries, history}) => {
        const F = await page('flows/profile_figures.js');
        return F.puzzleFigures(progress, tries, history);
    }""", {"progress": progress, "tries": tries["tries"], "history": history})
    assert figures["themes"] == [{"theme": "enclosure", "tries": 2, "solved": 2}, {"theme": "blocking", "tries": 1, "solved": 1},
                                 {"theme": "finish", "tries": 1, "solved": 1}]
    assert figures["unknown"] == 1 and len(figures["points"]) == 3
    assert figures["streak"] == {"current": 2, "best": 2}


def test_the_board_of_the_days_calendar_and_streak(node):
    device = Device(node)
    device.open()
    daily = device.evaluate("""async () => {
        const F = await page('flows/profile_figures.js');
        const day = (date, outcome, hoursLate = 0) => ({date, match: null, late: false, final: null,
          started: Date.parse(date + 'T12:00:00Z') + hoursLate * 3600000,
          result: outcome ? {outcome, kind: 'clear', points: [2, 0], totals: [30, 20]} : null});
        return F.dailyFigures([day('2026-12-02', 'win'), day('2026-12-03', 'loss'), day('2026-12-04', 'win', 72),
                               day('2026-12-09', null), day('2026-12-10', 'draw'), day('2026-12-20', 'win')], '2026-12-10');
    }""")
    weeks = daily["weeks"]
    assert len(weeks) == 13 and all(len(week) == 7 for week in weeks)  # a quarter at least
    days = {day["date"]: (day["mark"], day["late"]) for week in weeks for day in week if day}
    assert days["2026-12-02"] == ("win", False) and days["2026-12-03"] == ("loss", False)
    assert days["2026-12-04"] == ("win", True)  # begun three days after its day: played later
    assert days["2026-12-09"] == ("open", False) and days["2026-12-08"] == ("", False)
    assert "2026-12-20" not in days  # after today: neither drawn nor counted
    assert weeks[-1][0]["date"] == "2026-12-07"  # a Monday: the last column is today's week
    assert weeks[-1][3]["date"] == "2026-12-10" and weeks[-1][4] is None
    assert [day["date"] for day in daily["days"]] == ["2026-12-02", "2026-12-03", "2026-12-04", "2026-12-09", "2026-12-10"]
    assert daily["streak"] == {"current": 1, "best": 2, "counted": 3}


def test_the_lessons_stars(node):
    device = Device(node)
    device.open()
    lessons = ok("lesson_list")["lessons"]
    first, second = lessons[0]["id"], lessons[1]["id"]
    figures = device.evaluate("""async ({list, stars}) => (await page('flows/profile_figures.js')).lessonFigures(list, stars)""",
                              {"list": lessons, "stars": {first: 3, second: 1, "gone": 2}})
    assert [lesson["id"] for lesson in figures["lessons"]] == [lesson["id"] for lesson in lessons]
    assert (figures["done"], figures["stars"], figures["total"]) == (2, 4, 3 * len(lessons))


def test_the_history_methods_refuse_what_they_cannot_read():
    def answer(method, **params):
        return json.loads(api.handle(json.dumps({"id": 1, "method": method, "params": params})))

    seats = [{"person": "ann"}, {"level": "greedy"}]
    assert answer("rating_history", matches=[{"variant": "quick", "seats": [{"who": 1}, None], "pairs": [[0, 1, 1]]}])["error"]["type"] == "BadRequest"
    assert answer("rating_history", matches=[{"variant": "quick", "seats": seats, "pairs": [[0, 1, 2]]}])["error"]["code"] == "rating.bad"
    assert answer("rating_history", matches=[{"variant": "quick", "seats": seats, "pairs": [[0, 5, 1]]}])["error"]["code"] == "rating.bad"
    assert answer("puzzle_history", tries=[[99999, True]])["error"]["code"] == "rating.bad"
    assert answer("puzzle_history", tries=[[1500, "yes"]])["error"]["type"] == "BadRequest"
    assert answer("rating_history", matches=[])["result"] == {"matches": []}
