// Puzzles (docs/puzzles.md): real positions with one best color, proven by the ending
// solver. The shipped files (puzzles/<variant>.json) are fetched when a player opens
// Puzzles, never on a first visit; the service worker keeps them once fetched.
//
// A puzzle is a table of its own (puzzle_open): the position of the record, the player
// to move. A color is checked by the engine against the record's solution
// (puzzle_move): a right one is played with the reply; a wrong one leaves the table as
// it was and comes back with what it costs at once; its refutation and the solution
// follow (puzzle_lines), as states the board steps through (the mode's view, drawn by
// table.js like the review's line). A mode of the table (modes.js).
// The first try of a puzzle is rated (puzzle_rating, Glicko-2, the puzzle's rating as
// the opponent's) and counted in the streak; a try again or a puzzle tried before is not.
// Progress is in the store (store.getPuzzles, store.recordPuzzle).
//
// A link `#puzzle=<id>` opens that puzzle, so a friend gets the same one; `#puzzle` opens
// Puzzles at the next one.
//
// The next puzzle is an untried one of the filters near the player's rating (within
// RATING_WINDOW of the nearest), in an order of the player's own (a shuffle by the seed
// kept in their progress), never of the game the last one came from while another is left.

import {el, replaceChildren, setAttr, append, placeAfter} from '../ui/dom.js';
import {t, variantName, problemText} from '../i18n/i18n.js';
import {signed} from '../ui/table.js';
import {ratingText as shownRating} from '../ui/rating_text.js';
import {arriving} from './game.js';

export const PUZZLE_VARIANTS = ['quick', 'classic', 'hex'];
const OWN = 'own'; // the board filter's "From your games": puzzles of your own reviewed games
export const PUZZLE_THEMES = ['enclosure', 'blocking', 'equator', 'last-region', 'finish', 'draw', 'long'];
const PUZZLE_ID = /^[a-z0-9-]{1,60}$/;
const LINK = /^#puzzle(?:=(.*))?$/s;
const START_RATING = 1500; // filler.rating.DEFAULT's r: a first puzzle is picked near it
const RATING_WINDOW = 150; // puzzles this far beyond the nearest one's rating are offered too, in the player's order
const SHOWN_ID = 40; // characters of a link's unknown puzzle id said in its message

/** What a URL's hash asks of Puzzles: null (nothing), '' (Puzzles: the next puzzle), or
 *  a puzzle's id (a malformed one as it is: said as an unknown puzzle). */
export function puzzleFromLink(hash = location.hash) {
  const match = LINK.exec(hash);
  if (!match) return null;
  if (!match[1]) return '';
  try { return decodeURIComponent(match[1]); } catch { return match[1]; }
}

/** An unknown id as a message says it: control and direction characters escaped, cut. */
function shownId(id) {
  const shown = id.replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g,
                           (character) => encodeURIComponent(character));
  return shown.length > SHOWN_ID ? `${shown.slice(0, SHOWN_ID)}…` : shown;
}

/** The link to send for a puzzle: this page with `#puzzle=<id>`. */
export function puzzleLink(id) {
  return `${location.origin}${location.pathname}#puzzle=${id}`;
}

/** The game a puzzle comes from: its id without the ply (`quick-4-11` → `quick-4`). */
const gameOf = (id) => id.replace(/-(?:g2-)?\d+$/, '');

/** Where a puzzle comes in the order of the player of `seed`: a 32-bit hash of both. */
function placeOf(seed, id) {
  let hash = (seed ^ 0x811c9dc5) >>> 0;
  for (let index = 0; index < id.length; index++) hash = Math.imul(hash ^ id.charCodeAt(index), 0x01000193) >>> 0;
  hash = Math.imul(hash ^ (hash >>> 16), 0x45d9f3b) >>> 0;
  return (hash ^ (hash >>> 16)) >>> 0;
}

/** The puzzle to offer from `list`: of `theme` (or any), not `after` (the one just
 *  shown) nor of its game while another is left, untried ones first; of those whose
 *  rating is within RATING_WINDOW of the nearest to the player's, the first in the
 *  player's order (`seed`). */
export function pickPuzzle(list, progress, {theme = null, after = null, seed = 0} = {}) {
  const rating = progress.rating?.r ?? START_RATING;
  const fits = list.filter((puzzle) => puzzle.id !== after && (!theme || puzzle.themes.includes(theme)));
  const untried = fits.filter((puzzle) => !Object.hasOwn(progress.tried, puzzle.id));
  const pool = untried.length ? untried : fits;
  const otherGames = after === null ? pool : pool.filter((puzzle) => gameOf(puzzle.id) !== gameOf(after));
  const candidates = otherGames.length ? otherGames : pool;
  if (!candidates.length) return null;
  const distance = (puzzle) => Math.abs(puzzle.rating - rating);
  const nearest = Math.min(...candidates.map(distance));
  let chosen = null;
  for (const puzzle of candidates) {
    if (distance(puzzle) > nearest + RATING_WINDOW) continue;
    if (!chosen || placeOf(seed, puzzle.id) < placeOf(seed, chosen.id)) chosen = puzzle;
  }
  return chosen;
}

/** A new player's order of the puzzles (kept in their progress from the first try on). */
const newSeed = () => crypto.getRandomValues(new Uint32Array(1))[0];

export function attachPuzzles(app, container) {
  const {state} = app;
  const files = new Map(); // variant -> Promise of {puzzles} | {missing: true}
  const bar = el('section', {class: 'mode-bar puzzle-bar', hidden: true});
  // one live region for the whole visit, its text changed (a new one would not be read)
  const verdict = el('p', {class: 'puzzle-verdict', role: 'status', 'aria-live': 'polite'});
  const barRest = el('div', {class: 'puzzle-bar-rest'});
  append(bar, verdict, barRest);
  const panel = el('section', {class: 'mode-panel puzzle-panel', hidden: true, 'aria-labelledby': 'puzzle-title'});
  placeAfter(app.tableView.replayBar, bar); // right above the board, where a phone player looks
  append(container, panel);
  let drawn = null; // the key of what the panel shows (drawn again when it changes)
  // a puzzle has a link of its own (about): a game's link of its position would be another game
  const life = app.modes.register({name: 'puzzles', open, move, view, keys, reopen, close,
                                   linkable: (table) => table.mode !== 'puzzles', state: {
    current: null, // the puzzle at the table: see show()
    message: null, // {key, params}: why no puzzle is shown (none of a theme, a bad link)
    chosen: {variant: 'quick', theme: null}, // the filters
    seed: null, // the order of the puzzles offered: the stored one, else a new player's own
  }});
  const my = life.state;
  const chosen = my.chosen;
  let kept = null; // the store's progress as last read: draws (every hover) do not read it again
  const progress = () => (kept ??= app.store.getPuzzles());
  app.store.subscribe((event) => { // another tab played a puzzle, an import merged some
    if (event.type === 'changed' && ['puzzles', 'all'].includes(event.what)) {
      kept = null;
      app.changed();
    }
  });
  const orderSeed = () => (my.seed = progress().seed ?? my.seed ?? newSeed());
  const link = puzzleFromLink(); // the page was opened with a link to Puzzles
  if (link !== null) {
    history.replaceState(null, '', location.pathname + location.search); // a reload is a normal visit
    if (link === '') life.queue({variant: chosen.variant, theme: null, id: null});
    else if (!PUZZLE_ID.test(link) || !PUZZLE_VARIANTS.includes(link.split('-')[0])) {
      my.message = {key: 'puzzle.unknown', params: {id: shownId(link)}};
    } else life.queue({variant: link.split('-')[0], theme: null, id: link});
  }

  /** The file of a variant's puzzles, fetched once (again after a failure). */
  function loadFile(variant) {
    if (!files.has(variant)) {
      const loading = fetch(`puzzles/${variant}.json`).then(async (response) => {
        if (response.status === 404) return {missing: true};
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const data = await response.json();
        if (data?.format !== 'filler-puzzles' || !Array.isArray(data.puzzles)) throw new Error('not a puzzle file');
        // the engine checks each record it opens; here only what picking one reads
        return {puzzles: data.puzzles.filter((puzzle) => typeof puzzle?.id === 'string' && PUZZLE_ID.test(puzzle.id)
          && Number.isFinite(puzzle.rating) && Array.isArray(puzzle.themes))};
      });
      loading.catch(() => files.delete(variant));
      files.set(variant, loading);
    }
    return files.get(variant);
  }

  const isPuzzleTable = (table) => Boolean(my.current && table && table === my.current.table);
  // a message of no puzzle (none of the filters, a bad link) puts the one at the table away
  const shelved = () => Boolean(my.current && my.message);
  const stale = (table) => table.engineGeneration !== app.engine.generation;

  /** What the board shows (table.js): a position of the line being stepped through,
   *  with its next color previewed, or the position with the color to look at. The
   *  puzzle's bar says the task and the end (no result panel, no resign); the replies
   *  are the solution's (no computer thinks). */
  function view(table) {
    const own = {status: '', result: false, resign: false, thinking: false};
    if (!isPuzzleTable(table)) return own;
    // a restarted engine has not reopened the puzzle yet (reopen): no color can be taken
    if (stale(table) || shelved()) return {...own, locked: true};
    if (my.current.phase === 'solving') return own;
    const line = my.current.line;
    if (!line) return {...own, locked: true};
    const snapshot = line.index ? line.states[line.index - 1] : null;
    const next = snapshot?.over ? null : line.colors[line.index] ?? null;
    return {...own, snapshot, step: line.index || null, count: line.states.length, best: next, locked: true,
            status: line.index ? t('puzzle.line_board') : ''};
  }

  /** Open Puzzles: the puzzle `id`, or the next one of the filters. */
  async function open({variant = chosen.variant, theme = chosen.theme, id = null} = {}) {
    chosen.variant = variant;
    chosen.theme = theme;
    my.message = null;
    const ticket = life.ask({variant, theme, id});
    if (ticket === null) return; // opened once the engine is up
    if (variant === OWN) return showOwn(ticket, theme, id);
    let file;
    try {
      file = await loadFile(variant);
    } catch (error) {
      console.warn('filler: puzzles', error);
      return say(ticket, 'puzzle.load_failed');
    }
    if (life.late(ticket)) return;
    if (file.missing) return say(ticket, 'puzzle.none_here', {variant: variantName(variant)});
    kept = null; // as stored now
    const record = id ? file.puzzles.find((puzzle) => puzzle.id === id)
      : pickPuzzle(file.puzzles, progress(), {theme, after: my.current?.record.id ?? null, seed: orderSeed()});
    if (!record) return say(ticket, id ? 'puzzle.unknown' : 'puzzle.none_theme', {id});
    await show(record, ticket, progress());
  }

  /** "From your games": the puzzles the reviews of your matches found (review.js),
   *  newest match first; the one after the current, or `id`. */
  async function showOwn(ticket, theme, id) {
    const list = app.store.listMatches({finished: true}).flatMap((entry) =>
      (app.store.loadMatch(entry.id)?.reviews ?? []).flatMap((stored) => stored?.puzzles ?? []))
      .filter((puzzle) => typeof puzzle?.id === 'string' && Array.isArray(puzzle.themes)
              && (!theme || puzzle.themes.includes(theme)));
    const at = list.findIndex((puzzle) => puzzle.id === (id ?? my.current?.record.id));
    const record = id ? list[at] : list.filter((puzzle) => puzzle.id !== my.current?.record.id)
      .find((puzzle, index) => index >= at) ?? list.find((puzzle) => puzzle.id !== my.current?.record.id);
    if (!record) return say(ticket, theme ? 'puzzle.none_theme' : 'puzzle.none_own');
    await show(record, ticket, progress(), true);
  }

  function say(ticket, key, params = {}) {
    if (life.late(ticket)) return;
    my.message = {key, params};
    app.changed();
  }

  /** A puzzle record at the table. */
  async function show(record, ticket, progress, own = false) {
    let opened;
    try {
      opened = await app.request('puzzle_open', {record});
    } catch (error) {
      if (!life.late(ticket)) app.showError(error);
      return say(ticket, 'puzzle.bad_record', {id: record.id});
    }
    if (!life.keep(ticket, opened)) return;
    const table = life.table(opened, {variant: record.variant, seed: record.seed});
    table.ratingAsked = true; // a puzzle is rated by its own rating (rate()), never as a match
    table.moves = [...record.moves];
    const tried = own || Object.hasOwn(progress.tried, record.id); // your own puzzles are never rated
    my.current = {
      own,
      record, table, ply: 0, // the solution's moves played so far
      phase: 'solving', // 'solving' | 'wrong' | 'solved'
      wrong: null, // {color, cost}: the last wrong color
      line: null, // {kind: 'refutation' | 'solution', colors, states, index}: stepped on the board
      solutionAsked: false, // the solution asked of the engine, not come yet
      counted: tried, rated: null, // rated: {r, change} once the first try counted
      before: own ? 'own' : tried ? 'tried' : null, problem: null, copied: false,
      revealed: false, // its themes shown: once solved or failed (they would give the answer away)
    };
    drawn = null;
    life.put(table);
  }

  /** The player's color at a puzzle table (game.js play): the engine's verdict. */
  async function move(color) {
    const puzzle = my.current;
    const table = puzzle?.table;
    if (puzzle?.phase !== 'solving' || !life.free(table) || stale(table) || shelved()) return;
    table.requesting = true; // not drawn: the answer comes within a frame, and a draw before it would delay it
    try {
      const answer = await app.request('puzzle_move', {table_id: table.tableId, state_id: table.snapshot.state_id, color});
      if (my.current !== puzzle) return;
      if (answer.right) {
        if (!await life.replies(table, answer.states, () => my.current === puzzle)) return;
        puzzle.ply += 2;
        puzzle.wrong = null;
        if (answer.solved) puzzle.phase = 'solved';
      } else {
        puzzle.phase = 'wrong';
        puzzle.wrong = {color, cost: answer.cost};
      }
    } catch (error) {
      if (my.current === puzzle) app.showError(error, table);
      return;
    } finally {
      table.requesting = false;
      app.changed(); // the verdict at once; the lines to step through and the rating follow
    }
    if (puzzle.phase === 'wrong') showLines(puzzle, color);
    if (puzzle.phase !== 'solving') {
      puzzle.revealed = true;
      await rate(puzzle, puzzle.phase === 'solved');
      if (my.current === puzzle) app.changed();
    }
  }

  /** A wrong color's refutation on the board, once the engine sends it: played on by
   *  the solver to the end of the game, so what the verdict claims is on the board. */
  async function showLines(puzzle, color) {
    const at = puzzle.wrong;
    try {
      const line = await requestLine(puzzle, 'refutation');
      if (my.current !== puzzle || puzzle.wrong !== at) return; // tried again meanwhile
      puzzle.line = lineOf('refutation', line);
    } catch (error) {
      if (my.current === puzzle) app.showError(error, puzzle.table);
    }
    app.changed();
  }

  /** A line of the wrong color's position (puzzle_lines: `refutation` or `solution`). */
  const requestLine = (puzzle, line) => app.request('puzzle_lines', {
    table_id: puzzle.table.tableId, state_id: puzzle.table.snapshot.state_id, color: puzzle.wrong.color, line});

  const lineOf = (kind, {colors, states}) => ({kind, colors, states, index: 0});

  /** The first try of a puzzle: the player's puzzle rating and streak, stored. */
  async function rate(puzzle, solved) {
    if (puzzle.counted) return;
    puzzle.counted = true;
    const now = app.store.getPuzzles(); // as stored, not as last drawn
    if (Object.hasOwn(now.tried, puzzle.record.id)) return; // tried in another tab meanwhile
    const before = now.rating ? [now.rating.r, now.rating.rd, now.rating.vol] : null;
    try {
      const next = await app.request('puzzle_rating', {rating: before, puzzle: puzzle.record.rating, solved});
      const recorded = app.store.recordPuzzle(puzzle.record.id, {solved, rating: {r: next.r, rd: next.rd, vol: next.vol},
                                                                 seed: orderSeed()});
      puzzle.rated = {r: next.r, rd: next.rd, change: next.change};
      kept = recorded.ok ? recorded.progress : null;
      if (!recorded.ok) puzzle.problem = 'puzzle.not_stored';
    } catch (error) {
      puzzle.problem = error.problem?.code ? error.problem : 'puzzle.not_rated';
    }
  }

  function stepLine(index) {
    const line = my.current?.line;
    if (!line) return;
    line.index = Math.max(0, Math.min(line.states.length, index));
    app.changed();
  }

  /** The solution from the wrong color's position, asked for when the player does: the
   *  engine's solver may take a few seconds to play it on to the end of the game. */
  async function showSolution() {
    const puzzle = my.current;
    if (!puzzle?.wrong || puzzle.solutionAsked) return;
    const at = puzzle.wrong;
    puzzle.solutionAsked = true;
    app.changed();
    try {
      const line = await requestLine(puzzle, 'solution');
      if (my.current === puzzle && puzzle.wrong === at) puzzle.line = lineOf('solution', line);
    } catch (error) {
      if (my.current === puzzle) app.showError(error, puzzle.table);
    } finally {
      puzzle.solutionAsked = false;
    }
    app.changed();
  }

  /** Back to the position to find the move again (not rated: the first try counted). */
  function tryAgain() {
    if (!my.current || my.current.phase !== 'wrong') return;
    Object.assign(my.current, {phase: 'solving', line: null, wrong: null, solutionAsked: false, rated: null,
                            before: my.current.own ? 'own' : 'tried'});
    app.changed();
  }

  /** The worker was restarted (boot.js): the same puzzle opened again at the move it was. */
  async function reopen(table) {
    const puzzle = my.current;
    if (!isPuzzleTable(table)) return false;
    const ticket = life.ticket();
    let opened;
    try {
      opened = await app.request('puzzle_open', {record: puzzle.record});
      for (let ply = 0; ply < puzzle.ply; ply += 2) { // the moves found so far, with their replies
        const answer = await app.request('puzzle_move', {table_id: opened.table_id, state_id: opened.state.state_id,
                                                         color: puzzle.record.solution[ply]});
        opened.state = answer.states.at(-1);
      }
    } catch (error) {
      app.showError(error, table);
      return true;
    }
    if (life.late(ticket) || my.current !== puzzle) return true;
    Object.assign(table, {tableId: opened.table_id, engineGeneration: app.engine.generation, requesting: false,
                          error: null, snapshot: arriving(opened.state)});
    app.changed();
    return true;
  }

  /** ← → Home End step through a line being shown; true when taken. */
  function keys(event) {
    const line = my.current?.line;
    if (!line || !isPuzzleTable(state.table) || shelved()) return false;
    const steps = {ArrowLeft: -1, ArrowRight: 1, Home: -Infinity, End: Infinity};
    if (!Object.hasOwn(steps, event.key)) return false;
    event.preventDefault();
    stepLine(line.index + steps[event.key]);
    return true;
  }

  /** Close Puzzles: the match to go on with, or a new game (a message alone: hidden). */
  function close() {
    const wasShown = Boolean(my.current);
    my.current = null;
    my.message = null;
    life.leave();
    app.changed();
    if (wasShown) life.back();
  }

  document.getElementById('open-puzzles')?.addEventListener('click', () => open()); // none in an embed
  app.drawListeners.add(() => draw());
  // a puzzle's link pasted into this tab changes only the hash: open it as a new visit
  window.addEventListener('hashchange', () => {
    if (puzzleFromLink() !== null) location.reload();
  });

  // ---- drawing ------------------------------------------------------------------

  /** The task: what to find, and how many moves. */
  function taskText() {
    const {record, ply} = my.current;
    const steps = (record.solution.length + 1) / 2 | 0;
    const step = ply / 2 + 1;
    const task = record.result === 'draw' ? t('puzzle.task.draw') : t('puzzle.task.win', {count: record.margin});
    return steps > 1 ? `${task} ${t('puzzle.task.step', {number: step, count: steps})}` : task;
  }

  /** What a wrong color costs, as the record says it. */
  function costText({result, cells, exact}) {
    if (result === 'loss') return t('puzzle.cost.loss');
    if (result === 'draw' && my.current.record.result === 'win') return t('puzzle.cost.draw');
    return t(exact ? 'puzzle.cost.cells' : 'puzzle.cost.at_least', {count: cells});
  }

  function verdictText() {
    if (my.current.phase === 'solved') return t('puzzle.solved');
    if (my.current.phase === 'wrong') {
      return `${t('puzzle.wrong', {number: my.current.wrong.color + 1})} ${costText(my.current.wrong.cost)}`;
    }
    return my.current.ply ? `${t('puzzle.right')} ${taskText()}` : taskText();
  }

  function lineText(line) {
    const name = t(`puzzle.line.${line.kind}`);
    return line.index ? t('puzzle.line_at', {name, number: line.index, count: line.states.length})
      : t('puzzle.line_start', {name, count: line.states.length});
  }

  function ratingText(rating) {
    if (!rating) return t('puzzle.rating_none');
    return t('puzzle.rating', {rating: shownRating(rating)}); // as the lobby shows every rating
  }

  function draw() {
    const table = state.table;
    if (my.current && table !== my.current.table) { // a new game, a match resumed: Puzzles closed
      my.current = null;
      my.message = null;
    }
    const waiting = my.waiting;
    const shown = Boolean(my.current) || Boolean(my.message) || Boolean(waiting);
    bar.hidden = !my.current || shelved();
    setAttr(container, 'data-puzzle-none', shelved() ? '' : null); // no board under the message (puzzles.css)
    if (!shown) {
      panel.hidden = true;
      drawn = null;
      return;
    }
    const {tries, streak, best, rating} = progress();
    const key = JSON.stringify([state.settings.language, my.current && [my.current.record.id, my.current.ply, my.current.phase,
      my.current.line?.kind, my.current.line?.index, my.current.solutionAsked, my.current.revealed, my.current.rated, my.current.problem, my.current.copied,
      my.current.table.requesting, my.current.table.snapshot.state_id], my.message, chosen, tries, streak,
      state.engine.status]);
    if (drawn === key) return;
    drawn = key;
    panel.hidden = false;
    const focused = document.activeElement?.closest?.('.puzzle-bar, .puzzle-panel') ? document.activeElement.dataset.focus : null;
    bar.setAttribute('aria-label', t('puzzle.title'));
    if (my.current) drawBar();
    replaceChildren(panel,
      el('div', {class: 'mode-head puzzle-head'},
        el('h2', {id: 'puzzle-title', text: t('puzzle.title')}),
        el('button', {type: 'button', class: 'puzzle-close', dataset: {action: 'close-puzzles', focus: 'close'},
                      text: t('puzzle.close'), onclick: () => close()})),
      el('p', {class: 'puzzle-progress', dataset: {tries: String(tries)}},
        el('strong', {class: 'puzzle-rating', text: ratingText(rating)}), ' · ',
        el('span', {class: 'puzzle-streak', dataset: {streak: String(streak)},
                    text: t('puzzle.streak', {count: streak, best})})),
      filters(),
      my.message ? el('p', {class: 'puzzle-message', role: 'alert', text: t(my.message.key, {
        ...my.message.params, variant: my.message.params.variant ?? variantName(chosen.variant)})}) : null,
      my.current && !my.message ? about() : null,
      !my.current && !my.message && waiting ? el('p', {class: 'puzzle-waiting', text: t('puzzle.waiting')}) : null);
    if (focused) [bar, panel].map((part) => part.querySelector(`[data-focus="${focused}"]`)).find(Boolean)?.focus();
  }

  /** Above the board: the task or the verdict (read by screen readers), a line's
   *  steps, and what to do next. */
  function drawBar() {
    const {phase, line} = my.current;
    Object.assign(verdict.dataset, {phase, ply: String(my.current.ply)});
    replaceChildren(verdict,
      phase === 'solving' ? null : el('strong', {class: 'puzzle-mark', 'aria-hidden': 'true', text: phase === 'solved' ? '✓ ' : '✗ '}),
      verdictText());
    const steps = line ? el('div', {class: 'puzzle-line-steps', role: 'group', 'aria-label': t(`puzzle.line.${line.kind}`),
                                    dataset: {line: line.kind}},
      el('button', {type: 'button', dataset: {action: 'puzzle-line-prev', focus: 'line-prev'}, disabled: line.index === 0,
                    'aria-label': t('puzzle.line_prev'), text: '◀', onclick: () => stepLine(line.index - 1)}),
      el('span', {class: 'puzzle-line-at', dataset: {index: String(line.index)}, text: lineText(line)}),
      el('button', {type: 'button', dataset: {action: 'puzzle-line-next', focus: 'line-next'},
                    disabled: line.index >= line.states.length, 'aria-label': t('puzzle.line_next'), text: '▶',
                    onclick: () => stepLine(line.index + 1)})) : null;
    const actions = el('div', {class: 'puzzle-actions'},
      phase === 'wrong' && line?.kind === 'refutation' ? el('button', {type: 'button', dataset: {action: 'puzzle-solution', focus: 'solution'},
        disabled: my.current.solutionAsked, 'aria-busy': my.current.solutionAsked ? 'true' : null,
        text: t('puzzle.show_solution'), onclick: () => showSolution()}) : null,
      phase === 'wrong' ? el('button', {type: 'button', dataset: {action: 'puzzle-again', focus: 'again'},
        text: t('puzzle.try_again'), onclick: () => tryAgain()}) : null,
      phase === 'solving' ? null : el('button', {type: 'button', class: phase === 'solved' ? 'primary' : '',
        dataset: {action: 'puzzle-next', focus: 'next'}, text: t('puzzle.next'), onclick: () => open()}));
    replaceChildren(barRest, steps, phase === 'solving' ? null : actions, ratedLine());
  }

  /** The rating's change after the first try, or why this try is not rated. */
  function ratedLine() {
    if (my.current.problem) {
      return el('p', {class: 'puzzle-problem', role: 'alert',
                      text: typeof my.current.problem === 'string' ? t(my.current.problem) : problemText(my.current.problem)});
    }
    if (my.current.rated) {
      return el('p', {class: 'puzzle-rated'}, el('strong', {class: 'rating-change', text: signed(my.current.rated.change)}), ' ',
        t('puzzle.rating_now', {rating: shownRating(my.current.rated)}));
    }
    if (my.current.before && my.current.phase !== 'solving') {
      return el('p', {class: 'puzzle-rated', text: t(my.current.own ? 'puzzle.own_unrated' : 'puzzle.unrated')});
    }
    return null;
  }

  function filters() {
    const variantSelect = el('select', {dataset: {action: 'puzzle-variant'}, id: 'puzzle-variant',
      onchange: (event) => open({variant: event.target.value, theme: chosen.theme})},
      [...PUZZLE_VARIANTS, OWN].map((variant) => el('option', {value: variant, selected: variant === chosen.variant,
        text: variant === OWN ? t('puzzle.own') : variantName(variant)})));
    const themeSelect = el('select', {dataset: {action: 'puzzle-theme'}, id: 'puzzle-theme',
      onchange: (event) => open({variant: chosen.variant, theme: event.target.value || null})},
      el('option', {value: '', text: t('puzzle.theme.any'), selected: !chosen.theme}),
      PUZZLE_THEMES.map((theme) => el('option', {value: theme, selected: theme === chosen.theme,
                                                  text: t(`puzzle.theme.${theme}`)})));
    return el('div', {class: 'puzzle-filters'},
      el('label', {for: 'puzzle-variant', text: t('puzzle.board')}), variantSelect,
      el('label', {for: 'puzzle-theme', text: t('puzzle.theme')}), themeSelect);
  }

  /** The puzzle's own facts (its themes once solved or failed) and its link to send. */
  function about() {
    const {record, revealed} = my.current;
    const themes = revealed && record.themes.length
      ? ` · ${record.themes.map((theme) => t(`puzzle.theme.${theme}`)).join(', ')}` : '';
    if (my.current.own) { // no link: a friend has no such puzzle
      return el('div', {class: 'puzzle-about', dataset: {id: record.id, own: ''}},
        el('p', {class: 'puzzle-facts', text: t('puzzle.about_own') + themes}));
    }
    const href = puzzleLink(record.id);
    return el('div', {class: 'puzzle-about', dataset: {id: record.id, rating: String(record.rating)}},
      el('p', {class: 'puzzle-facts', text: t('puzzle.about', {id: record.id, rating: record.rating}) + themes}),
      el('p', {class: 'puzzle-link'},
        el('a', {href, class: 'puzzle-link-url', text: href}), ' ',
        el('button', {type: 'button', dataset: {action: 'puzzle-copy', focus: 'copy'},
                      text: t(my.current.copied ? 'puzzle.copied' : 'puzzle.copy'), onclick: () => copy(href)})));
  }

  async function copy(href) {
    const puzzle = my.current;
    try {
      await navigator.clipboard.writeText(href);
      if (puzzle === my.current) puzzle.copied = true;
    } catch {
      if (puzzle === my.current) puzzle.problem = 'puzzle.copy_failed';
    }
    app.changed();
  }

}
