// A small SVG line chart of every side's territory move by move.

import {svg} from './dom.js';

/**
 * history: [[side scores] per position, first = before any move];
 * series: [{label, colorIndex}] per side; needed: a horizontal line (or null).
 */
export function territoryChart(history, series, {needed = null, neededLabel = '', label = '', movesLabel = (count) => String(count)} = {}) {
  const width = 320;
  const height = 160;
  const pad = {left: 30, right: 10, top: 10, bottom: 24};
  const moves = Math.max(1, history.length - 1);
  const top = Math.max(1, needed || 0, ...history.flat());
  const x = (index) => pad.left + (width - pad.left - pad.right) * index / moves;
  const y = (value) => height - pad.bottom - (height - pad.top - pad.bottom) * value / top;
  const root = svg('svg', {class: 'chart', viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-label': label});
  const axis = svg('g', {class: 'chart-axis'});
  axis.append(
    svg('line', {x1: pad.left, y1: y(0), x2: width - pad.right, y2: y(0)}),
    svg('line', {x1: pad.left, y1: y(0), x2: pad.left, y2: pad.top}),
    svg('text', {x: pad.left - 4, y: y(top) + 4, 'text-anchor': 'end', text: String(top)}),
    svg('text', {x: pad.left - 4, y: y(0), 'text-anchor': 'end', text: '0'}),
    svg('text', {x: width - pad.right, y: height - 6, 'text-anchor': 'end', text: movesLabel(history.length - 1)}),
  );
  root.append(axis);
  if (needed) {
    root.append(svg('line', {class: 'chart-needed', x1: pad.left, x2: width - pad.right, y1: y(needed), y2: y(needed)}));
    if (neededLabel) {
      root.append(svg('text', {class: 'chart-needed-label', x: pad.left + 4, y: y(needed) - 4, text: neededLabel}));
    }
  }
  series.forEach(({colorIndex}, side) => {
    const points = history.map((scores, index) => `${x(index).toFixed(1)},${y(scores[side] ?? 0).toFixed(1)}`);
    root.append(svg('polyline', {
      class: 'chart-line', points: points.join(' '),
      dataset: {side: String(side), color: String(colorIndex)},
    }));
  });
  return root;
}
