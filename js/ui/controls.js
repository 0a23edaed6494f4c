// The color buttons under the board, with their number keys and tooltip.
// Hover, keyboard focus or a first tap previews a color; a click (second tap) plays.

import {el, svg, setAttr, append} from './dom.js';
import {SYMBOLS} from './palette.js';

export class ColorControls {
  /** handlers: {onPreview(color | null), onPlay(color)} */
  constructor(container, colorCount, handlers) {
    this.handlers = handlers;
    this.tapped = null;
    this.hovered = null;
    this.focused = null;
    this.root = el('div', {class: 'color-controls', role: 'group'});
    this.root.style.setProperty('--count', String(colorCount)); // the buttons' size (main.css)
    this.tooltip = el('div', {class: 'tooltip', role: 'tooltip', id: 'color-tooltip', hidden: true});
    this.buttons = [];
    for (let color = 0; color < colorCount; color++) {
      const button = el('button', {
        type: 'button', class: 'color-button',
        dataset: {color: String(color)}, 'aria-describedby': 'color-tooltip',
      },
      svg('svg', {class: 'button-symbol', viewBox: '-1 -1 2 2', 'aria-hidden': 'true'},
        svg('path', {d: SYMBOLS[color]})),
      el('span', {class: 'key', 'aria-hidden': 'true', text: String(color + 1)}));
      button.addEventListener('pointerenter', (event) => {
        if (event.pointerType === 'touch') return;
        this.hovered = color;
        this.changed();
      });
      button.addEventListener('pointerleave', (event) => {
        if (event.pointerType === 'touch') return;
        if (this.hovered === color) this.hovered = null;
        this.changed();
      });
      button.addEventListener('focus', () => {
        // keyboard focus previews; the focus a click or tap leaves behind does not
        if (!button.matches(':focus-visible')) return;
        this.focused = color;
        this.changed();
      });
      button.addEventListener('blur', () => {
        if (this.focused === color) this.focused = null;
        this.changed();
      });
      button.addEventListener('click', (event) => this.clicked(color, event.pointerType));
      this.buttons.push(button);
      append(this.root, button);
    }
    append(container, this.root, this.tooltip);
  }

  clicked(color, pointerType) {
    if (pointerType === 'touch' && this.tapped !== color) {
      this.tapped = color; // first tap previews, the second plays
      this.changed();
      return;
    }
    this.tapped = null;
    // a click that plays: its preview and tooltip (over the board's bottom row) go until
    // the pointer comes back; a refused one keeps saying why
    if (this.buttons[color].getAttribute('aria-disabled') !== 'true' && this.hovered === color) this.hovered = null;
    this.handlers.onPlay(color);
  }

  /** The color whose preview is shown: hover, then focus, then a first tap. */
  previewColor() {
    return this.hovered ?? this.focused ?? this.tapped;
  }

  changed() {
    this.handlers.onPreview(this.previewColor());
  }

  reset() {
    this.tapped = null;
  }

  /** Escape: no preview from a tap, the keyboard focus or the pointer, until the next. */
  clearPreview() {
    this.tapped = this.focused = this.hovered = null;
  }

  /**
   * Update every button: buttons: [{label, tooltip, allowed, forbidden, locked}] per color;
   * shown: the color whose tooltip is visible (or null).
   */
  update(buttons, shown, labelText) {
    setAttr(this.root, 'aria-label', labelText);
    buttons.forEach((info, color) => {
      const button = this.buttons[color];
      setAttr(button, 'aria-label', info.label);
      setAttr(button, 'aria-disabled', info.allowed ? null : 'true');
      setAttr(button, 'data-forbidden', info.forbidden ? '' : null);
      setAttr(button, 'data-locked', info.locked ? '' : null);
      setAttr(button, 'data-previewing', shown === color ? '' : null);
      setAttr(button, 'data-hint', info.hint ? '' : null);
      button.dataset.tooltip = info.tooltip;
    });
    if (shown === null || shown === undefined || !this.buttons[shown]) {
      this.tooltip.hidden = true;
      return;
    }
    const button = this.buttons[shown];
    this.tooltip.textContent = button.dataset.tooltip;
    this.tooltip.hidden = false;
    this.tooltip.dataset.color = String(shown);
    const box = button.getBoundingClientRect();
    const parent = this.tooltip.offsetParent?.getBoundingClientRect() ?? {left: 0, top: 0};
    const width = this.tooltip.offsetWidth;
    const viewport = document.documentElement.clientWidth;
    const left = Math.max(4 - parent.left, Math.min(viewport - parent.left - width - 4,
      box.left - parent.left + box.width / 2 - width / 2));
    this.tooltip.style.setProperty('left', `${left}px`);
    this.tooltip.style.setProperty('top', `${box.top - parent.top - this.tooltip.offsetHeight - 8}px`);
  }
}
