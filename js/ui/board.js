// The SVG board. Built once per layout; afterwards only attributes change.
// The board knows geometry, not rules: owners, colors and previews are handed in.
//
// A move is shown as a wave: the mover's territory takes the new color, then the
// cells it gained turn, ring by ring outwards (their distance over the board from
// the old territory, for the picture only: which cells were gained is the engine's
// word, the difference of its owners before and after). The cells' attributes
// always hold the engine's latest state at once (labels, tests, input); only what is
// painted catches up (Web Animations from the painted look). A move arriving while
// one is still spreading waits for it, so your own move shows before the reply; a
// person's move finishes every wave at once. prefers-reduced-motion: no wave, no
// pop, only the wait.

import {svg, setAttr, frameBatcher, append} from './dom.js';
import {SYMBOLS} from './palette.js';

const HEX_WIDTH = Math.sqrt(3);
let boardCounter = 0;

/** Corner points of cell (col, row) and its center, in board units. */
export function cellGeometry(shape, col, row, width, height) {
  if (shape === 'hex') {
    // pointy-top, odd rows shifted half a cell right ("odd-r"), radius 1
    const cx = HEX_WIDTH * (col + 0.5 + (row % 2) * 0.5);
    const cy = 1 + 1.5 * row;
    const points = [];
    for (let corner = 0; corner < 6; corner++) {
      const angle = Math.PI / 180 * (60 * corner - 90);
      points.push([cx + Math.cos(angle), cy + Math.sin(angle)]);
    }
    return {points, center: [cx, cy], size: 1.5};
  }
  if (shape === 'diamond') {
    // the square grid turned 45°: top-left cell on top, bottom-left at the left
    // tip, top-right at the right tip; half-diagonal 1
    const cx = col - row + height;
    const cy = col + row + 1;
    return {points: [[cx, cy - 1], [cx + 1, cy], [cx, cy + 1], [cx - 1, cy]],
            center: [cx, cy], size: 1.25};
  }
  return {points: [[col, row], [col + 1, row], [col + 1, row + 1], [col, row + 1]],
          center: [col + 0.5, row + 0.5], size: 1};
}

/** A cell's name, like chess: columns A, B, … (then AA, AB, …) from the left, rows 1, 2, …
 *  from the bottom. */
export function cellName(id, width, height) {
  let col = id % width;
  let letters = '';
  do {
    letters = String.fromCharCode(65 + (col % 26)) + letters;
    col = Math.floor(col / 26) - 1;
  } while (col >= 0);
  return `${letters}${height - Math.floor(id / width)}`;
}

/** The board's extent in board units: [width, height]. */
export function boardExtent(shape, width, height) {
  if (shape === 'hex') return [HEX_WIDTH * (width + 0.5), 1.5 * height + 0.5];
  if (shape === 'diamond') return [width + height, width + height];
  return [width, height];
}

const pointKey = ([x, y]) => `${x.toFixed(3)},${y.toFixed(3)}`;
const pathOf = (points) => 'M' + points.map(([x, y]) => `${+x.toFixed(3)} ${+y.toFixed(3)}`).join('L') + 'Z';
const segment = ({from, to}) => `M${+from[0].toFixed(3)} ${+from[1].toFixed(3)}L${+to[0].toFixed(3)} ${+to[1].toFixed(3)}`;

const CROWN_PATH = 'M-.62.42L-.7-.36L-.34-.02L0-.5L.34-.02L.7-.36L.62.42Z';

// A wave: one ring of cells every ringMs (at most spreadMs from the territory to the
// last ring), each cell popping in for popMs; the next move waits gapMs after it.
export const WAVE = {ringMs: 45, spreadMs: 160, popMs: 120, gapMs: 150};
const POPPED_FROM = 'scale(.7)';
const reducedMotion = () => matchMedia('(prefers-reduced-motion: reduce)').matches;
const pathValue = (d) => (d ? `path("${d}")` : 'none');

export class Board {
  /**
   * layout: the engine's layout ({shape, width, height, values, obstacles, walls,
   * paint, crown, seats}). handlers: {onCellEnter(id), onCellLeave(), onCellClick(id),
   * cellLabel(id, owner, color)}. With cellLabel the board is a group of cells, each an
   * image with its own label (owner and color as in the view, null for an obstacle),
   * set again only when the cell's owner or color changes, or the view's labelKey
   * (language, names); without it the board is one image.
   */
  constructor(container, layout, handlers = {}) {
    this.layout = layout;
    this.handlers = handlers;
    this.view = null;
    this.drawn = null;     // the engine state last drawn: {colors, owners, step}
    this.waves = [];       // the running Web Animations of cells and outlines
    // the latest move's wave: {startAt, endAt, earliest (document timeline times;
    // earliest: when the wave before it ends), animations}
    this.lastWave = null;
    this.labelled = typeof handlers.cellLabel === 'function';
    this.labelKey = null;
    this.prefix = `board${++boardCounter}`;
    this.scheduleDraw = frameBatcher(() => this.draw());
    this.build(container);
  }

  build(container) {
    const {shape, width, height} = this.layout;
    const [extentX, extentY] = boardExtent(shape, width, height);
    const margin = 0.3;
    this.root = svg('svg', {
      class: `board board-${shape}`,
      viewBox: `${-margin} ${-margin} ${extentX + 2 * margin} ${extentY + 2 * margin}`,
      role: this.labelled ? 'group' : 'img',
      dataset: {shape, cells: String(width * height - this.layout.obstacles.length)},
    });
    this.root.style.setProperty('--board-aspect', `${extentX + 2 * margin} / ${extentY + 2 * margin}`);
    this.root.style.setProperty('--board-ratio', String((extentX + 2 * margin) / (extentY + 2 * margin)));
    append(this.root, this.buildDefs());

    const obstacles = new Set(this.layout.obstacles);
    const paint = new Set(this.layout.paint);
    const cellLayer = svg('g', {class: 'cells'});
    const markLayer = svg('g', {class: 'marks', 'aria-hidden': 'true'});
    this.cells = [];
    this.nodes = []; // cells and obstacles, for the labels
    this.labelKeys = [];
    this.symbols = [];
    this.values = [];
    this.geometry = [];
    const edges = new Map(); // point-pair key -> {from, to, cells: [a, b?]}
    for (let id = 0; id < width * height; id++) {
      const col = id % width;
      const row = Math.floor(id / width);
      const geometry = cellGeometry(shape, col, row, width, height);
      this.geometry.push(geometry);
      const {points, center, size} = geometry;
      points.forEach((from, index) => {
        const to = points[(index + 1) % points.length];
        const key = [pointKey(from), pointKey(to)].sort().join('|');
        const edge = edges.get(key);
        if (edge) edge.cells.push(id);
        else edges.set(key, {from, to, cells: [id]});
      });
      if (obstacles.has(id)) {
        const obstacle = svg('path', {class: 'obstacle', d: pathOf(points), role: this.labelled ? 'img' : null});
        append(cellLayer, obstacle);
        this.nodes.push(obstacle);
        this.cells.push(null);
        this.symbols.push(null);
        this.values.push(null);
        continue;
      }
      const cell = svg('path', {class: 'cell', d: pathOf(points), dataset: {cell: String(id)},
                                role: this.labelled ? 'img' : null});
      this.nodes.push(cell);
      if (paint.has(id)) cell.classList.add('paint-cell');
      append(cellLayer, cell);
      this.cells.push(cell);
      const scale = 0.36 * size;
      const symbol = svg('use', {
        class: 'symbol', href: `#${this.prefix}-sym0`,
        transform: `translate(${center[0].toFixed(3)} ${center[1].toFixed(3)}) scale(${scale})`,
      });
      append(markLayer, symbol);
      this.symbols.push(symbol);
      const value = this.layout.values[id];
      if (value > 1) {
        const text = svg('text', {
          class: 'value', x: center[0].toFixed(3), y: center[1].toFixed(3),
          'font-size': (0.62 * size).toFixed(3), text: String(value),
        });
        append(markLayer, text);
        this.values.push(text);
      } else {
        this.values.push(null);
      }
    }
    this.edges = [...edges.values()];
    this.edgeByCells = new Map();
    for (const edge of this.edges) {
      if (edge.cells.length === 2) this.edgeByCells.set(`${Math.min(...edge.cells)}-${Math.max(...edge.cells)}`, edge);
    }

    const crownLayer = svg('g', {class: 'crown-layer', 'aria-hidden': 'true'});
    if (this.layout.crown !== null && this.layout.crown !== undefined) {
      const [cx, cy] = this.geometry[this.layout.crown].center;
      const size = this.geometry[this.layout.crown].size * 0.5;
      append(crownLayer, svg('circle', {class: 'crown-ring', cx: cx.toFixed(3), cy: cy.toFixed(3),
                                        r: (this.geometry[this.layout.crown].size * 0.46).toFixed(3)}));
      append(crownLayer, svg('path', {
        class: 'crown', d: CROWN_PATH,
        transform: `translate(${cx.toFixed(3)} ${cy.toFixed(3)}) scale(${size})`,
      }));
    }
    const wallPath = this.layout.walls.map(([a, b]) => {
      const edge = this.edgeByCells.get(`${Math.min(a, b)}-${Math.max(a, b)}`);
      return edge ? segment(edge) : '';
    }).join('');

    // per seat: its territory's outline, and its latest move's (marked until its next)
    this.outlines = [];
    this.lastOutlines = [];
    const outlineLayer = svg('g', {class: 'outlines', 'aria-hidden': 'true'});
    const lastLayer = svg('g', {class: 'last-moves', 'aria-hidden': 'true'});
    for (let seat = 0; seat < this.layout.seats; seat++) {
      const dataset = {seat: String(seat)};
      this.outlines.push(outlineLayer.appendChild(svg('path', {class: 'territory-outline', dataset})));
      this.lastOutlines.push(lastLayer.appendChild(svg('path', {class: 'last-outline', dataset})));
    }
    this.previewOutline = svg('path', {class: 'preview-outline', 'aria-hidden': 'true'});
    const background = shape === 'diamond'
      ? svg('path', {class: 'board-bg', d: pathOf([[height, -margin * 1.5], [width + height + margin * 1.5, width],
                                                   [width, width + height + margin * 1.5], [-margin * 1.5, height]]),
                     'stroke-linejoin': 'round'})
      : svg('rect', {class: 'board-bg', x: -margin, y: -margin, width: extentX + 2 * margin,
                     height: extentY + 2 * margin, rx: 0.4});
    append(this.root,
      background,
      cellLayer,
      markLayer,
      crownLayer,
      outlineLayer,
      svg('path', {class: 'walls', d: wallPath, 'aria-hidden': 'true'}),
      lastLayer,
      this.previewOutline,
    );

    this.root.addEventListener('pointerover', (event) => {
      const id = event.target.dataset?.cell;
      if (id !== undefined) this.handlers.onCellEnter?.(Number(id), event);
    });
    this.root.addEventListener('pointerleave', () => this.handlers.onCellLeave?.());
    this.root.addEventListener('click', (event) => {
      const id = event.target.dataset?.cell;
      if (id !== undefined) this.handlers.onCellClick?.(Number(id), event);
    });
    append(container, this.root);
  }

  buildDefs() {
    const gradient = svg('linearGradient', {id: `${this.prefix}-paint`, x1: 0, y1: 0, x2: 1, y2: 1},
      ...['#e5484d', '#f5d90a', '#30a46c', '#05a2c2', '#3e63dd', '#8e4ec6'].map((color, index, all) =>
        svg('stop', {offset: (index / (all.length - 1)).toFixed(2), 'stop-color': color})));
    this.root.style.setProperty('--paint', `url(#${this.prefix}-paint)`);
    // dead cells: greyed and hatched, so they read as "nobody's" and not as a color
    const dead = svg('pattern', {id: `${this.prefix}-dead`, width: 0.25, height: 0.25,
                                 patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)'},
      svg('rect', {class: 'dead-bg', width: 0.25, height: 0.25}),
      svg('rect', {class: 'dead-line', width: 0.08, height: 0.25}));
    this.root.style.setProperty('--dead-fill', `url(#${this.prefix}-dead)`);
    return svg('defs', {}, gradient, dead,
      ...SYMBOLS.map((d, color) => svg('path', {id: `${this.prefix}-sym${color}`, d})));
  }

  /**
   * Show a view: {colors: string, owners: string, preview: null | {color, seat,
   * flood: number[], enclosure: number[]}, lastMoves: per seat the cells of its latest
   * move (or null), symbols: bool, step: null | {game, number, seat, person}}.
   * `step` names the move that made this state (`game` a key of the game, `number` its
   * move number, `seat` the mover, `person` true for a person's move): a state one move
   * after the last one drawn, in the same game, is shown as a wave; any other change
   * at once. The drawing happens in the next animation frame.
   */
  set(view) {
    this.view = view;
    this.scheduleDraw();
  }

  /** Set and draw at once (for callers already inside an animation frame). */
  show(view) {
    this.view = view;
    this.draw();
  }

  /** Draw now (set() batches into the next frame). */
  draw() {
    const view = this.view;
    if (!view) return;
    const {colors, owners} = view;
    const drawn = this.drawn;
    const wave = drawn && (drawn.colors !== colors || drawn.owners !== owners) ? this.planWave(drawn, view) : null;
    this.drawn = {colors, owners, step: view.step || null};
    const preview = view.preview;
    const flood = new Set(preview ? preview.flood : []);
    const enclosure = new Set(preview ? preview.enclosure : []);
    const lastBySeat = new Map();
    (view.lastMoves || []).forEach((cells, seat) => {
      for (const id of cells || []) lastBySeat.set(id, String(seat));
    });
    const previewSeat = preview ? String(preview.seat) : null;
    setAttr(this.root, 'data-preview-color', preview ? preview.color : null);
    this.root.classList.toggle('show-symbols', !!view.symbols);

    for (let id = 0; id < this.cells.length; id++) {
      const cell = this.cells[id];
      if (!cell) continue;
      let owner = owners[id];
      let color = colors[id];
      let previewKind = null;
      if (preview) {
        if (flood.has(id)) previewKind = 'flood';
        else if (enclosure.has(id)) previewKind = 'enclosure';
        if (previewKind || owner === previewSeat) color = String(preview.color);
      }
      setAttr(cell, 'data-owner', owner === '.' ? null : owner === 'x' ? 'dead' : owner);
      setAttr(cell, 'data-color', color);
      setAttr(cell, 'data-preview', previewKind);
      setAttr(cell, 'data-last', lastBySeat.get(id) ?? null);
      const symbol = this.symbols[id];
      if (color === '*' || owner === 'x') setAttr(symbol, 'visibility', 'hidden');
      else {
        setAttr(symbol, 'visibility', null);
        setAttr(symbol, 'href', `#${this.prefix}-sym${color}`);
      }
      setAttr(symbol, 'data-color', color);
      if (this.values[id]) setAttr(this.values[id], 'data-color', color);
    }

    if (this.labelled) this.drawLabels(view);

    const ownerAt = (id) => (id === undefined ? '.' : owners[id]);
    for (let seat = 0; seat < this.outlines.length; seat++) {
      const mine = String(seat);
      this.setOutline(this.outlines[seat], this.outlinePath((id) => ownerAt(id) === mine), wave);
      this.setOutline(this.lastOutlines[seat], this.outlinePath((id) => lastBySeat.get(id) === mine), wave);
    }
    setAttr(this.previewOutline, 'd', preview
      ? this.outlinePath((id) => ownerAt(id) === previewSeat || flood.has(id) || enclosure.has(id))
      : '');
    if (wave) this.startWave(wave);
  }

  /** An outline's new path; while a queued wave waits, the old one stays painted. */
  setOutline(outline, d, wave) {
    const old = outline.getAttribute('d') || '';
    if (old === d) return;
    setAttr(outline, 'd', d);
    if (wave && wave.startIn > 0) {
      const hold = outline.animate([{offset: 0, d: pathValue(old)}], {duration: 0, fill: 'backwards'});
      hold.startTime = wave.startAt;
      this.track(hold);
    }
  }

  /** Cells' neighbours in the drawing, walls excepted (computed once). */
  neighbourLists() {
    if (this.neighbours) return this.neighbours;
    const walled = new Set(this.layout.walls.map(([a, b]) => `${Math.min(a, b)}-${Math.max(a, b)}`));
    this.neighbours = this.cells.map(() => []);
    for (const [key, edge] of this.edgeByCells) {
      if (walled.has(key)) continue;
      const [a, b] = edge.cells;
      this.neighbours[a].push(b);
      this.neighbours[b].push(a);
    }
    return this.neighbours;
  }

  /**
   * The wave from the state drawn to `view`, planned before its attributes are set
   * (the painted look of each changed cell is read first): null when the change is
   * not the next move of the same game (it is then shown at once).
   */
  planWave(drawn, view) {
    const {colors, owners, step} = view;
    const last = drawn.step;
    const next = step && last && step.game === last.game && step.number === last.number + 1
      && step.seat !== undefined;
    // times on the document timeline, and each animation's start set on it: a busy
    // page then drops frames but never lets one wave overlap the next
    const now = document.timeline.currentTime;
    // a person's move or any other change: every wave ends now; a move while another
    // waits: the waiting one gives up most of its pause
    if (!next || step.person) this.finishWaves();
    else if (this.lastWave && this.lastWave.startAt > now) this.hurryWave(now);
    if (!next) return null;
    const changed = [];
    for (let id = 0; id < this.cells.length; id++) {
      if (this.cells[id] && (drawn.owners[id] !== owners[id] || drawn.colors[id] !== colors[id])) changed.push(id);
    }
    if (!changed.length) return null;
    const mover = String(step.seat);
    const gained = new Set(changed.filter((id) => owners[id] === mover && drawn.owners[id] !== mover));
    // display only: rings outwards from the old territory through the gained cells
    const distance = new Map();
    const neighbours = this.neighbourLists();
    let ring = [];
    for (let id = 0; id < this.cells.length; id++) if (drawn.owners[id] === mover) ring.push(id);
    let rings = 0;
    while (ring.length) {
      const outer = [];
      for (const id of ring) {
        for (const neighbour of neighbours[id]) {
          if (gained.has(neighbour) && !distance.has(neighbour)) {
            distance.set(neighbour, rings + 1);
            outer.push(neighbour);
          }
        }
      }
      if (outer.length) rings += 1;
      ring = outer;
    }
    const still = reducedMotion();
    const earliest = Math.max(now, this.lastWave?.endAt ?? now);
    const startAt = this.lastWave ? Math.max(now, this.lastWave.endAt + WAVE.gapMs) : now;
    const ringMs = Math.min(WAVE.ringMs, WAVE.spreadMs / Math.max(1, rings));
    const cells = changed.map((id) => {
      const painted = getComputedStyle(this.cells[id]);
      // the mover's recolored territory first (0), then each ring; anything else last
      const ringOf = drawn.owners[id] === mover ? 0 : distance.get(id) ?? rings + 1;
      return {id, gained: gained.has(id), delay: still ? 0 : ringOf * ringMs,
              look: {fill: painted.fill, stroke: painted.stroke, transform: painted.transform}};
    });
    const spread = Math.max(...cells.map((cell) => cell.delay));
    const endAt = startAt + (still ? 0 : spread) + WAVE.popMs; // reduced motion: a still pause
    this.lastWave = {startAt, endAt, earliest, animations: []};
    return {cells, still, startAt, startIn: startAt - now};
  }

  /** Paint the planned wave: each cell from its old look, in its turn. */
  startWave({cells, still, startAt, startIn}) {
    for (const {id, gained, delay, look} of cells) {
      if (still && startIn <= 0) continue; // nothing to wait for, nothing to move
      const cell = this.cells[id];
      const from = {offset: 0, ...look};
      const keyframes = gained && !still ? [from, {offset: 0.01, fill: look.fill, stroke: look.stroke,
                                                   transform: POPPED_FROM}] : [from];
      const animation = cell.animate(keyframes, {duration: still ? 0 : WAVE.popMs, fill: 'backwards',
                                                 easing: 'ease-out'});
      animation.startTime = startAt + delay;
      // no CSS transition meanwhile: it would paint over the animation
      cell.setAttribute('data-wave', '');
      cell.wave = animation;
      const done = () => { if (cell.wave === animation) cell.removeAttribute('data-wave'); };
      animation.addEventListener('finish', done);
      animation.addEventListener('cancel', done);
      this.track(animation);
    }
  }

  track(animation) {
    this.waves = this.waves.filter((running) => running.playState !== 'finished');
    this.waves.push(animation);
    this.lastWave?.animations.push(animation);
  }

  /** The waiting wave starts soon after the one before it ends: a third of the pause. */
  hurryWave(now) {
    const waiting = this.lastWave;
    const early = waiting.startAt - Math.max(now, waiting.earliest + WAVE.gapMs / 3);
    for (const animation of waiting.animations) animation.startTime -= early;
    waiting.startAt -= early;
    waiting.endAt -= early;
  }

  /** Paint every wave's end now. */
  finishWaves() {
    for (const animation of this.waves) animation.finish();
    this.waves = [];
    this.lastWave = null;
  }

  /** Each cell's label from its owner and color (not the preview's): rewritten only
   *  where these changed, or everywhere when the view's labelKey did. */
  drawLabels(view) {
    const {colors, owners} = view;
    const all = view.labelKey !== this.labelKey;
    // a hover or a preview changes neither: nothing to do
    if (!all && colors === this.labelColors && owners === this.labelOwners) return;
    this.labelKey = view.labelKey;
    this.labelColors = colors;
    this.labelOwners = owners;
    for (let id = 0; id < this.nodes.length; id++) {
      const obstacle = !this.cells[id];
      const key = obstacle ? '#' : owners[id] + colors[id];
      if (!all && this.labelKeys[id] === key) continue;
      this.labelKeys[id] = key;
      const label = obstacle ? this.handlers.cellLabel(id, null, null)
        : this.handlers.cellLabel(id, owners[id], colors[id]);
      setAttr(this.nodes[id], 'aria-label', label);
    }
  }

  /** The boundary of a set of cells (edges with the set on exactly one side). */
  outlinePath(inside) {
    let d = '';
    for (const edge of this.edges) {
      const [a, b] = edge.cells;
      if (inside(a) !== (b === undefined ? false : inside(b))) d += segment(edge);
    }
    return d;
  }

  destroy() {
    this.root.remove();
  }
}
