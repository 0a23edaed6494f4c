"""Friend links (filler.link): a whole match in a URL fragment, replayed on reading."""

import base64
import json
import random

import pytest
from hypothesis import given, settings, strategies as st

from filler import VARIANTS, api, link
from filler.link import BadLink, decode, encode, merge
from filler.match import Match
from link_forge import fields_of, packed, with_rating

ID = "AbCd-_12"
SITE = "https://example.org/filler/"


def play_on(match, rng, moves=None):
    """Random legal moves (every player ready at once between games, as by link)."""
    count = 0
    while not match.over and (moves is None or count < moves):
        match = link._ready_all(match)
        match = match.play(rng.choice(match.game.legal_colors()))
        count += 1
    return link._ready_all(match)


def whole_match(variant, seed=7, games=2, **options):
    return play_on(Match.new(variant, seed, games=games, **options), random.Random(seed))


def code_of(action):
    with pytest.raises(BadLink) as caught:
        action()
    return caught.value.code


# ---- the format --------------------------------------------------------------------

def test_every_two_player_variant_has_a_number_in_links():
    two = {vid for vid, variant in VARIANTS.items() if variant.seats == 2}
    assert two == set(link.VARIANT_CODES)


def test_a_link_carries_everything_and_replays_to_the_same_match():
    match = whole_match("classic")
    text = encode(match, match_id=ID, sender=1, names=("Anna", "Bob"),
                  ratings=((1523.4, 81.2, 0.059871), None))
    found = decode(text)
    assert found.match == match and found.match.over
    assert found.match.to_record() == match.to_record()  # ready events included, in seat order
    assert (found.match_id, found.sender, found.names, found.version) == (ID, 1, ("Anna", "Bob"), 1)
    assert found.ratings == ((1523.4, 81.2, 0.059871), None)


def test_the_version_is_the_first_thing_in_the_fragment():
    assert encode(Match.new("quick", 1), match_id=ID, sender=0).startswith("f1.")


@pytest.mark.parametrize("variant", link.VARIANT_CODES)
def test_a_whole_two_game_match_fits_in_300_characters(variant):
    match = whole_match(variant, seed=2**31 - 1)
    text = encode(match, match_id=ID, sender=0, names=("Annabel", "Christopher"),
                  ratings=((1500, 350, 0.06), (1500, 350, 0.06)))
    assert len(SITE) + 1 + len(text) <= 300, (variant, len(text))


def test_resignations_travel_in_the_link():
    match = play_on(Match.new("quick", 3, games=2), random.Random(3), moves=5).resign_game(1)
    match = link._ready_all(match)
    match = play_on(match, random.Random(4), moves=3).resign_match(0)
    found = decode(encode(match, match_id=ID, sender=0))
    assert found.match == match
    assert found.match.outcome["kind"] == "resign"


def test_practice_boards_keep_their_options():
    match = whole_match("practice", seed=5, shape="hex", width=9, height=7, colors=5)
    assert decode(encode(match, match_id=ID, sender=0)).match == match


def test_a_variant_for_more_than_two_players_has_no_link():
    assert code_of(lambda: encode(Match.new("four", 1), match_id=ID, sender=0)) == "link.variant"


def test_a_name_longer_than_forty_characters_is_refused():
    assert code_of(lambda: encode(Match.new("quick", 1), match_id=ID, sender=0, names=("x" * 41, ""))) == "link.name"


@settings(max_examples=40, deadline=None)
@given(variant=st.sampled_from([v for v in link.VARIANT_CODES if v not in ("big", "practice")]),
       seed=st.integers(0, 2**53 - 1), games=st.sampled_from([1, 2]), moves=st.integers(0, 80),
       seed_moves=st.integers(0, 1000), sender=st.sampled_from([0, 1]),
       names=st.tuples(st.text(max_size=40), st.text(max_size=40)),
       rating=st.none() | st.tuples(st.floats(0, 4000), st.floats(30, 350), st.floats(0.01, 0.2)),
       resign=st.sampled_from([None, "resign_game", "resign_match"]))
def test_round_trip(variant, seed, games, moves, seed_moves, sender, names, rating, resign):
    match = play_on(Match.new(variant, seed, games=games), random.Random(seed_moves), moves=moves)
    if resign and not match.over and not match.between_games:
        match = link._ready_all(getattr(match, resign)(sender))
    match_id = base64.urlsafe_b64encode(random.Random(seed).randbytes(6)).decode()
    text = encode(match, match_id=match_id, sender=sender, names=names, ratings=(rating, None))
    found = decode(SITE + "#" + text, site=SITE)
    assert found.match == match
    assert (found.match_id, found.sender, found.names) == (match_id, sender, names)
    if rating is None:
        assert found.ratings == (None, None)
    else:
        assert found.ratings[0] == pytest.approx(rating, abs=0.1)


# ---- bad links ----------------------------------------------------------------------

def test_a_link_cut_short_says_so():
    text = encode(whole_match("quick"), match_id=ID, sender=0, names=("Anna", "Bob"))
    for cut in range(4, len(text)):
        code = code_of(lambda: decode(text[:cut]))
        assert code in ("link.truncated", "link.not_link"), (cut, code)
    assert code_of(lambda: decode(text[:-1])) == "link.truncated"
    assert code_of(lambda: decode(text[:len(text) // 2])) == "link.truncated"


def test_an_edited_link_is_refused():
    text = encode(whole_match("quick"), match_id=ID, sender=0, names=("Anna", "Bob"))
    for at in range(3, len(text) - 1):
        other = "A" if text[at] != "A" else "B"
        assert code_of(lambda: decode(text[:at] + other + text[at + 1:])) in ("link.damaged", "link.truncated")
    assert code_of(lambda: decode(text + "AAAA")) == "link.damaged"
    assert code_of(lambda: decode(text[:10] + "!" + text[11:])) == "link.damaged"


def test_a_forged_link_with_a_move_too_many_is_refused_by_the_replay():
    match = whole_match("quick", games=1)
    fields = fields_of(encode(match, match_id=ID, sender=0))
    assert fields["count"] == len(match.events)
    fields["count"] += 1
    assert code_of(lambda: decode(packed(fields))) == "link.past_end"


def test_a_link_from_a_newer_version_asks_for_a_reload():
    text = encode(Match.new("quick", 1), match_id=ID, sender=0)
    error = pytest.raises(BadLink, decode, "f2." + text[3:]).value
    assert error.code == "link.newer" and error.params == {"value": 2, "known": 1}


def test_other_sites_and_other_fragments():
    text = encode(Match.new("quick", 1), match_id=ID, sender=0)
    assert code_of(lambda: decode("https://evil.example/filler/#" + text, site=SITE)) == "link.other_site"
    assert decode(SITE + "index.html#" + text, site=SITE).match_id == ID
    assert code_of(lambda: decode(SITE + "#variant=quick&seed=1", site=SITE)) == "link.not_link"
    assert code_of(lambda: decode("hello")) == "link.not_link"
    assert code_of(lambda: decode("f0.AAAA")) == "link.version"


@pytest.mark.parametrize("r, rd, vol", [(1e19, 100, 0.06), (4000.1, 100, 0.06), (1500, 0, 0.06), (1500, 1, 0.06),
                                         (1500, 29.9, 0.06), (1500, 350.1, 0.06), (1500, 100, 0), (1500, 100, 0.5)])
def test_a_rating_this_game_never_gives_is_refused_with_its_own_message(r, rd, vol):
    # the check sum is right: someone wrote these values on purpose
    match = play_on(Match.new("quick", 5, games=2), random.Random(5), moves=1)
    text = encode(match, match_id=ID, sender=0, names=("Anna", ""), ratings=((1600, 80, 0.06), None))
    forged = with_rating(text, 0, r, rd, vol)
    assert code_of(lambda: decode(forged)) == "link.rating"
    answer = call("friend_open", link=forged)
    assert answer["ok"] is False and answer["error"]["code"] == "link.rating"


def test_the_ratings_at_the_ends_of_the_range_are_read():
    match = Match.new("quick", 5, games=2)
    for rating in ((0, 30, 0.01), (4000, 350, 0.2)):
        found = decode(encode(match, match_id=ID, sender=0, ratings=(rating, rating)))
        assert found.ratings == (rating, rating)


def test_a_stored_rating_outside_the_range_is_sent_inside_it():
    # a device's stored value that the engine never made: its links stay readable
    found = decode(encode(Match.new("quick", 5, games=2), match_id=ID, sender=0,
                          ratings=((5000, 10, 0), (-3, 900, 7))))
    assert found.ratings == ((4000, 30, 0.01), (0, 350, 0.2))


# ---- merging with what a device has --------------------------------------------------

def stored_of(match, seat, names=("Anna", "Bob")):
    return {"seat": seat, "record": match.to_record(), "names": list(names)}


def test_merge_rules():
    rng = random.Random(9)
    start = Match.new("quick", 9, games=2)
    one = play_on(start, rng, moves=1)   # Anna (seat 0) moved
    two = play_on(one, rng, moves=1)     # Bob (seat 1) answered
    anna = stored_of(one, 0, ("Anna", ""))
    from_bob = decode(encode(two, match_id=ID, sender=1, names=("Anna", "Bob")))
    from_anna = decode(encode(one, match_id=ID, sender=0, names=("Anna", "")))

    assert merge(None, from_anna)["status"] == "new" and merge(None, from_anna)["seat"] == 1
    taken = merge(anna, from_bob)
    assert taken["status"] == "extends" and taken["match"] == two and taken["names"] == ["Anna", "Bob"]
    assert merge(anna, from_anna)["status"] == "own"
    assert merge(stored_of(two, 0), from_bob)["status"] == "current"
    older = merge(stored_of(two, 1), from_anna)
    assert older["status"] == "older" and older["match"] == two

    other_first = play_on(start, random.Random(10), moves=1)
    while other_first.events == one.events:
        other_first = play_on(start, random.Random(rng.random()), moves=1)
    changed = decode(encode(play_on(other_first, rng, moves=1), match_id=ID, sender=1))
    error = pytest.raises(BadLink, merge, anna, changed).value
    assert error.code == "link.changed" and error.params["position"] == 1

    # Bob's link that also plays Anna's next move for her
    three = play_on(two, rng, moves=1)
    assert code_of(lambda: merge(anna, decode(encode(three, match_id=ID, sender=1)))) == "link.not_theirs"
    other_board = decode(encode(play_on(Match.new("quick", 10, games=2), rng, moves=2), match_id=ID, sender=1))
    assert code_of(lambda: merge(anna, other_board)) == "link.mismatch"


def test_a_resignation_that_crosses_a_move_stands_on_both_devices():
    # Anna moved and sent her link; while Bob answered it, she resigned the game.
    # The two links crossed: each device refused the other's, and the match stuck.
    rng = random.Random(9)
    one = play_on(Match.new("quick", 9, games=1), rng, moves=1)
    resigned = one.resign_game(0)                  # Anna's device, then her link
    answered = play_on(one, rng, moves=1)          # Bob's device, then his link
    from_anna = decode(encode(resigned, match_id=ID, sender=0, names=("Anna", "Bob")))
    from_bob = decode(encode(answered, match_id=ID, sender=1, names=("Anna", "Bob")))

    at_bob = merge(stored_of(answered, 1), from_anna)   # her resignation came before his move
    assert at_bob["status"] == "resigned" and at_bob["match"] == resigned and at_bob["match"].over
    at_anna = merge(stored_of(resigned, 0), from_bob)   # his move after it: hers stands
    assert at_anna["status"] == "resignation_kept" and at_anna["match"] == resigned

    # a match: she resigns game 1 and moves first in game 2; he has answered game 1
    one = play_on(Match.new("quick", 9, games=2), random.Random(9), moves=1)
    resigned = link._ready_all(one.resign_game(0))
    if resigned.turn == 0:
        resigned = resigned.play(resigned.game.legal_colors()[0])
    answered = play_on(one, random.Random(3), moves=1)
    at_bob = merge(stored_of(answered, 1), decode(encode(resigned, match_id=ID, sender=0)))
    assert at_bob["status"] == "resigned" and at_bob["match"] == resigned
    at_anna = merge(stored_of(resigned, 0), decode(encode(answered, match_id=ID, sender=1)))
    assert at_anna["status"] == "resignation_kept"

    # a changed move is still refused
    other = play_on(one, random.Random(4), moves=1)
    while other.events == answered.events:
        other = play_on(one, random.Random(rng.random()), moves=1)
    assert code_of(lambda: merge(stored_of(answered, 1), decode(encode(other, match_id=ID, sender=1)))) \
        == "link.changed"


def test_two_resignations_that_cross_end_the_same_on_both_devices():
    # Anna moved; while it was Bob's move both resigned, and the links crossed. Each
    # device refused the other's, and the match stuck. The resignation of the player
    # to move stands (Bob's: he resigned instead of moving), on both devices.
    for games in (1, 2):
        one = play_on(Match.new("quick", 9, games=games), random.Random(9), moves=1)
        anna = link._ready_all(one.resign_game(0))
        if games == 2 and anna.turn == 0:      # she goes on in game 2
            anna = anna.play(anna.game.legal_colors()[0])
        bob = link._ready_all(one.resign_match(1))
        at_anna = merge(stored_of(anna, 0), decode(encode(bob, match_id=ID, sender=1)))
        at_bob = merge(stored_of(bob, 1), decode(encode(anna, match_id=ID, sender=0)))
        assert at_anna["status"] == "resigned" and at_anna["both"] and at_anna["match"] == bob
        assert at_bob["status"] == "resignation_kept" and at_bob["both"] and at_bob["match"] == bob
        assert bob.over


def test_an_invitation_carries_only_the_inviters_moves():
    # issue 24: a link for a match this device never had, in which Anna moves and then
    # Bob (seat 1, this device) resigns the match, was taken, and rated Bob's loss
    one = play_on(Match.new("quick", 9, games=2), random.Random(9), moves=1)
    forged = decode(encode(link._ready_all(one.resign_match(1)), match_id=ID, sender=0, names=("Anna", "Bob")))
    assert code_of(lambda: merge(None, forged)) == "link.not_sent"
    # a link "from Bob" while it is Bob's move: no device sends that
    assert code_of(lambda: merge(None, decode(encode(one, match_id=ID, sender=1)))) == "link.not_sent"
    invitation = merge(None, decode(encode(one, match_id=ID, sender=0, names=("Anna", ""))))
    assert invitation["status"] == "new" and invitation["seat"] == 1 and invitation["match"] == one
    # the friend moves first: an invitation without a move
    assert merge(None, decode(encode(Match.new("quick", 9, games=2), match_id=ID, sender=1)))["status"] == "new"


def test_a_device_without_the_match_rebuilds_it_from_a_later_link():
    # Bob's device lost its storage: Anna's latest link holds his moves too. The match
    # goes on, but as "rebuilt": this device cannot vouch for those moves being his
    three = play_on(Match.new("quick", 9, games=2), random.Random(9), moves=3)  # Anna, Bob, Anna
    rebuilt = merge(None, decode(encode(three, match_id=ID, sender=0, names=("Anna", "Bob"))))
    assert rebuilt["status"] == "rebuilt" and rebuilt["seat"] == 1 and rebuilt["match"] == three
    assert rebuilt["names"] == ["Anna", "Bob"]
    # his resignation of game 1 is in it, and Anna went on in game 2
    resigned = link._ready_all(play_on(Match.new("quick", 9, games=2), random.Random(9), moves=2).resign_game(1))
    if resigned.turn == 1:
        resigned = resigned.play(resigned.game.legal_colors()[0])
        resigned = resigned.play(resigned.game.legal_colors()[0])
    assert merge(None, decode(encode(resigned, match_id=ID, sender=0)))["status"] == "rebuilt"


def test_your_own_link_with_moves_this_device_does_not_have_is_refused():
    rng = random.Random(9)
    two = play_on(Match.new("quick", 9, games=2), rng, moves=2)
    three = play_on(two, rng, moves=1)
    # Anna (seat 0) has two moves; a link "of hers" plays her next move for her
    error = pytest.raises(BadLink, merge, stored_of(two, 0), decode(encode(three, match_id=ID, sender=0))).value
    assert error.code == "link.own_newer"
    assert merge(stored_of(three, 0), decode(encode(three, match_id=ID, sender=0)))["status"] == "own"


def test_game_two_follows_without_waiting_for_ready():
    match = whole_match("quick")
    first = next(i for i, event in enumerate(match.events) if event[0] == "ready")
    assert match.events[first:first + 2] == (("ready", 0), ("ready", 1))


# ---- the API -------------------------------------------------------------------------

def call(method, **params):
    return json.loads(api.handle(json.dumps({"id": 1, "method": method, "params": params})))


def test_the_api_makes_and_opens_links_and_readies_a_friend_table_at_once():
    seats = [{"kind": "human", "name": "Anna"}, {"kind": "friend", "name": ""}]
    opened = call("new_game", variant="quick", seed=11, games=2, seats=seats)["result"]
    table_id, state = opened["table_id"], opened["state"]
    state = call("play", table_id=table_id, state_id=state["state_id"], color=state["legal"][0])["result"]
    refused = call("play", table_id=table_id, state_id=state["state_id"], color=state["legal"][0])
    assert refused["error"]["code"] == "turn.friend"
    made = call("friend_link", record=state["record"], match_id=ID, sender=0, names=["Anna", ""],
                ratings=[[1500, 350, 0.06], None])["result"]
    assert made["length"] == len(made["link"])
    got = call("friend_open", link=SITE + "#" + made["link"], site=SITE)["result"]
    assert got["status"] == "new" and got["seat"] == 1 and got["names"] == ["Anna", ""]
    assert got["record"]["events"] == state["record"]["events"]
    assert got["ratings"] == [[1500, 350, 0.06], None]
    bad = call("friend_open", link=made["link"][:-2])
    assert bad["ok"] is False and bad["error"]["code"] == "link.truncated"

    # a whole game 1 by the table: both seats are made ready, game 2 starts at once
    match = Match.from_record(state["record"])
    rest = play_on(match, random.Random(2))
    table = api._tables[table_id]
    for event in rest.events[len(match.events):]:
        table.apply(list(event))
    assert table.match.over and table.match.to_record() == rest.to_record()


def test_a_match_by_link_rates_only_a_player_who_played_in_it():
    # Anna moves and resigns the match before Bob did anything: his device takes the
    # link (an invitation, over at once) but the match does not rate him
    one = play_on(Match.new("quick", 9, games=2), random.Random(9), moves=1)
    got = call("friend_open", link=encode(link._ready_all(one.resign_match(0)), match_id=ID, sender=0,
                                          names=("Anna", "")))["result"]
    assert got["status"] == "new" and got["seat"] == 1
    seats = [{"kind": "friend", "name": "Anna"}, {"kind": "human", "name": "Bob"}]
    before = [[1600, 80, 0.06], [1500, 100, 0.06]]

    def ratings_of(record):
        table_id = call("open_record", record=record, seats=seats)["result"]["table_id"]
        return call("rating_updates", table_id=table_id, ratings=before)["result"]

    assert ratings_of(got["record"])["ratings"][1] is None
    # once Bob has moved, it counts for him
    answered = link._ready_all(play_on(one, random.Random(2), moves=1).resign_match(0))
    assert ratings_of(answered.to_record())["ratings"][1]["change"] > 0


def test_the_measuring_command_prints_a_row_per_variant(capsys):
    from filler.__main__ import main
    assert main(["link-lengths", "--matches", "1", "--level", "random"]) == 0
    rows = {line.split()[0]: line.split() for line in capsys.readouterr().out.splitlines()[2:]}
    assert set(rows) == set(link.VARIANT_CODES)
    assert all(int(row[5]) <= 300 for row in rows.values())
