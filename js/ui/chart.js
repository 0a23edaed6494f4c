// A small SVG line chart of every side's territory move by move.

import {svg, append} from './dom.js';

/**
 * history: [[side scores] per position, first = before any move];
 * series: [{label, colorIndex}] per side; needed: a horizontal line (or null).
 * The scale starts at the start position's smallest value (a territory never shrinks):
 * each player begins with a cell, not with nothing.
 */
export function territoryChart(history, series, {needed = null, neededLabel = '', label = '', movesLabel = (count) => String(count)} = {}) {
  const width = 320;
  const height = 160;
  const pad = {left: 30, right: 10, top: 10, bottom: 24};
  const moves = Math.max(1, history.length - 1);
  const values = history.flat();
  const foot = values.length ? Math.max(0, Math.min(...values)) : 0;
  const top = Math.max(foot + 1, needed || 0, ...values);
  const x = (index) => pad.left + (width - pad.left - pad.right) * index / moves;
  const y = (value) => height - pad.bottom - (height - pad.top - pad.bottom) * (value - foot) / (top - foot);
  const root = svg('svg', {class: 'chart', viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-label': label});
  // the equator is labelled with its own value; the top of the scale only where it is
  // clear of it (115 just over an equator of 113 read as the equator's value)
  const topClear = !needed || y(needed) - y(top) >= 14;
  const axis = svg('g', {class: 'chart-axis'},
    svg('line', {x1: pad.left, y1: y(foot), x2: width - pad.right, y2: y(foot)}),
    svg('line', {x1: pad.left, y1: y(foot), x2: pad.left, y2: pad.top}),
    topClear ? svg('text', {class: 'chart-top', x: pad.left - 4, y: y(top) + 4, 'text-anchor': 'end', text: String(top)}) : null,
    svg('text', {class: 'chart-foot', x: pad.left - 4, y: y(foot), 'text-anchor': 'end', text: String(foot)}),
    svg('text', {x: width - pad.right, y: height - 6, 'text-anchor': 'end', text: movesLabel(history.length - 1)}),
  );
  append(root, axis);
  if (needed) {
    append(root, svg('line', {class: 'chart-needed', x1: pad.left, x2: width - pad.right, y1: y(needed), y2: y(needed)}),
                 svg('text', {class: 'chart-needed-value', x: pad.left - 4, y: y(needed) + 4, 'text-anchor': 'end',
                              text: String(needed)}));
    if (neededLabel) {
      append(root, svg('text', {class: 'chart-needed-label', x: pad.left + 4, y: y(needed) - 4, text: neededLabel}));
    }
  }
  series.forEach(({colorIndex}, side) => {
    const points = history.map((scores, index) => `${x(index).toFixed(1)},${y(scores[side] ?? 0).toFixed(1)}`);
    append(root, svg('polyline', {
      class: 'chart-line', points: points.join(' '),
      dataset: {side: String(side), color: String(colorIndex)},
    }));
  });
  return root;
}

/**
 * The review's advantage chart: values[i] is the master's expected final margin at
 * position i (0: before the first move), from the reviewing side's point of view; a
 * point per position, a click on one calls onSelect(i); `selected` is marked. The
 * chart is a slider over the positions for keyboards and screen readers (focusable,
 * aria-valuetext from valueText(i, value)); its keys are the caller's (review.js).
 */
export function advantageChart(values, {selected = 0, onSelect = null, label = '', valueText = (index) => String(index),
                                        movesLabel = (count) => String(count), attributes = {}} = {}) {
  const width = 320;
  const height = 160;
  const pad = {left: 30, right: 10, top: 10, bottom: 24};
  const moves = Math.max(1, values.length - 1);
  const top = Math.max(1, ...values.map((value) => Math.abs(value)));
  const x = (index) => pad.left + (width - pad.left - pad.right) * index / moves;
  const y = (value) => pad.top + (height - pad.top - pad.bottom) * (top - value) / (2 * top);
  const root = svg('svg', {class: 'chart advantage-chart', viewBox: `0 0 ${width} ${height}`, role: 'slider', tabindex: 0,
                           'aria-label': label, 'aria-valuemin': 0, 'aria-valuemax': Math.max(0, values.length - 1),
                           'aria-valuenow': selected, 'aria-orientation': 'horizontal',
                           'aria-valuetext': values.length ? valueText(selected, values[selected]) : null, ...attributes});
  append(root, svg('g', {class: 'chart-axis', 'aria-hidden': 'true'},
    svg('line', {x1: pad.left, y1: y(0), x2: width - pad.right, y2: y(0)}),
    svg('line', {x1: pad.left, y1: y(-top), x2: pad.left, y2: y(top)}),
    svg('text', {x: pad.left - 4, y: y(top) + 4, 'text-anchor': 'end', text: `+${top}`}),
    svg('text', {x: pad.left - 4, y: y(0) + 4, 'text-anchor': 'end', text: '0'}),
    svg('text', {x: pad.left - 4, y: y(-top), 'text-anchor': 'end', text: `−${top}`}),
    svg('text', {x: width - pad.right, y: height - 6, 'text-anchor': 'end', text: movesLabel(Math.max(0, values.length - 1))})));
  if (values.length > 1) {
    const points = values.map((value, index) => `${x(index).toFixed(1)},${y(value).toFixed(1)}`);
    append(root, svg('polyline', {class: 'chart-line advantage-line', points: points.join(' ')}));
  }
  values.forEach((value, index) => {
    const point = svg('circle', {class: 'advantage-point', cx: x(index).toFixed(1), cy: y(value).toFixed(1),
                                 r: index === selected ? 5 : 3, dataset: {index: String(index)}});
    if (index === selected) point.dataset.selected = '';
    if (onSelect) point.addEventListener('click', () => onSelect(index));
    append(root, point);
  });
  return root;
}
