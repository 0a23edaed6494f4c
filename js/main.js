// The page: one state object, the engine in its worker, the table, the lobby and
// the options. Everything the page shows is drawn from `state` in render().
//
// Before Python has booted the page draws the first board from dist/snapshots.json
// (the engine's own layout and first state, previews included), so hovering works at
// once; a move made then is queued and played as soon as the engine is ready.
//
// For tests and benchmarks, <body> carries: data-ready="1" (a board is shown and
// takes moves), data-engine="booting|ready|failed", data-state-id, data-moves,
// data-turn, data-over; each computer move shown adds a performance measure
// "filler:computer-move" (request sent -> move drawn) and sets data-bot-ms.

import {frameBatcher} from './dom.js';
import {t, translate, setLanguage, onLanguageChange} from './i18n.js';
import {Engine} from './engine.js';
import {TableView} from './table.js';
import {Lobby, defaultLevel} from './lobby.js';
import {applyPalette, applyTheme} from './palette.js';
import {loadSettings, saveSettings, keepSettingsIn} from './settings.js';
import {OptionsDialog} from './options.js';
import {openStorage, newMatchId} from './storage.js';
import {readLaunch, attachAround} from './around.js';
import {attachFriend} from './friend.js';
import {updateRatings} from './ratings.js';
import {bootParts, drawBootParts} from './boot_view.js';
import {attachReview} from './review.js';

// The first board of a visit is untimed: a newcomer reads the tooltips and the rules
// while playing, and a clock (with a loss on time) is a choice made in the lobby.
const DEFAULT_CONFIG = {
  variant: 'classic', seed: null, options: {}, games: 1,
  clock: {mode: 'none', bankMinutes: 5, incrementSeconds: 3},
  seats: [{kind: 'human', name: ''}, {kind: 'computer', name: '', level: null}],
};
const PRACTICE_DEFAULTS = {shape: 'square', width: 10, height: 10, colors: 6};
const BOT_PACING_MS = 350; // between two computer moves in a row, so people can follow

const store = openStorage();
keepSettingsIn(store);

export const state = {
  settings: loadSettings(),
  engine: {status: 'booting', stage: 'runtime', fraction: 0, error: null, attempts: 0},
  catalog: {variants: [], levels: ['greedy'], boards: {}, seed: null}, // variants, levels, snapshots
  table: null,          // the game at the table (see makeTable)
  config: structuredClone(DEFAULT_CONFIG), // what the start screen last chose
  pendingConfig: null,  // a game asked for before the engine was up
  update: null,         // {apply} when a new version of the site is waiting
  offlineStarted: false,
  notices: [],          // storage notices shown over the table: {kind, ...}
  blocked: null,        // {id}: the match to resume is open in another tab
  pendingResume: null,  // true: reopen the newest unfinished match once the engine is up
  botRatings: {},       // {variant: {level: {r, rd}}}
};

const body = document.body;
const render = frameBatcher(draw);
let tableView;
let lobby;
let engine;
let options;
let review; // review.js

export const app = {
  state,
  changed: render,
  request: (method, params) => engine.request(method, params),
  drawListeners: new Set(), // around.js: embed events, live region, sound, share link
  snapshotListeners: new Set(), // around.js: every state a table takes, even two in one frame
  applySettings: () => applySettings(),
  play,
  rematch: () => startGame({...state.config, seed: null}),
  openLobby,
  startGame,
  undo,
  hint,
  resign,
  resignMatch,
  ready,
  clockNow: (table) => clockNow(table),
  store,
  resumeMatch,
  replayMatch,
  replayStep,
  showReplay, // around.js: a shared link's game, replayed ({id: null, saved: record, total}, step)
  takeOver,
  dismissNotice,
  exportAll: () => lobby.exportFile(),
  checkRecord: (record, seats) => engine.request('check_record', {record, seats}),
  saveTable, showError, // ratings.js; friend.js: a match taken from a friend's link
  updateRatings: (table) => updateRatings(app, table),
  reviewOffered: (table) => review.offered(table), openReview: (table) => review.openTable(table),
  reviewMatch: (id) => review.openMatch(id),
};

// ---- engine ---------------------------------------------------------------------

function startEngine() {
  state.engine = {status: 'booting', stage: 'runtime', fraction: 0, error: null,
                  attempts: (state.engine.attempts || 0) + 1};
  engine.start();
  render();
}

/** Offline mode, once the engine is up (its precache would slow the first boot). */
function startOffline() {
  if (state.offlineStarted) return;
  state.offlineStarted = true;
  import('./offline.js')
    .then(({registerOffline, onUpdateReady, applyUpdate}) => {
      onUpdateReady(() => {
        state.update = {apply: applyUpdate};
        render();
      });
      return registerOffline();
    })
    .catch((error) => console.warn('filler: offline mode unavailable', error));
}

async function engineReady() {
  state.engine.status = 'ready';
  state.engine.fraction = 1;
  render();
  startOffline();
  try {
    const [variants, levels] = await Promise.all([engine.request('variants'), engine.request('levels')]);
    state.catalog.variants = variants;
    state.catalog.levels = levels;
    state.botRatings = await engine.request('bot_ratings');
  } catch (error) {
    showError(error);
  }
  if (await app.onEngineReady?.()) return; // friend.js: the page was opened with a friend's link
  const table = state.table;
  if (state.pendingResume) {
    state.pendingResume = null;
    if (await resumeNewest()) return;
  }
  if (state.pendingConfig || !table) {
    const config = state.pendingConfig || state.config;
    state.pendingConfig = null;
    startGame(config);
  } else if (table.tableId === null || table.engineGeneration !== engine.generation) {
    // a board drawn before boot, or a game whose worker failed: open it (again)
    await openOnEngine(table);
  }
}

/** Give a table drawn from a snapshot (or left by a failed worker) its engine twin,
 *  with the moves played so far, then play a queued move. */
async function openOnEngine(table) {
  if (table.matchId && table.snapshot.record) {
    await openSaved(table.matchId, {...table.snapshot.record, id: table.matchId, players: savedPlayers(table),
                                    clock: clockNow(table), created: table.created});
    return;
  }
  // the snapshot's board stands in for a board nobody asked for by seed: untouched,
  // it becomes a fresh random one now, so that not every visit gets the same board
  const fresh = table.standIn && !table.moves.length && (table.queuedColor === null || table.queuedColor === undefined);
  if (fresh) table.config = {...table.config, seed: null};
  let opened;
  try {
    opened = await engine.request('new_game', {...newGameParams(table.config), moves: table.moves});
  } catch (error) {
    table.queuedColor = null;
    return showError(error, table);
  }
  const clickedMeanwhile = fresh && table.queuedColor !== null && table.queuedColor !== undefined;
  if (state.table !== table || clickedMeanwhile) {
    // another game was started meanwhile, or a color of the board shown was chosen:
    // let the worker drop this one (and open the board shown)
    engine.request('close', {table_id: opened.table_id}).catch(() => {});
    if (clickedMeanwhile) {
      table.config = {...table.config, seed: table.layout.seed};
      table.standIn = false;
      await openOnEngine(table);
    }
    return;
  }
  table.standIn = false;
  table.config = {...table.config, seed: opened.layout.seed};
  table.tableId = opened.table_id;
  table.engineGeneration = engine.generation;
  table.requesting = false;
  table.botBusy = false;
  table.error = null;
  if (opened.layout.seed !== table.layout.seed || opened.layout.variant !== table.layout.variant) {
    table.layout = opened.layout;
  }
  table.players = opened.layout.players;
  table.snapshot = arriving(opened.state); // its clock counts down from now
  noteMoves(table);
  // the board drawn before boot is a game like any other: saved from now on
  table.matchId ??= newMatchId();
  saveTable(table);
  const queued = table.queuedColor;
  if (queued !== null && queued !== undefined) {
    table.queuedColor = null;
    await play(queued);
  } else {
    afterSnapshot(table);
  }
  render();
}

function newGameParams(config) {
  const seats = config.seats.map((seat) => seat.kind === 'computer'
    ? {kind: 'computer', name: '', level: seat.level || defaultLevel(state.catalog.levels)}
    : {kind: seat.kind === 'friend' ? 'friend' : 'human', name: (seat.name || '').trim()});
  const params = {variant: config.variant, seats, games: config.games === 2 ? 2 : 1};
  const clock = clockSpec(config);
  if (clock) params.clock = clock;
  if (config.seed !== null && config.seed !== undefined) params.seed = config.seed;
  if (config.variant === 'practice') params.options = {...PRACTICE_DEFAULTS, ...config.options};
  return params;
}

/** The clock a config asks for: {bank_ms, increment_ms} or null (no clock). */
export function clockSpec(config) {
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
  const variant = state.catalog.variants.find((v) => v.id === config.variant);
  return variant?.clock ? {...variant.clock} : null;
}

// ---- tables ---------------------------------------------------------------------

function makeTable(config, layout, snapshot, tableId) {
  return {
    tableId, config, layout, snapshot,
    players: layout.players || config.seats.map((seat) => ({...seat})),
    queuedColor: null, requesting: false, botBusy: false, error: null,
    engineGeneration: tableId === null ? null : engine.generation,
    moves: [], // the colors played, to reopen the game in a new worker
    matchId: null, created: null, // its saved log (storage), once a move was made
    readOnly: null,  // 'elsewhere' | 'taken-over': another tab has this match
    replay: null,    // {id, saved, step, total}: a finished match replayed
    ratingChanges: null, ratingAsked: false,
    friend: null,    // a match with a friend by link: {id, seat, ratings, sent, turn} (friend.js)
  };
}

async function startGame(config) {
  const {moves = null, ...chosen} = config; // moves: a shared game's, replayed (around.js)
  state.config = structuredClone(chosen);
  const boards = state.catalog.boards;
  const snapshotBoard = Object.hasOwn(boards, config.variant) ? boards[config.variant] : null;
  if (state.engine.status !== 'ready') {
    // before boot: the variant's snapshot board (its fixed seed), opened on the
    // engine once it is up
    if (!snapshotBoard || config.variant === 'practice' || moves?.length
        || (config.seed !== null && config.seed !== undefined && config.seed !== state.catalog.seed)) {
      state.pendingConfig = state.config; // started once the engine is up
      return;
    }
    const seeded = {...state.config, seed: state.catalog.seed};
    state.table = makeTable(seeded, snapshotBoard.layout, snapshotBoard.state, null);
    state.table.standIn = config.seed === null || config.seed === undefined;
    render();
    return;
  }
  let opened;
  try {
    opened = await engine.request('new_game', {...newGameParams(state.config), ...(moves?.length ? {moves} : {})});
  } catch (error) {
    return showError(error);
  }
  const seeded = {...state.config, seed: opened.layout.seed};
  const table = makeTable(seeded, opened.layout, opened.state, opened.table_id);
  if (moves?.length) table.moves = [...moves];
  table.matchId = newMatchId();
  setTable(table);
  arriving(table.snapshot);
  saveTable(table);
  afterSnapshot(table);
  render();
}

/** Put `table` at the table, closing (and letting go of) the one before. */
function setTable(table) {
  const previous = state.table;
  state.table = table;
  state.blocked = null;
  for (const listener of app.snapshotListeners) listener(state);
  if (previous && previous !== table) {
    if (previous.tableId) engine.request('close', {table_id: previous.tableId}).catch(() => {});
    if (previous.matchId && previous.matchId !== table.matchId && !previous.readOnly) {
      // a game left before its first move is no saved match
      if (previous.snapshot.record?.events.length === 0 && !previous.replay) store.removeMatch(previous.matchId);
      else saveTable(previous);
      store.releaseMatch(previous.matchId);
    }
  }
}

// ---- saved matches --------------------------------------------------------------

/** Note when a snapshot arrived: the page counts its clock down from then. */
function arriving(snapshot) {
  snapshot.arrived = performance.now();
  if (snapshot.match?.over && !snapshot.over) {
    // the match ended in the middle of a game (out of time, match resigned)
    Object.assign(snapshot, {over: true, turn: null, legal: [], previews: {}, forbidden: []});
  }
  return snapshot;
}

/** The table's clock as of now (counted down locally since the last snapshot). */
export function clockNow(table) {
  const clock = table.snapshot.clock;
  if (!clock) return null;
  const left = [...clock.left_ms];
  if (clock.running && clock.turn !== null && table.snapshot.arrived !== undefined) {
    left[clock.turn] = Math.max(0, left[clock.turn] - Math.round(performance.now() - table.snapshot.arrived));
  }
  return {...clock, left_ms: left};
}

function savedPlayers(table) {
  return table.players.map((player) => player.kind === 'computer'
    ? {kind: 'computer', level: player.level, name: ''}
    : {kind: player.kind === 'friend' ? 'friend' : 'human', name: player.name || ''});
}

/** Save the table's match log: when it opens (a reload at once brings back the same
 *  board, and a friend's invitation is kept) and after every move; replays never. */
function saveTable(table) {
  if (!table.matchId || table.replay || table.readOnly || table.tableId === null || state.leaving) return;
  const record = table.snapshot.record;
  if (!record) return;
  const match = table.snapshot.match;
  const saved = store.saveMatch({
    ...record,
    id: table.matchId,
    players: savedPlayers(table),
    clock: clockNow(table),
    created: table.created ?? undefined,
    finished: match.over ? (table.finishedAt ??= Date.now()) : false,
    result: match.over ? {outcome: match.outcome, ratingChanges: table.ratingChanges} : null,
    friend: table.friend ?? undefined,
  });
  if (saved.ok) table.created = saved.match.created;
  else if (saved.reason === 'taken-over' || saved.reason === 'open-elsewhere') {
    table.readOnly = saved.reason === 'taken-over' ? 'taken-over' : 'elsewhere';
    render();
  }
}

/** After a reload: the newest unfinished match that reopens (one that does not replay
 *  is set aside on the way, once). False when there is none. */
async function resumeNewest() {
  for (const {id} of store.listMatches({finished: false})) {
    if (await resumeMatch(id)) return true;
  }
  return false;
}

/** Reopen a saved unfinished match at the table (after a reload, or from the lobby). */
async function resumeMatch(id, {force = false} = {}) {
  const claim = force ? store.takeOverMatch(id) : store.claimMatch(id);
  if (!claim.ok) {
    state.blocked = {id};
    render();
    return true;
  }
  const saved = store.loadMatch(id);
  if (!saved) {
    store.releaseMatch(id);
    return false;
  }
  return openSaved(id, saved);
}

function configOf(saved) {
  const config = {...structuredClone(DEFAULT_CONFIG), variant: saved.variant, seed: saved.seed,
                  options: saved.options || {}, games: saved.games,
                  seats: saved.players.map((player) => ({...player}))};
  const variant = state.catalog.variants.find((v) => v.id === saved.variant);
  if (!saved.clock) config.clock = {mode: 'none'};
  else if (variant?.clock && variant.clock.bank_ms === saved.clock.bank_ms
           && variant.clock.increment_ms === saved.clock.increment_ms) config.clock = {mode: 'default'};
  else config.clock = {mode: 'custom', bankMinutes: saved.clock.bank_ms / 60000,
                       incrementSeconds: saved.clock.increment_ms / 1000};
  return config;
}

async function openSaved(id, saved) {
  let opened;
  try {
    opened = await engine.request('open_record', {record: saved, seats: saved.players,
                                                  clock: saved.clock || null, paused: document.hidden});
  } catch (error) {
    store.releaseMatch(id);
    // a log the engine does not replay is set aside (with the reason, one notice), so
    // that no later visit tries it again; a failing worker is no reason to
    const checked = await engine.request('check_record', {record: saved, seats: saved.players}).catch(() => null);
    if (checked && !checked.ok) store.setAsideMatch(id, checked.problem ?? checked.why);
    else state.notices.push({kind: 'unreadable', id, message: error.message, problem: error.problem});
    render();
    return false;
  }
  const config = configOf(saved);
  state.config = structuredClone(config);
  const table = makeTable(config, opened.layout, opened.state, opened.table_id);
  table.matchId = id;
  table.friend = saved.friend ?? null;
  table.created = saved.created;
  table.ratingChanges = saved.result?.ratingChanges ?? null;
  table.ratingAsked = Boolean(saved.finished);
  table.finishedAt = typeof saved.finished === 'number' ? saved.finished : null;
  setTable(table);
  arriving(table.snapshot);
  noteMoves(table);
  afterSnapshot(table);
  render();
  return true;
}

/** The match to resume is open in another tab: take it over. */
function takeOver() {
  const id = state.blocked?.id ?? state.table?.matchId;
  if (!id) return;
  state.blocked = null;
  resumeMatch(id, {force: true});
}

/** Replay a saved match event by event (read-only). */
async function replayMatch(id, step = null) {
  const saved = store.loadMatch(id);
  if (!saved) return;
  const total = saved.events.length;
  await showReplay({id, saved, total}, step ?? total);
}

async function showReplay(replay, step) {
  let opened;
  try {
    opened = await engine.request('open_record', {record: replay.saved, seats: replay.saved.players,
                                                  events: step, clock: replay.saved.clock || null, paused: true});
  } catch (error) {
    return showError(error);
  }
  const table = makeTable(configOf(replay.saved), opened.layout, opened.state, opened.table_id);
  table.replay = {...replay, step};
  table.ratingChanges = replay.saved.result?.ratingChanges ?? null;
  table.ratingAsked = true;
  setTable(table);
  render();
}

function replayStep(step) {
  const replay = state.table?.replay;
  if (!replay) return;
  const target = Math.max(0, Math.min(replay.total, step));
  if (target !== replay.step) showReplay(replay, target);
}

/** Dismiss the notices at `indices` (a line of the table may stand for several). */
function dismissNotice(indices) {
  const dropped = new Set([indices].flat());
  state.notices = state.notices.filter((_, index) => !dropped.has(index));
  render();
}

async function play(color) {
  const table = state.table;
  if (!table) return;
  const snapshot = table.snapshot;
  if (snapshot.over || table.requesting || table.queuedColor !== null) return;
  if (table.replay || table.readOnly || snapshot.turn === null) return;
  if (table.players[snapshot.turn]?.kind !== 'human') return;
  if (!(String(color) in snapshot.previews)) return; // forbidden or not a color
  tableView.controls?.reset();
  if (table.tableId === null) {
    table.queuedColor = color;
    render();
    return;
  }
  table.requesting = true;
  render();
  try {
    const next = await engine.request('play', {table_id: table.tableId, state_id: snapshot.state_id, color});
    table.requesting = false;
    await applySnapshot(table, next);
  } catch (error) {
    table.requesting = false;
    showError(error, table);
  }
}

/** Show a new state of `table` unless the table was left or the state is old. */
async function applySnapshot(table, snapshot) {
  arriving(snapshot);
  const current = () => state.table === table && snapshot.state_id >= table.snapshot.state_id;
  if (!current()) return false;
  if ((snapshot.game_index ?? 0) !== (table.layout.game_index ?? 0)) {
    // the next game of a match: same board, other corners
    const layout = await engine.request('layout', {table_id: table.tableId});
    if (!current()) return false;
    table.layout = layout;
  }
  table.snapshot = snapshot;
  table.error = null;
  noteMoves(table);
  for (const listener of app.snapshotListeners) listener(state);
  saveTable(table);
  afterSnapshot(table);
  updateRatings(app, table);
  // drawn now, not in the next frame: of two states that arrive within one frame (a
  // move and a quick reply) the board shows each, one after the other
  draw();
  return true;
}

/** Keep the page's list of the colors played in step with the snapshot. */
function noteMoves(table) {
  const {move_number: count, last_move: last} = table.snapshot;
  const moves = table.moves.slice(0, count);
  if (last && count > 0) moves[count - 1] = last.color;
  table.moves = moves;
}

/** Ask the worker for a computer move when a computer is to move. */
function afterSnapshot(table) {
  const snapshot = table.snapshot;
  if (snapshot.over || table.tableId === null || table.botBusy || table.replay || table.readOnly) return;
  if (snapshot.turn === null || table.players[snapshot.turn]?.kind !== 'computer') return;
  table.botBusy = true;
  const previousSeat = snapshot.last_move?.seat;
  const pace = previousSeat !== undefined && table.players[previousSeat]?.kind === 'computer';
  const ask = async () => {
    if (state.table !== table) return;
    const started = performance.now();
    try {
      const next = await engine.request('bot_move', {table_id: table.tableId, state_id: snapshot.state_id});
      table.botBusy = false;
      table.botTiming = {started, stateId: next.state_id};
      await applySnapshot(table, next);
    } catch (error) {
      table.botBusy = false;
      if (state.table === table && error.type !== 'StaleState') showError(error, table);
    }
  };
  if (pace) setTimeout(ask, BOT_PACING_MS);
  else ask();
}

/** Practice: take back the last move of the person (and the computer's answer). */
async function undo() {
  const table = state.table;
  if (!table || table.tableId === null || table.requesting || table.botBusy) return;
  table.requesting = true;
  try {
    const next = await engine.request('undo', {table_id: table.tableId, state_id: table.snapshot.state_id});
    table.requesting = false;
    await applySnapshot(table, next);
  } catch (error) {
    table.requesting = false;
    showError(error, table);
  }
}

/** The person to move resigns this game (in a match the next game is still played). */
function resign(seat) {
  return seatAction('resign_game', seat);
}

/** A person resigns the whole match. */
function resignMatch(seat) {
  return seatAction('resign_match', seat);
}

/** A person is ready for the next game of the match. */
function ready(seat) {
  return seatAction('ready', seat);
}

async function seatAction(method, seat) {
  const table = state.table;
  if (!table || table.tableId === null || table.requesting || table.snapshot.match?.over) return;
  if (table.replay || table.readOnly) return;
  table.requesting = true;
  render();
  try {
    const next = await engine.request(method,
      {table_id: table.tableId, state_id: table.snapshot.state_id, seat});
    table.requesting = false;
    await applySnapshot(table, next);
  } catch (error) {
    table.requesting = false;
    showError(error, table);
  }
}

/** Practice: mark the color the strongest computer level would play. */
async function hint() {
  const table = state.table;
  if (!table || table.tableId === null || table.requesting) return;
  const stateId = table.snapshot.state_id;
  table.requesting = true;
  render();
  try {
    const {color} = await engine.request('hint', {table_id: table.tableId, state_id: stateId});
    table.hint = {color, stateId};
  } catch (error) {
    showError(error, table);
  }
  table.requesting = false;
  render();
}

// ---- clocks ---------------------------------------------------------------------

/** Between snapshots the page counts the running clock down itself; when the
 *  person to move shows no time left it asks the engine, whose clock decides. */
function tickClocks() {
  const table = state.table;
  if (!table || !table.snapshot.clock || table.replay || table.readOnly) return;
  tableView.tickClocks();
  const clock = clockNow(table);
  const turn = clock.turn;
  if (!clock.running || turn === null || clock.left_ms[turn] > 0) return;
  if (table.players[turn]?.kind !== 'human' || table.flagging || table.requesting) return;
  table.flagging = true;
  engine.request('flag', {table_id: table.tableId, state_id: table.snapshot.state_id, seat: turn})
    .then((next) => applySnapshot(table, next))
    .catch((error) => { if (error.type !== 'StaleState') showError(error, table); })
    .finally(() => { table.flagging = false; });
}

/** No time runs while the page is hidden; what was used is saved at once. */
function visibilityChanged() {
  const table = state.table;
  if (!table || table.tableId === null || !table.snapshot.clock || table.replay || table.readOnly) return;
  const method = document.hidden ? 'pause' : 'resume';
  if (document.hidden) saveTable(table);
  engine.request(method, {table_id: table.tableId})
    .then((next) => applySnapshot(table, next))
    .catch((error) => console.warn('filler:', error));
}

/** Leaving the page (reload, close): save, then let go of the match so that the
 *  page that comes next may open it. Nothing is saved after this (a
 *  visibilitychange follows pagehide), unless the page is shown again (bfcache). */
function pageHidden() {
  const table = state.table;
  if (!table?.matchId) return;
  saveTable(table);
  state.leaving = true;
  store.releaseMatch(table.matchId);
}

function pageShown(event) {
  if (!event.persisted || !state.leaving) return;
  state.leaving = false;
  const table = state.table;
  if (table?.matchId && !table.readOnly && !store.claimMatch(table.matchId).ok) {
    table.readOnly = 'elsewhere';
    render();
  }
}

// ---- notices --------------------------------------------------------------------

function storageEvent(event) {
  if (event.type === 'notice') {
    // updated: a notice shown already says more; a lost lease of the match at the table
    // is said by the table itself (one notice for one event)
    const atTable = event.notice.kind === 'lease-lost' && event.notice.id === state.table?.matchId;
    if (!event.updated && !atTable) state.notices.push(event.notice);
    render();
  } else if (event.type === 'lease' && event.state === 'lost' && state.table?.matchId === event.id) {
    state.table.readOnly = 'taken-over';
    render();
  }
}

function showError(error, table = state.table) {
  console.warn('filler:', error); // a warning, not an error: it is shown on the page
  if (table) {
    table.error = error.problem ?? {message: error.message || String(error)}; // said by t() in the page's language
    render();
  } else app.noTable?.(error); // around.js: a URL's game the engine refused
}

// ---- drawing --------------------------------------------------------------------

function draw() {
  drawBootParts(state, {retry: () => startEngine()});
  tableView.render();
  for (const listener of app.drawListeners) listener(state);
  const table = state.table;
  body.dataset.engine = state.engine.status;
  body.dataset.bootAttempts = String(state.engine.attempts);
  if (!table) return;
  const snapshot = table.snapshot;
  body.dataset.ready = '1';
  body.dataset.stateId = String(snapshot.state_id);
  body.dataset.tableId = String(table.tableId ?? 0);
  body.dataset.moves = String(snapshot.move_number);
  body.dataset.turn = snapshot.turn === null ? '' : String(snapshot.turn);
  body.dataset.over = snapshot.over ? '1' : '0';
  body.dataset.variant = table.config.variant;
  body.dataset.seed = String(table.layout.seed ?? table.config.seed ?? '');
  const match = snapshot.match;
  body.dataset.gameIndex = String(snapshot.game_index ?? 0);
  body.dataset.matchOver = match?.over ? '1' : '0';
  body.dataset.between = match?.between_games && !match.over ? '1' : '0';
  body.dataset.matchId = table.matchId || '';
  body.dataset.readOnly = table.readOnly || '';
  body.dataset.replay = table.replay ? `${table.replay.step}/${table.replay.total}` : '';
  body.dataset.rated = table.ratingChanges ? '1' : '0';
  if (table.botTiming && table.botTiming.stateId === snapshot.state_id) {
    const {started} = table.botTiming;
    table.botTiming = null;
    const shown = performance.now();
    performance.measure('filler:computer-move', {start: started, end: shown});
    body.dataset.botMs = String(Math.round(shown - started));
  }
}

function applySettings() {
  const {settings} = state;
  setLanguage(settings.language);
  document.documentElement.lang = settings.language;
  applyTheme(document.documentElement, settings.theme);
  applyPalette(document.documentElement, settings.palette);
  document.documentElement.classList.toggle('show-symbols', settings.symbols);
  document.title = t('app.title');
  translate(document);
  saveSettings(settings);
  render();
}

// ---- lobby ----------------------------------------------------------

function openLobby(tab) {
  if (!state.catalog.variants.length) return;
  const config = structuredClone(state.config);
  if (config.variant === 'practice') config.options = {...PRACTICE_DEFAULTS, ...config.options};
  else config.options = {...PRACTICE_DEFAULTS};
  lobby.open(config, typeof tab === 'string' ? tab : 'new');
}

// ---- start ----------------------------------------------------------------------

function onKey(event) {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
  if (document.querySelector('dialog[open]')) return;
  const target = event.target;
  if (target instanceof HTMLElement && target.closest('input, select, textarea')) return;
  if (event.key === 'Escape') {
    tableView.clearPreview();
    return;
  }
  if (review.onKey(event)) return; // ← → Home End by move in a review
  const replay = state.table?.replay;
  const replayKeys = {ArrowLeft: -1, ArrowRight: 1, Home: -Infinity, End: Infinity}; // as on lichess
  if (replay && Object.hasOwn(replayKeys, event.key)) {
    event.preventDefault();
    replayStep(replay.step + replayKeys[event.key]);
    return;
  }
  if (/^[1-9]$/.test(event.key)) {
    const color = Number(event.key) - 1;
    const table = state.table;
    if (!table || table.replay || table.snapshot.over) return;
    event.preventDefault();
    const humanTurn = table.players[table.snapshot.turn]?.kind === 'human' && !table.readOnly;
    if (humanTurn && Object.hasOwn(table.snapshot.previews, String(color))) play(color);
    else tableView.refuseKey(color); // no such color, a forbidden one, not your turn: say so
  }
}

async function loadSnapshots() {
  try {
    const response = await fetch('snapshots.json');
    if (!response.ok) return false;
    const data = await response.json();
    state.catalog.variants = data.variants;
    state.catalog.levels = data.levels;
    state.catalog.boards = data.boards;
    state.catalog.seed = data.seed;
    return true;
  } catch {
    return false;
  }
}

async function main() {
  const tableRoot = document.getElementById('table');
  document.getElementById('boot-slot').append(...bootParts);
  tableView = new TableView(tableRoot, app);
  review = attachReview(app, tableRoot);
  lobby = new Lobby(app);
  options = new OptionsDialog(state.settings, applySettings);
  document.getElementById('new-game').addEventListener('click', openLobby);
  document.getElementById('open-options').addEventListener('click', () => options.open());
  document.addEventListener('keydown', onKey);
  document.addEventListener('visibilitychange', visibilityChanged);
  window.addEventListener('pagehide', pageHidden, {capture: true});
  window.addEventListener('pageshow', pageShown);
  state.notices.push(...store.notices);
  store.subscribe(storageEvent);
  setInterval(tickClocks, 100);
  onLanguageChange(() => render());
  const launch = readLaunch(state); // embed.html parameters or a shared link
  applySettings();
  attachAround(app, launch);
  const friendLink = attachFriend(app);

  engine = new Engine({
    onProgress: ({stage, fraction}) => {
      state.engine.stage = stage;
      state.engine.fraction = fraction;
      render();
    },
    onReady: () => engineReady(),
    onBootError: ({problem}) => {
      startOffline();
      state.engine.status = 'failed';
      state.engine.error = problem;
      if (state.table) state.table.queuedColor = null;
      render();
    },
  });
  startEngine();
  const loaded = await loadSnapshots();
  if (loaded) launch.check(state.catalog); // unknown variant or level: a message, the default game
  const unfinished = store.listMatches({finished: false})[0];
  if (unfinished && !launch.given && !body.hasAttribute('data-embed') && !state.table && !state.pendingConfig) state.pendingResume = true;
  else if (loaded && !state.table && !friendLink) startGame(state.config);
}

main();
