// The SVG board. Built once per layout; afterwards only attributes change.
// The board knows geometry, not rules: owners, colors and previews are handed in.

import {svg, setAttr, frameBatcher} from './dom.js';
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
    this.root.append(this.buildDefs());

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
        cellLayer.append(obstacle);
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
      cellLayer.append(cell);
      this.cells.push(cell);
      const scale = 0.36 * size;
      const symbol = svg('use', {
        class: 'symbol', href: `#${this.prefix}-sym0`,
        transform: `translate(${center[0].toFixed(3)} ${center[1].toFixed(3)}) scale(${scale})`,
      });
      markLayer.append(symbol);
      this.symbols.push(symbol);
      const value = this.layout.values[id];
      if (value > 1) {
        const text = svg('text', {
          class: 'value', x: center[0].toFixed(3), y: center[1].toFixed(3),
          'font-size': (0.62 * size).toFixed(3), text: String(value),
        });
        markLayer.append(text);
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
      crownLayer.append(svg('circle', {class: 'crown-ring', cx: cx.toFixed(3), cy: cy.toFixed(3),
                                       r: (this.geometry[this.layout.crown].size * 0.46).toFixed(3)}));
      crownLayer.append(svg('path', {
        class: 'crown', d: CROWN_PATH,
        transform: `translate(${cx.toFixed(3)} ${cy.toFixed(3)}) scale(${size})`,
      }));
    }
    const wallPath = this.layout.walls.map(([a, b]) => {
      const edge = this.edgeByCells.get(`${Math.min(a, b)}-${Math.max(a, b)}`);
      return edge ? segment(edge) : '';
    }).join('');

    this.outlines = [];
    const outlineLayer = svg('g', {class: 'outlines', 'aria-hidden': 'true'});
    for (let seat = 0; seat < this.layout.seats; seat++) {
      const outline = svg('path', {class: 'territory-outline', dataset: {seat: String(seat)}});
      outlineLayer.append(outline);
      this.outlines.push(outline);
    }
    this.lastOutline = svg('path', {class: 'last-outline', 'aria-hidden': 'true'});
    this.previewOutline = svg('path', {class: 'preview-outline', 'aria-hidden': 'true'});
    const background = shape === 'diamond'
      ? svg('path', {class: 'board-bg', d: pathOf([[height, -margin * 1.5], [width + height + margin * 1.5, width],
                                                   [width, width + height + margin * 1.5], [-margin * 1.5, height]]),
                     'stroke-linejoin': 'round'})
      : svg('rect', {class: 'board-bg', x: -margin, y: -margin, width: extentX + 2 * margin,
                     height: extentY + 2 * margin, rx: 0.4});
    this.root.append(
      background,
      cellLayer,
      markLayer,
      crownLayer,
      outlineLayer,
      svg('path', {class: 'walls', d: wallPath, 'aria-hidden': 'true'}),
      this.lastOutline,
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
    container.append(this.root);
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
   * flood: number[], enclosure: number[]}, lastMove: number[], symbols: bool}.
   * The drawing happens in the next animation frame.
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
    const preview = view.preview;
    const flood = new Set(preview ? preview.flood : []);
    const enclosure = new Set(preview ? preview.enclosure : []);
    const lastMove = new Set(view.lastMove || []);
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
      setAttr(cell, 'data-last', lastMove.has(id) ? String((view.moveNumber || 0) % 2) : null);
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
      setAttr(this.outlines[seat], 'd', this.outlinePath((id) => ownerAt(id) === mine));
    }
    setAttr(this.lastOutline, 'd', lastMove.size ? this.outlinePath((id) => lastMove.has(id)) : '');
    setAttr(this.previewOutline, 'd', preview
      ? this.outlinePath((id) => ownerAt(id) === previewSeat || flood.has(id) || enclosure.has(id))
      : '');
    // two animation names by parity, so the flash restarts on every move
    setAttr(this.lastOutline, 'data-parity', view.moveNumber === undefined ? null : view.moveNumber % 2);
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
