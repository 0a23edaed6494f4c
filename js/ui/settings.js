// Table options (theme, language, symbols, palette) and the sound. They are kept by the
// store (storage.js) with the rest of the player's data, so an export carries them; without
// storage (private mode, sandboxed frame) the store keeps them in memory. What the
// settings are, their defaults and the values each may take, is the store's
// (js/store/kinds/settings.js); the page adds the two defaults that are its own: the
// browser's language, and an embed's sound (sound.js).

import {browserLanguage} from '../i18n/i18n.js';
import {SETTING_CHOICES, checkSetting, openStorage} from '../store/storage.js';

export const THEMES = SETTING_CHOICES.theme;

let store = null;

/** Keep settings in the page's own store (main.js); otherwise one is opened here. */
export function keepSettingsIn(pageStore) {
  store = pageStore;
}

function settingsStore() {
  store ??= openStorage();
  return store;
}

/** The table's settings in force (the sound is sound.js's: soundOn). */
export function loadSettings() {
  const {sound, ...settings} = settingsStore().getSettings({language: browserLanguage()});
  return settings;
}

/** Store what differs from the settings in force, so a setting the player never
 * chose (the language still follows the browser) stays open for an import. A value the
 * store would refuse is left out. */
export function saveSettings(settings) {
  const kept = loadSettings();
  const changes = Object.keys(kept).filter((name) => settings[name] !== kept[name] && !checkSetting(name, settings[name]));
  if (changes.length) settingsStore().setSettings(Object.fromEntries(changes.map((name) => [name, settings[name]])));
}

/** Whether the sound is on: the player's choice, else `fallback` (the page's default). */
export function loadSound(fallback) {
  return settingsStore().getSettings({sound: fallback}).sound;
}

/** Keep the player's choice of sound. */
export function saveSound(on) {
  settingsStore().setSettings({sound: on});
}
