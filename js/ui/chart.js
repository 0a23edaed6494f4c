// Small SVG charts drawn by hand: the territory and advantage charts of a game, and a
// player's page's rating graphs and calendar of days played (no chart library).

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

/**
 * A rating over time (a player's page): values[i] is the rating after the i-th point (a
 * rated match, a puzzle tried), the points evenly spaced (an evening of ten matches reads
 * as well as a month between two); marks[i] ('win', 'draw', 'loss') is drawn by shape, not
 * by color alone: filled, grey, hollow. The chart is a slider over the points for
 * keyboards and screen readers (focusable, aria-valuetext from valueText(i)): ← → Home
 * End move through them, Enter opens one (onOpen(i)); a pointer over the chart selects
 * the point under it, a click opens it (a tap selects, a second tap opens). onSelect(i)
 * follows the selection (the caller's caption names it). `startLabel`, `endLabel`: the
 * ends of the time axis (dates). The points of a mark are one path (a history of 500
 * matches is a few nodes, not 500).
 */
export function ratingChart(values, {marks = [], selected = values.length - 1, label = '', valueText = (index) => String(index),
                                     startLabel = '', endLabel = '', onSelect = null, onOpen = null, attributes = {}} = {}) {
  const width = 320;
  const height = 150;
  const pad = {left: 36, right: 10, top: 10, bottom: 22};
  const low = Math.floor((Math.min(...values) - 10) / 50) * 50;
  const high = Math.max(low + 100, Math.ceil((Math.max(...values) + 10) / 50) * 50);
  const last = Math.max(1, values.length - 1);
  const x = (index) => (values.length === 1 ? (pad.left + width - pad.right) / 2 : pad.left + (width - pad.left - pad.right) * index / last);
  const y = (value) => pad.top + (height - pad.top - pad.bottom) * (high - value) / (high - low);
  const radius = values.length > 60 ? 2 : 3.5; // a long history's points must not cover each other
  let current = Math.max(0, Math.min(values.length - 1, selected));
  const root = svg('svg', {class: 'chart rating-chart', viewBox: `0 0 ${width} ${height}`, role: 'slider', tabindex: 0,
                           'aria-label': label, 'aria-valuemin': 0, 'aria-valuemax': Math.max(0, values.length - 1),
                           'aria-orientation': 'horizontal', ...attributes, dataset: {...attributes.dataset, points: String(values.length)}});
  append(root, svg('g', {class: 'chart-axis', 'aria-hidden': 'true'},
    svg('line', {x1: pad.left, y1: y(low), x2: width - pad.right, y2: y(low)}),
    svg('line', {x1: pad.left, y1: y(low), x2: pad.left, y2: y(high)}),
    svg('text', {x: pad.left - 4, y: y(high) + 4, 'text-anchor': 'end', text: String(high)}),
    svg('text', {x: pad.left - 4, y: y(low), 'text-anchor': 'end', text: String(low)}),
    svg('text', {x: pad.left, y: height - 6, text: startLabel}),
    svg('text', {x: width - pad.right, y: height - 6, 'text-anchor': 'end', text: endLabel})));
  const at = (index) => `${x(index).toFixed(1)},${y(values[index]).toFixed(1)}`;
  if (values.length > 1) {
    append(root, svg('polyline', {class: 'chart-line rating-line', 'aria-hidden': 'true', points: values.map((_, index) => at(index)).join(' ')}));
  }
  const dots = new Map(); // mark -> the path of its points
  values.forEach((_, index) => {
    const mark = marks[index] ?? '';
    dots.set(mark, `${dots.get(mark) ?? ''}M${at(index)}m-${radius},0a${radius},${radius} 0 1,0 ${2 * radius},0a${radius},${radius} 0 1,0 -${2 * radius},0`);
  });
  for (const [mark, path] of dots) append(root, svg('path', {class: 'rating-points', d: path, 'aria-hidden': 'true', dataset: {result: mark}}));
  const marker = svg('circle', {class: 'rating-selected', r: radius + 2.5, 'aria-hidden': 'true'});
  append(root, marker);
  function select(index) {
    current = Math.max(0, Math.min(values.length - 1, index));
    marker.setAttribute('cx', x(current).toFixed(1));
    marker.setAttribute('cy', y(values[current]).toFixed(1));
    marker.dataset.result = marks[current] ?? '';
    root.setAttribute('aria-valuenow', String(current));
    root.setAttribute('aria-valuetext', valueText(current));
    onSelect?.(current);
  }
  // the point under a pointer: the nearest along the time axis
  const under = (event) => {
    const box = root.getBoundingClientRect();
    const along = (event.clientX - box.left) * width / box.width;
    return values.length === 1 ? 0 : Math.round((along - pad.left) * last / (width - pad.left - pad.right));
  };
  // a mouse selects by hovering and opens by a click; a finger (or pen) has no hover: its
  // first tap on a point selects it (the caller's caption names it), a second opens it
  let pointer = 'mouse';
  let tapped = -1;
  root.addEventListener('pointerdown', (event) => { pointer = event.pointerType || 'mouse'; });
  root.addEventListener('pointermove', (event) => select(under(event)));
  if (onOpen) {
    root.addEventListener('click', (event) => {
      const index = Math.max(0, Math.min(values.length - 1, under(event)));
      if (pointer === 'mouse' || index === tapped) onOpen(index);
      else select(index);
      tapped = index;
    });
  }
  const steps = {ArrowLeft: -1, ArrowDown: -1, ArrowRight: 1, ArrowUp: 1, PageDown: -10, PageUp: 10};
  root.addEventListener('keydown', (event) => {
    if (Object.hasOwn(steps, event.key)) select(current + steps[event.key]);
    else if (event.key === 'Home') select(0);
    else if (event.key === 'End') select(values.length - 1);
    else if ((event.key === 'Enter' || event.key === ' ') && onOpen) onOpen(current);
    else return;
    event.preventDefault();
  });
  if (values.length) select(current);
  return root;
}

/**
 * A calendar of days played (a player's page): weeks[i] is a column of seven days
 * (Monday first), each {date, mark} or null (a day before the calendar begins or after
 * today); a day's mark ('win', 'draw', 'loss', 'open': begun, not finished, '': none) is
 * drawn by shape as well as color, and named by dayText(day) in its <title>.
 */
export function calendarChart(weeks, {label = '', dayText = (day) => day.date, startLabel = '', endLabel = ''} = {}) {
  const cell = 12;
  const gap = 3;
  const top = 4;
  const width = Math.max(1, weeks.length) * (cell + gap) + 4;
  const height = top + 7 * (cell + gap) + 16;
  // its own size (a day's square the same on every screen), narrower where it must be
  const root = svg('svg', {class: 'chart calendar-chart', viewBox: `0 0 ${width} ${height}`, width: Math.round(width * 1.25),
                           height: Math.round(height * 1.25), role: 'img', 'aria-label': label});
  weeks.forEach((week, column) => week.forEach((day, row) => {
    if (!day) return;
    append(root, svg('rect', {class: 'calendar-day', x: 2 + column * (cell + gap), y: top + row * (cell + gap),
                              width: cell, height: cell, rx: 2, dataset: {date: day.date, mark: day.mark}},
                     svg('title', {text: dayText(day)})));
  }));
  append(root, svg('g', {class: 'chart-axis', 'aria-hidden': 'true'},
    svg('text', {x: 2, y: height - 3, text: startLabel}),
    svg('text', {x: width - 2, y: height - 3, 'text-anchor': 'end', text: endLabel})));
  return root;
}
