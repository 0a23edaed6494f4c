// Table options (theme, language, symbols, palette), kept in localStorage when it
// is there; without storage (private mode, sandboxed frame) they live in memory.

import {LANGUAGES, browserLanguage} from './i18n.js';
import {PALETTE_NAMES} from './palette.js';

const KEY = 'filler.settings';
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

export function loadSettings() {
  try {
    const stored = localStorage.getItem(KEY);
    return valid(stored ? JSON.parse(stored) : null);
  } catch {
    return defaultSettings();
  }
}

export function saveSettings(settings) {
  try {
    localStorage.setItem(KEY, JSON.stringify({version: 1, ...settings}));
  } catch {
    // storage unavailable or full: options still apply for this visit
  }
}

export {THEMES};
