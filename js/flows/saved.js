// Saved matches at the table: the table's match log saved as it goes, the newest
// unfinished match resumed after a reload (or one chosen in the lobby), a match open
// in another tab taken over, a finished match replayed event by event, and what the
// store says (notices, a lease lost to another tab).
//
// A saved match is a replayable log (storage.js); the engine replays it (open_record)
// before it is shown, and one it does not replay is set aside with the reason.
//
// main.js calls attachSaved(app) once; it puts saveTable, resumeNewest, resumeMatch,
// openSaved, reopenTable, takeOver, replayMatch, showReplay and replayStep on app and
// returns {storageEvent} for the store's subscription, {showStandIn}, which draws
// the match to be resumed before the engine is up, and {lastChosen}, a returning
// player's last choice of game.

import {DEFAULT_CONFIG, arriving, gamesOver, noteMoves} from './game.js';
import {clockNow, clockShown} from './clocks.js';
import {dailyMark} from '../store/storage.js';

/** The players as a saved match keeps them. */
export function savedPlayers(table) {
  return table.players.map((player) => player.kind === 'computer'
    ? {kind: 'computer', level: player.level, name: ''}
    : {kind: player.kind === 'friend' ? 'friend' : 'human', name: player.name || ''});
}

export function attachSaved(app) {
  const {state, store} = app;

  /** Save the table's match log: when it opens (a reload at once brings back the same
   *  board, and a friend's invitation is kept) and after every move; replays never.
   *  `rewrite`: a rewrite that is no continuation of the stored log (storage.js
   *  saveMatch), e.g. "take-back". A log stored beside another match (the write rule)
   *  is the table's from then on, under its new id. */
  function saveTable(table, {rewrite = null} = {}) {
    if (!table.matchId || table.replay || table.readOnly || table.tableId === null || state.leaving) return;
    const record = table.snapshot.record;
    if (!record) return;
    const match = table.snapshot.match;
    const saved = store.saveMatch({
      ...record,
      id: table.matchId,
      players: savedPlayers(table),
      clock: clockShown(table), // what the player saw: a reload gives back no less
      created: table.created ?? undefined,
      finished: match.over ? (table.finishedAt ??= Date.now()) : false,
      gamesOver: gamesOver(table.snapshot), // the games the lobby offers to review
      result: match.over ? {outcome: match.outcome, ratingChanges: table.ratingChanges} : null,
      friend: table.friend ?? undefined,
      daily: table.daily ?? undefined, // the board of the day's match (daily.js)
    }, {rewrite});
    if (saved.ok) {
      if (saved.match.id !== table.matchId) {
        store.releaseMatch(table.matchId);
        table.matchId = saved.match.id;
      }
      table.created = saved.match.created;
      keepShown(table);
    } else if (saved.reason === 'open-elsewhere') {
      table.readOnly = 'elsewhere';
      app.changed();
    } else if (saved.reason !== 'invalid') {
      // taken over, or another tab saved it on since (changed, or longer): its copy is
      // kept; "Play it here" opens that one
      table.readOnly = 'taken-over';
      app.changed();
    }
  }

  /** The engine's state of the table, kept for the next visit to draw at once
   *  (showStandIn); once a state, and not for a finished match (none resumes it). */
  function keepShown(table) {
    const {snapshot, layout} = table;
    if (snapshot.match?.over || table.shownStateId === snapshot.state_id) return;
    table.shownStateId = snapshot.state_id;
    const shown = {match: table.matchId, layout: {...layout}, state: {...snapshot}};
    delete shown.layout.players; // the saved match's players are drawn (they may be renamed)
    delete shown.state.arrived; // this page's clock times
    delete shown.state.shownAt;
    store.keepShown(shown);
  }

  /**
   * A later visit, before the engine is up: the match that will be resumed (the newest
   * unfinished one), drawn at once from the engine's last state of it (store.shown),
   * if that is the state of its saved log (same match, variant, seed and events). It
   * stands in until the engine has replayed the log (openSaved), whose state replaces
   * it; a move made on it is queued and played then. Its clock stands still till then.
   * Drawn once the catalog is read (snapshots.json), whose sizes it must fit.
   */
  function showStandIn() {
    const next = store.listMatches({finished: false})[0];
    const shown = store.shown();
    if (!next || next.openElsewhere || !shown || shown.match !== next.id || state.table) return;
    const saved = store.loadMatch(next.id);
    const record = shown.state.record;
    if (!saved || saved.variant !== record.variant || saved.seed !== record.seed
        || JSON.stringify(saved.events) !== JSON.stringify(record.events)) return;
    if (!measuresUp(shown.layout, saved.variant)) return; // a board of 300 × 300 froze the page
    const clock = saved.clock ? {...saved.clock, running: false} : null;
    const table = app.makeTable(configOf(saved), shown.layout, {...shown.state, clock}, null);
    table.matchId = next.id;
    table.friend = saved.friend ?? null;
    table.daily = dailyMark(saved);
    table.resumeStandIn = true;
    state.table = table;
    try {
      app.drawNow();
    } catch (error) { // a stored state that still does not draw: the page goes on without it
      console.warn('filler: the last table shown does not draw', error);
      state.table = null;
      app.changed();
    }
  }

  /** Whether a stored layout is of the variant its match names, at a size that variant
   *  can have (the catalog's `sizes`, from the engine); a custom board is never drawn
   *  before the engine is up. */
  function measuresUp(layout, variantId) {
    const variant = state.catalog.variants.find((entry) => entry.id === variantId);
    if (!variant?.sizes || layout.variant !== variantId) return false;
    const within = (value, [low, high]) => value >= low && value <= high;
    return within(layout.width, variant.sizes.width) && within(layout.height, variant.sizes.height);
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
    // its tab is gone (the browser ended before it let go): no need to wait for its lease
    if (!claim.ok && await store.holderGone(id)) return resumeMatch(id, {force: true});
    if (!claim.ok) {
      state.blocked = {id};
      app.changed();
      // the other tab renews its lease while it is open; should it run out (that tab was
      // closed or crashed without letting go), the match reopens here by itself
      setTimeout(() => {
        if (state.blocked?.id !== id || state.table) return;
        state.blocked = null;
        resumeMatch(id);
      }, Math.max(0, claim.expires - Date.now()) + 100);
      return true;
    }
    const saved = store.loadMatch(id);
    if (!saved) {
      store.releaseMatch(id);
      return false;
    }
    return openSaved(id, saved);
  }

  /** The lobby's config for a saved match (its clock as the lobby offers it). */
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

  /** The engine's open_record of a saved match, as the board of the day its `daily` mark
   *  names. A mark that does not fit (the engine: not that day's match) is dropped, with
   *  a notice, and the match opens as an ordinary one (docs/daily.md), and is stored so
   *  (`id`: a stored match's), so that it is not said again. Returns [opened, saved]. */
  async function openRecord(id, saved, params) {
    const date = dailyMark(saved)?.date;
    try {
      return [await app.request('open_record', {record: saved, seats: saved.players, daily: date, ...params}), saved];
    } catch (error) {
      if (error.problem?.code !== 'daily.mismatch') throw error;
    }
    const {daily, ...plain} = saved;
    state.notices.push({kind: 'daily-mark', id, date});
    if (id) { // (refused while another tab has it open: said again next time)
      const held = store.holds(id);
      store.saveMatch(plain);
      if (!held) store.releaseMatch(id);
    }
    return [await app.request('open_record', {record: plain, seats: plain.players, ...params}), plain];
  }

  /** What a returning player last chose: a new game (no seed) like their newest saved
   *  match of their own choosing (not a friend's, not a board of the day's), or null. */
  function lastChosen() {
    for (const entry of store.listMatches()) {
      const saved = entry.friend ? null : store.loadMatch(entry.id);
      if (!saved || saved.daily || saved.friend) continue;
      if (!state.catalog.variants.some((variant) => variant.id === saved.variant)) return null;
      return {...configOf(saved), seed: null};
    }
    return null;
  }

  async function openSaved(id, saved) {
    let opened;
    try {
      [opened, saved] = await openRecord(id, saved, {clock: saved.clock || null, paused: document.hidden});
    } catch (error) {
      store.releaseMatch(id);
      if (error.type === 'EngineStopped') return false; // nothing wrong with the match: boot.js reopens it
      // a log the engine does not replay is set aside (with the reason, one notice), so
      // that no later visit tries it again; a failing worker is no reason to
      const checked = await app.request('check_record', {record: saved, seats: saved.players}).catch(() => null);
      if (checked && !checked.ok) store.setAsideMatch(id, checked.problem ?? checked.why);
      else state.notices.push({kind: 'unreadable', id, message: error.message, problem: error.problem});
      app.changed();
      return false;
    }
    const standIn = state.table?.resumeStandIn && state.table.matchId === id ? state.table : null;
    const config = configOf(saved);
    state.config = structuredClone(config);
    const table = app.makeTable(config, opened.layout, opened.state, opened.table_id);
    table.matchId = id;
    table.friend = saved.friend ?? null;
    table.daily = dailyMark(saved);
    table.created = saved.created;
    table.ratingChanges = saved.result?.ratingChanges ?? null;
    table.ratingAsked = Boolean(saved.finished);
    table.finishedAt = typeof saved.finished === 'number' ? saved.finished : null;
    app.setTable(table);
    arriving(table.snapshot);
    noteMoves(table);
    const queued = standIn?.queuedColor ?? null;
    if (queued !== null && table.snapshot.move_number === standIn.snapshot.move_number) {
      standIn.queuedColor = null; // taken (boot.js: a move still queued there was not played)
      await app.play(queued); // made on the stand-in: played unless the engine refuses it
    } else {
      app.afterSnapshot(table);
    }
    app.changed();
    return true;
  }

  /** A table whose match has a log but no engine table (drawn before boot, or left by a
   *  worker that failed): its match opened on the engine from what the table shows,
   *  with the marks it is saved with (boot.js). */
  function reopenTable(table) {
    return openSaved(table.matchId, {...table.snapshot.record, id: table.matchId, players: savedPlayers(table),
                                     clock: clockNow(table), created: table.created, daily: table.daily ?? undefined});
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
      [opened, replay.saved] = await openRecord(replay.shared ? null : replay.id, replay.saved,
                                                {events: step, clock: replay.saved.clock || null, paused: true});
    } catch (error) {
      return app.showError(error);
    }
    const table = app.makeTable(configOf(replay.saved), opened.layout, opened.state, opened.table_id);
    // a shared game's viewer played neither seat: "Player 1", never "You"
    if (replay.shared) table.players = table.players.map((player) => (player.kind === 'human' ? {...player, neutral: true} : player));
    // the moves of each game of the record (the engine's count): the bar counts moves
    table.replay = {...replay, step, gameMoves: opened.game_moves ?? null};
    table.mode = replay.mode ?? null; // a mode's replay (modes.js): the review's
    table.daily = dailyMark(replay.saved);
    table.ratingChanges = replay.saved.result?.ratingChanges ?? null;
    table.ratingAsked = true;
    app.setTable(table);
    app.changed();
  }

  function replayStep(step) {
    const replay = state.table?.replay;
    if (!replay) return;
    const target = Math.max(0, Math.min(replay.total, step));
    if (target !== replay.step) showReplay(replay, target);
  }

  function storageEvent(event) {
    if (event.type === 'notice') {
      // updated: a notice shown already says more; a lost lease of the match at the table
      // is said by the table itself (one notice for one event)
      const atTable = event.notice.kind === 'lease-lost' && event.notice.id === state.table?.matchId;
      if (!event.updated && !atTable) state.notices.push(event.notice);
      app.changed();
    } else if (event.type === 'lease' && event.state === 'lost' && state.table?.matchId === event.id) {
      state.table.readOnly = 'taken-over';
      app.changed();
    }
  }

  /** After a reload, once the engine is up (main.js sets state.pendingResume): the
   *  newest unfinished match, unless something before it in the first-opens list
   *  opened (modes.js). False when none reopened: the game asked for opens then. */
  async function resumeWaiting() {
    state.pendingResume = null;
    const resumed = await resumeNewest();
    if (state.table?.resumeStandIn) { // its match did not reopen here (open elsewhere, set aside)
      state.table = null;
      app.changed();
    }
    return resumed;
  }
  app.modes.register({name: 'saved', open: resumeWaiting, asked: () => (state.pendingResume ? [] : null),
                      drop: () => { state.pendingResume = null; }});

  Object.assign(app, {saveTable, resumeNewest, resumeMatch, openSaved, reopenTable, takeOver,
                      replayMatch, showReplay, replayStep});
  return {storageEvent, showStandIn, lastChosen};
}
