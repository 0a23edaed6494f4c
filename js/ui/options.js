// The table options dialog: color symbols, palette, theme, language.
// Each change applies at once (onChange), the dialog stays open until closed.

import {el, append, replaceChildren} from './dom.js';
import {t, LANGUAGES, LANGUAGE_NAMES, loadLanguage} from '../i18n/i18n.js';
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
    const labels = []; // [node, () => its text]: said again when the language changes
    const said = (node, text) => {
      labels.push([node, text]);
      node.textContent = text();
      return node;
    };
    const changed = async (name, value) => {
      if (name === 'language') await loadLanguage(value).catch(() => {}); // (its catalog, the first time)
      settings[name] = value;
      this.onChange();
      // the texts said again in place: the controls stay the elements they were, so a tap
      // on Close while a language's catalog arrives is not lost to a redrawn button
      if (name === 'language') for (const [node, text] of labels) node.textContent = text();
    };
    const choice = (name, values, labelOf) => {
      const node = el('select', {name});
      for (const value of values) {
        append(node, said(el('option', {value, selected: settings[name] === value}), () => labelOf(value)));
      }
      node.addEventListener('change', () => changed(name, node.value));
      return node;
    };
    const field = (key, control) => el('label', {class: 'field'}, said(el('span'), () => t(key)), control);
    const symbols = el('input', {type: 'checkbox', name: 'symbols', checked: settings.symbols});
    symbols.addEventListener('change', () => changed('symbols', symbols.checked));
    const sound = el('input', {type: 'checkbox', name: 'sound', checked: soundOn()});
    sound.addEventListener('change', () => setSound(sound.checked));
    replaceChildren(this.dialog, el('form', {method: 'dialog', class: 'options-form'},
      said(el('h2', {id: 'options-title'}), () => t('options.title')),
      el('label', {class: 'field check'}, symbols, said(el('span'), () => t('options.symbols'))),
      el('label', {class: 'field check'}, sound, said(el('span'), () => t('options.sound'))),
      field('options.palette', choice('palette', PALETTE_NAMES, (name) => t(`options.palette.${name}`))),
      field('options.theme', choice('theme', THEMES, (name) => t(`options.theme.${name}`))),
      field('options.language', choice('language', LANGUAGES, (code) => LANGUAGE_NAMES[code])),
      el('div', {class: 'dialog-actions'},
        said(el('button', {type: 'submit', class: 'primary'}), () => t('nav.close')))));
    if (!this.dialog.open) this.dialog.showModal();
    this.dialog.querySelector('input, select')?.focus();
  }
}
