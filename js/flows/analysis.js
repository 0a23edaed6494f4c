// The analysis board (docs/analysis.md): any position, each legal color's verdict, the
// player's own lines. A mode of the table (modes.js).
//
// A position is the engine's start (a variant's board, a saved game's, a puzzle's, a
// painted one) and the colors played from it. The page keeps only the tree of those
// colors: `tree` is {children: [node]}, a node {color, children}; the first child is
// the line's continuation (the main line), the others side lines. Every position,
// legal color and verdict is the engine's (api/analysis.py): the table is moved with
// analysis_goto, each color's verdict comes with analysis_verdict (one color a request,
// bounded by nodes, so every device shows the same; the worker answers other requests
// between them), and analysis_summary says the best color, its line, each color's mark
// as the review gives it and the evaluation bar's value. "Think longer" asks the next
// level (more nodes) color by color, with its progress, until stopped; what it found
// stays for that position. Behind the position shown, the positions of the tree are
// judged at the first level, so the move list shows each move's mark.
//
// Free moves for either side (every seat of the analysis table is a person), take-back,
// ← → along the line, ↑ ↓ to the other lines at a move, Home End. The board editor
// paints cells (a click or a drag, keys 1–9 pick the paint), sets whose turn it is and
// opens another variant's board; the engine checks each stroke (analysis_paint) and says
// what is wrong. "Continue against the master" starts a single game from the position
// (analysis_continue; never rated). A link `#analysis=<text>` carries the start and the
// main line (analysis_link, read back by analysis_link_open: the engine checks it).
// The analysis shown is kept in the store (store.getAnalysis, keepAnalysis) and opens
// again after a reload.
//
// Entry points: "Analyse" on a game's result (offer), beside a replay's bar and a
// practice game in progress (the entry button), the header's "Analysis" (a board to
// paint), and what other modes hand over (app.modes.open with {record, game_index,
// ply}, {puzzle}). Never a game still played against a person or a friend, nor a rated
// match before it ends.

import {el, replaceChildren, append, placeAfter, setAttr, keepingFocus} from '../ui/dom.js';
import {t, variantName, problemText, language} from '../i18n/i18n.js';
import {signed, swatch} from '../ui/table.js';
import {playerName, sideName} from '../ui/names.js';
import {newMatchId} from '../store/storage.js';

const LINK = /^#analysis=(.+)$/s;
const BACKGROUND = 120; // positions of the tree judged behind the one shown, at most
const LINE_SHOWN = 8; // colors of the best line said

/** What a URL's hash asks of the analysis: a link's text, or null. */
export function analysisFromLink(hash = location.hash) {
  const match = LINK.exec(hash);
  return match ? match[1] : null;
}

const keyOf = (path) => path.join('.');

/** The node at `path` of `tree`, or null. */
export function nodeAt(tree, path) {
  let node = tree;
  for (const color of path) {
    node = node.children.find((child) => child.color === color);
    if (!node) return null;
  }
  return node;
}

/** `color` played at `path`: the node it is (a new side line when the position had
 *  moves already, the main line's next move when it had none). */
export function grow(tree, path, color) {
  const node = nodeAt(tree, path);
  let child = node.children.find((known) => known.color === color);
  if (!child) {
    child = {color, children: []};
    node.children.push(child);
  }
  return child;
}

/** A tree of one line. */
export const lineTree = (moves) => {
  const tree = {children: []};
  moves.reduce((path, color) => (grow(tree, path, color), [...path, color]), []);
  return tree;
};

/** The main line of `tree` from `path`: the first children on. */
export function lineFrom(tree, path) {
  const line = [...path];
  for (let node = nodeAt(tree, path); node?.children.length; node = node.children[0]) line.push(node.children[0].color);
  return line;
}

/** ↑ ↓: the other move at the same position (`step` -1 or 1), or null. */
export function sibling(tree, path, step) {
  if (!path.length) return null;
  const parent = nodeAt(tree, path.slice(0, -1));
  const index = parent.children.findIndex((child) => child.color === path.at(-1));
  const other = parent.children[index + step];
  return other ? [...path.slice(0, -1), other.color] : null;
}

export function attachAnalysis(app, container) {
  const {state} = app;
  const bar = el('section', {class: 'mode-bar analysis-bar', hidden: true, 'aria-labelledby': 'analysis-bar-title'});
  const panel = el('section', {class: 'mode-panel analysis-panel', hidden: true, 'aria-labelledby': 'analysis-title'});
  const entry = el('div', {class: 'analysis-entry', hidden: true}); // "Analyse" beside a replay or a practice game
  placeAfter(app.tableView.replayBar, entry, bar);
  append(container, panel);
  let drawnPanel = null; // the key of what the panel shows
  let drawnBar = null;
  const life = app.modes.register({name: 'analysis', open, move, view, keys, reopen, close,
                                   linkable: (table) => !isMine(table), // (its own link: the start and its lines)
                                   offer: (table) => (allowed(table) && table.snapshot.over ? {
                                     action: 'analyse', text: t('analysis.open'), open: () => openTable(table)} : null),
                                   state: {
    current: null, // the analysis at the table: see show()
    message: null, // {problem} a link or a handed-over position the engine refused
  }});
  const my = life.state;
  const link = analysisFromLink();
  if (link !== null) {
    history.replaceState(null, '', location.pathname + location.search); // a reload is a normal visit
    life.queue({link});
  } else {
    const kept = app.store.getAnalysis();
    if (kept?.open) life.queue({start: kept.start, tree: kept.tree, path: kept.path});
  }

  const isMine = (table) => Boolean(my.current && table && table === my.current.table);
  const stale = (table) => table.engineGeneration !== app.engine.generation;

  /** Whether the game at `table` may be analysed: never a game still played against a
   *  person or a friend, nor a rated match before it ends (as on lichess), nor a match
   *  of several games before it ends (its next game is on the same board: the board of
   *  the day's one counted try); a practice game against the computer may, and every
   *  game that has ended. */
  function allowed(table) {
    const snapshot = table?.snapshot;
    if (!snapshot || table.tableId === null || isMine(table)) return false;
    const match = snapshot.match;
    if (match?.over || table.replay) return snapshot.sides.length > 0;
    const people = table.players.filter((player) => player.kind !== 'computer').length;
    if (table.friend || people > 1 || match?.rated || match?.games > 1) return false;
    return snapshot.over || table.config.variant === 'practice';
  }

  /** "Analyse" at a table: its record, at the position shown. */
  function openTable(table = state.table) {
    if (!allowed(table)) return;
    const record = table.replay?.saved ?? table.snapshot.record;
    return open({record, seats: record.players ?? table.players, game_index: table.snapshot.game_index ?? 0,
                 ply: table.snapshot.move_number});
  }

  // ---- opening ------------------------------------------------------------------

  /** Open the analysis: `{link}` (a link's text), `{start, moves?, ply?, tree?, path?}`,
   *  `{record, seats?, game_index?, ply?}`, `{puzzle}` or `{variant, seed, options,
   *  edit}` (a new board, in the editor). */
  async function open(asked = {}) {
    my.message = null;
    const ticket = life.ask(asked);
    if (ticket === null) return;
    const {tree = null, path = null, edit = false, link: text = null, ...params} = asked;
    let opened;
    try {
      opened = await (text !== null ? app.request('analysis_link_open', {text})
        : app.request('analysis_open', tree ? {start: params.start, tree} : params)); // (a kept tree: the engine keeps its playable lines)
    } catch (error) {
      if (life.late(ticket)) return;
      my.message = {problem: error.problem ?? {message: error.message}};
      app.changed();
      return;
    }
    if (!life.keep(ticket, opened)) return;
    const kept = opened.tree ?? lineTree(opened.moves);
    show(opened, kept, path && nodeAt(kept, path) ? path : opened.moves.slice(0, opened.ply), edit);
    if (path && keyOf(path) !== keyOf(opened.moves.slice(0, opened.ply)) && nodeAt(kept, path)) goto(path);
  }

  function show(opened, tree, path, edit = false) {
    const table = life.table(opened, {variant: opened.layout.variant, seed: opened.layout.seed});
    table.ratingAsked = true; // never rated
    my.current = {
      start: opened.start, tree, path, table, analysed: opened.analysed, levels: opened.levels, nodes: opened.nodes,
      growth: opened.growth,
      positions: new Map(), // key of a path -> {legal, verdicts: {color: verdict}, summary, level, over}
      thinking: null, // {key, level}: "think longer" at that position
      editor: null, problem: null, copied: null,
      shown: keyOf(opened.moves.slice(0, opened.ply)), // the position the table shows
    };
    drawnPanel = drawnBar = null;
    life.put(table);
    keep({rewrite: 'new'});
    if (edit) startEditing();
    work();
  }

  /** The engine restarted (boot.js): the same analysis, at the same position. */
  async function reopen(table) {
    const current = my.current;
    if (!isMine(table)) return false;
    const ticket = life.ticket();
    try {
      const opened = await app.request('analysis_open', {start: current.start, moves: current.path});
      if (life.late(ticket) || my.current !== current) return true;
      Object.assign(table, {tableId: opened.table_id, engineGeneration: app.engine.generation, requesting: false,
                            error: null, snapshot: opened.state});
      app.changed();
      work();
    } catch (error) {
      app.showError(error, table);
    }
    return true;
  }

  function close() {
    letGo();
    my.message = null;
    life.leave();
    app.changed();
    life.back();
  }

  // ---- moving through the tree ----------------------------------------------------

  /** A color played at the analysis table (game.js play): a move of the tree. */
  function move(color) {
    const current = my.current;
    if (!current || current.editor || !life.free(current.table) || stale(current.table)) return;
    grow(current.tree, current.path, color);
    goto([...current.path, color]);
  }

  /** The table to the position at `path` (a node of the tree). */
  async function goto(path) {
    const current = my.current;
    const table = current?.table;
    if (!table || !nodeAt(current.tree, path) || stale(table)) return;
    current.path = path;
    if (current.thinking && current.thinking.key !== keyOf(path)) current.thinking = null; // stopped: another position
    current.wanted = path; // (keys pressed before the answer go on from here)
    table.requesting = true;
    try {
      const snapshot = await app.request('analysis_goto', {table_id: table.tableId, moves: path});
      if (my.current !== current || current.path !== path) return;
      await app.applySnapshot(table, snapshot);
      current.shown = keyOf(path);
      current.problem = null;
    } catch (error) {
      if (my.current === current) app.showError(error, table);
    } finally {
      table.requesting = false;
    }
    keep();
    app.changed();
    work();
  }

  const back = () => my.current && my.current.path.length && goto(my.current.path.slice(0, -1));

  /** ← → Home End along the line, ↑ ↓ to the other lines at the move; while painting,
   *  keys 1–9 pick the paint. True when taken. */
  function keys(event) {
    const current = my.current;
    if (!current || !isMine(state.table)) return false;
    if (current.editor) {
      if (!/^[1-9]$/.test(event.key)) return false;
      event.preventDefault();
      pickPaint(Number(event.key) - 1);
      return true;
    }
    const path = current.path;
    const next = {
      ArrowLeft: () => path.slice(0, -1),
      ArrowRight: () => lineFrom(current.tree, path).slice(0, path.length + 1),
      ArrowUp: () => sibling(current.tree, path, -1),
      ArrowDown: () => sibling(current.tree, path, 1),
      Home: () => [],
      End: () => lineFrom(current.tree, path),
    };
    if (!Object.hasOwn(next, event.key)) return false;
    event.preventDefault();
    const target = next[event.key]();
    if (target && keyOf(target) !== keyOf(path)) goto(target);
    return true;
  }

  // ---- the verdicts -------------------------------------------------------------

  const positionOf = (current, path) => {
    const key = keyOf(path);
    if (!current.positions.has(key)) current.positions.set(key, {legal: null, verdicts: {}, levels: {}, summary: null, level: -1});
    return current.positions.get(key);
  };

  /** The next request to make: the position shown at the first level, then "think
   *  longer" there, then the tree's other positions at the first level (the current
   *  line first); null when all is known. */
  function nextTask(current) {
    if (!current.analysed || current.editor) return null;
    const here = positionOf(current, current.path);
    // the table's legal colors once it shows this position (a goto may be on its way)
    if (here.legal === null && current.shown === keyOf(current.path)) {
      here.legal = current.table.snapshot.legal;
      here.over = current.table.snapshot.over;
    }
    const shown = taskAt(current, current.path, 0);
    if (shown) return shown;
    if (current.thinking) {
      const thinking = taskAt(current, current.path, current.thinking.level);
      if (thinking) return thinking;
      current.thinking = null; // that level is done for every color
    }
    const paths = [lineFrom(current.tree, current.path)].flatMap((line) => line.map((_, index) => line.slice(0, index)));
    const seen = new Set(paths.map(keyOf));
    const queue = [[]];
    while (queue.length && paths.length < BACKGROUND) { // every node of the tree, breadth first
      const path = queue.shift();
      if (!seen.has(keyOf(path))) {
        seen.add(keyOf(path));
        paths.push(path);
      }
      for (const child of nodeAt(current.tree, path)?.children ?? []) queue.push([...path, child.color]);
    }
    for (const path of paths) {
      const task = taskAt(current, path, 0);
      if (task) return task;
    }
    return null;
  }

  /** What is missing at `path` for `level`: its legal colors, a color's verdict, or the summary. */
  function taskAt(current, path, level) {
    const position = positionOf(current, path);
    if (position.over || position.level >= level) return null;
    if (position.legal === null) return {kind: 'legal', path};
    const color = position.legal.find((legal) => (position.levels[legal] ?? -1) < level);
    if (color !== undefined) return {kind: 'verdict', path, color, level};
    return {kind: 'summary', path, level};
  }

  async function run(current, task) {
    const params = {start: current.start, moves: task.path};
    const position = positionOf(current, task.path);
    if (task.kind === 'legal') {
      const {legal, over, analysed} = await app.request('analysis_legal', params);
      position.legal = legal;
      position.over = over || !analysed;
      return;
    }
    if (task.kind === 'verdict') {
      const found = await app.request('analysis_verdict', {...params, color: task.color, level: task.level});
      position.verdicts[task.color] = found;
      position.levels[task.color] = task.level;
      return;
    }
    position.summary = await app.request('analysis_summary', {...params, level: task.level});
    position.level = task.level;
  }

  /** Ask the engine what is still missing, a request at a time, until all is known,
   *  the analysis closes or the engine stops. */
  async function work() {
    if (my.working) return;
    my.working = true;
    try {
      for (;;) {
        const current = my.current;
        if (!current || state.engine.status !== 'ready' || stale(current.table)) break;
        const task = nextTask(current);
        if (!task) break;
        try {
          await run(current, task);
        } catch (error) {
          if (my.current === current) {
            if (task.kind === 'legal' || task.path !== current.path) positionOf(current, task.path).over = true;
            else current.problem = error.problem ?? {message: error.message};
          }
          if (my.current === current && task.path === current.path) break;
        }
        app.changed();
      }
    } finally {
      my.working = false;
    }
  }

  function thinkLonger() {
    const current = my.current;
    const here = current && positionOf(current, current.path);
    if (!here || here.level < 0 || here.level + 1 >= current.levels) return;
    current.thinking = {key: keyOf(current.path), level: here.level + 1};
    app.changed();
    work();
  }

  function stopThinking() {
    if (!my.current?.thinking) return;
    my.current.thinking = null;
    app.changed();
  }

  // ---- what is said of a verdict --------------------------------------------------

  /** A verdict in words: "wins by 4, proven", "about +3 (estimate)". */
  function verdictText(found) {
    const count = Math.abs(found.margin);
    if (found.kind === 'estimate') return t('analysis.verdict.estimate', {value: signed(found.margin)});
    if (found.kind === 'draw') return t('analysis.verdict.draw');
    const exact = found.exact ? '' : '_at_least';
    return t(`analysis.verdict.${found.kind}${exact}`, {count});
  }

  /** On a color's button: "+4✓", "≥+4✓", "=✓", "≈−3". */
  function verdictShort(found) {
    if (found.kind === 'estimate') return `≈${signed(found.margin)}`;
    if (found.kind === 'draw') return '=✓';
    const bound = found.exact ? '' : found.kind === 'win' ? '≥' : '≤';
    return `${bound}${signed(found.margin)}✓`;
  }

  function markText(mark) {
    if (!mark) return '';
    const word = t(`analysis.mark.${mark.mark}`);
    return mark.loss ? `${word} (${t('analysis.loss', {count: mark.loss})})` : word;
  }

  /** The view's colors: each legal color's verdict on its button and in its label. */
  function colorSays(current) {
    const here = positionOf(current, current.path);
    const says = {};
    for (const [color, found] of Object.entries(here.verdicts)) {
      says[color] = {short: verdictShort(found), text: verdictText(found)};
    }
    return says;
  }

  // ---- the table's view -----------------------------------------------------------

  function view(table) {
    const own = {result: false, resign: false, thinking: false};
    if (!isMine(table)) return own;
    const current = my.current;
    if (stale(table)) return {...own, locked: true};
    if (current.editor) {
      return {...own, locked: true, keepBoard: true, snapshot: editorSnapshot(current),
              status: current.editor.problem ? problemText(current.editor.problem) : t('analysis.edit.status')};
    }
    return {...own, colors: colorSays(current), status: statusText(current)};
  }

  function statusText(current) {
    const snapshot = current.table.snapshot;
    if (!current.analysed) return t('analysis.not_analysed');
    if (snapshot.over) return t('analysis.over');
    const here = positionOf(current, current.path);
    const thinking = current.thinking;
    if (thinking) {
      const done = (here.legal ?? []).filter((color) => (here.levels[color] ?? -1) >= thinking.level).length;
      return t('analysis.thinking', {done, total: here.legal?.length ?? 0, level: thinking.level + 1});
    }
    if (here.level < 0) {
      return t('analysis.judging', {done: Object.keys(here.verdicts).length, total: here.legal?.length ?? 0});
    }
    const nodes = new Intl.NumberFormat(language()).format(current.nodes * current.growth ** here.level);
    const judged = t('analysis.judged', {level: here.level + 1, nodes});
    return here.summary?.shortened ? `${judged} ${t('analysis.shortened')}` : judged;
  }

  // ---- the board editor -----------------------------------------------------------

  function startEditing() {
    const current = my.current;
    if (!current) return;
    const snapshot = current.table.snapshot;
    current.thinking = null;
    current.editor = {colors: snapshot.cell_colors, first: snapshot.turn ?? 0, paint: 0, checked: snapshot,
                      problem: null, asked: 0, base: {start: current.start, moves: current.path},
                      variant: current.table.layout.variant}; // the new board's variant chosen
    app.changed();
  }

  /** The board while painting: the painted colors, each territory as the engine last
   *  checked it (a stroke it refused keeps the territories before it). */
  function editorSnapshot(current) {
    const {colors, checked} = current.editor;
    return {...checked, cell_colors: colors, legal: [], previews: {}, turn: current.editor.first, over: false,
            state_id: current.table.snapshot.state_id, move_number: 0, last_move: null, last_moves: []};
  }

  function pickPaint(color) {
    const editor = my.current?.editor;
    if (!editor || color >= my.current.table.layout.colors) return;
    editor.paint = color;
    app.changed();
  }

  /** Paint cell `id` (obstacles stay). True when it changed. */
  function paintCell(id) {
    const editor = my.current?.editor;
    if (!editor || editor.colors[id] === '#' || editor.colors[id] === String(editor.paint)) return false;
    editor.colors = editor.colors.slice(0, id) + String(editor.paint) + editor.colors.slice(id + 1);
    app.changed();
    return true;
  }

  /** The painted board checked by the engine: its territories, or what is wrong. */
  async function checkPaint() {
    const current = my.current;
    const editor = current?.editor;
    if (!editor) return;
    const asked = ++editor.asked;
    const width = current.table.layout.width;
    const rows = Array.from({length: editor.colors.length / width}, (_, row) => editor.colors.slice(row * width, (row + 1) * width));
    try {
      const {start, state: checked} = await app.request('analysis_paint', {...editor.base, rows, first: editor.first});
      if (current.editor !== editor || asked !== editor.asked) return;
      Object.assign(editor, {checked, start, problem: null});
    } catch (error) {
      if (current.editor !== editor || asked !== editor.asked) return;
      editor.start = null;
      editor.problem = error.problem ?? {message: error.message};
    }
    app.changed();
  }

  function setFirst(seat) {
    const editor = my.current?.editor;
    if (!editor) return;
    editor.first = seat;
    checkPaint();
  }

  /** Done painting: the painted position, analysed (a new tree). */
  function finishEditing() {
    const editor = my.current?.editor;
    if (!editor?.start) return;
    open({start: editor.start});
  }

  function cancelEditing() {
    if (!my.current?.editor) return;
    my.current.editor = null;
    app.changed();
    work();
  }

  /** Another board to paint: a variant's (practice: its shape, size and colors). */
  function newBoard(variant, options) {
    const seed = crypto.getRandomValues(new Uint32Array(1))[0] % 2147483647;
    return open({variant, seed, options: variant === 'practice' ? options : {}, edit: true});
  }

  // painting by click or drag on the board (the table's own click plays nothing meanwhile: locked)
  let stroke = null; // the cells painted by the pointer held down
  const cellAt = (event) => {
    const target = document.elementFromPoint(event.clientX, event.clientY);
    const id = target?.dataset?.cell;
    return id === undefined ? null : Number(id);
  };
  const boardWrap = app.tableView.boardWrap;
  boardWrap.addEventListener('pointerdown', (event) => {
    if (!my.current?.editor || !isMine(state.table)) return;
    const id = cellAt(event);
    if (id === null) return;
    event.preventDefault();
    stroke = {pointer: event.pointerId, changed: paintCell(id)};
  });
  boardWrap.addEventListener('pointermove', (event) => {
    if (!stroke || event.pointerId !== stroke.pointer) return;
    const id = cellAt(event);
    if (id !== null && paintCell(id)) stroke.changed = true;
  });
  const endStroke = (event) => {
    if (!stroke || event.pointerId !== stroke.pointer) return;
    const changed = stroke.changed;
    stroke = null;
    if (changed) checkPaint(); // a stroke is checked when it ends
  };
  addEventListener('pointerup', endStroke);
  addEventListener('pointercancel', endStroke);

  // ---- going on from the position -------------------------------------------------

  /** "Continue against the master": a single game from the position, you to move. */
  async function continueGame() {
    const current = my.current;
    if (!current || current.table.snapshot.over) return;
    let opened;
    try {
      opened = await app.request('analysis_continue', {start: current.start, moves: current.path});
    } catch (error) {
      current.problem = error.problem ?? {message: error.message};
      app.changed();
      return;
    }
    if (my.current !== current) return app.request('close', {table_id: opened.table_id}).catch(() => {});
    letGo();
    life.leave();
    const {layout} = opened;
    const config = {variant: opened.variant, seed: layout.seed, options: layout.options ?? {}, games: 1,
                    clock: {mode: 'none'}, seats: layout.players};
    const table = app.makeTable(config, layout, opened.state, opened.table_id);
    table.moves = [...current.path];
    table.matchId = newMatchId();
    app.setTable(table);
    app.saveTable(table);
    app.afterSnapshot(table);
    app.changed();
  }

  async function copyLink() {
    const current = my.current;
    if (!current) return;
    try {
      const {text} = await app.request('analysis_link', {start: current.start, moves: lineFrom(current.tree, current.path),
                                                         ply: current.path.length});
      const href = `${location.origin}${location.pathname}#analysis=${text}`;
      current.copied = {href, done: false};
      app.changed();
      await navigator.clipboard.writeText(href);
      if (my.current === current) current.copied.done = true;
    } catch (error) {
      if (my.current === current && !current.copied) current.problem = error.problem ?? {message: error.message};
    }
    app.changed();
  }

  /** The analysis shown, kept for the next visit (the store's kind `analysis`); `open`
   *  false once it is closed (it is not opened again, but stays kept). */
  function keep({rewrite = null, current = my.current, open: isOpen = true} = {}) {
    if (!current) return;
    const result = app.store.keepAnalysis({open: isOpen, start: current.start, tree: current.tree, path: current.path},
                                          {rewrite});
    if (!result.ok && result.reason !== 'invalid') current.problem = 'analysis.not_kept';
  }

  /** The analysis leaves the table (closed, another game, a game from its position):
   *  kept, but not opened again on the next visit. */
  function letGo() {
    const current = my.current;
    my.current = null;
    keep({current, open: false});
  }

  // ---- drawing --------------------------------------------------------------------

  document.getElementById('open-analysis')?.addEventListener('click', () => {
    const table = state.table;
    if (allowed(table)) return openTable(table);
    const config = state.config;
    return newBoard(config.variant ?? state.catalog.firstGame?.variant ?? 'quick', config.options);
  });
  app.drawListeners.add(() => draw());
  window.addEventListener('hashchange', () => {
    if (analysisFromLink() !== null) location.reload();
  });

  function draw() {
    const table = state.table;
    if (my.current && table !== my.current.table) letGo(); // a new game, a match resumed: the analysis closed
    drawEntry(table);
    const current = my.current;
    bar.hidden = !current;
    panel.hidden = !current && !my.message;
    if (!current && !my.message) {
      drawnPanel = drawnBar = null;
      return;
    }
    const here = current && positionOf(current, current.path);
    const key = JSON.stringify([state.settings.language, my.message, current && [
      keyOf(current.path), current.table.snapshot.state_id, here.level, here.summary?.best, Object.keys(here.verdicts).length,
      current.thinking?.level, Object.values(here.levels), current.editor && [current.editor.paint, current.editor.first,
        current.editor.problem, Boolean(current.editor.start), current.editor.variant], current.problem, current.copied, current.positions.size,
      [...current.positions.values()].filter((position) => position.summary).length, treeSize(current.tree),
      state.engine.status]]);
    if (key === drawnPanel) return;
    drawnPanel = key;
    keepingFocus([bar, panel], 'focus', () => {
      if (current) drawBar(current, here);
      replaceChildren(panel,
        el('div', {class: 'mode-head analysis-head'},
          el('h2', {id: 'analysis-title', text: t('analysis.title')}),
          el('button', {type: 'button', dataset: {action: 'close-analysis', focus: 'close'}, text: t('analysis.close'),
                        onclick: () => close()})),
        my.message ? el('p', {class: 'analysis-message', role: 'alert', text: problemText(my.message.problem)}) : null,
        current?.problem ? el('p', {class: 'analysis-problem', role: 'alert', text: typeof current.problem === 'string'
          ? t(current.problem) : problemText(current.problem)}) : null,
        current ? (current.editor ? editorPart(current) : analysisPart(current, here)) : null);
    });
  }

  const treeSize = (node) => node.children.reduce((sum, child) => sum + 1 + treeSize(child), 0);

  /** "Analyse" beside a replay's bar or a practice game (their result panel has its own). */
  function drawEntry(table) {
    const shown = allowed(table) && !table.snapshot.over;
    entry.hidden = !shown;
    const text = t('analysis.open');
    if (!shown || entry.firstChild?.textContent === text) return;
    replaceChildren(entry, el('button', {type: 'button', dataset: {action: 'analyse'}, text, onclick: () => openTable()}));
  }

  /** Above the board: the evaluation bar, in words too. */
  function drawBar(current, here) {
    const summary = here.summary;
    const snapshot = current.table.snapshot;
    const sides = snapshot.sides;
    const players = current.table.players;
    let share = 0.5;
    let words = t(current.editor ? 'analysis.edit.title' : 'analysis.bar_none');
    if (summary && !current.editor && sides.length === 2) {
      const {margin, kind} = summary.side0;
      const total = Math.max(1, snapshot.value_in_play);
      share = kind === 'win' ? 1 : kind === 'loss' ? 0 : kind === 'draw' ? 0.5
        : 0.5 + 0.5 * Math.max(-0.92, Math.min(0.92, (2 * margin) / total));
      words = t('analysis.bar', {name: sideName(players, sides[0].seats), verdict: verdictText({...summary.side0, exact: summary.side0.exact})});
    }
    const key = JSON.stringify([words, share, snapshot.state_id]);
    if (key === drawnBar) return;
    drawnBar = key;
    const first = el('span', {class: 'analysis-eval-part', dataset: {color: String(snapshot.players[sides[0]?.seats[0]]?.color ?? 0)}});
    first.style.setProperty('width', `${(share * 100).toFixed(1)}%`);
    replaceChildren(bar,
      el('h2', {id: 'analysis-bar-title', class: 'sr-only', text: t('analysis.title')}),
      el('div', {class: 'analysis-eval', role: 'img', 'aria-label': words, dataset: {share: share.toFixed(3)}},
        first, el('span', {class: 'analysis-eval-part', dataset: {color: String(snapshot.players[sides[1]?.seats[0]]?.color ?? 1)}})),
      el('p', {class: 'analysis-eval-words', text: words}));
  }

  function colorName(color, attributes = {}) {
    return el('span', {class: 'analysis-color', ...attributes}, swatch(color), t('controls.color', {number: color + 1}));
  }

  function analysisPart(current, here) {
    const snapshot = current.table.snapshot;
    const summary = here.summary;
    const legal = here.legal ?? snapshot.legal;
    const verdicts = current.analysed && !snapshot.over ? el('ul', {class: 'analysis-verdicts', 'aria-label': t('analysis.verdicts')},
      legal.map((color) => {
        const found = here.verdicts[color];
        const best = summary?.best === color;
        return el('li', {dataset: {color: String(color), kind: found?.kind ?? '', level: String(here.levels[color] ?? -1)},
                         'data-best': best ? '' : null},
          el('button', {type: 'button', class: 'analysis-verdict', dataset: {focus: `verdict-${color}`},
                        onclick: () => app.play(color)},
            colorName(color), ' ',
            el('span', {class: 'analysis-verdict-words', text: found ? verdictText(found) : t('analysis.waiting')}),
            best ? el('strong', {class: 'analysis-best', text: ` · ${t('analysis.best')}`}) : null));
      })) : null;
    const said = summary?.line.slice(0, LINE_SHOWN) ?? [];
    const line = summary ? el('p', {class: 'analysis-line', dataset: {line: summary.line.join(' ')}},
      t('analysis.line'), ' ', ...said.flatMap((color, index) => [index ? ' → ' : '', colorName(color)]),
      summary.line.length > said.length ? ' …' : '') : null;
    const mover = snapshot.turn === null ? null : el('p', {class: 'analysis-mover',
      text: t('analysis.for', {name: playerName(current.table.players, snapshot.turn)})});
    const level = here.level;
    const canThink = current.analysed && !snapshot.over && level >= 0 && level + 1 < current.levels;
    const actions = el('div', {class: 'analysis-actions'},
      current.thinking ? el('button', {type: 'button', dataset: {action: 'stop-thinking', focus: 'stop'}, text: t('analysis.stop'),
                                       onclick: () => stopThinking()})
        : el('button', {type: 'button', dataset: {action: 'think-longer', focus: 'think'}, text: t('analysis.think_longer'),
                        disabled: !canThink, onclick: () => thinkLonger()}),
      el('button', {type: 'button', dataset: {action: 'analysis-back', focus: 'back'}, text: t('analysis.back'),
                    disabled: !current.path.length, onclick: () => back()}),
      el('button', {type: 'button', dataset: {action: 'analysis-edit', focus: 'edit'}, text: t('analysis.edit.open'),
                    onclick: () => startEditing()}),
      el('button', {type: 'button', dataset: {action: 'analysis-continue', focus: 'continue'}, text: t('analysis.continue'),
                    disabled: snapshot.over, onclick: () => continueGame()}),
      el('button', {type: 'button', dataset: {action: 'analysis-link', focus: 'link'},
                    text: t(current.copied?.done ? 'analysis.copied' : 'analysis.copy_link'), onclick: () => copyLink()}));
    return [
      el('p', {class: 'analysis-status', text: statusText(current)}), // (the table's status line says it aloud)
      verdicts ? mover : null, verdicts, line, actions,
      current.copied ? el('p', {class: 'analysis-link-url'}, el('a', {href: current.copied.href, text: current.copied.href})) : null,
      moveTree(current),
      el('p', {class: 'analysis-help', text: t('analysis.help')}),
    ];
  }

  /** The tree as lists: the main line, each side line nested after the move it
   *  branches from; each move a button with its mark. */
  function moveTree(current) {
    const list = el('ol', {class: 'analysis-moves', 'aria-label': t('analysis.moves')});
    if (!current.tree.children.length) return el('p', {class: 'analysis-no-moves', text: t('analysis.no_moves')});
    appendLine(list, current, [], current.tree.children[0]);
    return list;
  }

  function appendLine(list, current, parentPath, firstNode) {
    let path = parentPath;
    let node = firstNode;
    let parent = nodeAt(current.tree, parentPath);
    while (node) {
      append(list, moveItem(current, path, node));
      if (parent.children[0] === node && parent.children.length > 1) {
        for (const other of parent.children.slice(1)) {
          const sub = el('ol', {class: 'analysis-side-line', 'aria-label': t('analysis.side_line')});
          appendLine(sub, current, path, other);
          append(list, el('li', {class: 'analysis-side'}, sub));
        }
      }
      path = [...path, node.color];
      parent = node;
      node = node.children[0];
    }
  }

  function moveItem(current, parentPath, node) {
    const path = [...parentPath, node.color];
    const mark = current.positions.get(keyOf(parentPath))?.summary?.marks?.[String(node.color)] ?? null;
    const shown = keyOf(path) === keyOf(current.path);
    return el('li', {dataset: {path: keyOf(path), mark: mark?.mark ?? ''}},
      el('button', {type: 'button', class: 'analysis-move', dataset: {focus: `move-${keyOf(path)}`},
                    'aria-current': shown ? 'step' : null, onclick: () => goto(path)},
        el('span', {class: 'analysis-number', text: `${path.length}.`}), ' ', colorName(node.color),
        mark ? el('span', {class: 'analysis-mark', text: ` ${markText(mark)}`}) : null));
  }

  function editorPart(current) {
    const editor = current.editor;
    const layout = current.table.layout;
    const players = current.table.players;
    const paints = el('div', {class: 'analysis-paints', role: 'radiogroup', 'aria-label': t('analysis.edit.paint')},
      Array.from({length: layout.colors}, (_, color) => el('button', {
        type: 'button', role: 'radio', class: 'analysis-paint', dataset: {color: String(color), focus: `paint-${color}`},
        'aria-checked': String(editor.paint === color), onclick: () => pickPaint(color)},
      swatch(color), el('span', {text: String(color + 1)}))));
    const turn = el('select', {id: 'analysis-first', dataset: {action: 'analysis-first'},
                               onchange: (event) => setFirst(Number(event.target.value))},
      players.map((player, seat) => el('option', {value: String(seat), selected: seat === editor.first,
                                                  text: t('player.person', {number: seat + 1})})));
    const variants = state.catalog.variants;
    const variantSelect = el('select', {id: 'analysis-variant', dataset: {action: 'analysis-variant'},
                                        onchange: (event) => { editor.variant = event.target.value; app.changed(); }},
      variants.map((variant) => el('option', {value: variant.id, selected: variant.id === editor.variant, text: variantName(variant.id)})));
    const practice = variants.find((variant) => variant.id === 'practice');
    const number = (name, value, [low, high]) => el('input', {type: 'number', id: `analysis-${name}`, min: String(low),
                                                              max: String(high), value: String(value)});
    const options = practice && editor.variant === 'practice' ? el('div', {class: 'analysis-practice'},
      el('label', {for: 'analysis-shape', text: t('analysis.edit.shape')}),
      el('select', {id: 'analysis-shape'}, practice.shapes.map((shape) => el('option', {value: shape, text: t(`lobby.shape.${shape}`),
                                                                                       selected: shape === layout.shape}))),
      el('label', {for: 'analysis-width', text: t('analysis.edit.width')}), number('width', layout.width, practice.sizes.width),
      el('label', {for: 'analysis-height', text: t('analysis.edit.height')}), number('height', layout.height, practice.sizes.height),
      el('label', {for: 'analysis-colors', text: t('analysis.edit.colors')}), number('colors', layout.colors, practice.sizes.colors)) : null;
    const board = el('form', {class: 'analysis-new-board', onsubmit: (event) => {
      event.preventDefault();
      const value = (id) => panel.querySelector(`#analysis-${id}`)?.value;
      newBoard(value('variant'), {shape: value('shape'), width: Number(value('width')), height: Number(value('height')),
                                  colors: Number(value('colors'))});
    }},
    el('label', {for: 'analysis-variant', text: t('analysis.edit.variant')}), variantSelect, options,
    el('button', {type: 'submit', dataset: {action: 'analysis-new-board', focus: 'new-board'}, text: t('analysis.edit.new_board')}));
    return [
      el('p', {class: 'analysis-edit-help', text: t('analysis.edit.help')}),
      paints,
      el('p', {class: 'analysis-turn'}, el('label', {for: 'analysis-first', text: t('analysis.edit.first')}), ' ', turn),
      el('p', {class: 'analysis-edit-check', role: 'status', dataset: {ok: editor.problem ? '0' : '1'},
               text: editor.problem ? problemText(editor.problem) : t('analysis.edit.fine')}),
      el('div', {class: 'analysis-actions'},
        el('button', {type: 'button', class: 'primary', dataset: {action: 'analysis-edit-done', focus: 'done'},
                      text: t('analysis.edit.done'), disabled: !editor.start && editor.colors !== current.table.snapshot.cell_colors
                        ? true : Boolean(editor.problem), onclick: () => (editor.start ? finishEditing() : cancelEditing())}),
        el('button', {type: 'button', dataset: {action: 'analysis-edit-cancel', focus: 'cancel'}, text: t('analysis.edit.cancel'),
                      onclick: () => cancelEditing()})),
      board,
    ];
  }

  // set on the table's body: the evaluation bar and the editor's board (styles/analysis.css)
  app.drawListeners.add(() => {
    setAttr(container, 'data-analysis-edit', my.current?.editor && isMine(state.table) ? '' : null);
  });
}
