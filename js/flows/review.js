// The master's review of a finished game (filler.ai.review): the move list with each
// move's mark as text, the advantage chart beside the territory chart, the best
// move's preview on the board, the master's line stepped on the board (its positions
// computed by the engine, review_line), a short summary per side, ← → Home End by move.
//
// It runs in the worker a few plies per request (review_next), so play and clicks are
// answered in between; closing the review or a new table stops it. A finished review
// is stored in its match's record (`reviews`, see storedReview), so reopening it is
// instant; a shared game's (no stored match) is kept under the game's own text among
// a few such reviews (store.keepReview, expendable when storage is full). One made by
// an older engine says so and can be redone. The board shown is the table's replay of
// the saved match (saved.js showReplay) at the ply's step, or a position of the line
// (the mode's view, drawn by table.js). A mode of the table (modes.js): its tables are
// the replays it opens (their replay's `mode`).
//
// Every game of a match that has ended is reviewed, game 1 also between the games: a
// switch in the panel goes from one game's review to the other's. Closing the review
// of a match still to be played goes back to its table (saved.js resumeMatch), whose
// clock stood still meanwhile, as after a reload.

import {el, replaceChildren, append} from '../ui/dom.js';
import {t, problemText} from '../i18n/i18n.js';
import {advantageChart, territoryChart} from '../ui/chart.js';
import {playerName, sideName} from '../ui/names.js';
import {chartCaption, signed, swatch} from '../ui/table.js';
import {REVIEW_FORMAT, REVIEW_SCHEMA, checkReview, isFinished, reviewedGames} from '../store/storage.js';

const STORED_LINE = 6; // the master's line is kept this long
const PLIES_PER_REQUEST = 1; // one analysis (its node budget, about 0.4 s on a phone) per request: other requests wait no longer
const WIN = 100000; // filler.ai.search.WIN: a proven result's offset in values

/** A stored review of game `gameIndex` in `saved` (a match as stored), checked, or null. */
export function storedReview(saved, gameIndex) {
  const reviews = Array.isArray(saved?.reviews) ? saved.reviews : [];
  const found = reviews.find((entry) => entry && entry.format === REVIEW_FORMAT && entry.game === gameIndex);
  return found && checkReview(found) === null ? found : null; // its whole shape (store/kinds/reviews.js)
}

/** A game that is no stored match (a shared link's): its key among the kept reviews. */
function keptKey(saved, gameIndex) {
  return JSON.stringify([saved.variant, saved.seed, saved.options ?? {}, saved.board ?? null, gameIndex, saved.events]);
}

/** The expected final margin a master value stands for (the WIN offset taken off). */
function margin(value) {
  if (value >= WIN / 2) return value - WIN;
  if (value <= -WIN / 2) return value + WIN;
  return value;
}

export function attachReview(app, container) {
  const {state} = app;
  const panel = el('section', {class: 'mode-panel review-panel', hidden: true, 'aria-labelledby': 'review-title'});
  append(container, panel);
  let drawn = null; // the key of what the panel shows (drawn again when it changes)
  const my = app.modes.register({name: 'review', view, keys, close, offer: (table) => (offered(table) ? {
    action: 'review', text: t('review.open'), open: () => openTable(table)} : null),
                                 state: {current: null}}).state; // current: the review shown, see open()
  app.reviewMatch = openMatch; // the lobby's Matches: review a game of a saved match

  /** What the board shows in a review (table.js): the master's move previewed, or a
   *  position of its line ({snapshot, best: the line's next color, step of count}), and
   *  the line shown at the table's position for the replay bar to step; null: the table's own. */
  function view(table) {
    if (!my.current?.shown || !isReviewTable(table)) return null;
    const ply = my.current.steps.indexOf(table.replay.step);
    const line = my.current.line?.position === ply ? my.current.line : null;
    const steps = line && {index: line.index, count: line.states.length, step: lineStep,
                           prevLabel: t('review.line_prev'), nextLabel: t('review.line_next')};
    if (line && line.index > 0) {
      const snapshot = line.states[line.index - 1];
      return {snapshot, step: line.index, count: line.states.length, line: steps,
              best: snapshot.over ? null : line.colors[line.index] ?? null,
              status: t('review.line_board', {number: line.index, count: line.states.length})};
    }
    return {snapshot: null, step: null, best: my.current.results[ply]?.best ?? null, line: steps};
  }
  app.drawListeners.add(() => draw());

  function isReviewTable(table) {
    return Boolean(table?.replay && table.replay.saved === my.current.saved);
  }

  /** Whether a table's game can be reviewed: over (game 1 also between the games), of
   *  two sides, a saved or shared match. */
  function offered(table) {
    const snapshot = table?.snapshot;
    if (!snapshot?.over || snapshot.sides.length !== 2 || table.tableId === null) return false;
    return Boolean(table.replay?.saved || table.matchId);
  }

  /** Review the shown table's game: a saved match (its id) or the shared game's replay. */
  async function openTable(table = state.table) {
    if (!offered(table)) return;
    if (table.replay && !table.replay.id) {
      await open(table.replay.saved, null, table.snapshot.game_index ?? 0, table.replay);
    } else {
      await openMatch(table.replay?.id ?? table.matchId, table.snapshot.game_index ?? 0);
    }
  }

  /** Review game `gameIndex` of a saved match (by default its last game that ended). */
  async function openMatch(id, gameIndex = null) {
    const saved = app.store.loadMatch(id);
    if (!saved) return;
    await open(saved, id, gameIndex ?? reviewedGames(saved).at(-1) ?? Math.max(0, (saved.games || 1) - 1));
  }

  async function open(saved, matchId, gameIndex, base = {}) {
    stop();
    const total = saved.events.length;
    const kept = matchId ? saved : {reviews: [app.store.loadKeptReview(keptKey(saved, gameIndex))].filter(Boolean)};
    const stored = storedReview(kept, gameIndex);
    // the games the switch offers: a shared game is one; a match's, those that ended
    const games = matchId ? [...new Set([...reviewedGames(saved), gameIndex])].sort((a, b) => a - b) : [gameIndex];
    const current = my.current = {
      saved, matchId, gameIndex, games, base, total, reviewId: null, plies: stored?.plies ?? 0,
      steps: stored?.steps ?? [], results: stored ? [...stored.results] : [],
      summary: stored?.summary ?? null, engine: stored?.engine ?? null,
      puzzles: stored?.puzzles ?? null, // the positions of your costly moves made puzzles (puzzles.js "From your games")
      status: stored ? 'done' : 'starting', older: false, problem: null,
      history: null, colors: null, shown: false, // shown: its replay is at the table
      line: null}; // the master's line on the board: {position, colors, states, index}
    const broken = Array.isArray(kept.reviews) && kept.reviews.some((entry) => entry?.game === gameIndex) && !stored;
    if (broken) current.problem = 'review.stored_bad';
    // the review's moves (their steps) first: the board opens at the end of its game
    const started = !stored && await begin(current);
    if (current !== my.current) return;
    await app.showReplay({...base, id: matchId, saved, total, mode: 'review'}, endStep(current));
    if (current !== my.current) return;
    if (!isReviewTable(state.table)) { // the replay did not open (the table says why)
      my.current = null;
      app.changed();
      return;
    }
    current.shown = true;
    drawn = null;
    current.history = state.table.snapshot.score_history;
    // the territory chart's lines are the whole game's: each side in its color at the end
    current.colors = state.table.snapshot.sides.map((side) => state.table.snapshot.players[side.seats[0]].color);
    if (stored) checkVersion(current);
    else if (started) run(current);
    app.changed();
  }

  /** Another game of the match: its review (the stored one, or made now). */
  function switchGame(index) {
    if (!my.current || index === my.current.gameIndex) return;
    if (my.current.matchId) openMatch(my.current.matchId, index);
    else open(my.current.saved, null, index, my.current.base);
  }

  /** The step a review opens at: the end of its game, after its last move (the match's
   *  last game that ended: the end of the record, as it ended). */
  function endStep(current) {
    const last = current.gameIndex === current.games.at(-1);
    return last || !current.plies ? current.total : current.steps[current.plies - 1] + 1;
  }

  async function checkVersion(current) {
    try {
      const {version} = await app.request('review_version', {});
      if (current === my.current && version !== current.engine) {
        current.older = true;
        app.changed();
      }
    } catch { /* the engine is down: the stored review is shown as it is */ }
  }

  /** Make the review anew: its moves, then their marks one by one. */
  async function start(current) {
    if (await begin(current)) await run(current);
  }

  /** Start the engine's review of the game: its moves and their steps; false when it did not. */
  async function begin(current) {
    Object.assign(current, {status: 'running', results: [], summary: null, puzzles: null, older: false});
    try {
      const started = await app.request('review_start', {record: current.saved, seats: current.saved.players,
                                                         game_index: current.gameIndex});
      if (current !== my.current) {
        app.request('review_stop', {review_id: started.review_id}).catch(() => {});
        return false;
      }
      Object.assign(current, {reviewId: started.review_id, plies: started.plies, steps: started.steps,
                              engine: started.version});
      return true;
    } catch (error) {
      failed(current, error);
      return false;
    }
  }

  /** The marks, a few plies per request, until the review is done, stopped or replaced. */
  async function run(current) {
    app.changed();
    try {
      while (current === my.current && current.status === 'running') {
        const next = await app.request('review_next', {review_id: current.reviewId, count: PLIES_PER_REQUEST});
        if (current !== my.current) return;
        current.results.push(...next.results);
        if (next.done) {
          current.status = 'done';
          current.summary = next.summary;
          keep(current);
          app.changed();
          await findPuzzles(current, next.puzzle_plies ?? []);
        }
        app.changed();
      }
    } catch (error) {
      failed(current, error);
    }
  }

  /** Your costly moves that the solver proves a better color for: puzzles of your own,
   *  kept with the match's review (a match's people only: not a shared game's). */
  async function findPuzzles(current, plies) {
    const players = current.saved.players || [];
    const yours = plies.filter((ply) => players[current.results[ply]?.seat]?.kind === 'human');
    if (!current.matchId || !yours.length) return;
    const found = [];
    try {
      for (const ply of yours) { // one request each: the worker answers other requests between
        const {puzzle} = await app.request('review_puzzle', {review_id: current.reviewId, ply});
        if (current !== my.current) return;
        if (puzzle) found.push(puzzle);
      }
    } catch (error) { // the review is done and kept all the same: only these puzzles are missing
      console.warn('filler: the positions of your costly moves', error);
      if (current !== my.current || !found.length) return;
    }
    current.puzzles = found;
    keep(current);
  }

  function failed(current, error) {
    if (current !== my.current) return;
    current.status = 'failed';
    current.problem = error.problem?.code ? error.problem : 'review.failed';
    app.changed();
  }

  /** Store a finished review with its match (replacing one of the same game), or a
   *  shared game's among the kept reviews. */
  function keep(current) {
    const entry = {format: REVIEW_FORMAT, version: REVIEW_SCHEMA, engine: current.engine, game: current.gameIndex,
                   plies: current.plies, steps: current.steps, summary: current.summary,
                   results: current.results.map((r) => ({...r, line: r.line.slice(0, STORED_LINE)})),
                   ...(current.puzzles ? {puzzles: current.puzzles} : {})};
    if (!current.matchId) {
      if (!app.store.keepReview(keptKey(current.saved, current.gameIndex), entry)) current.problem = 'review.not_kept';
      return;
    }
    const saved = app.store.loadMatch(current.matchId);
    if (!saved) return;
    const others = Array.isArray(saved.reviews) ? saved.reviews.filter((other) => other?.game !== current.gameIndex) : [];
    const result = app.store.saveMatch({...saved, reviews: [...others, entry]});
    if (state.table?.matchId !== current.matchId) app.store.releaseMatch(current.matchId);
    if (!result.ok) current.problem = 'review.not_stored';
  }

  function stop() {
    if (my.current?.reviewId && my.current.status === 'running') {
      app.request('review_stop', {review_id: my.current.reviewId}).catch(() => {});
    }
    my.current = null;
  }

  /** The match the review goes back to when closed: one still to be played. */
  function matchToGoOn() {
    return my.current?.matchId && !isFinished(my.current.saved) ? my.current.matchId : null;
  }

  function close() {
    const match = matchToGoOn();
    stop();
    if (match) app.resumeMatch(match); // the match goes on at its table
    app.changed();
  }

  /** Position p of the review: before ply p's move, or (p = plies) after the last move. */
  function positionOf(step) {
    const index = my.current.steps.indexOf(step);
    if (index >= 0) return index;
    return my.current.plies && step > my.current.steps[my.current.plies - 1] ? my.current.plies : 0;
  }

  function stepOf(position) {
    if (position >= my.current.plies) return my.current.plies ? my.current.steps[my.current.plies - 1] + 1 : my.current.total;
    return my.current.steps[Math.max(0, position)];
  }

  function show(position) {
    if (!my.current || !isReviewTable(state.table)) return;
    const target = Math.max(0, Math.min(my.current.plies, position));
    my.current.wanted = target; // keys pressed before it is shown go on from there
    app.replayStep(stepOf(target));
  }

  /** The master's line from `position` on the board: its positions from the engine. */
  async function showLine(position) {
    const current = my.current;
    const result = current?.results[position];
    if (!result) return;
    const colors = result.line.slice(0, STORED_LINE);
    try {
      const {states} = await app.request('review_line', {record: current.saved, seats: current.saved.players,
                                                         events: stepOf(position), line: colors});
      if (current !== my.current || positionOf(state.table.replay.step) !== position) return;
      current.line = {position, colors: colors.slice(0, states.length), states, index: 0};
    } catch (error) {
      if (current !== my.current) return;
      current.problem = error.problem?.code ? error.problem : 'review.line_failed';
    }
    app.changed();
  }

  function lineStep(index) {
    const line = my.current?.line;
    if (!line) return;
    line.index = Math.max(0, Math.min(line.states.length, index));
    app.changed();
  }

  function closeLine() {
    if (!my.current?.line) return;
    my.current.line = null;
    app.changed();
  }

  /** ← → Home End step by move while the review is open; true when taken. */
  function keys(event) {
    if (!my.current?.shown || !isReviewTable(state.table) || !my.current.plies) return false;
    const moves = {ArrowLeft: -1, ArrowRight: 1, Home: -Infinity, End: Infinity};
    if (!Object.hasOwn(moves, event.key)) return false;
    event.preventDefault();
    const now = my.current.wanted ?? positionOf(state.table.replay.step);
    const target = Math.max(0, Math.min(my.current.plies, now + moves[event.key]));
    show(target);
    return true;
  }

  // ---- drawing ------------------------------------------------------------------

  function draw() {
    const table = state.table;
    if (my.current?.shown && !isReviewTable(table)) stop(); // a new game, a resumed match: the review ends
    if (!my.current) {
      panel.hidden = true;
      drawn = null;
    }
    if (!my.current?.shown) return; // one being opened: the panel shown (another game's) stays till then
    const position = positionOf(table.replay.step);
    if (my.current.wanted === position) my.current.wanted = null;
    if (my.current.line && my.current.line.position !== position) my.current.line = null; // another move: the game's board
    const key = JSON.stringify([state.settings.language, position, my.current.results.length, my.current.status,
                                my.current.older, my.current.problem, my.current.plies, my.current.line?.index ?? null,
                                my.current.puzzles?.length ?? null]);
    if (drawn === key) return;
    drawn = key;
    panel.hidden = false;
    // the focus stays where it was: the panel is drawn anew (a move, the chart, a line button)
    const focused = panel.contains(document.activeElement) ? document.activeElement.dataset.focus : null;
    const players = my.current.saved.players || table.players;
    const sides = table.snapshot.sides;
    const viewer = viewerSide(players, sides);
    replaceChildren(panel,
      el('div', {class: 'mode-head review-head'},
        el('h2', {id: 'review-title', text: t('review.title', {number: my.current.gameIndex + 1})}),
        el('button', {type: 'button', class: 'review-close', dataset: {action: 'close-review', focus: 'close'},
                      text: t(matchToGoOn() ? 'review.back_to_match' : 'review.close'), onclick: () => close()}),
        gameSwitch()),
      el('p', {class: 'review-status', role: 'status', dataset: {status: my.current.status}, text: statusText()}),
      shortenedNote(),
      ownPuzzles(),
      my.current.older ? el('p', {class: 'review-older'}, t('review.older'), ' ',
        el('button', {type: 'button', dataset: {action: 'redo-review'}, text: t('review.redo'),
                      onclick: () => { start(my.current); app.changed(); }})) : null,
      my.current.problem ? el('p', {class: 'review-problem', role: 'alert',
                             text: typeof my.current.problem === 'string' ? t(my.current.problem) : problemText(my.current.problem)}) : null,
      // a game resigned before its first move: the status says there is nothing to review
      ...(empty() ? [] : [
        // the shown move and its line first: on a phone, right under the board
        current(position, players),
        charts(sides, players, viewer, position),
        summaryList(players, sides),
        moveList(position, players),
        el('p', {class: 'review-thresholds', text: t('review.thresholds')})]));
    if (focused) keepFocus(focused);
  }

  /** "2 puzzles from this game" and the button to solve them (puzzles.js). */
  function ownPuzzles() {
    const count = my.current.puzzles?.length;
    if (!count) return null;
    return el('p', {class: 'review-puzzles'}, t('review.puzzles', {count}), ' ',
      el('button', {type: 'button', dataset: {action: 'review-puzzles', focus: 'solve'}, text: t('review.solve_puzzles'),
                    onclick: () => app.modes.open('puzzles', {variant: 'own', theme: null, id: my.current.puzzles[0].id})}));
  }

  /** "Game 1 | Game 2": the review of each game of the match that ended. */
  function gameSwitch() {
    if (my.current.games.length < 2) return null;
    return el('div', {class: 'review-games', role: 'group', 'aria-label': t('review.games')},
      my.current.games.map((index) => el('button', {
        type: 'button', dataset: {action: 'review-game', game: String(index), focus: `game-${index}`},
        'aria-pressed': String(index === my.current.gameIndex), text: t('review.game', {number: index + 1}),
        onclick: () => switchGame(index)})));
  }

  /** Focus the new element standing for the one that had the focus: the replay bar's ▶
   *  (which steps the line) once the line is shown, "Show the line" once it is closed. */
  function keepFocus(key) {
    if (key === 'show-line' && my.current.line) {
      document.querySelector('.replay-bar button[data-action="replay-forward"]')?.focus();
      return;
    }
    const line = key === 'show-line' || key.startsWith('line-');
    panel.querySelector(`[data-focus="${line && !my.current.line ? 'show-line' : key}"]`)?.focus();
  }

  /** A review of a game without a move (resigned at once): nothing to show but that. */
  function empty() {
    return my.current.status === 'done' && my.current.plies === 0;
  }

  function statusText() {
    if (empty()) return t('review.no_moves');
    if (my.current.status === 'done') return t('review.done', {count: my.current.plies});
    if (my.current.status === 'failed') return t('review.failed');
    return t('review.running', {done: my.current.results.length, total: my.current.plies});
  }

  /** The safety time stopped some analyses before their node budget: said, as those
   *  marks may differ on another device (filler.ai.review). */
  function shortenedNote() {
    const count = my.current.results.filter((result) => result.shortened).length;
    return count ? el('p', {class: 'review-shortened', dataset: {count: String(count)},
                            text: t('review.shortened', {count})}) : null;
  }

  /** A shortened move's own word, beside its mark. */
  function shortenedTag(result) {
    return result?.shortened ? el('span', {class: 'review-shortened-move', text: ` · ${t('my.current.shortened_move')}`}) : null;
  }

  function viewerSide(players, sides) {
    const human = players.findIndex((player) => player?.kind === 'human');
    if (human < 0) return 0;
    return sides.findIndex((side) => side.seats.includes(human));
  }

  function charts(sides, players, viewer, position) {
    const results = my.current.results;
    const sign = (result) => (result.side === viewer ? 1 : -1);
    const values = results.length ? [margin(results[0].value_best) * sign(results[0]),
      ...results.map((r) => r.margin * sign(r))] : [];
    const series = sides.map((side, index) => ({label: sideName(players, side.seats),
                                                colorIndex: my.current.colors[index]}));
    const name = sideName(players, sides[viewer].seats);
    return el('div', {class: 'review-charts'},
      el('figure', {class: 'review-chart'},
        // a slider over the positions: Tab reaches it, ← → Home End move it (onKey), a click on a point opens it
        advantageChart(values, {
          selected: Math.min(position, Math.max(0, values.length - 1)), onSelect: (index) => show(index),
          label: t('review.chart_label', {name}),
          valueText: (index, value) => (index === 0 ? t('review.point_start', {value: signed(value), name})
            : t('review.point', {number: index, value: signed(value), name})),
          movesLabel: (count) => t('over.moves', {count}),
          attributes: {dataset: {focus: 'chart'}},
        }),
        el('figcaption', {text: t('review.chart', {name})})),
      my.current.history ? el('figure', {class: 'review-chart'},
        territoryChart(my.current.history, series, {label: t('over.chart_label'), movesLabel: (count) => t('over.moves', {count})}),
        chartCaption(t('over.chart'), series)) : null);
  }

  function colorText(color, attributes = {}) {
    return el('span', {class: 'review-color', ...attributes}, swatch(color), t('controls.color', {number: color + 1}));
  }

  const isBest = (result) => ['best', 'only'].includes(result.mark);

  /** The shown position, said once: who played what and its mark, the master's move
   *  when it was another (previewed on the board), then the line it expects, which
   *  the player can step through on the board. */
  function current(position, players) {
    const result = my.current.results[position];
    if (!result) {
      return el('div', {class: 'review-current'}, el('p', {text: position >= my.current.plies && my.current.plies
        ? t('review.at_end') : t('review.waiting')}));
    }
    const line = my.current.line?.position === position ? my.current.line : null;
    const colors = result.line.slice(0, STORED_LINE);
    // the line begins with the master's move, named just before it
    const then = colors.slice(1).flatMap((color, index) => [index ? ' → ' : '',
      colorText(color, line?.index === index + 2 ? {'aria-current': 'step'} : {})]);
    return el('div', {class: 'review-current', dataset: {ply: String(position), best: String(result.best),
                                                     line: colors.join(' ')}},
      el('p', {class: 'review-said'},
        t('review.move_of', {number: position + 1, name: playerName(players, result.seat)}), ' ',
        colorText(result.played), ' — ',
        el('strong', {class: 'review-mark', dataset: {mark: result.mark}, text: markText(result)}),
        shortenedTag(result),
        isBest(result) ? null : ['; ', t('review.master_plays'), ' ',
                                 colorText(result.best, line?.index === 1 ? {'aria-current': 'step'} : {})]),
      ownMoveNote(result, players),
      then.length ? el('p', {class: 'review-line'}, t('review.line'), ' ', ...then) : null,
      line ? lineSteps(line) : el('button', {type: 'button', class: 'review-show-line', dataset: {action: 'show-line', focus: 'show-line'},
                                             text: t('review.show_line'), onclick: () => showLine(position)}));
  }

  /** A move the master played itself that the review marks: why two masters differ.
   *  At the table it searched in its own time (about a second; on the board of the
   *  day 40 000 positions), the review gives each move a fixed, mostly shorter search
   *  (REVIEW_NODES, docs/master.md); unless the solver proves the review's color
   *  better, neither search shows which is right. */
  function ownMoveNote(result, players) {
    const player = players[result.seat];
    if (isBest(result) || player?.kind !== 'computer' || player.level !== 'master') return null;
    return el('p', {class: 'review-own-move', text: t(result.exact ? 'review.own_move_proven' : 'review.own_move')});
  }

  /** Where the line is, and back to the game's position. Its ◀ ▶ are the replay bar's,
   *  right above the board (table.js): one set of them for the one line. */
  function lineSteps(line) {
    const count = line.states.length;
    return el('div', {class: 'review-line-steps', role: 'group', 'aria-label': t('review.line_steps')},
      el('span', {class: 'review-line-at', role: 'status',
                  text: line.index ? t('review.line_at', {number: line.index, count}) : t('review.line_start', {count})}),
      el('button', {type: 'button', dataset: {action: 'line-exit', focus: 'line-exit'}, text: t('review.line_exit'),
                    onclick: () => closeLine()}));
  }

  function markText(result) {
    const mark = t(`review.mark.${result.mark}`);
    return result.loss ? `${mark} (${t('my.current.loss', {count: result.loss})})` : mark;
  }

  function summaryList(players, sides) {
    if (!my.current.summary) return null;
    const {decided, lost_by: lostBy} = my.current.summary;
    return el('div', {class: 'review-summary'},
      el('ul', {}, my.current.summary.sides.map((entry) => {
        const name = sideName(players, sides[entry.side]?.seats ?? []);
        const counts = entry.counts || {};
        return el('li', {dataset: {side: String(entry.side)}},
          el('strong', {text: name}), ': ',
          t('review.counts', {blunders: counts.blunder ?? 0, mistakes: counts.mistake ?? 0,
                              inaccuracies: counts.inaccuracy ?? 0}),
          entry.swing ? ` · ${t('my.current.swing', {number: entry.swing.ply + 1})} (${t('my.current.loss', {count: entry.swing.loss})})` : '');
      })),
      el('p', {class: 'review-decided', text: decided === null || decided === undefined
        ? t('review.undecided')
        : t('review.decided', {number: decided + 1, name: sideName(players, sides[lostBy]?.seats ?? [])})}));
  }

  /** Each move a button: its number beside it (a wrapped entry keeps them together), the mark as text. */
  function moveList(position, players) {
    const list = el('ol', {class: 'review-moves', 'aria-label': t('review.moves')});
    for (let ply = 0; ply < my.current.plies; ply += 1) {
      const result = my.current.results[ply];
      const item = el('li', {dataset: {ply: String(ply), mark: result?.mark ?? '', played: String(result?.played ?? ''),
                                       best: String(result?.best ?? '')}},
        el('button', {type: 'button', class: 'review-move', dataset: {focus: `move-${ply}`}, onclick: () => show(ply),
                      'aria-current': ply === position ? 'step' : null},
          el('span', {class: 'review-number', text: `${ply + 1}.`}),
          el('span', {class: 'review-entry'},
            el('span', {class: 'review-who', text: result ? playerName(players, result.seat) : ''}), ' ',
            result ? colorText(result.played) : null, ' ',
            el('span', {class: 'review-mark', text: result ? markText(result) : t('review.pending')}),
            shortenedTag(result),
            result && !isBest(result) ? el('span', {class: 'review-best'}, ' · ', t('review.master_plays'), ' ',
                                           colorText(result.best)) : null)));
      append(list, item);
    }
    return list;
  }

}

