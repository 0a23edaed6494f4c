// Game parameters in a URL: embed.html's query string and a shared link's hash
// (index.html#variant=classic&seed=123&moves=5-31402). The engine checks what only it
// knows (the moves, by replaying them); here the syntax, and practice's shapes and sizes
// against the engine's catalog once it is read (practiceFromLink).
//
// Parameters (every one optional):
//   variant   a variant id (quick, classic, hex, vinco, diamonds, big, walls, treasure,
//             three, four, duos, practice)
//   seed      the board: a whole number 0..2147483647 (default: a new board each game)
//   shape, width, height, colors   practice only: a shape and sizes the catalog's practice
//             entry allows (square|hex|diamond, 5..41, 5..41, 3..9)
//   moves     the colors played so far: "<count>-<digits>", one digit per move, color 1
//             is 0 (the count tells a link cut short from a shorter game)
//   players   per seat, comma-separated: "human" or a computer level (beginner, greedy,
//             lookahead, master); default a person against the computer
//   level     the computer players' level when `players` is not given
//   match     1: a two-game match on the same board; 0: a single game (default)
//   clock     none | default | <minutes>+<seconds> (bank for the match + increment)
//   lang      nl | en;  theme  auto | light | dark;  palette  standard | okabe-ito
//   symbols   1 | 0;  sound  1 | 0
//   origin    (embed.html) the host page's origin, e.g. https://example.org: events are
//             posted to it only and commands are taken from it only

import {SETTING_CHOICES} from '../store/storage.js';

const PRACTICE_OPTIONS = ['shape', 'width', 'height', 'colors'];
const {theme: THEMES, palette: PALETTES} = SETTING_CHOICES; // the settings there are: the store's
const LANGUAGES = SETTING_CHOICES.language.filter((code) => code !== null);
const KNOWN = new Set(['variant', 'seed', 'shape', 'width', 'height', 'colors', 'moves', 'players',
  'level', 'match', 'clock', 'lang', 'theme', 'palette', 'symbols', 'sound', 'origin']);
const MAX_SEED = 2 ** 31 - 1;

/**
 * Read parameters (URLSearchParams). Returns {config, settings, moves, origin, errors}:
 * config holds only what was given (variant, seed, options, players, level, games,
 * clock); errors are [{key, params}] i18n messages; a wrong value is left out.
 */
export function parseGameParams(params, {embed = false} = {}) {
  const config = {};
  const settings = {};
  const errors = [];
  let moves = null;
  let origin = null;
  const bad = (name, value, key = 'launch.bad_value') => errors.push({key, params: {name, value: shorten(value)}});
  const oneOf = (name, values, apply) => {
    const value = params.get(name);
    if (value === null) return;
    if (values.includes(value)) apply(value);
    else bad(name, value, 'launch.bad_choice');
  };
  const flag = (name, apply) => oneOf(name, ['0', '1'], (value) => apply(value === '1'));
  const whole = (name, min, max, apply) => {
    const value = params.get(name);
    if (value === null) return;
    if (/^\d{1,10}$/.test(value) && Number(value) >= min && Number(value) <= max) apply(Number(value));
    else errors.push({key: 'launch.bad_number', params: {name, value: shorten(value), min, max}});
  };

  for (const name of params.keys()) {
    if (!KNOWN.has(name) || (name === 'origin' && !embed)) {
      errors.push({key: 'launch.unknown', params: {name: shorten(name)}});
    }
  }
  const variant = params.get('variant');
  if (variant !== null) {
    if (/^[a-z]{1,20}$/.test(variant)) config.variant = variant;
    else bad('variant', variant);
  }
  whole('seed', 0, MAX_SEED, (seed) => { config.seed = seed; });
  // practice's board, as written: checked against the catalog's practice (practiceFromLink)
  const practice = Object.fromEntries(PRACTICE_OPTIONS.filter((name) => params.get(name) !== null)
    .map((name) => [name, params.get(name)]));
  if (Object.keys(practice).length) {
    if ((config.variant ?? 'practice') === 'practice') {
      config.variant = 'practice';
      config.practice = practice;
    } else errors.push({key: 'launch.options_practice', params: {}});
  }
  const movesText = params.get('moves');
  if (movesText !== null) {
    const match = /^(\d{1,4})-([0-8]*)$/.exec(movesText);
    if (!match) errors.push({key: 'launch.bad_moves', params: {}});
    else if (Number(match[1]) !== match[2].length) {
      const longer = match[2].length > Number(match[1]);
      errors.push({key: longer ? 'launch.moves_extra' : 'launch.moves_cut', params: {count: Number(match[1]), found: match[2].length}});
    } else if (match[2].length) moves = [...match[2]].map(Number);
    if (moves && config.seed === undefined) {
      errors.push({key: 'launch.moves_need_seed', params: {}});
      moves = null;
    }
  }
  const players = params.get('players');
  if (players !== null) {
    const list = players.split(',');
    if (list.length >= 2 && list.length <= 4 && list.every((entry) => /^[a-z]{1,20}$/.test(entry))) {
      config.players = list;
    } else bad('players', players);
  }
  const level = params.get('level');
  if (level !== null) {
    if (/^[a-z]{1,20}$/.test(level)) config.level = level;
    else bad('level', level);
  }
  flag('match', (on) => { config.games = on ? 2 : 1; });
  const clock = params.get('clock');
  if (clock !== null) {
    const timed = /^(\d{1,3}(?:\.\d{1,2})?)[+ ](\d{1,3})$/.exec(clock); // "+" reads as a space in a query
    // the lobby's form of a clock (game.js clockSpec reads it)
    if (clock === 'none') config.clock = {mode: 'none', bankMinutes: 5, incrementSeconds: 3};
    else if (clock === 'default') config.clock = {mode: 'default', bankMinutes: 5, incrementSeconds: 3};
    else if (timed && Number(timed[1]) > 0) {
      config.clock = {mode: 'custom', bankMinutes: Number(timed[1]), incrementSeconds: Number(timed[2])};
    } else bad('clock', clock);
  }
  oneOf('lang', LANGUAGES, (value) => { settings.language = value; });
  oneOf('theme', THEMES, (value) => { settings.theme = value; });
  oneOf('palette', PALETTES, (value) => { settings.palette = value; });
  flag('symbols', (on) => { settings.symbols = on; });
  flag('sound', (on) => { settings.sound = on; });
  const originText = params.get('origin');
  if (originText !== null && embed) {
    let parsed = null;
    try {
      parsed = new URL(originText).origin;
    } catch {
      parsed = null;
    }
    if (parsed && parsed !== 'null' && parsed === originText.replace(/\/$/, '')) origin = parsed;
    else bad('origin', originText);
  }
  return {config, settings, moves, origin, errors};
}

/**
 * A link's practice board (parseGameParams' config.practice: the values as written)
 * against the engine's catalog entry of practice (its `shapes` and `sizes`): {options,
 * errors}, a wrong value left out (the practice default stands) with its message.
 */
export function practiceFromLink(practice, entry) {
  const options = {};
  const errors = [];
  const shape = practice.shape;
  if (shape !== undefined) {
    if (entry.shapes.includes(shape)) options.shape = shape;
    else errors.push({key: 'launch.bad_choice', params: {name: 'shape', value: shorten(shape)}});
  }
  for (const name of ['width', 'height', 'colors']) {
    const value = practice[name];
    if (value === undefined) continue;
    const [min, max] = entry.sizes[name];
    if (/^\d{1,10}$/.test(value) && Number(value) >= min && Number(value) <= max) options[name] = Number(value);
    else errors.push({key: 'launch.bad_number', params: {name, value: shorten(value), min, max}});
  }
  return {options, errors};
}

function shorten(value) {
  const text = String(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/** Moves as a link parameter: "<count>-<digits>". */
export function movesParam(moves) {
  return `${moves.length}-${moves.join('')}`;
}

/**
 * A link to the site (index.html) that opens the same board: variant, seed, practice
 * options and, if asked, the moves so far.
 */
export function shareLink(table, {withMoves = true} = {}) {
  // the moves: from the engine's record of a single game (a match's second game is
  // played from other corners, so its moves would not fit a plain link)
  const layout = table.layout;
  const params = new URLSearchParams();
  params.set('variant', layout.variant ?? table.config.variant);
  params.set('seed', String(layout.seed ?? table.config.seed));
  if ((layout.variant ?? table.config.variant) === 'practice') {
    const options = layout.options || table.config.options || {};
    for (const name of ['shape', 'width', 'height', 'colors']) {
      if (options[name] !== undefined) params.set(name, String(options[name]));
    }
  }
  const events = table.snapshot?.record?.events;
  const single = (layout.games ?? 1) === 1 || (table.snapshot?.game_index ?? 0) === 0;
  const moves = !single ? [] : events ? events.filter((event) => event[0] === 'move').map((event) => event[2])
    : table.moves || [];
  if (withMoves && moves.length && moves.every((color) => Number.isInteger(color))) {
    params.set('moves', movesParam(moves));
  }
  const url = new URL('./', location.href);
  url.hash = params.toString();
  return url.href;
}
