// The table's clocks between two snapshots, and the page being hidden or left.
//
// The engine's clock decides: a snapshot carries each seat's time left as of when it
// was sent. Between snapshots the page counts the running clock down itself
// (clockNow); when the person to move shows no time left it asks the engine (flag).
// No time runs while the page is hidden (pause, resume), and leaving the page saves
// the match and lets go of it, so that the page that comes next may open it.
// A saved clock is the one the page last showed (clockShown): a reload or a page
// hidden never costs a player time the clock did not show.
//
// main.js calls attachClocks(app) once and hooks the handlers it returns to the
// page's timer and events: {tick, visibilityChanged, pageHidden, pageShown}.

/** The table's clock as of `at` (now; counted down locally since the last snapshot). */
export function clockNow(table, at = performance.now()) {
  const clock = table.snapshot.clock;
  if (!clock) return null;
  const left = [...clock.left_ms];
  if (clock.running && clock.turn !== null && table.snapshot.arrived !== undefined) {
    left[clock.turn] = Math.max(0, left[clock.turn] - Math.round(at - table.snapshot.arrived));
  }
  return {...clock, left_ms: left};
}

/** The clock to draw now, noted as the one the player saw last. */
export function clockToShow(table) {
  const at = performance.now();
  table.snapshot.shownAt = at;
  return clockNow(table, at);
}

/** The clock as the page last showed it (as the snapshot brought it, if not shown yet). */
export function clockShown(table) {
  return clockNow(table, table.snapshot.shownAt ?? table.snapshot.arrived);
}

export function attachClocks(app) {
  const {state, store} = app;

  /** Count down (every 100 ms); at no time left, ask the engine whose clock decides. */
  function tick() {
    const table = state.table;
    if (!table || !table.snapshot.clock || table.replay || table.readOnly) return;
    app.tableView.tickClocks();
    const clock = clockNow(table);
    const turn = clock.turn;
    if (!clock.running || turn === null || clock.left_ms[turn] > 0) return;
    if (table.players[turn]?.kind !== 'human' || table.flagging || table.requesting) return;
    table.flagging = true;
    app.request('flag', {table_id: table.tableId, state_id: table.snapshot.state_id, seat: turn})
      .then((next) => app.applySnapshot(table, next))
      .catch((error) => { if (error.type !== 'StaleState') app.showError(error, table); })
      .finally(() => { table.flagging = false; });
  }

  /** No time runs while the page is hidden; what was used is saved at once. */
  function visibilityChanged() {
    const table = state.table;
    if (!table || table.tableId === null || !table.snapshot.clock || table.replay || table.readOnly) return;
    const method = document.hidden ? 'pause' : 'resume';
    if (document.hidden) app.saveTable(table);
    app.request(method, {table_id: table.tableId})
      .then((next) => app.applySnapshot(table, next))
      .catch((error) => console.warn('filler:', error));
  }

  /** Leaving the page (reload, close): save, then let go of the match so that the
   *  page that comes next may open it. Nothing is saved after this (a
   *  visibilitychange follows pagehide), unless the page is shown again (bfcache). */
  function pageHidden() {
    const table = state.table;
    if (!table?.matchId) return;
    app.saveTable(table);
    state.leaving = true;
    store.releaseMatch(table.matchId);
  }

  function pageShown(event) {
    if (!event.persisted || !state.leaving) return;
    state.leaving = false;
    const table = state.table;
    if (table?.matchId && !table.readOnly && !store.claimMatch(table.matchId).ok) {
      table.readOnly = 'elsewhere';
      app.changed();
    }
  }

  return {tick, visibilityChanged, pageHidden, pageShown};
}
