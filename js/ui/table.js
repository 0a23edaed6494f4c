// The table: header (needed to win, players), board, color buttons, status line and
// the game-over panel. It reads the app's one state object and never the rules.

import {el, svg, clear, replaceChildren, setAttr, append, keepingFocus} from './dom.js';
import {t, variantName} from '../i18n/i18n.js';
import {Board, cellName} from './board.js';
import {ColorControls} from './controls.js';
import {territoryChart} from './chart.js';
import {SYMBOLS} from './palette.js';
import {levelName} from './lobby.js';
import {playerName, sideName, person, sideParams, everyoneNamed} from './names.js';
import {noticeLines} from './notices.js';
import {ratingText} from './rating_text.js';

/** A clock's time: m:ss, or under 10 s with tenths (0:09.4). */
export function formatClock(ms) {
  const safe = Math.max(0, ms);
  if (safe < 10000) {
    const tenths = Math.floor(safe / 100);
    return `0:0${Math.floor(tenths / 10)}.${tenths % 10}`;
  }
  const seconds = Math.floor(safe / 1000);
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor(seconds / 60) % 60;
  const rest = String(seconds % 60).padStart(2, '0');
  return hours ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

export function signed(number) {
  const rounded = Math.round(number);
  return rounded > 0 ? `+${rounded}` : rounded < 0 ? `−${-rounded}` : '±0';
}

function points(value) {
  return Number.isInteger(value) ? String(value) : String(Math.round(value * 100) / 100).replace(/^0\./, '.');
}

export function swatch(color, extraClass = '') {
  return el('span', {class: `swatch ${extraClass}`, dataset: {color: String(color)}, 'aria-hidden': 'true'},
    svg('svg', {viewBox: '-1 -1 2 2'}, svg('path', {d: SYMBOLS[color] || ''})));
}

/** A territory chart's caption: its title, then each side's swatch and name. */
export function chartCaption(title, series) {
  return el('figcaption', {},
    el('span', {text: title}),
    ...series.map(({label, colorIndex}) => el('span', {class: 'legend'}, swatch(colorIndex), label)));
}

/** Why the game ended, as the game-over panel says it (resigned: who). */
function overReason(snapshot, players) {
  const reason = snapshot.end_reason;
  if (reason === 'resign') {
    // four players: the one who left last is out; two sides: the side that lost
    const out = snapshot.sides.filter((side, index) => side.seats.every((seat) => snapshot.players[seat].out)
                                                       || (snapshot.sides.length === 2 && !snapshot.winning_sides.includes(index)));
    return out.length === 1 ? t('over.reason.resigned', sideParams(players, out[0].seats)) : t('over.reason.resign');
  }
  if (reason === 'equator' && snapshot.sides.length > 2) return t('over.reason.clinched');
  // the last cells both filled the board and decided it: with two sides the winner
  // then has more than half, so it passed the equator with them too
  if (reason === 'filled' && snapshot.sides.length === 2 && snapshot.winning_sides.length === 1) {
    return t('over.reason.filled_decided');
  }
  return reason ? t(`over.reason.${reason}`) : '';
}

/** How a match ended (its outcome's kind); a single game has no points: its win or
 *  draw is said in cells ("More cells: 29 to 27."). */
function outcomeText(outcome, snapshot, inMatch) {
  if (inMatch || !['clear', 'draw'].includes(outcome.kind)) return t(`match.kind.${outcome.kind}`);
  const [top, next] = snapshot.sides.map((side) => side.score).sort((a, b) => b - a);
  return outcome.kind === 'draw' ? t('over.kind.draw', {count: top}) : t('over.kind.clear', {won: top, other: next});
}

/** Where a replay is, counted in moves (its steps are the record's events, the ready
 *  presses between the games too): "move 12 of 39", in a match "game 2, move 12 of 39". */
function replayPosition(replay, snapshot) {
  const index = snapshot.game_index ?? 0;
  const total = replay.gameMoves?.[index];
  if (total === undefined) return t('replay.step', {step: replay.step, total: replay.total}); // a record cut short
  const params = {game: index + 1, move: snapshot.move_number, total};
  return t((snapshot.match?.games ?? 1) > 1 ? 'replay.game_move' : 'replay.move', params);
}

// The least height the board is fitted to (fitBoard), in px. A 320×568 phone showing a
// puzzle of two or three moves in Dutch (its task four lines) leaves 155: at 160 its color
// buttons were 4 px below the window.
const BOARD_ROOM_LEAST = 140;

/** The players' names in a cache key: a part is drawn again when a name changes
 *  (a friend's name that came by link). */
const namesKey = (players) => players.map((player) => player.name || '').join('\u0000');

export class TableView {
  /** app: {state, play(color), rematch(), openLobby()} */
  constructor(container, app) {
    this.app = app;
    this.container = container;
    this.boardLayout = null;
    this.board = null;
    this.controls = null;
    this.shownOver = null;
    this.cellHover = null;

    this.needed = el('div', {class: 'needed'});
    this.players = el('div', {class: 'players'});
    this.territoryBar = el('div', {class: 'territory-bar', 'aria-hidden': 'true'});
    this.header = el('header', {class: 'table-header'}, this.needed, this.players, this.territoryBar);
    this.boardWrap = el('div', {class: 'board-wrap'});
    this.status = el('p', {class: 'status', role: 'status', 'aria-live': 'polite'});
    this.controlsWrap = el('div', {class: 'controls-wrap'});
    // no live region: the result sentence is announced (events.js ended), not every label and number
    this.overPanel = el('section', {class: 'over-panel', hidden: true});
    this.noticeBar = el('div', {class: 'notices', role: 'status'});
    this.matchBar = el('div', {class: 'match-bar', hidden: true});
    this.replayBar = el('div', {class: 'replay-bar', hidden: true});
    this.resignMatchButton = el('button', {type: 'button', dataset: {action: 'resign-match'},
                                           onclick: () => this.confirmResign('match')});
    this.undoButton = el('button', {type: 'button', dataset: {action: 'undo'}, onclick: () => this.app.undo()});
    this.hintButton = el('button', {type: 'button', dataset: {action: 'hint'}, onclick: () => this.app.hint()});
    this.resignButton = el('button', {type: 'button', dataset: {action: 'resign'}, onclick: () => this.confirmResign()});
    this.actions = el('div', {class: 'table-actions', hidden: true}, this.undoButton, this.hintButton,
                      this.resignButton, this.resignMatchButton);
    this.resignDialog = el('dialog', {class: 'confirm', 'aria-labelledby': 'resign-title'});
    append(document.body, this.resignDialog);
    this.footer = el('div', {class: 'table-footer'}, this.status, this.actions);
    append(container, this.noticeBar, this.matchBar, this.header, this.replayBar, this.boardWrap,
                      this.controlsWrap, this.footer, this.overPanel);
    window.addEventListener('resize', () => this.app.changed()); // fitBoard() again
  }

  ensureBoard(layout) {
    if (this.boardLayout === layout) return;
    this.boardLayout = layout;
    if (this.board) this.board.destroy();
    clear(this.controlsWrap);
    this.board = new Board(this.boardWrap, layout, {
      onCellEnter: (id) => { this.cellHover = id; this.app.changed(); },
      onCellLeave: () => { this.cellHover = null; this.app.changed(); },
      onCellClick: (id, event) => this.cellClicked(id, event.pointerType),
      cellLabel: (id, owner, color) => this.cellLabel(id, owner, color),
    });
    this.controls = new ColorControls(this.controlsWrap, layout.colors, {
      onPreview: () => this.app.changed(),
      onPlay: (color) => this.app.play(color),
    });
  }

  /** A cell's label for screen readers, from the snapshot's owner and color:
   *  "C3: Color 2, yours", "E7: Color 5, free", "A1: obstacle", "B2: dead". */
  cellLabel(id, owner, color) {
    const {width, height, values, crown} = this.boardLayout;
    const name = cellName(id, width, height);
    if (owner === null) return `${name}: ${t('cell.obstacle')}`;
    const parts = [];
    if (owner === 'x') parts.push(t('cell.dead'));
    else {
      parts.push(color === '*' ? t('cell.paint') : t('controls.color', {number: Number(color) + 1}));
      parts.push(owner === '.' ? t('cell.free') : this.ownerText(Number(owner)));
    }
    if (values[id] > 1) parts.push(t('cell.value', {value: values[id]}));
    if (crown === id) parts.push(t('cell.crown'));
    return `${name}: ${parts.join(', ')}`;
  }

  /** "yours" for the one person at the table, else "owned by <name>". */
  ownerText(seat) {
    const players = this.app.state.table?.players || [];
    const humans = players.filter((player) => player.kind === 'human').length;
    if (humans === 1 && players[seat]?.kind === 'human') return t('cell.yours');
    return t('cell.owned', {name: playerName(players, seat)});
  }

  /** Forget a tapped color or cell (Escape). */
  clearPreview() {
    this.controls?.clearPreview();
    this.tappedCellColor = null;
    this.cellHover = null;
    this.app.changed();
  }

  /** A click on a free cell plays its color when that is legal (a shortcut); on a
   *  touch screen the first tap previews it, like the buttons. */
  cellClicked(id, pointerType) {
    const snapshot = this.app.state.table?.snapshot;
    if (!snapshot || snapshot.over) return;
    const color = Number(snapshot.cell_colors[id]);
    if (snapshot.cell_owners[id] !== '.' || !snapshot.legal.includes(color)) return;
    if (pointerType === 'touch' && this.tappedCellColor !== color) {
      this.tappedCellColor = color;
      this.cellHover = id;
      this.app.changed();
      return;
    }
    this.tappedCellColor = null;
    this.app.play(color);
  }

  /** The color previewed now: a button (hover/focus/tap), else a hovered free cell. */
  previewColor(snapshot) {
    const fromButtons = this.controls?.previewColor();
    if (fromButtons !== null && fromButtons !== undefined) return fromButtons;
    if (this.cellHover !== null && snapshot.cell_owners[this.cellHover] === '.') {
      const color = Number(snapshot.cell_colors[this.cellHover]);
      if (snapshot.legal.includes(color)) return color;
    }
    return null;
  }

  /** A ring round each person's territory while it is a few tiny cells (a big board
   *  on a small screen): where you start is easy to find. */
  markHomes(table, snapshot, players) {
    const root = this.board.root;
    const cellWidth = root.getBoundingClientRect().width / Math.max(1, this.boardLayout.width);
    const key = `${table.tableId}:${snapshot.state_id}:${Math.round(cellWidth)}`;
    if (this.shownHomes === key && root.contains(this.homeLayer)) return;
    this.shownHomes = key;
    this.homeLayer ??= svg('g', {class: 'home-marks', 'aria-hidden': 'true'});
    append(root, this.homeLayer); // last: over the cells and outlines
    const rings = [];
    if (cellWidth < 20 && !snapshot.over) {
      players.forEach((player, seat) => {
        const cells = [...root.querySelectorAll(`.cell[data-owner="${seat}"]`)];
        if (player.kind !== 'human' || !cells.length || cells.length > 3) return;
        const boxes = cells.map((cell) => cell.getBBox());
        const left = Math.min(...boxes.map((box) => box.x));
        const top = Math.min(...boxes.map((box) => box.y));
        const right = Math.max(...boxes.map((box) => box.x + box.width));
        const bottom = Math.max(...boxes.map((box) => box.y + box.height));
        const pixels = root.getScreenCTM()?.a || 1; // screen pixels per board unit
        const radius = Math.max(right - left, bottom - top) / 2 + 16 / pixels; // 16 px round it
        rings.push(svg('circle', {class: 'home-ring', dataset: {seat: String(seat)},
                                  cx: ((left + right) / 2).toFixed(3), cy: ((top + bottom) / 2).toFixed(3),
                                  r: radius.toFixed(3)}));
      });
    }
    replaceChildren(this.homeLayer, ...rings);
  }

  /** Storage notices, a match open in another tab, a match taken over. */
  renderNotices(state) {
    const items = noticeLines(state.notices).map((line) => el('p', {class: 'notice', dataset: {kind: line.kind}},
      el('span', {text: line.text}),
      // what storage could not keep, or set aside, is in the export: the player can save it by hand
      line.exportable ? el('button', {type: 'button', dataset: {action: 'export'}, text: t('lobby.export'),
                                      onclick: () => this.app.exportAll()}) : null,
      el('button', {type: 'button', class: 'link', dataset: {action: 'dismiss'}, text: t('notice.dismiss'),
                    onclick: () => this.app.dismissNotice(line.indices)})));
    const table = state.table;
    if (state.blocked) {
      items.push(el('div', {class: 'notice blocked', dataset: {kind: 'open-elsewhere'}},
        el('span', {text: t('notice.open_elsewhere')}),
        el('button', {type: 'button', class: 'primary', dataset: {action: 'take-over'}, text: t('notice.take_over'),
                      onclick: () => this.app.takeOver()}),
        el('button', {type: 'button', text: t('over.new'), onclick: () => this.app.openLobby()})));
    } else if (table?.readOnly) {
      items.push(el('div', {class: 'notice blocked', dataset: {kind: 'taken-over'}},
        el('span', {text: t(table.readOnly === 'taken-over' ? 'notice.taken_over' : 'notice.open_elsewhere')}),
        el('button', {type: 'button', class: 'primary', dataset: {action: 'take-over'}, text: t('notice.take_over'),
                      onclick: () => this.app.takeOver()})));
    }
    const key = JSON.stringify([state.notices.map((notice) => [notice.kind, notice.unkept?.length ?? 0]), !!state.blocked,
                                table?.readOnly, state.settings.language]);
    if (this.shownNotices === key) return;
    this.shownNotices = key;
    replaceChildren(this.noticeBar, ...items);
  }

  /** The running clock's text, counted down between snapshots (called 10 times a
   *  second); data-left-ms holds the milliseconds shown. */
  tickClocks() {
    const table = this.app.state.table;
    if (!table?.snapshot.clock || table.replay) return;
    const clock = this.app.clockToShow(table);
    for (const node of this.players.querySelectorAll('.clock')) {
      const seat = Number(node.dataset.seat);
      const text = formatClock(clock.left_ms[seat]);
      if (node.textContent !== text) node.textContent = text;
      node.dataset.leftMs = String(clock.left_ms[seat]);
      setAttr(node, 'data-low', clock.left_ms[seat] < 10000 ? '' : null);
      setAttr(node, 'data-running', clock.running && clock.turn === seat ? '' : null);
    }
  }

  /** Match: which game, points and totals so far. */
  renderMatchBar(table, snapshot, players) {
    const match = snapshot.match;
    this.matchBar.hidden = !match || match.games < 2;
    if (this.matchBar.hidden) return;
    const key = `${table.tableId}:${snapshot.state_id}:${this.app.state.settings.language}`;
    if (this.shownMatchBar === key) return;
    this.shownMatchBar = key;
    const sides = snapshot.sides;
    replaceChildren(this.matchBar,
      el('span', {class: 'match-game', text: t('match.game', {number: Math.min(match.game_index + 1, match.games), games: match.games})}),
      el('span', {class: 'match-points'}, t('match.points'), ' ',
        sides.map((side, index) => el('span', {class: 'match-side', dataset: {side: String(index)}},
          el('span', {text: sideName(players, side.seats)}), ' ',
          el('strong', {text: points(match.points[index])}),
          el('small', {text: ` (${t('match.total', {total: match.totals[index]})})`})))),
      match.rated ? el('span', {class: 'match-rated', dataset: {counts: String(everyoneNamed(players))},
                                text: t(everyoneNamed(players) ? 'match.rated' : 'match.rated_needs_name')}) : null);
  }

  /** Replay of a saved match: step through its events. While the mode's view has a
   *  line (the review's: the master's), ◀ ▶ step through the line (right above the
   *  board, where a phone player looks), ◀ at its start goes on back into the game. */
  renderReplayBar(table, view) {
    const replay = table.replay;
    this.replayBar.hidden = !replay;
    if (!replay) return;
    const line = view?.line ?? null;
    const focused = this.replayBar.contains(document.activeElement) ? document.activeElement.dataset.action : null;
    const button = (text, action, step, disabled, onclick = () => this.app.replayStep(step)) =>
      el('button', {type: 'button', dataset: {action}, text, disabled, onclick});
    const back = line?.index ? button('◀', 'replay-back', null, false, () => line.step(line.index - 1))
      : button('◀', 'replay-back', replay.step - 1, replay.step === 0);
    const forward = line ? button('▶', 'replay-forward', null, line.index >= line.count, () => line.step(line.index + 1))
      : button('▶', 'replay-forward', replay.step + 1, replay.step >= replay.total);
    const label = line ? t(line.index ? 'replay.line_step' : 'replay.line_start', {step: line.index, total: line.count, count: line.count})
      : replayPosition(replay, table.snapshot);
    replaceChildren(this.replayBar,
      el('span', {class: 'replay-label', text: t('replay.label')}),
      el('span', {class: 'replay-controls'}, // one row: on a narrow phone the label takes its own
        button('«', 'replay-first', 0, replay.step === 0),
        back,
        el('span', {class: 'replay-step', dataset: line ? {line: String(line.index)} : {}, text: label}),
        forward,
        button('»', 'replay-last', replay.total, replay.step >= replay.total)));
    for (const node of this.replayBar.querySelectorAll('button')) {
      node.setAttribute('aria-label', t(`replay.${node.dataset.action.slice(7)}`));
    }
    if (line) {
      forward.setAttribute('aria-label', line.nextLabel);
      if (line.index) back.setAttribute('aria-label', line.prevLabel);
    }
    // the bar is drawn anew at each step: the focus stays on its button (on the other
    // arrow when that one is disabled now, at an end)
    if (!focused) return;
    const again = [focused, 'replay-back', 'replay-forward']
      .map((action) => this.replayBar.querySelector(`button[data-action="${action}"]`)).find((node) => node && !node.disabled);
    again?.focus();
  }

  render() {
    const {state} = this.app;
    this.renderNotices(state);
    const table = state.table;
    if (!table) return;
    const {layout, players} = table;
    // the table's mode (flows/modes.js): a move previewed, or a position of a line
    // stepped on the board instead of the table's, and what else it draws its own way
    const view = this.app.modes.view(table);
    const snapshot = view?.snapshot ?? table.snapshot;
    this.ensureBoard(layout);
    const humanTurn = !snapshot.over && snapshot.turn !== null && players[snapshot.turn]?.kind === 'human'
      && !table.replay && !table.readOnly && !view?.locked; // locked: a puzzle's verdict is shown
    const isQueued = table.queuedColor !== null && table.queuedColor !== undefined;
    const canPlay = humanTurn && !isQueued && !table.requesting;

    const previewColor = this.previewColor(snapshot);
    const preview = previewColor !== null && snapshot.previews[previewColor] && humanTurn && !isQueued
      ? {color: previewColor, seat: snapshot.turn, ...snapshot.previews[previewColor]}
      : null;
    // a move made before the engine was up: shown as it will be played
    const queued = isQueued
      ? {color: table.queuedColor, seat: snapshot.turn, ...snapshot.previews[table.queuedColor]}
      : null;
    const best = view?.best ?? null;
    const suggested = best !== null && Object.hasOwn(snapshot.previews, String(best))
      ? {color: best, seat: snapshot.turn, ...snapshot.previews[best]} : null;
    const shown = preview || queued || suggested;
    const variant = state.catalog.variants.find((v) => v.id === table.config.variant);
    this.board.root.setAttribute('aria-label', t('board.label', {variant: variant ? variantName(variant.id) : table.boardName?.() ?? ''}));
    this.board.show({
      colors: snapshot.cell_colors,
      owners: snapshot.cell_owners,
      preview: shown,
      lastMoves: (snapshot.last_moves || []).map((move) => move?.cells || null),
      // the move that made this state: shown as a wave when it follows the one drawn
      step: {game: `${table.tableId}:${snapshot.game_index ?? 0}`, number: snapshot.move_number,
             seat: snapshot.last_move?.seat, person: players[snapshot.last_move?.seat]?.kind === 'human'},
      symbols: state.settings.symbols,
      // the cells' labels change with the language and the names
      labelKey: JSON.stringify([state.settings.language,
                                 players.map((player, seat) => [player.kind, playerName(players, seat)])]),
    });

    setAttr(this.board.root, 'data-line-step', view?.step ?? null);

    this.renderHeader(table, snapshot, players, shown, view);
    this.renderTerritoryBar(snapshot, shown);
    const own = table.snapshot; // the rest is the table's own state
    // a puzzle's or a lesson's verdict is shown: no color is played now, whoever is to move
    const locked = Boolean(view?.locked) && !own.over;
    this.renderControls(own, players, canPlay, humanTurn, preview ? previewColor : null, locked, view?.colors);
    this.renderStatus(state, table, own, players, view);
    this.renderActions(table, own, canPlay, view);
    this.renderOver(table, own, players, view);
    this.renderMatchBar(table, own, players);
    this.renderReplayBar(table, view);
    this.tickClocks();
    this.toMeasure = {table, snapshot, players, keepBoard: Boolean(view?.keepBoard)};
  }

  /** After render() and every other part of the page has written (the friend panel,
   *  a mode's panel: main.js draw), the two that measure the page, so one layout serves
   *  both and the board is fitted to the page as it is shown. */
  measure() {
    const drawn = this.toMeasure;
    this.toMeasure = null;
    if (!drawn) return;
    this.markHomes(drawn.table, drawn.snapshot, drawn.players);
    this.fitBoard(drawn.keepBoard ? drawn.table : null);
  }

  /** The board takes the height the other parts of the table leave in the window, so
   *  that the cards, the color buttons and the status line show without scrolling.
   *  `kept`: a table whose view keeps its board's size once fitted, while the window
   *  keeps its own (a view's keepBoard: a lesson's task, its verdict, the cards at the end move nothing). */
  fitBoard(kept = null) {
    const fitted = `${window.innerWidth}×${window.innerHeight}`;
    if (kept && this.fittedTable === kept && this.fittedWindow === fitted) return;
    [this.fittedTable, this.fittedWindow] = [kept, fitted];
    const top = this.container.getBoundingClientRect().top + window.scrollY;
    const besides = this.footer.getBoundingClientRect().bottom - this.container.getBoundingClientRect().top
      - this.boardWrap.getBoundingClientRect().height;
    const below = parseFloat(getComputedStyle(this.container).paddingBottom) || 0;
    // at least BOARD_ROOM_LEAST: below it the page scrolls rather than shrink the board more
    const room = Math.max(BOARD_ROOM_LEAST, Math.floor(window.innerHeight - top - besides - below));
    if (this.boardRoom !== room) {
      this.boardRoom = room;
      this.container.style.setProperty('--board-room', `${room}px`);
    }
  }

  /** Resign (the person to move, or you at a friend's table); practice: take back a move, ask for a hint. */
  renderActions(table, snapshot, canPlay, view = null) {
    const practice = table.config.variant === 'practice' && table.tableId !== null;
    this.undoButton.hidden = this.hintButton.hidden = !practice;
    const inMatch = snapshot.match?.games === 2;
    const idle = table.replay || table.readOnly || view?.resign === false;
    this.resignButton.hidden = snapshot.over || table.tableId === null || idle;
    this.resignMatchButton.hidden = !inMatch || snapshot.over || table.tableId === null || idle;
    this.resignMatchButton.textContent = t('actions.resign_match');
    // at a friend's table you may resign while the friend is to move (the link takes it to them)
    const canResign = canPlay || (Boolean(table.friend) && !table.requesting && !snapshot.over);
    this.resignMatchButton.disabled = !canResign;
    this.actions.hidden = this.resignButton.hidden && (!practice || !snapshot.can_undo);
    this.undoButton.textContent = t('actions.undo');
    this.hintButton.textContent = t('actions.hint');
    this.resignButton.textContent = t(inMatch ? 'actions.resign_game' : 'actions.resign');
    this.undoButton.disabled = !(snapshot.can_undo && (canPlay || snapshot.over));
    this.hintButton.disabled = !canPlay || snapshot.over;
    this.resignButton.disabled = !canResign;
  }

  /** Ask before the person to move (at a friend's table: you) resigns the game (or the whole match). */
  confirmResign(what = 'game') {
    const table = this.app.state.table;
    if (!table || table.snapshot.over) return;
    const seat = table.friend ? table.friend.seat : table.snapshot.turn;
    const whole = what === 'match';
    const inMatch = table.snapshot.match?.games === 2;
    const form = el('form', {method: 'dialog'},
      el('h2', {id: 'resign-title', text: t(whole ? 'resign.match_title' : 'resign.title')}),
      el('p', {text: t(whole ? 'resign.match_question' : inMatch ? 'resign.game_question' : 'resign.question',
                       person(table.players, seat))}),
      el('div', {class: 'dialog-actions'},
        el('button', {type: 'submit', value: 'cancel', text: t('lobby.cancel')}),
        el('button', {type: 'submit', value: 'resign', class: 'primary danger', dataset: {action: 'confirm-resign'},
                      text: t('actions.resign')})));
    replaceChildren(this.resignDialog, form);
    this.resignDialog.onclose = () => {
      if (this.resignDialog.returnValue !== 'resign' || this.app.state.table !== table) return;
      if (whole) this.app.resignMatch(seat);
      else this.app.resign(seat);
    };
    this.resignDialog.returnValue = '';
    this.resignDialog.showModal();
    form.querySelector('button[value="cancel"]').focus();
  }

  /** The cards; a previewed move's seat shows the color the board shows it in. The
   *  mode's view: `ended`, its try is over (a lesson's), so nobody is to move;
   *  `thinking` false, a computer to move does not think (the mode's replies). */
  renderHeader(table, snapshot, players, preview, view = null) {
    const ended = Boolean(view?.ended);
    // rebuilt only when the state, the previewed color, the names or the language changes
    const previewed = preview ? {seat: preview.seat, color: preview.color} : null;
    const key = `${table.tableId}:${snapshot.state_id}:${snapshot.arrived}:${this.app.state.settings.language}:${this.app.state.engine.status}:${previewed?.seat}:${previewed?.color}:${namesKey(players)}:${ended}`;
    if (this.shownHeader === key) return;
    this.shownHeader = key;
    const twoSides = snapshot.sides.length === 2;
    // two sides race to the equator; more sides: the biggest territory wins, sure of it
    // once nobody can catch up (at the start that is nearly the whole board)
    replaceChildren(this.needed, ...(twoSides ? [
      el('span', {class: 'needed-label', text: t('header.needed')}),
      el('strong', {class: 'needed-value', text: String(snapshot.needed_to_win)}),
      el('span', {class: 'needed-of', text: t('header.needed_of', {total: snapshot.value_in_play})}),
    ] : [
      el('span', {class: 'needed-label', text: t('header.most_wins')}), '·',
      el('span', {class: 'needed-of', text: t('header.sure', {count: snapshot.needed_to_win})}),
    ]));
    const cards = snapshot.sides.map((side) => {
      const seatRows = side.seats.map((seat) => {
        const player = snapshot.players[seat];
        const moving = snapshot.turn === seat && !table.replay && !ended; // a replay is nobody's move
        return el('div', {class: 'seat', dataset: {seat: String(seat)}, 'data-moving': moving ? '' : null,
                          'data-out': player.out ? '' : null},
          el('span', {class: 'seat-who'}, // the color and the name stay on one line
            swatch(previewed?.seat === seat ? previewed.color : player.color),
            el('span', {class: 'seat-name', text: playerName(players, seat), title: playerName(players, seat)})),
          players[seat]?.kind === 'computer' && players[seat].level
            ? el('span', {class: 'level-badge', text: levelName(players[seat].level)}) : null,
          moving ? el('span', {class: 'turn-badge',
            // a puzzle's computer thinks never: its replies are the solution's (the view's thinking)
            text: players[seat]?.kind === 'computer' && !snapshot.over && !table.replay && view?.thinking !== false
              ? t('header.thinking') : t('header.to_move')}) : null,
          player.out ? el('span', {class: 'turn-badge', text: t('header.out')}) : null,
          snapshot.clock && !table.replay ? el('span', {class: 'clock', dataset: {seat: String(seat)}, role: 'timer',
                                       'aria-label': t('clock.label', person(players, seat))}) : null);
      });
      const lead = side.lead > 0 ? t('header.ahead', {count: side.lead})
        : side.lead < 0 ? t('header.behind', {count: -side.lead}) : t('header.level');
      const equator = side.to_equator > 0 ? t('header.to_equator', {count: side.to_equator}) : t('header.past_equator');
      const winner = snapshot.over && snapshot.winning_sides.includes(side.side);
      // more than two sides: no equator, but each side's best and the clinch line; the
      // game over: its result, not the race (a draw said "1 to the equator · even")
      const drawn = snapshot.over && snapshot.winning_sides.length !== 1;
      const details = snapshot.over
        ? [t(winner && !drawn ? 'header.won' : drawn && winner ? 'header.drawn' : 'header.lost'), side.lead === 0 ? null : lead]
        : twoSides ? [equator, lead] : [t('header.best', {count: side.best}), lead];
      return el('div', {class: 'side-card', dataset: {side: String(side.side)},
                        'data-moving': side.seats.includes(snapshot.turn) && !table.replay && !ended ? '' : null,
                        'data-winner': winner ? '' : null},
        el('div', {class: 'side-main'},
          el('div', {class: 'seats'}, seatRows),
          el('div', {class: 'detail'},
            el('span', {class: snapshot.over ? 'result' : 'to-equator', text: details[0]}),
            details[1] === null ? null : el('span', {class: 'detail-sep', text: ' · '}), // a phone: a line each (main.css)
            details[1] === null ? null : el('span', {class: 'lead', 'data-lead': side.lead > 0 ? 'ahead' : side.lead < 0 ? 'behind' : 'level',
                                                     text: details[1]}),
            )),
        el('span', {class: 'score', text: String(side.score)}));
    });
    replaceChildren(this.players, ...cards);
    this.players.dataset.sides = String(snapshot.sides.length);
  }

  /** Every side's share of the value in play; two sides grow from both ends towards
   *  the equator mark in the middle. A previewed move shows its gain, striped. */
  renderTerritoryBar(snapshot, preview) {
    const total = Math.max(1, snapshot.value_in_play);
    const percent = (value) => `${(100 * value / total).toFixed(2)}%`;
    const values = this.boardLayout.values;
    const gainSide = preview ? snapshot.players[preview.seat].side : null;
    const gain = preview ? [...preview.flood, ...preview.enclosure].reduce((sum, cell) => sum + values[cell], 0) : 0;
    const segment = (side, mirrored) => {
      const color = String(preview && side.side === gainSide ? preview.color : snapshot.players[side.seats[0]].color);
      const own = el('span', {class: 'bar-part', dataset: {color}});
      own.style.setProperty('width', percent(side.score));
      if (side.side !== gainSide || !gain) return [own];
      const extra = el('span', {class: 'bar-part bar-gain', dataset: {color}});
      extra.style.setProperty('width', percent(gain));
      return mirrored ? [extra, own] : [own, extra];
    };
    const sides = snapshot.sides;
    const free = el('span', {class: 'bar-free'});
    const parts = sides.length === 2
      ? [...segment(sides[0], false), free, ...segment(sides[1], true)]
      : [...sides.flatMap((side) => segment(side, false)), free];
    const equator = el('span', {class: 'bar-equator'});
    replaceChildren(this.territoryBar, ...parts, sides.length === 2 ? equator : null);
  }

  /** The color buttons; `says`: what the mode says of each color ({color: {short,
   *  text}}: the analysis board's verdicts), on the button and in its label. */
  renderControls(snapshot, players, canPlay, humanTurn, shown, locked = false, says = null) {
    const forbidden = new Map(snapshot.forbidden.map(({color, seat}) => [color, seat]));
    const mover = snapshot.turn;
    const buttons = [];
    for (let color = 0; color < this.boardLayout.colors; color++) {
      const preview = snapshot.previews[color];
      let tooltip;
      if (snapshot.over) tooltip = t('status.over');
      else if (forbidden.has(color)) {
        const seat = forbidden.get(color);
        tooltip = seat === mover ? t('controls.forbidden_own')
          : t('controls.forbidden_other', {name: playerName(players, seat)});
      } else if (locked) {
        tooltip = t('controls.locked');
      } else if (!humanTurn) {
        tooltip = t('controls.not_your_turn', {name: playerName(players, mover)});
      } else if (preview) {
        const cells = [...preview.flood, ...preview.enclosure];
        const count = cells.length;
        const value = cells.reduce((sum, cell) => sum + this.boardLayout.values[cell], 0);
        tooltip = count === 0 ? t('controls.takes_nothing')
          : preview.enclosure.length ? t('controls.takes_enclosure', {count, enclosed: preview.enclosure.length})
          : t('controls.takes', {count});
        if (value !== count) tooltip += ` (${t('controls.takes_value', {value})})`;
      } else tooltip = '';
      const said = says && Object.hasOwn(says, String(color)) ? says[color] : null;
      if (said) tooltip = tooltip ? `${tooltip} — ${said.text}` : said.text;
      buttons.push({
        said: said?.short ?? '',
        hint: this.app.state.table.hint?.stateId === snapshot.state_id && this.app.state.table.hint.color === color,
        allowed: canPlay && !!preview,
        forbidden: forbidden.has(color),
        locked, // dimmed as a forbidden color is: none can be played now
        tooltip,
        label: `${t('controls.color', {number: color + 1})}: ${tooltip}`,
      });
    }
    this.controls.update(buttons, shown ?? this.controls.previewColor(), t('controls.label'));
    this.controlsWrap.hidden = snapshot.over || Boolean(this.app.state.table.replay); // nothing to play
  }

  /** A number key that cannot play: the status line (a live region) says why, until
   *  the next state. */
  refuseKey(color) {
    const table = this.app.state.table;
    table.refusedKey = {color, stateId: table.snapshot.state_id};
    this.app.changed();
  }

  refusedKeyText(table, snapshot) {
    const refused = table.refusedKey;
    if (!refused || refused.stateId !== snapshot.state_id) return null;
    const colors = this.boardLayout.colors;
    if (refused.color >= colors) return t('controls.no_such_color', {number: refused.color + 1, count: colors});
    return this.controls.buttons[refused.color].getAttribute('aria-label'); // "Color 3: Not allowed: ..."
  }

  renderStatus(state, table, snapshot, players, view = null) {
    let text = '';
    const refused = this.refusedKeyText(table, snapshot);
    if (table.error) text = t('error.request', {message: table.error});
    else if (refused) text = refused;
    else if (table.queuedColor !== null && table.queuedColor !== undefined) text = t('boot.queued');
    else if (typeof view?.status === 'string') text = view.status; // the mode's (a puzzle's bar says the rest)
    else if (table.replay) text = t(table.replay.shared ? 'status.shared' : 'status.replay');
    else if (snapshot.match?.over && snapshot.match.games === 2) text = t('status.match_over');
    else if (snapshot.match?.between_games) {
      const alone = players.filter((player) => player.kind !== 'computer').length === 1; // the only person
      text = t(alone ? 'status.between_you' : 'status.between', {number: snapshot.match.game_index + 2});
    }
    else if (snapshot.over) text = t('status.over');
    else if (table.hint?.stateId === snapshot.state_id) text = t('status.hint', {number: table.hint.color + 1});
    else if (snapshot.turn !== null) {
      text = players[snapshot.turn]?.kind === 'computer'
        ? t('status.thinking', person(players, snapshot.turn)) : t('status.your_turn', person(players, snapshot.turn));
    }
    if (this.status.textContent !== text) this.status.textContent = text;
    setAttr(this.status, 'data-error', table.error ? '' : null);
  }

  renderOver(table, snapshot, players, view = null) {
    if (!snapshot.over || view?.result === false) { // a puzzle's end, a lesson's, is said by its bar
      this.overPanel.hidden = true;
      this.shownOver = null;
      return;
    }
    const offered = this.app.modes.offers(table); // (a mode loaded later adds its own: modes.js)
    const key = `${table.tableId}:${snapshot.state_id}:${this.app.state.settings.language}:${Boolean(table.ratingChanges)}:${namesKey(players)}`
      + `:${offered.map((offer) => offer.action).join()}`;
    if (this.shownOver === key) return;
    this.shownOver = key;
    const match = snapshot.match;
    const winners = snapshot.winning_sides;
    const sides = snapshot.sides;
    const inMatch = match?.games === 2;
    let headline = winners.length === 1
      ? t('over.winner', sideParams(players, sides[winners[0]].seats))
      : t('over.draw');
    let title = inMatch ? t('match.game_over', {number: (snapshot.game_index ?? 0) + 1}) : t('over.title');
    const matchLines = [];
    if (match?.over) {
      const outcome = match.outcome;
      if (inMatch) title = t('match.over');
      if (inMatch || outcome.kind === 'timeout') { // a single game lost on time: the game, not a match
        headline = outcome.winner !== null && outcome.winner !== undefined
          ? t(inMatch ? 'match.winner' : 'over.winner', sideParams(players, sides[outcome.winner].seats))
          : t(inMatch ? 'match.draw' : 'over.draw');
      }
      // a single game lost by resignation: the reason below says who resigned, once
      const saidBelow = !inMatch && outcome.kind === 'resign' && snapshot.end_reason === 'resign';
      if (!saidBelow) {
        matchLines.push(el('p', {class: 'match-kind', dataset: {kind: outcome.kind},
                                 text: outcomeText(outcome, snapshot, inMatch)}));
      }
      if (inMatch) {
        matchLines.push(el('ul', {class: 'match-result'}, sides.map((side, index) => el('li', {},
          el('span', {text: sideName(players, side.seats)}), ': ',
          el('strong', {text: t('match.points_count', {count: points(outcome.points[index])})}),
          ' · ', t('match.total', {total: outcome.totals[index]})))));
      }
      const changes = table.ratingChanges;
      if (changes && changes.some(Boolean)) {
        matchLines.push(el('ul', {class: 'rating-changes'}, changes.map((change, seat) => change
          ? el('li', {dataset: {seat: String(seat)}},
            el('span', {text: playerName(players, seat)}), ': ',
            el('strong', {class: 'rating-change', text: signed(change.change)}), ' ',
            t('rating.now', {rating: ratingText(change)}))
          : null)));
      } else if (inMatch && (match.rated === false || !everyoneNamed(players))) {
        matchLines.push(el('p', {class: 'match-unrated',
                                 text: t(match.rated ? 'match.unrated_needs_name' : 'match.unrated')}));
      }
    }
    // a replay (of game 1, between the games) has nobody to get ready
    const waiting = match && !match.over && match.between_games && !table.replay
      ? match.waiting_ready.filter((seat) => players[seat]?.kind === 'human') : [];
    const humans = players.filter((player) => player.kind === 'human').length;
    const readyButtons = waiting.map((seat) => el('button', {type: 'button', class: 'primary',
      dataset: {action: 'ready', seat: String(seat)}, disabled: Boolean(table.readOnly),
      text: humans > 1 ? t('match.ready_named', {name: playerName(players, seat)}) : t('match.ready'),
      onclick: () => this.app.ready(seat)}));
    const scores = sides.map((side) => `${sideName(players, side.seats)} ${side.score}`).join(' – ');
    const series = sides.map((side) => ({label: sideName(players, side.seats),
                                         colorIndex: snapshot.players[side.seats[0]].color}));
    const reason = overReason(snapshot, players);
    // "Play again" as the mode says it (the board of the day: another try, which does not count)
    const again = view?.again ?? {text: t(inMatch ? 'match.again' : 'over.again'), primary: true};
    // what the modes offer on a result (the review: each game when it ends, game 1 also before the next game)
    const offers = offered.map((offer) => el('button', {type: 'button',
      dataset: {action: offer.action}, text: offer.text, onclick: () => offer.open()}));
    // (drawn again when a mode loaded later adds its offer: the focus stays on its button)
    keepingFocus([this.overPanel], 'action', () => replaceChildren(this.overPanel,
      el('h2', {class: 'over-title', text: title}),
      el('p', {class: 'over-winner', text: headline}),
      ...matchLines,
      el('p', {class: 'over-score', text: inMatch && match?.over
        ? t('match.game_score', {number: (snapshot.game_index ?? 0) + 1, score: scores}) : scores}),
      reason ? el('p', {class: 'over-reason', text: reason}) : null,
      el('figure', {class: 'over-chart'},
        territoryChart(snapshot.score_history, series, {
          needed: sides.length === 2 ? snapshot.needed_to_win : null,
          neededLabel: t('over.equator'),
          label: t('over.chart_label'), movesLabel: (count) => t('over.moves', {count}),
        }),
        chartCaption(t('over.chart'), series)),
      el('div', {class: 'over-actions'}, readyButtons.length ? [...readyButtons, ...offers] : [
        table.replay ? null : el('button', {type: 'button', class: again.primary ? 'primary' : null, dataset: {action: 'again'},
                                            text: again.text, onclick: () => (again.play ? again.play() : this.app.rematch())}),
        ...offers,
        el('button', {type: 'button', dataset: {action: 'new'}, text: t('over.new'), onclick: () => this.app.openLobby()})]),
    ));
    this.overPanel.hidden = false;
    if (table.replay) return; // a replay opens where it begins: its bar and the board
    const smooth = !matchMedia('(prefers-reduced-motion: reduce)').matches;
    requestAnimationFrame(() => this.overPanel.scrollIntoView({behavior: smooth ? 'smooth' : 'auto', block: 'nearest'}));
  }
}
