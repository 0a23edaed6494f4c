// A game at the table: open a new one, put it at the table, play its moves, take one
// back, resign, be ready for the next game, a hint, and the computer's moves. Every
// state the engine sends for the table goes through applySnapshot.
//
// A table (makeTable) is the page's side of one engine table: the config it was
// opened with, the engine's layout and latest snapshot, and what the page keeps
// besides (the colors played, its saved match's id, read-only and replay marks).
// A table drawn before boot has tableId null: boot.js opens it on the engine.
//
// main.js calls attachGame(app) once; it puts startGame, rematch, play, undo, hint,
// resign, resignMatch, ready, makeTable, setTable, applySnapshot and afterSnapshot
// on app.

import {defaultLevel, practiceDefaults} from '../ui/lobby.js';
import {newMatchId} from '../store/storage.js';
import {updateRatings} from './ratings.js';

// The first board of a visit is untimed: a newcomer reads the tooltips and the rules
// while playing, and a clock (with a loss on time) is a choice made in the lobby. Its
// variant (null: nothing chosen yet) and its computer's level are the engine's first
// game (catalog.firstGame: quick 8×7 against the beginner), or what a returning player
// last chose (saved.js lastChosen).
export const DEFAULT_CONFIG = {
  variant: null, seed: null, options: {}, games: 1,
  clock: {mode: 'none', bankMinutes: 5, incrementSeconds: 3},
  seats: [{kind: 'human', name: ''}, {kind: 'computer', name: '', level: null}],
};
const BOT_PACING_MS = 350; // between two computer moves in a row, so people can follow

/** The engine's new_game parameters for a config (the lobby's or a saved match's). */
export function newGameParams(config, catalog) {
  const seats = config.seats.map((seat) => seat.kind === 'computer'
    ? {kind: 'computer', name: '', level: seat.level || defaultLevel(catalog)}
    : {kind: seat.kind === 'friend' ? 'friend' : 'human', name: (seat.name || '').trim()});
  const params = {variant: config.variant, seats, games: config.games === 2 ? 2 : 1};
  const clock = clockSpec(config, catalog);
  if (clock) params.clock = clock;
  if (config.seed !== null && config.seed !== undefined) params.seed = config.seed;
  if (config.variant === 'practice') params.options = {...practiceDefaults(catalog), ...config.options};
  return params;
}

/** The clock a config asks for: {bank_ms, increment_ms} or null (no clock). */
export function clockSpec(config, catalog) {
  // also as a shared link gives it (share.js): null, 'default' or {bank_ms, increment_ms}
  if (config.clock === null) return null;
  if (config.clock?.bank_ms > 0) return {bank_ms: config.clock.bank_ms, increment_ms: config.clock.increment_ms || 0};
  const clock = typeof config.clock === 'object' ? config.clock : {mode: 'default'};
  if (clock.mode === 'none') return null;
  if (clock.mode === 'custom') {
    const bank = Math.round(Number(clock.bankMinutes) * 60000);
    if (!(bank > 0)) return null;
    return {bank_ms: bank, increment_ms: Math.max(0, Math.round(Number(clock.incrementSeconds || 0) * 1000))};
  }
  const variant = catalog.variants.find((v) => v.id === config.variant);
  return variant?.clock ? {...variant.clock} : null;
}

/** A first board (snapshots.json) for `config` before the engine is up: the one of its
 *  seed, or without a seed one picked at random (crypto.getRandomValues), or null. */
function firstBoard(catalog, config) {
  const boards = Object.hasOwn(catalog.boards, config.variant) ? catalog.boards[config.variant] : [];
  if (config.seed !== null && config.seed !== undefined) {
    return boards.find((board) => board.layout.seed === config.seed) ?? null;
  }
  return boards.length ? boards[crypto.getRandomValues(new Uint32Array(1))[0] % boards.length] : null;
}

/** Note when a snapshot arrived: the page counts its clock down from then. */
export function arriving(snapshot) {
  snapshot.arrived = performance.now();
  if (snapshot.match?.over && !snapshot.over) {
    // the match ended in the middle of a game (out of time, match resigned)
    Object.assign(snapshot, {over: true, turn: null, legal: [], previews: {}, forbidden: []});
  }
  return snapshot;
}

/** How many games of its match have ended as of a state (each can be reviewed): the
 *  games before the one shown, and that one once it is over. */
export function gamesOver(snapshot) {
  const index = snapshot.game_index ?? 0;
  return snapshot.over ? index + 1 : index;
}

/** Keep the page's list of the colors played in step with the snapshot. */
export function noteMoves(table) {
  const {move_number: count, last_move: last} = table.snapshot;
  const moves = table.moves.slice(0, count);
  if (last && count > 0) moves[count - 1] = last.color;
  table.moves = moves;
}

export function attachGame(app) {
  const {state, store} = app;

  function makeTable(config, layout, snapshot, tableId) {
    return {
      tableId, config, layout, snapshot,
      players: layout.players || config.seats.map((seat) => ({...seat})),
      queuedColor: null, requesting: false, botBusy: false, error: null,
      engineGeneration: tableId === null ? null : app.engine.generation,
      moves: [], // the colors played, to reopen the game in a new worker
      matchId: null, created: null, // its saved log (storage), once a move was made
      readOnly: null,  // 'elsewhere' | 'taken-over': another tab has this match
      replay: null,    // {id, saved, step, total}: a finished match replayed
      ratingChanges: null, ratingAsked: false,
      friend: null,    // a match with a friend by link: {id, seat, ratings, sent, turn} (friend.js)
      resumeStandIn: false, // a saved match's last state, drawn before boot (saved.js showStandIn)
      mode: null,      // the name of the mode that opened it (modes.js); null: a game
      // (a saved match's other marks, kept with it, are set by saved.js as it reads them)
    };
  }

  async function startGame(config) {
    const {moves = null, ...chosen} = config; // moves: a shared game's, replayed (launch.js)
    state.config = structuredClone(chosen);
    // no variant chosen: the engine's first game (before the catalog says it: once the engine is up)
    state.config.variant ||= state.catalog.firstGame?.variant ?? null;
    state.pendingResume = null; // a game chosen before boot wins over the match that waited (it stays saved)
    if (state.engine.status !== 'ready') {
      // before boot: one of the variant's first boards (snapshots.json), the one asked
      // for by seed or one at random, opened on the engine once it is up
      const board = moves?.length || state.config.variant === 'practice' ? null : firstBoard(state.catalog, state.config);
      if (!board) {
        state.pendingConfig = state.config; // started once the engine is up
        return;
      }
      const seeded = {...state.config, seed: board.layout.seed};
      state.table = makeTable(seeded, board.layout, board.state, null);
      app.changed();
      return;
    }
    let opened;
    try {
      opened = await app.request('new_game', {...newGameParams(state.config, state.catalog),
                                              ...(moves?.length ? {moves} : {})});
    } catch (error) {
      return app.showError(error);
    }
    const seeded = {...state.config, seed: opened.layout.seed};
    const table = makeTable(seeded, opened.layout, opened.state, opened.table_id);
    if (moves?.length) table.moves = [...moves];
    table.matchId = newMatchId();
    setTable(table);
    arriving(table.snapshot);
    app.saveTable(table);
    afterSnapshot(table);
    app.changed();
  }

  /** Put `table` at the table, closing (and letting go of) the one before. */
  function setTable(table) {
    const previous = state.table;
    state.table = table;
    state.blocked = null;
    for (const listener of app.snapshotListeners) listener(state);
    if (previous && previous !== table) {
      if (previous.tableId) app.request('close', {table_id: previous.tableId}).catch(() => {});
      if (previous.matchId && previous.matchId !== table.matchId && !previous.readOnly) {
        // a game left before its first move is no saved match
        if (previous.snapshot.record?.events.length === 0 && !previous.replay) {
          store.removeMatch(previous.matchId, {unplayed: true}); // (unless it was played on elsewhere)
        } else {
          app.saveTable(previous);
        }
        store.releaseMatch(previous.matchId);
      }
    }
  }

  async function play(color) {
    const table = state.table;
    if (!table) return;
    const snapshot = table.snapshot;
    if (snapshot.over || table.requesting || table.queuedColor !== null) return;
    if (table.replay || table.readOnly || snapshot.turn === null) return;
    if (table.players[snapshot.turn]?.kind !== 'human') return;
    if (!(String(color) in snapshot.previews)) return; // forbidden or not a color
    app.tableView.controls?.reset();
    const mode = app.modes.of(table);
    if (mode?.move) return mode.move(color); // the mode's answer (a puzzle's solution, a lesson's task)
    if (table.tableId === null) {
      table.queuedColor = color;
      app.changed();
      return;
    }
    await requestState(table, 'play', {color});
  }

  /** Ask the engine to act on `table` (as of the state shown) and show its answer;
   *  `saving`: how it is saved (saveTable's options). */
  async function requestState(table, method, params, saving = {}) {
    table.requesting = true;
    app.changed();
    try {
      const next = await app.request(method, {table_id: table.tableId, state_id: table.snapshot.state_id, ...params});
      table.requesting = false;
      await applySnapshot(table, next, saving);
    } catch (error) {
      table.requesting = false;
      if (error.type === 'EngineStopped' && method === 'play' && state.table === table) {
        table.queuedColor = params.color; // played on the match reopened in the new engine (boot.js)
        app.changed();
      } else app.showError(error, table);
    }
  }

  /** Show a new state of `table` unless the table was left or the state is old;
   *  `saving`: how it is saved (saveTable's options). */
  async function applySnapshot(table, snapshot, saving = {}) {
    arriving(snapshot);
    const current = () => state.table === table && snapshot.state_id >= table.snapshot.state_id;
    if (!current()) return false;
    if ((snapshot.game_index ?? 0) !== (table.layout.game_index ?? 0)) {
      // the next game of a match: same board, other corners
      const layout = await app.request('layout', {table_id: table.tableId});
      if (!current()) return false;
      table.layout = layout;
    }
    table.snapshot = snapshot;
    table.error = null;
    noteMoves(table);
    for (const listener of app.snapshotListeners) listener(state);
    app.saveTable(table, saving);
    afterSnapshot(table);
    updateRatings(app, table);
    // drawn now, not in the next frame: of two states that arrive within one frame (a
    // move and a quick reply) the board shows each, one after the other
    app.drawNow();
    return true;
  }

  /** Ask the worker for a computer move when a computer is to move. */
  function afterSnapshot(table) {
    const snapshot = table.snapshot;
    if (snapshot.over || table.tableId === null || table.botBusy || table.replay || table.readOnly) return;
    if (app.modes.of(table)?.move) return; // a mode that answers the moves plays the replies
    if (snapshot.turn === null || table.players[snapshot.turn]?.kind !== 'computer') return;
    table.botBusy = true;
    const previousSeat = snapshot.last_move?.seat;
    const pace = previousSeat !== undefined && table.players[previousSeat]?.kind === 'computer';
    const ask = async () => {
      if (state.table !== table) return;
      const started = performance.now();
      try {
        const next = await app.request('bot_move', {table_id: table.tableId, state_id: snapshot.state_id});
        table.botBusy = false;
        table.botTiming = {started, stateId: next.state_id};
        await applySnapshot(table, next);
      } catch (error) {
        table.botBusy = false;
        if (state.table === table && error.type !== 'StaleState') app.showError(error, table);
      }
    };
    if (pace) setTimeout(ask, BOT_PACING_MS);
    else ask();
  }

  /** Practice: take back the last move of the person (and the computer's answer). */
  async function undo() {
    const table = state.table;
    if (!table || table.tableId === null || table.requesting || table.botBusy) return;
    // the saved log gets shorter: a rewrite the store takes only when it is named
    await requestState(table, 'undo', {}, {rewrite: 'take-back'});
  }

  /** resign_game (in a match the next game is still played), resign_match or ready
   *  (for the next game of the match), for the person at `seat`. */
  async function seatAction(method, seat) {
    const table = state.table;
    if (!table || table.tableId === null || table.requesting || table.snapshot.match?.over) return;
    if (table.replay || table.readOnly) return;
    await requestState(table, method, {seat});
  }

  /** Practice: mark the color the strongest computer level would play. */
  async function hint() {
    const table = state.table;
    if (!table || table.tableId === null || table.requesting) return;
    const stateId = table.snapshot.state_id;
    table.requesting = true;
    app.changed();
    try {
      const {color} = await app.request('hint', {table_id: table.tableId, state_id: stateId});
      table.hint = {color, stateId};
    } catch (error) {
      app.showError(error, table);
    }
    table.requesting = false;
    app.changed();
  }

  Object.assign(app, {
    startGame, play, undo, hint, makeTable, setTable, applySnapshot, afterSnapshot,
    rematch: () => startGame({...state.config, seed: null}),
    resign: (seat) => seatAction('resign_game', seat),
    resignMatch: (seat) => seatAction('resign_match', seat),
    ready: (seat) => seatAction('ready', seat),
  });
}
