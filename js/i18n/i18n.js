// Every text of the page comes from one catalog per language (js/i18n/<code>.js);
// adding a language is adding its catalog file and its line in CATALOGS below. Only the
// catalog of the language shown is fetched (English always: every text falls back to
// it), another when the page first shows it (setLanguage; docs/boot.md "A first visit");
// the service worker saves them all for offline play from the second visit on (sw.js LATER:
// chosen offline before that, main.js's applySettings says so). Code asks
// t('key', {params}); static markup carries data-i18n="key" (textContent) and
// data-i18n-attr="attribute:key;attribute:key" and is filled by translate().
// What the engine, the worker or the storage refuse comes as a problem {code, params,
// message}: problemText() says it in the current language (texts 'problem.<code>').
//
// A text is a string with {name} placeholders, or an object of forms: {one, other, ...}
// picked by Intl.PluralRules on params.count, or {you, other} picked by params.you (the
// second person, for the player the page calls "you"; see names.js's person) with an
// optional {team} picked by params.team (a side of two players, in the plural).

import en from './en.js';

// Each language: its name (the choice of language shows it before its catalog is
// fetched) and its catalog, imported when first shown.
const CATALOGS = {
  nl: {name: 'Nederlands', load: () => import('./nl.js')},
  en: {name: en.name, load: async () => ({default: en})},
};
const LOADED = new Map([['en', en]]); // code -> catalog
const loading = new Map(); // code -> Promise of its catalog

export const LANGUAGES = Object.keys(CATALOGS);
export const LANGUAGE_NAMES = Object.fromEntries(LANGUAGES.map((code) => [code, CATALOGS[code].name]));

/** The rules page's texts in the current language (rules.js). */
export function rulesTexts() {
  return (LOADED.get(current) ?? en).rules;
}

/** Whether the catalog of `code` is here (setLanguage shows it at once). */
export const hasLanguage = (code) => LOADED.has(code);

/** The catalog of `code` fetched, once (a language the page has not shown yet). */
export function loadLanguage(code) {
  if (!LANGUAGES.includes(code)) return Promise.resolve();
  if (!loading.has(code)) {
    loading.set(code, CATALOGS[code].load().then((module) => { LOADED.set(code, module.default); },
                                                  (error) => { loading.delete(code); throw error; }));
  }
  return loading.get(code);
}

let current = 'en';
const listeners = new Set();

/** The browser's preferred language among ours (Dutch for nl-*, else English). */
export function browserLanguage() {
  for (const tag of navigator.languages || [navigator.language || '']) {
    const base = String(tag).toLowerCase().split('-')[0];
    if (LANGUAGES.includes(base)) return base;
  }
  return 'en';
}

export function language() {
  return current;
}

/** Show the page in language `code`: at once when its catalog is here, else once it is
 *  fetched (the page stays in its language meanwhile, and if it cannot be). The
 *  listeners are told (onLanguageChange). */
export async function setLanguage(code) {
  if (!LANGUAGES.includes(code)) return;
  if (!LOADED.has(code)) {
    try {
      await loadLanguage(code);
    } catch {
      return; // offline before it was ever saved: the page stays as it is
    }
  }
  if (code === current) return;
  current = code;
  document.documentElement.lang = code;
  for (const listener of listeners) listener(code);
}

export function onLanguageChange(listener) {
  listeners.add(listener);
}

/** The text for `key` in the current language, with {name} placeholders filled;
 *  a param that is a problem ({code, params, message}) is said with problemText. */
export function t(key, params = {}) {
  const template = form(lookup(key) ?? key, params);
  return fill(template, params, (value) => isProblem(value) ? problemText(value) : String(value));
}

/** A text of the current language, else the English one (keys may come from data). */
function lookup(key) {
  for (const {texts} of [LOADED.get(current) ?? en, en]) if (Object.hasOwn(texts, key)) return texts[key];
  return undefined;
}

/** The form of a text these params ask for: the second person, a plural. */
function form(template, params) {
  let chosen = template;
  while (chosen !== null && typeof chosen === 'object') {
    if (Object.hasOwn(chosen, 'you')) {
      chosen = params.you ? chosen.you : params.team && Object.hasOwn(chosen, 'team') ? chosen.team : chosen.other;
    }
    else chosen = chosen[pluralRules().select(Number(params.count))] ?? chosen.other;
  }
  return chosen ?? '';
}

const rulesByLanguage = new Map();
function pluralRules() {
  if (!rulesByLanguage.has(current)) rulesByLanguage.set(current, new Intl.PluralRules(current));
  return rulesByLanguage.get(current);
}

function fill(template, params, show) {
  return template.replace(/\{(\w+)\}/g, (whole, name) => Object.hasOwn(params, name) ? show(params[name], name) : whole);
}

const isProblem = (value) => value !== null && typeof value === 'object' && !Array.isArray(value) &&
  (Object.hasOwn(value, 'code') || Object.hasOwn(value, 'message'));

/**
 * A problem in the current language: its code's text with its params (colors, seats
 * and turns counted from 1 as the page shows them), followed by the problem that
 * caused it. A code without a text falls back to the problem's own message.
 */
export function problemText(problem) {
  if (!isProblem(problem)) return problem === null || problem === undefined ? '' : String(problem);
  const key = `problem.${problem.code}`;
  const found = lookup(key);
  if (found === undefined) return problem.message ? String(problem.message) : t('problem.error');
  const params = problem.params && typeof problem.params === 'object' ? problem.params : {};
  const text = fill(form(found, params), params, (value, name) => shownParam(name, value));
  if (!text.endsWith(':')) return text;
  return isProblem(params.cause) ? `${text} ${problemText(params.cause)}` : `${text.slice(0, -1)}.`;
}

function shownParam(name, value) {
  const counted = /(^|_)color$|^seat$|^turn$/.test(name);
  if (counted && Number.isInteger(value)) return String(value + 1);
  if (Array.isArray(value)) {
    return value.map((item) => name === 'colors' && Number.isInteger(item) ? item + 1 : item).join(', ');
  }
  if (value === null || value === undefined) return '—';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** A calendar date YYYY-MM-DD as the page's language writes it ("Fri, 4 Dec 2026";
 *  without the year, "Fri, 4 Dec"; `numeric`, as a table's column on a phone has room
 *  for, "4-12-26"), that day whatever the time zone. */
export function dateText(date, withYear = true, numeric = false) {
  const [year, month, day] = date.split('-').map(Number);
  return dateFormat(withYear, numeric).format(new Date(Date.UTC(year, month - 1, day)));
}

// A formatter is made once a language (making one costs far more than using it: a
// player's page writes hundreds of dates)
const dateFormats = new Map();
function dateFormat(withYear, numeric) {
  const key = `${current} ${withYear} ${numeric}`;
  if (!dateFormats.has(key)) {
    dateFormats.set(key, new Intl.DateTimeFormat(current, {...(numeric ? {month: 'numeric'} : {weekday: 'short', month: 'short'}),
                                                           day: 'numeric', timeZone: 'UTC', ...(withYear ? {year: numeric ? '2-digit' : 'numeric'} : {})}));
  }
  return dateFormats.get(key);
}

/** A variant's name in the current language (`variant.<id>.name`); an id no catalog
 *  knows (from a link, stored data) as it is. */
export function variantName(id) {
  const key = `variant.${id}.name`;
  return lookup(key) === undefined ? String(id) : t(key);
}

/** A variant's one-sentence summary in the current language ('' for an id no catalog knows). */
export function variantSummary(id) {
  const key = `variant.${id}.summary`;
  return lookup(key) === undefined ? '' : t(key);
}

/** Fill data-i18n / data-i18n-attr elements under root. */
export function translate(root = document) {
  for (const node of root.querySelectorAll('[data-i18n]')) {
    node.textContent = t(node.dataset.i18n);
  }
  for (const node of root.querySelectorAll('[data-i18n-attr]')) {
    for (const pair of node.dataset.i18nAttr.split(';')) {
      const [attribute, key] = pair.split(':');
      if (attribute && key) node.setAttribute(attribute.trim(), t(key.trim()));
    }
  }
}
