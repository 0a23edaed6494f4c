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
// Every try (a puzzle shown, until solved or its first wrong color) goes in the history.
// Progress is in the store (store.getPuzzles, store.recordPuzzle, recordPuzzlePlay,
// recordPuzzleRun, setPuzzleDifficulty).
//
// Its panel offers four ways (my.way): Puzzles, one at a time, rated; Puzzle Streak and
// Puzzle Storm, runs at the same table with the same verdicts (puzzle_runs.js: rising
// difficulty, Storm's clock and combo), not rated; and the history (puzzle_history.js),
// from which the puzzles failed are tried again one after another (my.again).
//
// A link `#puzzle=<id>` opens that puzzle, so a friend gets the same one; `#puzzle` opens
// Puzzles at the next one.
//
// The next puzzle (puzzle_order.js) is an unseen one of the filters near the player's
// rating, easier or harder as they chose, in an order of the player's own (a shuffle by
// the seed kept in their progress), never of the game the last one came from while
// another is left.

import {el, replaceChildren, setAttr, append, placeAfter, keepingFocus} from '../ui/dom.js';
import {t, variantName, problemText} from '../i18n/i18n.js';
import {signed} from '../ui/table.js';
import {ratingText as shownRating} from '../ui/rating_text.js';
import {announce} from '../ui/announce.js';
import {DIFFICULTIES, puzzleVariant} from '../store/storage.js';
import {arriving} from './game.js';
import {pickPuzzle, START_RATING} from './puzzle_order.js';
import {RUN_KINDS, STORM, newRun, nextOfRun, startClock, stopRun, timeLeft, rightColor, wrongColor, marksPassed,
        clockText, nextBonus} from './puzzle_runs.js';
import {historyView, boardOf, HISTORY_SHOWN} from './puzzle_history.js';

export const PUZZLE_VARIANTS = ['quick', 'classic', 'hex'];
const OWN = 'own'; // the board filter's "From your games": puzzles of your own reviewed games
export const PUZZLE_THEMES = ['enclosure', 'blocking', 'equator', 'last-region', 'finish', 'draw', 'long'];
const PUZZLE_ID = /^[a-z0-9-]{1,60}$/;
const LINK = /^#puzzle(?:=(.*))?$/s;
const WAYS = ['puzzles', ...RUN_KINDS, 'history']; // the panel's ways: one at a time (rated), the runs, the history
// the difficulty's texts (puzzle.difficulty.<name>), by how far from the player's rating
const DIFFICULTY_NAMES = new Map([[-600, 'easiest'], [-300, 'easier'], [0, 'normal'], [300, 'harder'], [600, 'hardest']]);
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
    way: 'puzzles', // the panel's way (WAYS)
    run: null, // the Streak or Storm going on or just over (puzzle_runs.js newRun)
    reveal: false, // a run just started: its first puzzle's board scrolled into sight
    again: [], // ids of failed puzzles still to try again, in turn (the history's, a Storm's)
    history: {filter: {variant: '', theme: ''}, shown: HISTORY_SHOWN}, // the history's view
  }});
  const my = life.state;
  const chosen = my.chosen;
  let kept = null; // the store's progress as last read: draws (every hover) do not read it again
  let stormTimer = null; // the timeout of Storm's next tick (a handle, not state)
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
    if (stale(table) || shelved() || stormOver(my.current) || beforeRun()) return {...own, locked: true};
    if (my.current.phase === 'solving') return own;
    const line = my.current.line;
    if (!line) return {...own, locked: true};
    const snapshot = line.index ? line.states[line.index - 1] : null;
    const next = snapshot?.over ? null : line.colors[line.index] ?? null;
    return {...own, snapshot, step: line.index || null, count: line.states.length, best: next, locked: true,
            status: line.index ? t('puzzle.line_board') : ''};
  }

  /** Open Puzzles: the puzzle `id`, or the next of the run going on, or the next
   *  failed one to try again, or the next one of the filters. */
  async function open({variant = chosen.variant, theme = chosen.theme, id = null} = {}) {
    const run = going();
    const again = !id && !run && my.again.length ? my.again.shift() : null;
    if (again) [id, variant, theme] = [again, boardOf(again), null];
    if (run) [variant, theme] = [run.variant, null];
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
    const now = progress();
    const seen = seenBy(now);
    const record = id ? file.puzzles.find((puzzle) => puzzle.id === id)
      : run ? nextOfRun(run, file.puzzles, {seen, seed: orderSeed()})
        : pickPuzzle(file.puzzles, {rating: (now.rating?.r ?? START_RATING) + now.difficulty, seen, theme,
                                    after: my.current?.record.id ?? null, seed: orderSeed()});
    if (!record && again && my.again.length) return open(); // gone from the file since: the next one
    if (!record && run) return endRun(run); // every puzzle of the board shown in this run
    if (!record) return say(ticket, id ? 'puzzle.unknown' : 'puzzle.none_theme', {id});
    await show(record, ticket, seen(record.id), {run});
  }

  /** Whether a puzzle was met before, by the progress `now`: tried (rated), or in the
   *  history (a Streak's or a Storm's, whose answer the player has seen). */
  function seenBy(now) {
    const inHistory = new Set(now.history.map((entry) => entry.id));
    return (id) => Object.hasOwn(now.tried, id) || inHistory.has(id);
  }

  /** The run going on (not over), or null. */
  const going = () => (my.run && !my.run.over ? my.run : null);

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
    if (!record && id && my.again.length) return open(); // gone since (its match deleted): the next one
    if (!record) return say(ticket, theme ? 'puzzle.none_theme' : 'puzzle.none_own');
    await show(record, ticket, true, {own: true});
  }

  function say(ticket, key, params = {}) {
    if (life.late(ticket)) return;
    my.message = {key, params};
    app.changed();
  }

  /** A puzzle record at the table (`tried`: met before, so not rated; `own`: of your
   *  games; `run`: the run it is part of). */
  async function show(record, ticket, tried, {own = false, run = null} = {}) {
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
    my.current = {
      own, run,
      record, table, ply: 0, // the solution's moves played so far
      phase: 'solving', // 'solving' | 'wrong' | 'solved'
      wrong: null, // {color, cost}: the last wrong color
      line: null, // {kind: 'refutation' | 'solution', colors, states, index}: stepped on the board
      solutionAsked: false, // the solution asked of the engine, not come yet
      counted: tried || Boolean(run), rated: null, // rated: {r, change} once the first try counted (your own puzzles never)
      noted: false, // this try is in the history (its first verdict)
      before: own ? 'own' : run ? 'run' : tried ? 'tried' : null, problem: null, copied: false,
      revealed: false, // its themes shown: once solved or failed (they would give the answer away)
    };
    drawn = null;
    life.put(table);
    if (run) {
      run.seen.push(record.id);
      run.last = record;
      if (run.kind === 'storm' && run.endsAt === null) {
        startClock(run, performance.now());
        tick();
      }
    }
  }

  /** The player's color at a puzzle table (game.js play): the engine's verdict. */
  async function move(color) {
    const puzzle = my.current;
    const table = puzzle?.table;
    if (puzzle?.phase !== 'solving' || !life.free(table) || stale(table) || shelved() || stormOver(puzzle) || beforeRun()) return;
    table.requesting = true; // not drawn: the answer comes within a frame, and a draw before it would delay it
    try {
      const answer = await app.request('puzzle_move', {table_id: table.tableId, state_id: table.snapshot.state_id, color});
      if (my.current !== puzzle || stormOver(puzzle)) return; // time was up meanwhile
      if (answer.right) {
        if (puzzle.run && puzzle.run === going()) storm(puzzle.run, rightColor(puzzle.run));
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
    if (puzzle.phase === 'solving' || stormOver(puzzle)) return;
    puzzle.revealed = true;
    if (puzzle.run && puzzle.run === going()) return runVerdict(puzzle, color);
    if (puzzle.phase === 'wrong') showLines(puzzle, color);
    await settle(puzzle);
    if (my.current === puzzle) app.changed();
  }

  /** A puzzle of `run` solved or missed: in the history; Streak goes on or ends, Storm
   *  takes its seconds and goes on (until its time is up). */
  function runVerdict(puzzle, color) {
    const run = puzzle.run;
    const solved = puzzle.phase === 'solved';
    note(puzzle, solved, run.kind);
    if (solved) {
      run.score += 1;
      const count = run.score; // as it is now, when said again in another language too
      if (run.kind === 'streak') announce(() => t('puzzle.streak_run.now', {count}));
      return open();
    }
    wrongColor(run, puzzle.record.id);
    if (run.kind === 'streak') {
      showLines(puzzle, color);
      return endRun(run);
    }
    announce(() => t('puzzle.storm.malus', {seconds: STORM.malusMs / 1000}));
    if (!tick()) return;
    return open();
  }

  /** Storm's news of a right color: its bonus seconds said, the clock's tick moved. */
  function storm(run, bonus) {
    if (!bonus) return;
    const count = run.combo;
    announce(() => t('puzzle.storm.bonus', {seconds: bonus, count}));
    tick();
  }

  /** Whether Streak's or Storm's way is chosen and a puzzle not of a run is at the table
   *  (no color is played: it would be rated, in a panel that says a run is not). */
  const beforeRun = () => RUN_KINDS.includes(my.way) && Boolean(my.current) && !my.current.run;

  /** Whether `puzzle` is the last of a Storm whose time is up (no color is played). */
  const stormOver = (puzzle) => Boolean(puzzle?.run?.kind === 'storm' && puzzle.run.over);

  /** Storm's clock: the time said at its marks, drawn each second, and the Storm ended
   *  when it runs out. False when it has (or no Storm is going on). */
  function tick() {
    clearTimeout(stormTimer);
    stormTimer = null;
    const run = going();
    if (run?.kind !== 'storm' || run.endsAt === null) return false;
    const left = timeLeft(run, performance.now());
    if (left <= 0) {
      endRun(run);
      return false;
    }
    if (marksPassed(run, left).length) {
      const count = run.score;
      announce(() => t('puzzle.storm.left', {time: clockText(left), count}));
    }
    app.changed();
    stormTimer = setTimeout(tick, left % 1000 || 1000);
    return true;
  }

  /** A run begins: its first puzzle (Storm's clock starts once it is at the table). */
  function startRun(kind) {
    if (going()) endRun(my.run);
    my.way = kind;
    my.again = [];
    my.run = newRun(kind, PUZZLE_VARIANTS.includes(chosen.variant) ? chosen.variant : PUZZLE_VARIANTS[0]);
    my.reveal = true;
    announce(() => t(`puzzle.${runTexts(kind)}.started`));
    open();
  }

  /** The run ends (its last wrong color, its time up, Stop, Puzzles closed): its score
   *  kept when it is the best. */
  function endRun(run) {
    clearTimeout(stormTimer);
    stormTimer = null;
    if (run.ended) return;
    stopRun(run, performance.now());
    run.ended = true;
    const recorded = app.store.recordPuzzleRun(run.kind, run.score);
    kept = null;
    run.improved = recorded.ok && recorded.improved;
    if (!recorded.ok && my.current?.run === run) my.current.problem = 'puzzle.not_stored';
    const best = progress().runs[run.kind];
    const count = run.score;
    announce(() => t(`puzzle.${runTexts(run.kind)}.over`, {count, best}));
    app.changed();
  }

  /** The first verdict of a try (not a run's): rated when it is the puzzle's first try,
   *  else in the history as not rated. */
  async function settle(puzzle) {
    if (puzzle.noted) return;
    const solved = puzzle.phase === 'solved';
    if (!puzzle.counted) await rate(puzzle, solved);
    note(puzzle, solved, 'unrated'); // nothing when rate() noted it
  }

  /** A try in the history (`play`: unrated, streak or storm), once. */
  function note(puzzle, solved, play) {
    if (puzzle.noted) return;
    puzzle.noted = true;
    const recorded = app.store.recordPuzzlePlay(puzzle.record.id, {solved, play, themes: puzzle.record.themes});
    kept = recorded.ok ? recorded.progress : null;
    if (!recorded.ok) puzzle.problem = 'puzzle.not_stored';
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
                                                                 seed: orderSeed(), themes: puzzle.record.themes});
      puzzle.rated = {r: next.r, rd: next.rd, change: next.change};
      puzzle.noted = recorded.ok && recorded.counted;
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
    if (going()) endRun(my.run);
    my.again = [];
    const wasShown = Boolean(my.current);
    my.current = null;
    my.message = null;
    life.leave();
    app.changed();
    if (wasShown) life.back();
  }

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
    const run = my.current.run;
    if (stormOver(my.current)) return t('puzzle.storm.over', {count: run.score, best: progress().runs.storm});
    if (beforeRun() && my.current.phase === 'solving') return t('puzzle.run_waiting', {start: t(`puzzle.${runTexts(my.way)}.start`)});
    if (run?.kind === 'streak' && run.over && my.current.phase === 'wrong') {
      return `${t('puzzle.wrong', {number: my.current.wrong.color + 1})} ${costText(my.current.wrong.cost)} ${
        t('puzzle.streak_run.over', {count: run.score, best: progress().runs.streak})}`;
    }
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
      if (going()) endRun(my.run);
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
    const {tries, streak, best, rating, difficulty, runs, history} = progress();
    // Storm's clock alone is set in place each second (drawClock): the panel drawn again would
    // take the focus from Stop and give it to its new copy, scrolled to and said again
    const run = my.run && {...my.run, seen: my.run.seen.length, last: null};
    const key = JSON.stringify([state.settings.language, my.current && [my.current.record.id, my.current.ply, my.current.phase,
      my.current.line?.kind, my.current.line?.index, my.current.solutionAsked, my.current.revealed, my.current.rated, my.current.problem, my.current.copied,
      my.current.table.requesting, my.current.table.snapshot.state_id], my.message, chosen, tries, streak,
      state.engine.status, my.way, run, my.again, my.history, difficulty, runs, history.length, history.at(-1)]);
    if (drawn === key) return drawClock();
    drawn = key;
    panel.hidden = false;
    bar.setAttribute('aria-label', t('puzzle.title'));
    keepingFocus([bar, panel], 'focus', () => {
      if (my.current) drawBar();
      replaceChildren(panel,
        el('div', {class: 'mode-head puzzle-head'},
          el('h2', {id: 'puzzle-title', text: t('puzzle.title')}),
          el('button', {type: 'button', class: 'puzzle-close', dataset: {action: 'close-puzzles', focus: 'close'},
                        text: t('puzzle.close'), onclick: () => close()})),
        ways(),
        my.way === 'puzzles' ? [
          el('p', {class: 'puzzle-progress', dataset: {tries: String(tries)}},
            el('strong', {class: 'puzzle-rating', text: ratingText(rating)}), ' · ',
            el('span', {class: 'puzzle-streak', dataset: {streak: String(streak)},
                        text: t('puzzle.streak', {count: streak, best})})),
          filters(difficulty),
          againLine()] : null,
        RUN_KINDS.includes(my.way) ? runPanel(my.way, runs[my.way]) : null,
        my.way === 'history' ? historyView({history, filter: my.history.filter, shown: my.history.shown,
          variants: [...PUZZLE_VARIANTS, OWN].map((variant) => [variant, boardName(variant)]),
          themes: PUZZLE_THEMES.map((theme) => [theme, t(`puzzle.theme.${theme}`)])}, {
          filter: (filter) => { my.history = {filter, shown: HISTORY_SHOWN}; app.changed(); },
          more: (count) => { my.history.shown += count; app.changed(); },
          open: (id) => tryAgainAll([id]),
          again: (ids) => tryAgainAll(ids),
        }) : null,
        my.message ? el('p', {class: 'puzzle-message', role: 'alert', text: t(my.message.key, {
          ...my.message.params, variant: my.message.params.variant ?? variantName(chosen.variant)})}) : null,
        my.current && !my.message && my.way !== 'history' ? about() : null,
        !my.current && !my.message && waiting ? el('p', {class: 'puzzle-waiting', text: t('puzzle.waiting')}) : null);
    });
    if (my.reveal && my.current?.run === my.run) { // a run's first puzzle: the board in sight (a phone's panel is under it)
      my.reveal = false;
      const smooth = !matchMedia('(prefers-reduced-motion: reduce)').matches;
      requestAnimationFrame(() => bar.scrollIntoView({behavior: smooth ? 'smooth' : 'auto', block: 'nearest'}));
    }
  }

  /** Storm's time left, set in place above the board (drawn each second by tick). */
  function drawClock() {
    const line = my.current?.run?.kind === 'storm' ? barRest.querySelector('.puzzle-run') : null;
    if (!line) return;
    const left = timeLeft(my.current.run, performance.now());
    line.dataset.left = String(Math.ceil(left / 1000));
    line.querySelector('.puzzle-clock').textContent = clockText(left);
  }

  /** Above the board: the task or the verdict (read by screen readers), a line's
   *  steps, and what to do next. */
  function drawBar() {
    const {line, run} = my.current;
    // a Storm's time up: its last puzzle put away; a run's way chosen: the rated puzzle put away until Start
    const phase = stormOver(my.current) ? 'over' : beforeRun() && my.current.phase === 'solving' ? 'waiting' : my.current.phase;
    Object.assign(verdict.dataset, {phase, ply: String(my.current.ply)});
    replaceChildren(verdict,
      ['solving', 'over', 'waiting'].includes(phase) ? null
        : el('strong', {class: 'puzzle-mark', 'aria-hidden': 'true', text: phase === 'solved' ? '✓ ' : '✗ '}),
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
      run?.over ? runAgain(run) : null,
      ['solving', 'waiting'].includes(phase) || run?.over ? null : el('button', {type: 'button', class: phase === 'solved' ? 'primary' : '',
        dataset: {action: 'puzzle-next', focus: 'next'}, text: t('puzzle.next'), onclick: () => open()}),
      // once solved or failed, outside a run: its position on the analysis board (your own lines, every color's verdict)
      ['solving', 'waiting'].includes(phase) || run ? null : el('button', {type: 'button', dataset: {action: 'puzzle-study', focus: 'study'},
        text: t('puzzle.analyse'), onclick: () => app.modes.open('analysis', {puzzle: my.current.record})}));
    replaceChildren(barRest, run ? runLine(run) : null, steps, ['solving', 'waiting'].includes(phase) ? null : actions, ratedLine());
  }

  /** Above the board during a run: Streak's count; Storm's time, score and combo (not a
   *  live region: a screen reader is told the time at its marks, announce). */
  function runLine(run) {
    const data = {run: run.kind, score: String(run.score), over: run.over ? '' : null};
    if (run.kind === 'streak') {
      return el('p', {class: 'puzzle-run', dataset: data}, t('puzzle.streak_run.now', {count: run.score}));
    }
    const left = timeLeft(run, performance.now());
    const [combo, bonus] = nextBonus(run.combo);
    return el('p', {class: 'puzzle-run', dataset: {...data, left: String(Math.ceil(left / 1000)), combo: String(run.combo)}},
      el('strong', {class: 'puzzle-clock', text: clockText(left)}), ' · ',
      el('span', {class: 'puzzle-run-score', text: t('puzzle.storm.score', {count: run.score})}),
      run.over ? null : [' · ', el('span', {class: 'puzzle-combo', text: t('puzzle.storm.combo', {count: run.combo, next: combo, seconds: bonus})})],
      run.flash && !run.over ? [' ', el('strong', {class: 'puzzle-flash', dataset: {seconds: String(run.flash)},
                                                   text: `${signed(run.flash)} s`})] : null);
  }

  /** A run over: a new one, and Storm's missed puzzles to try again. */
  function runAgain(run) {
    return [
      el('button', {type: 'button', class: 'primary', dataset: {action: `puzzle-${run.kind}-start`, focus: 'run-again'},
                    text: t(`puzzle.${runTexts(run.kind)}.again`), onclick: () => startRun(run.kind)}),
      run.kind === 'storm' && run.failed.length ? el('button', {type: 'button', dataset: {action: 'puzzle-storm-missed',
        focus: 'run-missed'}, text: t('puzzle.storm.try_missed', {count: run.failed.length}),
        onclick: () => tryAgainAll(run.failed)}) : null];
  }

  /** The catalog's texts of a run: `puzzle.streak_run.*` (`puzzle.streak` is the rated
   *  streak's), `puzzle.storm.*`. */
  const runTexts = (kind) => (kind === 'streak' ? 'streak_run' : kind);

  /** The panel's ways: Puzzles, Streak, Storm, the history. */
  function ways() {
    return el('div', {class: 'puzzle-ways', role: 'group', 'aria-label': t('puzzle.ways')},
      WAYS.map((way) => el('button', {type: 'button', dataset: {action: `puzzle-way-${way}`, focus: `way-${way}`},
        'aria-pressed': String(my.way === way), text: t(`puzzle.way.${way}`), onclick: () => chooseWay(way)})));
  }

  /** Another way: a run going on ends; back at Puzzles, a puzzle of its own. */
  function chooseWay(way) {
    if (my.way === way) return;
    if (going() && way !== my.run.kind) endRun(my.run);
    my.way = way;
    if (way === 'puzzles' && (!my.current || my.current.run)) open();
    app.changed();
  }

  /** Streak's or Storm's part of the panel: its rules, its best, its board, Start or Stop,
   *  and how the last one went. */
  function runPanel(kind, best) {
    const run = my.run?.kind === kind ? my.run : null;
    const on = Boolean(run && !run.over);
    const texts = runTexts(kind);
    return el('div', {class: 'puzzle-run-panel', dataset: {run: kind}},
      el('p', {class: 'puzzle-run-rules', text: t(`puzzle.${texts}.rules`, {minutes: STORM.ms / 60000, seconds: STORM.malusMs / 1000})}),
      el('p', {class: 'puzzle-run-best', dataset: {best: String(best)}, text: t(`puzzle.${texts}.best`, {count: best})}),
      el('div', {class: 'puzzle-filters'},
        el('label', {for: 'puzzle-run-variant', text: t('puzzle.board')}),
        el('select', {id: 'puzzle-run-variant', dataset: {action: 'puzzle-run-variant'}, disabled: on,
                      onchange: (event) => { chosen.variant = event.target.value; app.changed(); }},
          PUZZLE_VARIANTS.map((variant) => el('option', {value: variant, text: variantName(variant),
                                                         selected: variant === (on ? run.variant : chosen.variant)})))),
      run?.over ? runEnd(run) : null,
      el('p', {class: 'puzzle-run-buttons'}, on // Start and Stop one place for the keyboard's focus
        ? el('button', {type: 'button', dataset: {action: 'puzzle-run-stop', focus: 'run-button'}, text: t('puzzle.run_stop'),
                        onclick: () => endRun(run)})
        : el('button', {type: 'button', class: 'primary', dataset: {action: `puzzle-${kind}-start`, focus: 'run-button'},
                        text: t(`puzzle.${texts}.start`), onclick: () => startRun(kind)})));
  }

  /** How a run went: its score (a new best?); Storm's moves and the puzzles it missed. */
  function runEnd(run) {
    const texts = runTexts(run.kind);
    return el('div', {class: 'puzzle-run-end', dataset: {score: String(run.score), improved: run.improved ? '' : null}},
      el('p', {class: 'puzzle-run-result'}, el('strong', {text: t(`puzzle.${texts}.result`, {count: run.score})}),
        run.improved ? ` ${t('puzzle.run_best')}` : null),
      run.kind === 'storm' ? [
        el('p', {text: t('puzzle.storm.details', {moves: run.moves, wrong: run.wrong, combo: run.bestCombo})}),
        run.failed.length ? el('p', {text: t('puzzle.storm.missed', {count: run.failed.length})}) : null,
        run.failed.length ? el('ul', {class: 'puzzle-missed'}, run.failed.map((id) => el('li', {},
          el('button', {type: 'button', class: 'puzzle-id-button', dataset: {action: 'puzzle-missed-open'}, text: id,
                        onclick: () => tryAgainAll([id])})))) : null] : null);
  }

  /** Try these puzzles again, one after another (the history's failed ones, a Storm's). */
  function tryAgainAll(ids) {
    if (going()) endRun(my.run);
    my.again = [...ids];
    my.way = 'puzzles';
    open();
  }

  /** While failed puzzles are tried again in turn: how many are left, and Stop. */
  function againLine() {
    if (!my.again.length) return null;
    return el('p', {class: 'puzzle-again-left', dataset: {left: String(my.again.length)}},
      t('puzzle.again_left', {count: my.again.length}), ' ',
      el('button', {type: 'button', dataset: {action: 'puzzle-again-stop', focus: 'again-stop'}, text: t('puzzle.run_stop'),
                    onclick: () => { my.again = []; app.changed(); }}));
  }

  /** Easier or harder puzzles: kept, and the next puzzle is one of them. */
  function chooseDifficulty(difficulty) {
    app.store.setPuzzleDifficulty(difficulty); // one of the choices: never refused (a full storage keeps it in memory)
    kept = null;
    refilter();
  }

  /** Other filters: the next puzzle is one of them (the failed ones to try again let go). */
  function refilter(filters) {
    my.again = [];
    open(filters);
  }

  /** A board filter's name: the lobby's, or "From your games". */
  const boardName = (variant) => (variant === OWN ? t('puzzle.own') : variantName(variant));

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
    if (my.current.before && my.current.before !== 'run' && my.current.phase !== 'solving') {
      return el('p', {class: 'puzzle-rated', text: t(my.current.own ? 'puzzle.own_unrated' : 'puzzle.unrated')});
    }
    return null;
  }

  function filters(difficulty) {
    const variantSelect = el('select', {dataset: {action: 'puzzle-variant'}, id: 'puzzle-variant',
      onchange: (event) => refilter({variant: event.target.value, theme: chosen.theme})},
      [...PUZZLE_VARIANTS, OWN].map((variant) => el('option', {value: variant, selected: variant === chosen.variant,
        text: boardName(variant)})));
    const themeSelect = el('select', {dataset: {action: 'puzzle-theme'}, id: 'puzzle-theme',
      onchange: (event) => refilter({variant: chosen.variant, theme: event.target.value || null})},
      el('option', {value: '', text: t('puzzle.theme.any'), selected: !chosen.theme}),
      PUZZLE_THEMES.map((theme) => el('option', {value: theme, selected: theme === chosen.theme,
                                                  text: t(`puzzle.theme.${theme}`)})));
    const difficultySelect = el('select', {dataset: {action: 'puzzle-difficulty'}, id: 'puzzle-difficulty',
      onchange: (event) => chooseDifficulty(Number(event.target.value))},
      DIFFICULTIES.map((value) => el('option', {value: String(value), selected: value === difficulty,
                                                text: t(`puzzle.difficulty.${DIFFICULTY_NAMES.get(value)}`)})));
    return el('div', {class: 'puzzle-filters'},
      el('label', {for: 'puzzle-variant', text: t('puzzle.board')}), variantSelect,
      el('label', {for: 'puzzle-theme', text: t('puzzle.theme')}), themeSelect,
      el('label', {for: 'puzzle-difficulty', text: t('puzzle.difficulty')}), difficultySelect);
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
