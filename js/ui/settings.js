// Table options (theme, language, symbols, palette). They are kept by the store
// (storage.js) with the rest of the player's data, so an export carries them; without
// storage (private mode, sandboxed frame) the store keeps them in memory.

import {LANGUAGES, browserLanguage} from '../i18n/i18n.js';
import {PALETTE_NAMES} from './palette.js';
import {openStorage} from '../store/storage.js';

const THEMES = ['auto', 'light', 'dark'];

export function defaultSettings() {
  return {theme: 'auto', language: browserLanguage(), symbols: false, palette: 'standard'};
}

function valid(settings) {
  const result = defaultSettings();
  if (settings && typeof settings === 'object') {
    if (THEMES.includes(settings.theme)) result.theme = settings.theme;
    if (LANGUAGES.includes(settings.language)) result.language = settings.language;
    if (typeof settings.symbols === 'boolean') result.symbols = settings.symbols;
    if (PALETTE_NAMES.includes(settings.palette)) result.palette = settings.palette;
  }
  return result;
}

let store = null;

/** Keep settings in the page's own store (main.js); otherwise one is opened here. */
export function keepSettingsIn(pageStore) {
  store = pageStore;
}

function settingsStore() {
  store ??= openStorage();
  return store;
}

export function loadSettings() {
  return valid(settingsStore().getSettings());
}

/** Store what differs from the settings in force, so a setting the player never
 * chose (the language still follows the browser) stays open for an import. */
export function saveSettings(settings) {
  const kept = loadSettings();
  const changes = Object.entries(valid(settings)).filter(([key, value]) => kept[key] !== value);
  if (changes.length) settingsStore().setSettings(Object.fromEntries(changes));
}

export {THEMES};
