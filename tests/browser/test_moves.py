"""Moves you can follow, in a real Chromium: your own move is painted on its own
before the computer's reply; a move spreads from the territory outwards, ring by
ring; prefers-reduced-motion paints no motion; each player's last move stays marked
until their next; and a move made while the board still paints is taken at once.

What is on screen is read as each cell's computed fill and transform in every
animation frame (the cells' attributes hold the engine's state at once; the paint
catches up). The engine in CPython, on the page's variant and seed, says which cells
each move took.
"""

import pytest
from test_table import start as start_from_lobby

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
# (read in the same task that drew it): the cells' animations (not CSS
# transitions), each seat's marked cells and the playable colors. With `press`, the
# first playable color's key is pressed at once after the first count.
AT_MOVES = """([counts, press]) => ({moments: new Promise((resolve) => {
  const moments = [];
  const cells = () => [...document.querySelectorAll('.board .cell')];
  const read = () => ({
    moves: Number(document.body.dataset.moves),
    animations: cells().flatMap((cell) => cell.getAnimations()
      .filter((animation) => !(animation instanceof CSSTransition))
      .map((animation) => ({cell: Number(cell.dataset.cell), ...animation.effect.getComputedTiming()}))),
    marked: Object.fromEntries(cells().filter((cell) => cell.dataset.last !== undefined)
      .map((cell) => [cell.dataset.cell, Number(cell.dataset.last)])),
    legal: [...document.querySelectorAll('.color-button:not([aria-disabled])')].map((b) => Number(b.dataset.color)),
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


def start(page, variant):
    """A new game from the lobby, the pointer then off the board (a hovered cell would
    preview its color over the moves)."""
    game = start_from_lobby(page, variant)
    page.mouse.move(0, 0)
    return game


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


def reply_of(page, game):
    """The game after the computer's reply: its territory's color now is its move."""
    color = page.evaluate("(seat) => document.querySelector(`.board .cell[data-owner=\"${seat}\"]`).dataset.color",
                          game.turn)
    return game.play(int(color))


def play_and_watch(page, game, color):
    """Press the color's key and sample every frame until the reply is painted;
    returns (frames, the game after my move, the game after the reply)."""
    sampling = page.evaluate_handle(SAMPLE_FRAMES, 2)
    page.keyboard.press(str(color + 1))
    frames = sampling.evaluate("sampling => sampling.frames")
    mine = game.play(color)
    return frames, mine, reply_of(page, mine)


def looks_like(frame, cells, reference):
    return all(frame["looks"][str(cell)] == reference["looks"][str(cell)] for cell in cells)


@pytest.fixture
def table(booted_page):
    """The module's page with motion as a player without preferences has it."""
    booted_page.emulate_media(reduced_motion="no-preference")
    yield booted_page
    booted_page.emulate_media(reduced_motion="no-preference")


def test_your_own_move_is_on_screen_before_the_reply(table):
    game, _ = start(table, "classic")
    frames, mine, reply = play_and_watch(table, game, game.legal_colors()[0])
    first, last = frames[0], frames[-1]
    my_cells, reply_cells = changed_cells(game, mine), changed_cells(mine, reply)
    assert my_cells and reply_cells and not my_cells & reply_cells
    assert owners_of(reply) == table.evaluate(
        "[...document.querySelectorAll('.board .cell')].map(c => c.dataset.owner || '.').join('')")
    alone = [index for index, frame in enumerate(frames)
             if looks_like(frame, my_cells, last) and looks_like(frame, reply_cells, first)]
    assert alone, "no frame shows my move on its own"
    # the reply came back while my move was still painting: it waits for it
    reply_in = next(index for index, frame in enumerate(frames) if frame["moves"] == 2)
    mine_painted = next(index for index, frame in enumerate(frames) if looks_like(frame, my_cells, last))
    if reply_in <= mine_painted:
        assert any(frames[index]["moves"] == 2 for index in alone)
    reply_seen = next(index for index, frame in enumerate(frames) if not looks_like(frame, reply_cells, first))
    assert reply_seen > alone[0]


def test_a_move_spreads_from_the_territory_ring_by_ring(table):
    game, _ = start(table, "classic")
    seat = game.turn
    color = max(game.legal_colors(), key=lambda c: (len(game.preview(c).get(seat, [])), -c))
    watching = table.evaluate_handle(AT_MOVES, [[1, 2], False])
    table.keyboard.press(str(color + 1))
    moment = watching.evaluate("watching => watching.moments")[0]
    mine = game.play(color)
    gained = gained_cells(game, mine)
    territory = changed_cells(game, mine) - gained
    distance = rings(game, gained, seat)
    start_of = {animation["cell"]: animation["delay"] for animation in moment["animations"]}
    assert gained and set(start_of) == territory | gained  # the cells the move changed, only those
    # the territory takes the color first, then each ring of gained cells in turn
    assert max(start_of[cell] for cell in territory) < min(start_of[cell] for cell in gained)
    far = len(gained) + 1
    for a in gained:
        for b in gained:
            if distance.get(a, far) < distance.get(b, far):
                assert start_of[a] < start_of[b]
    # a short wave: about a quarter of a second until the last cell is painted
    assert 100 <= max(animation["endTime"] for animation in moment["animations"]) <= 400


def test_reduced_motion_paints_no_motion_but_keeps_the_order(table):
    table.emulate_media(reduced_motion="reduce")
    game, _ = start(table, "classic")
    frames, mine, reply = play_and_watch(table, game, game.legal_colors()[-1])
    first, last = frames[0], frames[-1]
    my_cells, reply_cells = changed_cells(game, mine), changed_cells(mine, reply)
    for frame in frames:  # each cell as before or as after, never in between
        for cell, look in frame["looks"].items():
            assert look in (first["looks"][cell], last["looks"][cell]), (cell, look)
    for cells in (my_cells, reply_cells):  # a move all at once
        shown = [index for index, frame in enumerate(frames) if not looks_like(frame, cells, first)]
        assert all(looks_like(frames[index], cells, last) for index in shown)
    assert any(looks_like(frame, my_cells, last) and looks_like(frame, reply_cells, first) for frame in frames)


def test_each_players_last_move_stays_marked_until_their_next(table):
    game, _ = start(table, "classic")
    color = game.legal_colors()[0]
    watching = table.evaluate_handle(AT_MOVES, [[2, 3], True])  # my next move at once after the reply
    table.keyboard.press(str(color + 1))
    after_reply, after_mine = watching.evaluate("watching => watching.moments")
    marked = lambda moment, seat: {int(cell) for cell, owner in moment["marked"].items() if owner == seat}
    mine = game.play(color)
    reply = next(mine.play(c) for c in mine.legal_colors() if gained_cells(mine, mine.play(c)) == marked(after_reply, 1))
    # after the reply my move is still marked beside the computer's
    assert marked(after_reply, 0) == gained_cells(game, mine)
    assert marked(after_reply, 1)
    # my next move moves my mark; the computer's stays until it moves again
    assert after_mine["moves"] == 3
    assert marked(after_mine, 0) == gained_cells(reply, reply.play(after_reply["legal"][0]))
    assert marked(after_mine, 1) == marked(after_reply, 1)
    for seat in (0, 1):
        outline = table.locator(f'.board .last-outline[data-seat="{seat}"]')
        assert outline.get_attribute("d").startswith("M")
        assert outline.evaluate("o => getComputedStyle(o).stroke !== 'none' && Number(getComputedStyle(o).opacity) > 0.5")


def test_a_move_made_while_the_reply_paints_is_taken_at_once(table):
    game, _ = start(table, "classic")
    watching = table.evaluate_handle(AT_MOVES, [[2, 3], True])
    table.keyboard.press(str(game.legal_colors()[0] + 1))
    after_reply, after_mine = watching.evaluate("watching => watching.moments")
    assert after_reply["animations"]  # the reply was still being painted when I played
    assert after_mine["moves"] == 3  # my move was taken at once
    # and the reply is painted whole at once: none of its cells waits or moves any more
    reply_cells = {int(cell) for cell, seat in after_reply["marked"].items() if seat == 1}
    assert reply_cells and not reply_cells & {animation["cell"] for animation in after_mine["animations"]}
