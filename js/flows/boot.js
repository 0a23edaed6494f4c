// The engine's boot, and what the page does before and once it is up.
//
// Before Python has booted the page draws a first board from dist/snapshots.json (one
// of the engine's first boards of the variant, picked at random in game.js: its layout
// and first state, previews included), so hovering works at once; a move made then is
// queued. Once the engine is ready: the catalog (variants,
// levels, the computer's ratings), then what main.js's first-opens list says (a friend's
// link, a mode's, the newest unfinished match: modes.js openFirst), else the game asked
// for, and the board drawn before boot gets its engine twin (openOnEngine) and plays the
// queued move. Offline mode starts only then
// (its precache would slow the first boot).
//
// An engine that stops while running (engine.js onStopped) is started again at once,
// and the match at the table reopened from storage as a reload reopens it (saved.js
// resumeMatch); until then the table stands in (a move made on it is queued), and a
// move that was waiting for the engine is played on the reopened match. One notice says
// it all. An engine that stops again within RESTART_CALM_MS of such a restart is not
// restarted in a loop: the boot view says it stopped and offers "try again".
//
// main.js calls attachBoot(app) once; it sets app.engine and app.startEngine (also
// the boot view's "try again") and returns {startEngine, loadSnapshots}.

import {Engine} from '../engine/engine.js';
import {newMatchId} from '../store/storage.js';
import {newGameParams, arriving, noteMoves} from './game.js';
import {clockShown} from './clocks.js';

const RESTART_CALM_MS = 60_000;

export function attachBoot(app) {
  const {state} = app;
  let stopped = null; // the notice of an engine that stopped, until its table is reopened
  let restarting = false; // the engine is being started again by itself (not "try again")
  let restartedReadyAt = null; // when the engine started again by itself was up

  const engine = new Engine({
    onProgress: ({stage, fraction}) => {
      state.engine.stage = stage;
      state.engine.fraction = fraction;
      app.changed();
    },
    onReady: () => engineReady(),
    onBootError: ({problem}) => {
      startOffline();
      state.engine.status = 'failed';
      state.engine.error = problem;
      if (state.table) state.table.queuedColor = null;
      app.changed();
    },
    onStopped: ({problem}) => engineStopped(problem),
  });

  /** The engine stopped while running: the table stands in for its match until it is
   *  reopened, and the engine starts again, unless it stopped again right after that. */
  function engineStopped(problem) {
    const table = state.table;
    if (table && !table.replay && table.tableId !== null) {
      app.saveTable(table); // its clock as shown now, as leaving the page saves it
      const clock = clockShown(table);
      table.snapshot = {...table.snapshot, clock: clock && {...clock, running: false}};
      Object.assign(table, {tableId: null, resumeStandIn: Boolean(table.matchId), requesting: false, botBusy: false,
                            flagging: false, error: null});
    }
    if (!stopped) { // one line for the engine: the one of a stop before, if still shown
      stopped = state.notices.find((notice) => String(notice.kind).startsWith('engine-'));
      if (!stopped) state.notices.push(stopped = {kind: 'engine-restarting'});
      stopped.kind = 'engine-restarting';
    }
    const again = restartedReadyAt !== null && performance.now() - restartedReadyAt < RESTART_CALM_MS;
    restartedReadyAt = null;
    if (!again) {
      restarting = true;
      startEngine();
      return;
    }
    state.engine.status = 'failed'; // "try again" reopens the match
    state.engine.error = problem;
    app.changed();
  }

  /** After the engine stopped and started again: the match at the table reopened from
   *  storage (a move queued on it is played: saved.js openSaved), and the notice says
   *  what came of it. Anything else at the table is opened as after a boot (engineReady). */
  async function reopenStopped() {
    const table = state.table;
    const generation = engine.generation;
    let kind = 'engine-restarted';
    if (table?.resumeStandIn && table.tableId === null) {
      const reopened = await app.resumeMatch(table.matchId);
      if (engine.generation !== generation || engine.status !== 'ready') return; // it stopped again: reopened on its next start
      if (state.table === table) { // not reopened (open in another tab, unreadable): as after a reload
        state.table = null;
        if (!reopened) await app.startGame(state.config);
      } else if (state.table?.matchId === table.matchId) {
        const waiting = table.queuedColor !== null && table.queuedColor !== undefined; // not played
        kind = waiting ? 'engine-dropped' : 'engine-reopened';
      }
    }
    stopped.kind = kind;
    stopped = null;
    app.changed();
  }

  function startEngine() {
    if (state.engine.status === 'failed') restarting = false;
    state.engine = {status: 'booting', stage: 'runtime', fraction: 0, error: null,
                    attempts: (state.engine.attempts || 0) + 1};
    engine.start();
    app.changed();
  }

  /** Offline mode, once the engine is up (its precache would slow the first boot). */
  function startOffline() {
    if (state.offlineStarted) return;
    state.offlineStarted = true;
    import('./offline.js')
      .then(({registerOffline, onUpdateReady, applyUpdate}) => {
        onUpdateReady(() => {
          state.update = {apply: applyUpdate};
          app.changed();
        });
        return registerOffline();
      })
      .catch((error) => console.warn('filler: offline mode unavailable', error));
  }

  async function engineReady() {
    state.engine.status = 'ready';
    state.engine.fraction = 1;
    app.changed();
    startOffline();
    try {
      const [variants, levels, firstGame] = await Promise.all(
        [engine.request('variants'), engine.request('levels'), engine.request('first_game')]);
      Object.assign(state.catalog, {variants, levels, firstGame});
      state.botRatings = await engine.request('bot_ratings');
    } catch (error) {
      app.showError(error);
    }
    if (stopped) {
      if (restarting) restartedReadyAt = performance.now();
      restarting = false;
      await reopenStopped();
      if (!state.table && !state.pendingConfig) return; // nothing to open (a match open in another tab)
    }
    // a friend's link, a mode's, the match to resume... (main.js FIRST_OPENS)
    if (await app.modes.openFirst()) return;
    const table = state.table;
    if (state.pendingConfig || !table) {
      const config = state.pendingConfig || state.config;
      state.pendingConfig = null;
      app.startGame(config);
    } else if (table.replay && table.engineGeneration !== engine.generation) {
      await app.showReplay(table.replay, table.replay.step); // a replay (or review) when the engine stopped
    } else if (table.tableId === null || table.engineGeneration !== engine.generation) {
      // a board drawn before boot, or a game whose worker failed: open it (again)
      await openOnEngine(table);
    }
  }

  /** Give a table drawn from a snapshot (or left by a failed worker) its engine twin,
   *  with the moves played so far, then play a queued move. */
  async function openOnEngine(table) {
    if (table.matchId && table.snapshot.record) {
      await app.reopenTable(table); // its saved match (saved.js)
      return;
    }
    // the board drawn, by the seed in its config: the board played
    let opened;
    try {
      opened = await engine.request('new_game', {...newGameParams(table.config, state.catalog), moves: table.moves});
    } catch (error) {
      table.queuedColor = null;
      return app.showError(error, table);
    }
    if (state.table !== table) { // another game was started meanwhile: let the worker drop this one
      engine.request('close', {table_id: opened.table_id}).catch(() => {});
      return;
    }
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
    app.saveTable(table);
    const queued = table.queuedColor;
    if (queued !== null && queued !== undefined) {
      table.queuedColor = null;
      await app.play(queued);
    } else {
      app.afterSnapshot(table);
    }
    app.changed();
  }

  /** The catalog and first boards the build wrote (dist/snapshots.json), for the
   *  board drawn before boot. False when there are none. */
  async function loadSnapshots() {
    try {
      const response = await fetch('snapshots.json');
      if (!response.ok) return false;
      const data = await response.json();
      state.catalog.variants = data.variants;
      state.catalog.levels = data.levels;
      state.botRatings = data.bot_ratings ?? state.botRatings; // the lobby's ratings before boot
      state.catalog.boards = data.boards; // {variant: [first board, ...]} (game.js)
      state.catalog.linkVariants = data.link_variants ?? null; // friend_peek.js
      state.catalog.firstGame = data.first_game ?? null; // a new player's first game (game.js)
      app.changed();
      return true;
    } catch {
      return false;
    }
  }

  app.engine = engine;
  app.startEngine = startEngine;
  return {startEngine, loadSnapshots};
}
