// The board said in a few sentences for a screen reader (its variant and size, each
// player's color and cells, the free cells, what is needed to win): a hidden paragraph
// after the board, which the board's SVG names as its description. main.js draws it
// after each draw (app.drawListeners).

import {el, setAttr, placeAfter} from './dom.js';
import {t, variantName} from '../i18n/i18n.js';
import {playerName} from './names.js';

const summary = el('p', {class: 'sr-only', id: 'board-summary'});
let summaryKey = null;

/** After each draw: the summary of the state at the table, next to its board. */
export function drawBoardSummary(current) {
  const table = current.table;
  if (!table) return;
  const wrap = document.querySelector('.board-wrap');
  if (wrap && summary.parentNode !== wrap.parentNode) placeAfter(wrap, summary);
  const board = wrap?.querySelector('svg.board');
  if (board) setAttr(board, 'aria-describedby', 'board-summary');
  drawSummary(current, table, table.snapshot);
}

function drawSummary(current, table, snapshot) {
  const key = `${table.tableId}:${snapshot.state_id}:${current.settings.language}`;
  if (key === summaryKey) return;
  summaryKey = key;
  const {layout} = table;
  const variant = current.catalog.variants.find((entry) => entry.id === layout.variant);
  const owners = snapshot.cell_owners;
  const free = [...owners].filter((owner) => owner === '.').length;
  const dead = [...owners].filter((owner) => owner === 'x').length;
  const players = snapshot.players.map((player) => t('summary.player', {
    name: playerName(table.players, player.seat), color: player.color + 1, count: player.score}));
  summary.textContent = [
    t('summary.board', {variant: variant ? variantName(variant.id) : table.boardName?.() ?? layout.variant, width: layout.width,
                        height: layout.height, shape: t(`lobby.shape.${layout.shape}`)}),
    players.join('; ') + '.',
    t('summary.free', {count: free, dead}),
    t('summary.needed', {count: snapshot.needed_to_win}),
  ].join(' ');
}

