// The player's settings: "filler:settings" = {version, settings: {name: value}}, only what
// the player chose (a setting never chosen takes its default, so an import may still
// bring it). This module is the one owner of what the settings are: their defaults and
// the values each may take (SETTING_CHOICES); the page's options (js/ui/settings.js,
// options.js, sound.js) and a link's parameters (js/flows/share.js) read them here.
//
// Two defaults depend on the page, and the page passes them in (getSettings(pageDefaults)
// in storage.js): the language (null here: the browser's, i18n's browserLanguage) and
// the sound (on; an embed starts without it).

import { PREFIX, SCHEMA_VERSION } from "../keys.js";
import { StoreProblem, isObject, notObject } from "../problems.js";

export const SETTINGS_KEY = PREFIX + "settings";

/** Each setting and the values it may take, its default first. */
export const SETTING_CHOICES = Object.freeze({
  language: Object.freeze([null, "nl", "en"]), // null: follow the browser (a catalog each, js/i18n/)
  theme: Object.freeze(["auto", "light", "dark"]),
  symbols: Object.freeze([false, true]),
  sound: Object.freeze([true, false]),
  palette: Object.freeze(["standard", "okabe-ito"]), // a palette each, js/ui/palette.js
});

export const DEFAULT_SETTINGS = Object.freeze(Object.fromEntries(
  Object.entries(SETTING_CHOICES).map(([name, choices]) => [name, choices[0]])));

/** The sound's choice as ui/sound.js kept it before the store did, under a key of its
 *  own ("1" on, "0" off): moved into the settings once when the store opens
 *  (storage.js), so that a player's choice is kept. */
export const OLD_SOUND_KEY = "filler.sound";

/** The sound setting that the old key's `raw` value was, or null when it is none. */
export function oldSound(raw) {
  return raw === "1" ? true : raw === "0" ? false : null;
}

/** null when `value` is one `name` may take, else why not. A setting this version does
 *  not know (a newer version's) may be any plain value. */
export function checkSetting(name, value) {
  const known = Object.hasOwn(SETTING_CHOICES, name); // "__proto__" is a name like any other
  const plain = value === null || ["string", "number", "boolean"].includes(typeof value);
  const fine = known ? SETTING_CHOICES[name].includes(value) : plain && name.length <= 40;
  if (fine) return null;
  const shown = String(JSON.stringify(value)).slice(0, 40);
  return new StoreProblem("setting", `${name.slice(0, 40)} cannot be ${shown}`, { key: name.slice(0, 40), value: shown });
}

/** The settings in force: the stored ones, else the page's defaults (`pageDefaults`:
 *  those that fit), else DEFAULT_SETTINGS. A stored null (the language: no choice) is no
 *  choice either. */
export function settingsInForce(stored, pageDefaults = {}) {
  const settings = { ...DEFAULT_SETTINGS };
  for (const [name, value] of Object.entries(isObject(pageDefaults) ? pageDefaults : {})) {
    if (Object.hasOwn(SETTING_CHOICES, name) && !checkSetting(name, value)) settings[name] = value;
  }
  for (const [name, value] of Object.entries(stored)) if (value !== null || !Object.hasOwn(settings, name)) settings[name] = value;
  return settings;
}

/** An import's settings merged into the stored ones: only the settings this site has,
 *  each checked, and only those not set here. The writes, or null (transfer.js). */
function plan(settings, { hooks }, report) {
  if (!isObject(settings)) {
    report.refused.push({ what: "settings", kind: "file", name: null, why: notObject("settings") });
    return null;
  }
  const stored = hooks.storedSettings();
  const changes = [];
  for (const [name, value] of Object.entries(settings)) {
    const what = `setting ${name.slice(0, 40)}`;
    // an import brings no unknown setting
    const problem = Object.hasOwn(DEFAULT_SETTINGS, name) ? checkSetting(name, value)
      : new StoreProblem("unknown_setting", "this site has no such setting");
    if (problem) report.refused.push({ what, kind: "setting", name: name.slice(0, 40), why: problem });
    else if (Object.hasOwn(stored, name)) report.unchanged.push({ what, kind: "setting", name, why: new StoreProblem("already_set", "already set here") });
    else {
      changes.push([name, value]);
      report.taken.push({ what, kind: "setting", name });
    }
  }
  // fromEntries defines each name as an own property: "__proto__" is a setting like any other
  return changes.length > 0 ? [[SETTINGS_KEY, { version: SCHEMA_VERSION, settings: { ...stored, ...Object.fromEntries(changes) } }]] : null;
}

export const settings = {
  name: "settings",
  key: SETTINGS_KEY,
  check: (value) => (isObject(value) && isObject(value.settings) ? null : notObject("settings")),
  // one by one: a bad setting is set aside on its own, the others stay
  entries: { field: "settings", object: true, check: ([name, value]) => checkSetting(name, value),
             same: (a, b) => a[0] === b[0], name: ([name]) => name.slice(0, 40) },
  migrations: {
    // version 0: the settings as a bare object
    0: (old) => {
      if (!isObject(old)) throw new Error("version 0 settings are not an object");
      return { version: 1, settings: { ...old } };
    },
  },
  exported: ({ hooks }) => hooks.storedSettings(),
  plan,
};
