// The table's modes: the ways of using the table besides a game of one's own (the
// review of a finished game, the puzzles, Learn's lessons, the board of the day), and
// the one list of what opens first once the engine is up. docs/architecture.md "The
// modes" says how to add one.
//
// A mode is one module of flows/, listed in main.js's MODES by an entry (attachAll):
//
//   name      the mode's name (below)
//   load      () => its attach function, imported (`import('./flows/<mode>.js')`): the
//             module is fetched and attached when the mode is first needed: its button
//             pressed, its link opened (at the start or pasted into the tab, which then
//             reloads), app.modes.open(name), or `when` holds at a draw
//   attach    instead of load, its attach function imported statically: attached at the
//             start, for a mode with parts a visit needs before it is opened (the day's
//             status on its button, Learn's line on a first visit)
//   button    the id of the page's button that opens it (none in an embed)
//   link      a RegExp of the address's hash that asks for it (#puzzle=...)
//   style     its style sheet (styles/<mode>.css), put in the head when it is loaded
//   when(state)  a draw at which this holds loads it (the review: a game is over, so its
//             offer is there on the result)
// A first visit saves none of a mode loaded later for offline play but what it opened
// (sw.js LATER); the next visit saves the rest. A mode whose module cannot be loaded
// (offline before it was ever opened) says so on the table (the notice `unsaved-<name>`,
// a text in each catalog), and the next time it is asked for it is loaded again.
//
// The module's attach(app, container) registers the mode here once, with the shape
// (every part but `name` may be left out):
//
//   name      its name: the key of its state (state.modes[name]) and of its tables
//             (table.mode)
//   state     its own state, kept in the page's one state object as state.modes[name]
//             (beside the life's `waiting` and `opening`, below)
//   open(...asked)  open it: what its button, its link or another mode asks; asked
//             before the engine was up, it is queued (life.ask) and opened by openFirst
//   move(color)  a color played at its table (game.js play): the mode answers it, and
//             no computer moves there by itself (its replies are the mode's)
//   view(table)  what the table draws of one of its tables (ui/table.js), or null for
//             the table's own game; every field may be left out:
//               snapshot  a position to show instead of the table's (a line's step)
//               best      a color to preview on it; step, count: where a line is
//               line      {index, count, step(index), prevLabel, nextLabel}: a line the
//                         replay bar's ◀ ▶ step through
//               locked    no color can be played now; ended: nobody is to move
//               keepBoard the board keeps the size it was first fitted to
//               status    the status line's text (the table's own when left out)
//               result    false: no result panel (the mode's own bar says the end)
//               resign    false: no resign buttons
//               thinking  false: a computer to move is not "thinking" (the mode replies)
//               again     {text, primary, play()}: "Play again" as the mode has it
//   keys(event)  a key pressed while its table is at the table; true when taken
//   reopen(table)  its table again after the engine restarted (boot.js)
//   close()   leave it (its own Close button)
//   claims(table)  a table it did not open that is its own all the same (the board of
//             the day: a day's saved match, resumed or replayed); table.mode names
//             the mode of every other table
//   linkable(table)  false: the game at this table is never sent as a link (asked of
//             every mode, whichever the table's is)
//   offer(table)  a button of its own on the result of another table's game:
//             {action, text, open()} or null (the review: "Review the game")
//   visit(quiet)  the page has read its URL: `quiet` when no link and nothing asked
//             for before the engine was up wants something else (Learn's first offer)
//
// register(mode) returns the mode's life, the part every mode lives the same way:
//   state         state.modes[name]
//   ask(...asked) an opening: its ticket, or null when the engine is not up yet (the
//                 opening is queued, and openFirst opens it once the engine is up)
//   queue(...asked) the same asked by a link the page was opened with (no ticket)
//   ticket()      a new opening's ticket (a retry, a reopen); late(ticket): a newer
//                 opening (or a close) came since, so this one's answer is dropped
//   keep(ticket, opened)  false when the ticket is late: the engine's new table
//                 (opened.table_id) is let go
//   table(opened, config)  a table of this mode from the engine's answer; put(table):
//                 put at the table; free(table): at the table, waiting for no answer
//   replies(table, states, still())  the states of a move and its replies, shown in
//                 turn with a pause between, while still() holds
//   leave()       no opening pending any more (the ticket moves on, the queue empties)
//   back()        to the match to go on with, or a new game (a mode's Close)
//
// Others than modes may stand in the first-opens list: friend.js (a friend's link) and
// saved.js (the match to resume) register {name, open, asked(), drop()} alone.
//
// main.js calls attachModes(app, firstOpens) before any mode registers: it puts the
// registry on app.modes; then app.modes.attachAll(MODES, container).

import {el, append} from '../ui/dom.js';
import {arriving} from './game.js';

const REPLY_PAUSE_MS = 450; // between a player's move and its reply, so the reply is seen

export function attachModes(app, firstOpens) {
  const {state} = app;
  const entries = new Map(); // name -> what registered
  state.modes = {};

  function register(mode) {
    if (entries.has(mode.name) && !entries.get(mode.name).load) throw new Error(`mode ${mode.name} registered twice`);
    entries.set(mode.name, mode); // (in place of the entry that loaded it)
    // a mode loaded later keeps what was asked of it before (its waiting, its openings)
    const own = state.modes[mode.name] = Object.assign(state.modes[mode.name] ?? {waiting: null, opening: 0},
                                                       mode.state ?? {});
    return lifeOf(mode, own);
  }

  /** The modes of main.js's MODES (the entries above): each attached now, or made ready
   *  to load; resolves once those the page's address asks for are attached. */
  async function attachAll(modes, container) {
    const asked = [];
    for (const entry of modes) {
      if (entry.button) {
        document.getElementById(entry.button)?.addEventListener('click', () => app.modes.open(entry.name));
      }
      if (entry.attach) {
        entry.attach(app, container);
        continue;
      }
      const load = loader(entry, container);
      entries.set(entry.name, {name: entry.name, load, open: async (...wanted) => (await load())?.open?.(...wanted)});
      state.modes[entry.name] = {waiting: null, opening: 0};
      if (entry.link?.test(location.hash)) asked.push(load());
      if (entry.link) {
        window.addEventListener('hashchange', () => { // its link pasted into this tab: a visit with it
          if (entries.get(entry.name).load && entry.link.test(location.hash)) location.reload();
        });
      }
      if (entry.when) app.drawListeners.add(() => { if (entries.get(entry.name).load && entry.when(state)) load(false); });
    }
    await Promise.all(asked);
  }

  /** A mode's loading, once: its style sheet in the head (loaded: nothing drawn without
   *  it), its module imported and attached (it registers in place of its entry); resolves
   *  to what registered. Its module not loaded (offline before the mode was ever opened):
   *  null, the notice `unsaved-<name>` on the table when it was `asked` for (its button, its
   *  link, another mode; not a draw's `when`, which does not try again until the browser
   *  is back online), and the next ask tries again. */
  function loader({name, load, style}, container) {
    const notice = `unsaved-${name}`;
    let loading = null;
    let failed = false; // the last try failed: a draw's `when` tries again once back online
    window.addEventListener('online', () => { failed = false; });
    return (asked = true) => (failed && !asked ? Promise.resolve(null) : loading ??= (async () => {
      let sheet = null;
      if (style) { // (failed: drawn plain rather than not at all)
        await new Promise((done) => append(document.head, sheet = el('link', {rel: 'stylesheet', href: style,
                                                                               onload: done, onerror: done})));
      }
      let attach;
      try {
        attach = await load();
      } catch (error) {
        console.warn(`filler: the mode ${name} could not be loaded:`, error);
        sheet?.remove();
        loading = null;
        failed = true;
        if (asked && !state.notices.some((shown) => shown.kind === notice)) state.notices.push({kind: notice});
        app.changed();
        return null;
      }
      failed = false;
      state.notices = state.notices.filter((shown) => shown.kind !== notice);
      attach(app, container);
      app.changed();
      return entries.get(name);
    })());
  }

  function lifeOf(mode, own) {
    return {
      state: own,
      ask(...asked) {
        const ticket = ++own.opening;
        if (state.engine.status !== 'ready') {
          own.waiting = asked; // opened once the engine is up (openFirst)
          app.changed();
          return null;
        }
        own.waiting = null;
        return ticket;
      },
      queue(...asked) {
        own.waiting = asked;
      },
      ticket: () => ++own.opening,
      late: (ticket) => ticket !== own.opening,
      keep(ticket, opened) {
        if (ticket === own.opening) return true;
        app.request('close', {table_id: opened.table_id}).catch(() => {});
        return false;
      },
      table(opened, {variant, seed = null, games = 1}) {
        const config = {variant, seed, options: {}, games, clock: {mode: 'none'}, seats: opened.layout.players};
        const table = app.makeTable(config, opened.layout, arriving(opened.state), opened.table_id);
        table.mode = mode.name;
        return table;
      },
      /** Its table put at the table (the one before let go: game.js setTable), drawn. */
      put(table) {
        app.setTable(table);
        app.changed();
      },
      /** Whether a move may be asked of the engine at `table`: it is at the table and
       *  waits for no answer. */
      free: (table) => Boolean(table) && state.table === table && !table.requesting,
      async replies(table, states, still) {
        for (const [index, snapshot] of states.entries()) {
          if (index) await new Promise((done) => setTimeout(done, REPLY_PAUSE_MS));
          if (!still()) return false;
          await app.applySnapshot(table, snapshot);
        }
        return true;
      },
      leave() {
        own.waiting = null;
        own.opening += 1;
      },
      back() {
        if (!state.catalog.variants.length) return;
        const unfinished = app.store.listMatches({finished: false})[0];
        if (unfinished) app.resumeMatch(unfinished.id);
        else app.startGame({...state.config, seed: null});
      },
    };
  }

  /** What was asked of an entry before the engine was up (the arguments of its
   *  open), or null. */
  const asked = (entry) => (entry.asked ? entry.asked() : state.modes[entry.name].waiting);

  function drop(entry) {
    if (entry.drop) entry.drop();
    else state.modes[entry.name].waiting = null;
  }

  /** The table at the table is one the engine has now (not one drawn before it was
   *  up, nor one of an engine that stopped). */
  const onEngine = () => Boolean(state.table && state.table.tableId !== null
                                 && state.table.engineGeneration === app.engine.generation);

  /** Once the engine is up (boot.js), or up again after a restart: in the order of the
   *  first-opens list, a mode's table the restart left behind is reopened, or what was
   *  asked of the entry is opened; the first that opens something wins, and what the
   *  others were asked is dropped. False when none opened anything. */
  async function openFirst() {
    const ordered = firstOpens.map((name) => entries.get(name)).filter(Boolean);
    let opened = false;
    for (const entry of ordered) {
      const table = state.table;
      if (entry.reopen && table && modeOf(table) === entry && table.engineGeneration !== app.engine.generation
          && await entry.reopen(table) !== false) {
        opened = true;
        break;
      }
      const wanted = asked(entry);
      if (!wanted) continue;
      drop(entry);
      const result = await entry.open(...wanted);
      if (typeof result === 'boolean' ? result : onEngine()) {
        opened = true;
        break;
      }
    }
    if (opened) {
      for (const entry of ordered) drop(entry);
      app.changed(); // their "waiting" lines go
    }
    return opened;
  }

  /** The mode of a table: the one that opened it (table.mode), or the one that
   *  claims it; null for a game of one's own. */
  function modeOf(table) {
    if (!table) return null;
    if (table.mode && entries.has(table.mode)) return entries.get(table.mode);
    for (const entry of entries.values()) if (entry.claims?.(table)) return entry;
    return null;
  }

  app.modes = {
    register,
    attachAll,
    openFirst,
    of: modeOf,
    /** Whether a link or a button asked an entry for something before the engine was up. */
    wanted: () => [...entries.values()].some((entry) => Boolean(asked(entry))),
    /** The page has read its URL: each mode is told whether it is `quiet`. */
    visit: (quiet) => { for (const entry of entries.values()) entry.visit?.(quiet); },
    /** Open the mode `name` (its button, the lobby's review of a match, a mode that hands
     *  over to another: the review's puzzles); loaded first if it is not yet. */
    open: (name, ...wanted) => entries.get(name)?.open?.(...wanted),
    /** What the table draws of `table` (its mode's view), or null. */
    view: (table) => modeOf(table)?.view?.(table) ?? null,
    /** A key at the table: its mode's, if it takes it. */
    keys: (event) => Boolean(modeOf(state.table)?.keys?.(event)),
    /** Whether the game at `table` may be sent as a link: no mode says no. */
    linkable: (table) => [...entries.values()].every((entry) => entry.linkable?.(table) !== false),
    /** The buttons modes offer on the result of `table`'s game. */
    offers: (table) => [...entries.values()].map((entry) => entry.offer?.(table)).filter(Boolean),
  };
  return app.modes;
}
