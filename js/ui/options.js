// The table options dialog: color symbols, palette, theme, language.
// Each change applies at once (onChange), the dialog stays open until closed.

import {el, append, replaceChildren} from './dom.js';
import {t, LANGUAGES, LANGUAGE_NAMES} from '../i18n/i18n.js';
import {PALETTE_NAMES} from './palette.js';
import {THEMES} from './settings.js';
import {soundOn, setSound} from './sound.js';

export class OptionsDialog {
  /** settings: the app's settings object (changed in place); onChange() applies it. */
  constructor(settings, onChange) {
    this.settings = settings;
    this.onChange = onChange;
    this.dialog = el('dialog', {class: 'options', 'aria-labelledby': 'options-title'});
    append(document.body, this.dialog);
  }

  open() {
    const {settings} = this;
    const changed = (name, value) => {
      settings[name] = value;
      this.onChange();
      this.open(); // redrawn: the language may have changed
    };
    const choice = (name, values, labelOf) => {
      const node = el('select', {name});
      for (const value of values) {
        append(node, el('option', {value, text: labelOf(value), selected: settings[name] === value}));
      }
      node.addEventListener('change', () => changed(name, node.value));
      return node;
    };
    const symbols = el('input', {type: 'checkbox', name: 'symbols', checked: settings.symbols});
    symbols.addEventListener('change', () => changed('symbols', symbols.checked));
    const sound = el('input', {type: 'checkbox', name: 'sound', checked: soundOn()});
    sound.addEventListener('change', () => setSound(sound.checked));
    const focusedName = this.dialog.open ? document.activeElement?.name : null;
    replaceChildren(this.dialog, el('form', {method: 'dialog', class: 'options-form'},
      el('h2', {id: 'options-title', text: t('options.title')}),
      el('label', {class: 'field check'}, symbols, el('span', {text: t('options.symbols')})),
      el('label', {class: 'field check'}, sound, el('span', {text: t('options.sound')})),
      el('label', {class: 'field'}, el('span', {text: t('options.palette')}),
        choice('palette', PALETTE_NAMES, (name) => t(`options.palette.${name}`))),
      el('label', {class: 'field'}, el('span', {text: t('options.theme')}),
        choice('theme', THEMES, (name) => t(`options.theme.${name}`))),
      el('label', {class: 'field'}, el('span', {text: t('options.language')}),
        choice('language', LANGUAGES, (code) => LANGUAGE_NAMES[code])),
      el('div', {class: 'dialog-actions'},
        el('button', {type: 'submit', class: 'primary', text: t('nav.close')}))));
    if (!this.dialog.open) this.dialog.showModal();
    const focused = focusedName ? this.dialog.querySelector(`[name="${focusedName}"]`) : null;
    (focused || this.dialog.querySelector('input, select'))?.focus();
  }
}
