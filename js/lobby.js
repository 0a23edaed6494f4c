// The start screen: variant (practice with its settings) and who plays each seat.

import {el, clear} from './dom.js';
import {t, pick} from './i18n.js';

const CORNERS = {2: ['bl', 'tr'], 4: ['bl', 'tl', 'tr', 'br']};
const PRACTICE_LIMITS = {width: [5, 41], height: [5, 41], colors: [3, 9]};

function field(labelKey, control, extraClass = '') {
  return el('label', {class: `field ${extraClass}`}, el('span', {text: t(labelKey)}), control);
}

function select(name, options, value) {
  const node = el('select', {name});
  for (const [optionValue, text] of options) {
    node.append(el('option', {value: optionValue, text, selected: optionValue === value}));
  }
  return node;
}

export function levelName(level) {
  const key = `level.${level}`;
  const text = t(key);
  return text === key ? String(level) : text;
}

/** The level a new computer seat gets: greedy if there is one, else the weakest. */
export function defaultLevel(levels) {
  return levels.includes('greedy') ? 'greedy' : levels[0];
}

export class Lobby {
  /** app: {state, startGame(config)} */
  constructor(app) {
    this.app = app;
    this.dialog = el('dialog', {class: 'lobby', 'aria-labelledby': 'lobby-title'});
    this.dialog.addEventListener('close', () => this.app.lobbyClosed?.());
    document.body.append(this.dialog);
    this.config = null;
  }

  open(config) {
    this.config = structuredClone(config);
    this.render();
    if (!this.dialog.open) this.dialog.showModal();
  }

  close() {
    if (this.dialog.open) this.dialog.close();
  }

  variant() {
    return this.app.state.catalog.variants.find((v) => v.id === this.config.variant);
  }

  seatCount() {
    return this.variant()?.seats ?? 2;
  }

  fitSeats() {
    const count = this.seatCount();
    const seats = this.config.seats.slice(0, count);
    while (seats.length < count) seats.push({kind: 'computer', name: '', level: defaultLevel(this.app.state.catalog.levels)});
    this.config.seats = seats;
  }

  render() {
    const {catalog} = this.app.state;
    this.fitSeats();
    const variant = this.variant();
    const form = el('form', {method: 'dialog', class: 'lobby-form'});
    const variantSelect = select('variant',
      catalog.variants.map((v) => [v.id, pick(v.name)]), this.config.variant);
    variantSelect.addEventListener('change', () => {
      this.config.variant = variantSelect.value;
      this.render();
      this.dialog.querySelector('select[name="variant"]')?.focus();
    });
    form.append(
      el('h2', {id: 'lobby-title', text: t('lobby.title')}),
      field('lobby.variant', variantSelect),
      el('p', {class: 'variant-summary', text: variant ? pick(variant.summary) : ''}),
    );

    if (this.config.variant === 'practice') {
      const options = this.config.options;
      const shape = select('shape', ['square', 'hex', 'diamond'].map((s) => [s, t(`lobby.shape.${s}`)]), options.shape);
      shape.addEventListener('change', () => { options.shape = shape.value; });
      const numberInput = (name) => {
        const [min, max] = PRACTICE_LIMITS[name];
        const input = el('input', {type: 'number', name, min, max, value: options[name], required: true});
        input.addEventListener('change', () => {
          const value = Math.round(Number(input.value));
          options[name] = Math.min(max, Math.max(min, Number.isFinite(value) ? value : min));
          input.value = String(options[name]);
        });
        return input;
      };
      form.append(el('div', {class: 'practice-options'},
        field('lobby.shape', shape), field('lobby.width', numberInput('width')),
        field('lobby.height', numberInput('height')), field('lobby.colors', numberInput('colors'))));
    }

    const seatList = el('fieldset', {class: 'seats-list'}, el('legend', {text: t('lobby.seats')}));
    const corners = CORNERS[this.seatCount()] || [];
    this.config.seats.forEach((seat, index) => {
      const kind = select(`seat${index}-kind`,
        [['human', t('lobby.person')], ['computer', t('lobby.computer')]], seat.kind);
      kind.setAttribute('aria-label', t('lobby.seat', {number: index + 1}));
      kind.addEventListener('change', () => {
        seat.kind = kind.value;
        if (seat.kind === 'computer' && !seat.level) seat.level = defaultLevel(catalog.levels);
        this.render();
        this.dialog.querySelector(`select[name="seat${index}-kind"]`)?.focus();
      });
      let detail;
      if (seat.kind === 'human') {
        detail = el('input', {type: 'text', name: `seat${index}-name`, maxlength: 40, autocomplete: 'off',
                              placeholder: t('lobby.name'), 'aria-label': t('lobby.name'), value: seat.name || ''});
        detail.addEventListener('input', () => { seat.name = detail.value; });
      } else {
        detail = select(`seat${index}-level`, catalog.levels.map((level) => [level, levelName(level)]),
                        seat.level || defaultLevel(catalog.levels));
        detail.setAttribute('aria-label', t('lobby.level'));
        detail.addEventListener('change', () => { seat.level = detail.value; });
      }
      const where = [corners[index] ? t(`lobby.corner.${corners[index]}`) : '',
                     variant?.teams ? t('lobby.team', {team: 'AB'[index % 2]}) : ''].filter(Boolean).join(', ');
      seatList.append(el('div', {class: 'seat-row'},
        el('span', {class: 'seat-label', text: t('lobby.seat', {number: index + 1})},
          where ? el('small', {text: where}) : null),
        kind, detail));
    });
    form.append(seatList);

    const cancel = el('button', {type: 'button', text: t('lobby.cancel'), onclick: () => this.close()});
    const start = el('button', {type: 'submit', class: 'primary', text: t('lobby.start'), dataset: {action: 'start'}});
    form.append(el('div', {class: 'dialog-actions'}, cancel, start));
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const config = structuredClone(this.config);
      if (config.variant !== 'practice') config.options = {};
      this.close();
      this.app.startGame(config);
    });
    clear(this.dialog).append(form);
  }
}
