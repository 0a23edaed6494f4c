// The page's wiring: one state object, the app object every part of the page is
// handed, and main(), which builds the views, attaches the flows and hooks the page's
// events. Everything the page shows is drawn from `state` in draw().
//
// The folders of js/ are its layers:
//   flows/   what happens: the boot, a game, saved matches, the clocks, a friend's link,
//            the table's modes, what a URL asks for, offline mode, ratings
//   ui/      what is drawn (and heard): the table, the board, the lobby, the dialogs,
//            the rules page (ui/rules.js, rules.html's script), the settings it follows
//   store/   what is kept: storage.js, the store's interface, and its parts
//   i18n/    every text: i18n.js and one catalog a language
//   engine/  the seam to Python: worker.js (Pyodide in its Web Worker) and engine.js
// Imports run one way, down: flows may import ui, store, i18n and engine; ui may import
// store and i18n, never a flow; store, i18n and engine import only inside their own
// folder. Nothing imports main.js: js/start.js, every page's first script, loads it once
// the service worker has taken the page (docs/boot.md "A first visit"). js/sw.js, the
// service worker, imports nothing (build.py writes it to the site's top, sw.js, so that
// its scope is the whole site).
// tests/engine/test_page_layers.py checks this.
//
// The flows each attach to `app` once:
//   modes.js   the table's modes (app.modes) and what opens first once the engine is up
//   boot.js    the engine's boot; the board drawn before it; what happens once it is up
//   game.js    a game at the table: new game, play, undo, resign, ready, hint, the computer
//   saved.js   saved matches: saving the table, resume, take over, replay, store notices
//   clocks.js  counting the clock down; the page hidden, left or shown again
//   friend.js  a match with a friend by link
//   launch.js  what a URL asks for: its problems said, a shared game's replay
//   embed.js   embed.html's channel to its host page: the host's commands
//   events.js  each new state's news, said to a screen reader, as a sound, to an embed's host
//   copy_link.js  the "Copy link" button
//   profile.js a player's page: ratings over time, results, streaks, practice
// then the modes of the table, each a module that registers itself with modes.js once it
// is loaded (MODES below: the review, the puzzles, Learn, the board of the day, the analysis board); the table draws
// what the mode of the table gives it and never asks which mode that is.
// Modules talk to each other through `app` (app.startGame, app.saveTable, app.modes, ...)
// or import plain functions (clockNow, arriving).
//
// For tests and benchmarks, <body> carries: data-ready="1" (a board is shown and
// takes moves), data-engine="booting|ready|failed", data-state-id, data-moves,
// data-turn, data-over; each computer move shown adds a performance measure
// "filler:computer-move" (request sent -> move drawn) and sets data-bot-ms.

import {frameBatcher, append} from './ui/dom.js';
import {t, translate, language, setLanguage, hasLanguage, loadLanguage, onLanguageChange, LANGUAGE_NAMES} from './i18n/i18n.js';
import {TableView} from './ui/table.js';
import {Lobby, practiceDefaults} from './ui/lobby.js';
import {applyPalette, applyTheme} from './ui/palette.js';
import {loadSettings, saveSettings, keepSettingsIn} from './ui/settings.js';
import {OptionsDialog} from './ui/options.js';
import {openStorage} from './store/storage.js';
import {readLaunch, attachLaunch} from './flows/launch.js';
import {attachEmbed} from './flows/embed.js';
import {attachEvents} from './flows/events.js';
import {attachCopyLink} from './flows/copy_link.js';
import {drawBoardSummary} from './ui/board_summary.js';
import {attachFriend} from './flows/friend.js';
import {updateRatings} from './flows/ratings.js';
import {bootParts, drawBootParts} from './ui/boot_view.js';
import {attachModes} from './flows/modes.js';
import {attachBoot} from './flows/boot.js';
import {attachGame, DEFAULT_CONFIG} from './flows/game.js';
import {attachSaved} from './flows/saved.js';
import {attachClocks, clockToShow} from './flows/clocks.js';
import {attachProfile} from './flows/profile.js';
// the modes of the table (flows/modes.js): a module and its entry in MODES each; a mode's
// module is fetched when the mode is first needed (`load`), or at the start (`attach`,
// imported here) when a visit needs parts of it before it is opened
import {attachLessons} from './flows/lessons.js';
import {attachDaily} from './flows/daily.js';

let leftOpen = null; // (read once) the mode below left open when the page was left
const MODES = [
  {name: 'review', load: () => import('./flows/review.js').then((module) => module.attachReview),
   style: 'styles/review.css', when: ({table}) => Boolean(table?.snapshot.over)}, // its offer on a game's result
  {name: 'puzzles', load: () => import('./flows/puzzles.js').then((module) => module.attachPuzzles),
   style: 'styles/puzzles.css', button: 'open-puzzles', link: /^#puzzle(?:=|$)/},
  {name: 'lessons', attach: attachLessons, button: 'open-learn'}, // Learn's line on a first visit
  {name: 'daily', attach: attachDaily, button: 'open-daily'}, // the day's status on its button
  // its "Analyse" on a result, beside a replay or a practice game; an analysis left open
  {name: 'analysis', load: () => import('./flows/analysis.js').then((module) => module.attachAnalysis),
   style: 'styles/analysis.css', button: 'open-analysis', link: /^#analysis=/, when: ({table}) => Boolean(table?.snapshot?.over || table?.replay || table?.config?.variant === 'practice' || (leftOpen ??= Boolean(store.getAnalysis()?.open)))},
];
// What opens first once the engine is up, and again after it restarted (modes.js
// openFirst), in this order: a friend's link, a puzzle's, a lesson's, the board of the
// day, an analysis (its link, or the one open when the page was left), then the match to
// resume; the first that opens wins and the others are dropped.
// A mode's table that a restart left is reopened in its turn.
const FIRST_OPENS = ['friend', 'puzzles', 'lessons', 'daily', 'analysis', 'saved'];

const store = openStorage();
keepSettingsIn(store);

export const state = {
  settings: loadSettings(),
  engine: {status: 'booting', stage: 'runtime', fraction: 0, error: null, attempts: 0},
  catalog: {variants: [], levels: ['beginner'], boards: {}, linkVariants: null, firstGame: null}, // snapshots.json, then the engine's
  table: null,          // the game at the table (see makeTable in game.js)
  config: structuredClone(DEFAULT_CONFIG), // what the start screen last chose
  pendingConfig: null,  // a game asked for before the engine was up
  update: null,         // {apply} when a new version of the site is waiting
  offlineStarted: false,
  notices: [],          // storage notices shown over the table: {kind, ...}
  blocked: null,        // {id}: the match to resume is open in another tab
  pendingResume: null,  // true: reopen the newest unfinished match once the engine is up
  botRatings: {},       // {variant: {level: {r, rd}}}
  modes: {},            // each mode's state, by its name (flows/modes.js)
  profile: null,        // a player's page (flows/profile.js)
};

const body = document.body;
const render = frameBatcher(draw);
let lobby;

export const app = {
  state,
  store,
  changed: render, // draw in the next frame
  drawNow: () => draw(),
  request: (method, params) => app.engine.request(method, params),
  drawListeners: new Set(), // after each draw: events.js, copy_link.js, a mode's panel, the board's summary
  snapshotListeners: new Set(), // every state a table takes, even two in one frame (events.js, friend.js)
  applySettings: () => applySettings(),
  openLobby,
  clockToShow, // table.js: the clock to draw (clocks.js)
  dismissNotice,
  showError, // a refusal said at the table (or, with none, by launch.js)
  exportAll: () => lobby.exportFile(),
  checkRecord: (record, seats) => app.request('check_record', {record, seats}),
  updateRatings: (table) => updateRatings(app, table),
  // attached in main(): modes (modes.js); engine, startEngine (boot.js); startGame,
  // rematch, play, undo, hint, resign, resignMatch, ready, makeTable, setTable,
  // applySnapshot, afterSnapshot (game.js); saveTable, resumeNewest, resumeMatch,
  // openSaved, reopenTable, takeOver, replayMatch, showReplay, replayStep (saved.js); tableView;
  // renderFriends (friend.js); noTable (launch.js); openProfile (profile.js); and what the modes put there for
  // the lobby's Matches
};

/** Dismiss the notices at `indices` (a line of the table may stand for several). */
function dismissNotice(indices) {
  const dropped = new Set([indices].flat());
  state.notices = state.notices.filter((_, index) => !dropped.has(index));
  render();
}

function showError(error, table = state.table) {
  console.warn('filler:', error); // a warning, not an error: it is shown on the page
  if (error?.type === 'EngineStopped') return; // said once for all, by the notice of its restart (boot.js)
  if (table) {
    table.error = error.problem ?? {message: error.message || String(error)}; // said by t() in the page's language
    render();
  } else app.noTable?.(error); // launch.js: a URL's game the engine refused
}

// ---- drawing --------------------------------------------------------------------

function draw() {
  drawBootParts(state, {retry: () => app.startEngine()});
  app.tableView.render();
  for (const listener of app.drawListeners) listener(state);
  app.tableView.measure(); // last: the page as every part wrote it
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
  if (!hasLanguage(settings.language)) { // its catalog first: until then the page stays in its language
    const wanted = settings.language;
    settings.language = language();
    const notShown = (notice) => notice.kind !== 'unsaved-language';
    loadLanguage(wanted).then(() => {
      settings.language = wanted;
      state.notices = state.notices.filter(notShown);
      applySettings();
    }, () => { // offline before it was ever saved: the page stays as it is, and says so
      state.notices = [...state.notices.filter(notShown), {kind: 'unsaved-language', name: LANGUAGE_NAMES[wanted]}];
      render();
    });
  }
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

// ---- lobby ----------------------------------------------------------------------

function openLobby(tab) {
  if (!state.catalog.variants.length) return;
  const config = structuredClone(state.config);
  const practice = practiceDefaults(state.catalog); // the lobby's practice fields start from them
  config.options = config.variant === 'practice' ? {...practice, ...config.options} : practice;
  lobby.open(config, typeof tab === 'string' ? tab : 'new');
}

// ---- start ----------------------------------------------------------------------

function onKey(event) {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
  if (document.querySelector('dialog[open]')) return;
  const target = event.target;
  if (target instanceof HTMLElement && target.closest('input, select, textarea')) return;
  if (event.key === 'Escape') {
    app.tableView.clearPreview();
    return;
  }
  if (app.modes.keys(event)) return; // the mode's own (← → Home End by move, through a line)
  const replay = state.table?.replay;
  const replayKeys = {ArrowLeft: -1, ArrowRight: 1, Home: -Infinity, End: Infinity}; // as on lichess
  if (replay && Object.hasOwn(replayKeys, event.key)) {
    event.preventDefault();
    app.replayStep(replay.step + replayKeys[event.key]);
    return;
  }
  if (/^[1-9]$/.test(event.key)) {
    const color = Number(event.key) - 1;
    const table = state.table;
    if (!table || table.replay || table.snapshot.over) return;
    event.preventDefault();
    const humanTurn = table.players[table.snapshot.turn]?.kind === 'human' && !table.readOnly;
    if (humanTurn && Object.hasOwn(table.snapshot.previews, String(color))) app.play(color);
    else app.tableView.refuseKey(color); // no such color, a forbidden one, not your turn: say so
  }
}

// ---- start ----------------------------------------------------------------------

async function main() {
  const tableRoot = document.getElementById('table');
  append(document.getElementById('boot-slot'), ...bootParts);
  attachModes(app, FIRST_OPENS);
  const boot = attachBoot(app);
  attachGame(app);
  const saved = attachSaved(app);
  const clocks = attachClocks(app);
  app.tableView = new TableView(tableRoot, app);
  lobby = new Lobby(app);
  attachProfile(app); // a player's page, from the lobby's Players tab
  const options = new OptionsDialog(state.settings, applySettings);
  document.getElementById('new-game').addEventListener('click', openLobby);
  document.getElementById('open-options').addEventListener('click', () => options.open());
  document.addEventListener('keydown', onKey);
  document.addEventListener('visibilitychange', clocks.visibilityChanged);
  window.addEventListener('pagehide', clocks.pageHidden, {capture: true});
  window.addEventListener('pageshow', clocks.pageShown);
  state.notices.push(...store.notices);
  store.subscribe(saved.storageEvent);
  setInterval(clocks.tick, 100);
  onLanguageChange(() => render());
  const launch = readLaunch(state); // embed.html parameters or a shared link
  await loadLanguage(state.settings.language).catch(() => {}); // (its catalog; English is here)
  applySettings();
  attachLaunch(app, launch);
  attachEvents(app, attachEmbed(app, launch)); // (no channel outside an embed)
  attachCopyLink(app);
  app.drawListeners.add(drawBoardSummary);
  attachFriend(app);
  await app.modes.attachAll(MODES, tableRoot); // (those a link asks for loaded)
  // the page opens a friend's match or a mode a link asked for (FIRST_OPENS)
  const elsewhere = app.modes.wanted();
  app.modes.visit(!elsewhere && !launch.given); // a first visit: Learn's "New to Filler?"

  boot.startEngine();
  const unfinished = store.listMatches({finished: false})[0];
  const resume = unfinished && !launch.given && !body.hasAttribute('data-embed');
  const loaded = await boot.loadSnapshots();
  // nothing asked for by the URL: what a returning player last chose (else the engine's first game)
  if (loaded && !launch.given) state.config = saved.lastChosen() ?? state.config;
  // the match to be resumed, drawn from its last state at once (if it fits the catalog)
  if (resume && !elsewhere) saved.showStandIn();
  if (loaded) launch.check(state.catalog); // unknown variant or level: a message, the default game
  if (resume && (!state.table || state.table.resumeStandIn) && !state.pendingConfig) {
    state.pendingResume = true; // a game chosen in the meantime wins (game.js startGame)
  } else if (loaded && !state.table && !elsewhere) app.startGame(state.config);
}

main();
