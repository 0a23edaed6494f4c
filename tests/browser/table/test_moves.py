"""Moves you can follow, in a real Chromium: your own move is painted on its own
before the computer's reply; a move spreads from the territory outwards, ring by
ring; prefers-reduced-motion paints no motion; each player's last move stays marked
until their next; a move made while the board still paints is taken at once; and
every move is heard, the first of a visit too.

What is on screen is read as each cell's computed fill and transform in every
animation frame (the cells' attributes hold the engine's state at once; the paint
catches up). The engine in CPython, on the page's variant and seed, says which cells
each move took.
"""

import pytest
from driver import game_of_table, start_game

from filler.topology import Geometry

# Every animation frame: each cell's painted look (fill and transform) and the
# page's move count, until `moves` are in and no cell moves any more. (Promises
# inside an object: evaluate_handle returns at once, the test awaits them later.)
SAMPLE_FRAMES = """(moves) => ({frames: new Promise((resolve) => {
  const cells = [...document.querySelectorAll('.board .cell')];
  const frames = [];
  let quiet = 0;
  const tick = () => {
    frames.push({
      looks: Object.fromEntries(cells.map((cell) => {
        const style = getComputedStyle(cell);
        return [cell.dataset.cell, `${style.fill}|${style.transform}`];
      })),
      moves: Number(document.body.dataset.moves),
    });
    const moving = cells.some((cell) => cell.getAnimations().length);
    quiet = Number(document.body.dataset.moves) >= moves && !moving ? quiet + 1 : 0;
    if (quiet >= 3) resolve(frames);
    else requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})})"""

# What the board holds at the moment the page shows move n, for each n in `counts`
# (read in the same task that drew it): the document timeline's time, the cells'
# animations (not CSS transitions) with their start on that timeline, each seat's
# marked cells and its last move's outline, and the playable colors. With `press`,
# the first playable color's key is pressed at once after the first count.
AT_MOVES = """([counts, press]) => ({moments: new Promise((resolve) => {
  const moments = [];
  const cells = () => [...document.querySelectorAll('.board .cell')];
  const read = () => ({
    moves: Number(document.body.dataset.moves),
    now: document.timeline.currentTime,
    animations: cells().flatMap((cell) => cell.getAnimations()
      .filter((animation) => !(animation instanceof CSSTransition))
      .map((animation) => ({cell: Number(cell.dataset.cell), start: animation.startTime ?? document.timeline.currentTime,
                            ...animation.effect.getComputedTiming()}))),
    marked: Object.fromEntries(cells().filter((cell) => cell.dataset.last !== undefined)
      .map((cell) => [cell.dataset.cell, Number(cell.dataset.last)])),
    legal: [...document.querySelectorAll('.color-button:not([aria-disabled])')].map((b) => Number(b.dataset.color)),
    // each of two seats' territory color: the color it played last (a preview recolors only the mover's)
    territory: [0, 1].map((seat) => Number(document.querySelector(`.board .cell[data-owner="${seat}"]`)?.dataset.color)),
    outlines: [...document.querySelectorAll('.board .last-outline')].map((outline) => ({
      d: outline.getAttribute('d') || '', stroke: getComputedStyle(outline).stroke,
      opacity: Number(getComputedStyle(outline).opacity)})),
  });
  const watch = new MutationObserver(() => {
    const moves = Number(document.body.dataset.moves);
    if (moments.length >= counts.length || moves < counts[moments.length]) return;
    moments.push(read());
    if (press && moments.length === 1) {
      const key = String(moments[0].legal[0] + 1);
      document.dispatchEvent(new KeyboardEvent('keydown', {key, bubbles: true}));
    }
    if (moments.length === counts.length) {
      watch.disconnect();
      resolve(moments);
    }
  });
  watch.observe(document.body, {attributes: true, attributeFilter: ['data-moves']});
})})"""


def start(page, variant, kinds=("human", "computer")):
    """A new game from the lobby, the pointer then off the board (a hovered cell would
    preview its color over the moves)."""
    start_game(page, variant, kinds=kinds)
    page.mouse.move(0, 0)
    return game_of_table(page)


def owners_of(game):
    return "".join(game.owner_rows())


def changed_cells(before, after):
    """Cells whose owner or color a move changed (the engine's before and after)."""
    pairs = zip(owners_of(before), owners_of(after), "".join(before.color_rows()), "".join(after.color_rows()))
    return {cell for cell, (o1, o2, c1, c2) in enumerate(pairs) if o1 != o2 or c1 != c2}


def gained_cells(before, after):
    return {cell for cell, (o1, o2) in enumerate(zip(owners_of(before), owners_of(after))) if o1 != o2}


def rings(game, gained, seat):
    """Each gained cell's distance over the board from the mover's old territory."""
    neighbours = Geometry(game.shape, game.width, game.height).neighbours
    ring = [cell for cell, owner in enumerate(owners_of(game)) if owner == str(seat)]
    distance, depth = {}, 0
    while ring:
        depth += 1
        outer = [n for cell in ring for n in neighbours[cell] if n in gained and n not in distance]
        distance.update((cell, depth) for cell in outer)
        ring = outer
    return distance


def biggest_move(game):
    """The legal color that gains the most cells now."""
    return max(game.legal_colors(), key=lambda c: (len(game.preview(c).get(game.turn, [])), -c))


def start_with_a_gain(page):
    """A new classic game whose first move can gain cells (most can)."""
    game, _ = start(page, "classic")
    while not game.preview(biggest_move(game)).get(game.turn):
        game, _ = start(page, "classic")
    return game


def reply_of(page, game):
    """The game after the computer's reply: its territory's color now is its move
    (until it moves again)."""
    color = page.evaluate("(seat) => document.querySelector(`.board .cell[data-owner=\"${seat}\"]`).dataset.color",
                          game.turn)
    return game.play(int(color))


def play_and_watch(page, game, color, moves=2):
    """Press the color's key and sample every frame until the reply is painted;
    returns (frames, the moments of my move and the reply, the game after my move,
    the game after the reply)."""
    sampling = page.evaluate_handle(SAMPLE_FRAMES, moves)
    watching = page.evaluate_handle(AT_MOVES, [[1, 2], False])
    page.keyboard.press(str(color + 1))
    frames = sampling.evaluate("sampling => sampling.frames")
    moments = watching.evaluate("watching => watching.moments")
    mine = game.play(color)
    return frames, moments, mine, reply_of(page, mine)


def pause_before_reply(moments, my_cells, reply_cells):
    """Milliseconds on the page's timeline from my move painted whole to the reply's
    first cell changing, as the board scheduled them."""
    at_mine, at_reply = moments
    mine_ends = max([a["start"] + a["endTime"] for a in at_mine["animations"] if a["cell"] in my_cells],
                    default=at_mine["now"])
    reply_starts = min([a["start"] for a in at_reply["animations"] if a["cell"] in reply_cells],
                       default=at_reply["now"])
    return reply_starts - mine_ends


def looks_like(frame, cells, reference):
    return all(frame["looks"][str(cell)] == reference["looks"][str(cell)] for cell in cells)


@pytest.fixture
def table(booted_page):
    """The module's page with motion as a player without preferences has it."""
    booted_page.emulate_media(reduced_motion="no-preference")
    yield booted_page
    booted_page.emulate_media(reduced_motion="no-preference")


def test_your_own_move_is_on_screen_before_the_reply(table):
    game = start_with_a_gain(table)
    frames, moments, mine, reply = play_and_watch(table, game, biggest_move(game))
    first, last = frames[0], frames[-1]
    my_cells, reply_cells = changed_cells(game, mine), changed_cells(mine, reply)
    assert my_cells and reply_cells and not my_cells & reply_cells
    assert owners_of(reply) == table.evaluate(
        "[...document.querySelectorAll('.board .cell')].map(c => c.dataset.owner || '.').join('')")
    # however quick the reply, my move is painted whole, alone for a while, then the reply
    assert pause_before_reply(moments, my_cells, reply_cells) >= 100
    # and so it is in the frames painted: none shows the reply begun before my move is
    # whole (at any frame rate)
    mine_painted = next(index for index, frame in enumerate(frames) if looks_like(frame, my_cells, last))
    reply_seen = next(index for index, frame in enumerate(frames) if not looks_like(frame, reply_cells, first))
    assert mine_painted <= reply_seen


def test_in_four_players_each_computer_move_is_painted_in_turn(table):
    game, _ = start(table, "four", ("human", "computer", "computer", "computer"))
    frames, _, mine, _ = play_and_watch(table, game, game.legal_colors()[0], moves=4)
    games = [game, mine]
    while len(games) < 5:
        games.append(reply_of(table, games[-1]))
    moves = [changed_cells(before, after) for before, after in zip(games, games[1:])]
    first, last = frames[0], frames[-1]
    painted = [next(index for index, frame in enumerate(frames) if looks_like(frame, cells, last)) for cells in moves]
    begun = [next(index for index, frame in enumerate(frames) if not looks_like(frame, cells, first)) for cells in moves]
    for number in range(3):  # each move painted whole before the next one starts
        assert painted[number] <= begun[number + 1], (number, painted, begun)


def test_a_move_spreads_from_the_territory_ring_by_ring(table):
    game = start_with_a_gain(table)
    seat = game.turn
    color = biggest_move(game)
    watching = table.evaluate_handle(AT_MOVES, [[1, 2], False])
    table.keyboard.press(str(color + 1))
    moment = watching.evaluate("watching => watching.moments")[0]
    mine = game.play(color)
    gained = gained_cells(game, mine)
    territory = changed_cells(game, mine) - gained
    distance = rings(game, gained, seat)
    start_of = {animation["cell"]: animation["start"] for animation in moment["animations"]}
    assert gained and set(start_of) == territory | gained  # the cells the move changed, only those
    # the territory takes the color first, then each ring of gained cells in turn
    assert max(start_of[cell] for cell in territory) < min(start_of[cell] for cell in gained)
    far = len(gained) + 1
    for a in gained:
        for b in gained:
            if distance.get(a, far) < distance.get(b, far):
                assert start_of[a] < start_of[b]
    # a short wave: about a quarter of a second until the last cell is painted
    painted = max(animation["start"] + animation["endTime"] for animation in moment["animations"])
    assert 100 <= painted - moment["now"] <= 400


def test_reduced_motion_paints_no_motion_but_keeps_the_order(table):
    table.emulate_media(reduced_motion="reduce")
    game, _ = start(table, "classic")
    frames, moments, mine, reply = play_and_watch(table, game, game.legal_colors()[-1])
    first, last = frames[0], frames[-1]
    my_cells, reply_cells = changed_cells(game, mine), changed_cells(mine, reply)
    for frame in frames:  # each cell as before or as after, never in between
        for cell, look in frame["looks"].items():
            assert look in (first["looks"][cell], last["looks"][cell]), (cell, look)
    for cells in (my_cells, reply_cells):  # a move all at once
        shown = [index for index, frame in enumerate(frames) if not looks_like(frame, cells, first)]
        assert all(looks_like(frames[index], cells, last) for index in shown)
    # and the reply a while after my move (a still pause)
    assert pause_before_reply(moments, my_cells, reply_cells) >= 100


def test_each_players_last_move_stays_marked_until_their_next(table):
    game = start_with_a_gain(table)
    color = biggest_move(game)
    watching = table.evaluate_handle(AT_MOVES, [[2, 3], True])  # my next move at once after the reply
    table.keyboard.press(str(color + 1))
    after_reply, after_mine = watching.evaluate("watching => watching.moments")
    marked = lambda moment, seat: {int(cell) for cell, owner in moment["marked"].items() if owner == seat}
    mine = game.play(color)
    # the computer's reply is its territory's color (the cells it gained would not say it
    # when it gained none: then every color that takes nothing looked like it)
    reply = mine.play(after_reply["territory"][1])
    assert gained_cells(mine, reply) == marked(after_reply, 1)
    # after the reply my move is still marked beside the computer's
    assert marked(after_reply, 0) == gained_cells(game, mine)
    # my next move moves my mark; the computer's stays until it moves again
    assert after_mine["moves"] == 3
    assert marked(after_mine, 0) == gained_cells(reply, reply.play(after_reply["legal"][0]))
    assert marked(after_mine, 1) == marked(after_reply, 1)
    for seat, outline in enumerate(after_reply["outlines"]):  # outlined (when it gained), and painted
        assert outline["d"].startswith("M") == bool(marked(after_reply, seat)), seat
        assert outline["stroke"] != "none" and outline["opacity"] > 0.5, seat


def test_a_move_made_while_the_reply_paints_is_taken_at_once(table):
    # a board where the computer's reply gains cells (one may take none, its corner's
    # neighbours all of a color it may not choose: then there is nothing to paint)
    for _ in range(5):
        game, _ = start(table, "classic")
        watching = table.evaluate_handle(AT_MOVES, [[2, 3], True])
        table.keyboard.press(str(game.legal_colors()[0] + 1))
        after_reply, after_mine = watching.evaluate("watching => watching.moments")
        reply_cells = {int(cell) for cell, seat in after_reply["marked"].items() if seat == 1}
        if reply_cells:
            break
    assert reply_cells, "five replies in a row gained nothing"
    assert after_reply["animations"]  # the reply was still being painted when I played
    assert after_mine["moves"] == 3  # my move was taken at once
    # and the reply is painted whole at once: none of its cells waits or moves any more
    assert not reply_cells & {animation["cell"] for animation in after_mine["animations"]}


# Every oscillator a page starts (the Web Audio API's own, counted: the page's tones
# are oscillators), from before the page's scripts run.
COUNT_TONES = """
window.__tones = 0;
const start = OscillatorNode.prototype.start;
OscillatorNode.prototype.start = function (...args) { window.__tones += 1; return start.apply(this, args); };
"""


def test_the_first_move_of_a_visit_is_heard_too(page, site_url):
    # the audio context is made after the move is painted (js/ui/sound.js): its first
    # tones wait for it, and are played, not lost
    page.add_init_script(COUNT_TONES)
    page.goto(site_url)
    start_game(page, "quick")
    game, _ = game_of_table(page)
    assert page.evaluate("window.__tones") == 0
    color = biggest_move(game)
    page.click(f'.color-button[data-color="{color}"]')
    mine = game.play(color)
    page.wait_for_function("() => Number(document.body.dataset.moves) === 2")
    reply = reply_of(page, mine)
    # a move is one tone, and a second one when it takes cells (moveSound)
    heard = sum(1 + bool(gained_cells(before, after)) for before, after in ((game, mine), (mine, reply)))
    page.wait_for_function("(heard) => window.__tones >= heard", arg=heard)
    assert page.evaluate("window.__tones") == heard
