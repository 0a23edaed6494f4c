// What a URL asks for: embed.html's parameters or a shared link's (a variant, a seed, the
// players, the moves of a game to replay...), read into the state before the first
// settings are applied (readLaunch); then (attachLaunch) the link's problems said in one
// notice, the shared game's replay with "Play this board", the default game when the
// engine refuses the URL's, and the `#rules` route. A mode's own link (#puzzle, #learn,
// #daily, a friend's) is that module's to read.

import {el, clear, replaceChildren, append, placeAfter} from '../ui/dom.js';
import {t} from '../i18n/i18n.js';
import {parseGameParams, practiceFromLink} from './share.js';
import {setSound, setSoundDefault} from '../ui/sound.js';
import {rulesHref} from '../ui/rules.js';

export const isEmbed = () => document.body.hasAttribute('data-embed');

const GAME_PARAMS = /(^|&)(variant|seed|moves)=/;

/** The URL's game parameters: an embed's in the query; the site's in the hash, or in
 *  the query as the embed writes them (the hash wins), so that a link written either
 *  way opens what it asks for. */
function launchParams() {
  if (isEmbed()) return new URLSearchParams(location.search);
  const hash = location.hash.slice(1);
  if (GAME_PARAMS.test(hash)) return new URLSearchParams(hash);
  const query = location.search.slice(1);
  return GAME_PARAMS.test(query) ? new URLSearchParams(query) : null;
}

/**
 * Read the URL's game parameters into `state` (settings and the first game's config).
 * Returns the launch: {errors, moves, origin, given, players, check(catalog)}.
 */
export function readLaunch(state) {
  const params = launchParams();
  // given: the page opens what the URL asks for (an embed never resumes the site's match)
  const launch = {errors: [], moves: null, origin: null, given: isEmbed(), check: () => {}};
  if (isEmbed()) setSoundDefault(false);
  if (!params) return launch;
  const parsed = parseGameParams(params, {embed: isEmbed()});
  launch.given = true;
  launch.errors = parsed.errors;
  launch.moves = parsed.moves;
  launch.origin = parsed.origin;
  const {sound, ...settings} = parsed.settings;
  Object.assign(state.settings, settings);
  if (sound !== undefined) setSound(sound, {keep: false});
  const {config} = parsed;
  const chosen = state.config;
  if (config.variant) {
    chosen.variant = config.variant;
    chosen.options = {};
  }
  if (config.seed !== undefined) chosen.seed = config.seed;
  if (config.games !== undefined) chosen.games = config.games;
  if (config.clock !== undefined) chosen.clock = config.clock;
  const seatOf = (entry) => (entry === 'human' ? {kind: 'human', name: ''}
    : {kind: 'computer', name: '', level: entry});
  launch.players = Boolean(config.players); // a shared game's replay names its seats only then
  if (config.players) chosen.seats = config.players.map(seatOf);
  else if (config.level) chosen.seats = chosen.seats.map((seat) => (seat.kind === 'computer' ? {...seat, level: config.level} : seat));
  if (!isEmbed()) { // a reload is a normal visit: the game's parameters go, hash and query
    const query = GAME_PARAMS.test(location.search.slice(1)) ? '' : location.search;
    // a hash of another link (#daily=…) is that link's to read and to drop
    const hash = GAME_PARAMS.test(location.hash.slice(1)) ? '' : location.hash;
    history.replaceState(null, '', location.pathname + query + hash);
  }

  launch.check = (catalog) => {
    chosen.variant ??= catalog.firstGame?.variant ?? null; // none given: the engine's first game
    const variant = catalog.variants.find((entry) => entry.id === chosen.variant);
    if (!variant) {
      launch.errors.push({key: 'launch.unknown_variant', params: {value: chosen.variant}});
      chosen.variant = catalog.firstGame?.variant ?? null;
      chosen.options = {};
      chosen.seed = null;
      launch.moves = null;
    }
    if (variant && config.practice) { // practice's board: as the engine's catalog allows it
      const {options, errors} = practiceFromLink(config.practice, variant);
      chosen.options = options;
      launch.errors.push(...errors);
    }
    const seats = variant?.seats ?? 2;
    const levels = catalog.levels;
    // a computer seat's level null is the default level
    const unknownLevel = (seat) => seat.kind === 'computer' && seat.level !== null && seat.level !== undefined
      && !levels.includes(seat.level);
    const wrong = chosen.seats.find(unknownLevel);
    if (wrong) {
      launch.errors.push({key: 'launch.unknown_level', params: {value: wrong.level, levels: levels.join(', ')}});
      for (const seat of chosen.seats) if (unknownLevel(seat)) seat.level = null;
    }
    if (chosen.seats.length !== seats) {
      if (config.players) launch.errors.push({key: 'launch.players_count', params: {count: seats}});
      const level = config.level && levels.includes(config.level) ? config.level : null;
      const fitted = chosen.seats.slice(0, seats);
      while (fitted.length < seats) fitted.push({kind: 'computer', name: '', level});
      chosen.seats = fitted;
    }
    launch.changed?.();
  };
  return launch;
}

// ---- the page's parts ---------------------------------------------------------------

/** The launch's parts of the page, once the table exists (main.js). */
export function attachLaunch(app, launch) {
  const {state} = app;
  const slot = document.getElementById('boot-slot');
  // the link's problems as a notice like the table's others (notices.js), one line
  const message = el('div', {class: 'launch-message', role: 'alert', hidden: true});
  const replayBar = el('nav', {class: 'shared-replay', hidden: true});
  placeAfter(slot, message, replayBar);
  let replay = null; // {config}: a shared game shown in the table's replay

  const drawMessage = () => {
    message.hidden = !launch.errors.length;
    clear(message);
    if (!launch.errors.length) return;
    append(message, el('div', {class: 'notice', dataset: {kind: 'launch'}},
      el('div', {class: 'launch-text'}, el('span', {class: 'launch-title', text: t('launch.title')}), ' ',
        el('ul', {}, launch.errors.map(({key, params}) => el('li', {text: t(key, params)})))),
      el('button', {type: 'button', class: 'link', text: t('notice.dismiss'), dataset: {action: 'dismiss-message'},
                    onclick: () => { launch.errors = []; drawMessage(); }})));
  };
  launch.changed = drawMessage;

  // -- the shared link's moves: checked by the engine replaying them, then shown in the
  //    table's replay (step by step, read-only); "play this board" starts it afresh
  function drawReplay() {
    replayBar.hidden = !replay || !state.table?.replay?.shared;
    if (replayBar.hidden) return;
    replaceChildren(replayBar,
      el('span', {class: 'shared-replay-title', text: t('shared.title')}),
      el('button', {type: 'button', class: 'primary', dataset: {action: 'play-board'},
                    text: t('shared.play'), onclick: () => playBoard()}));
    replayBar.setAttribute('aria-label', t('shared.title'));
  }
  function playBoard() {
    const config = {...replay.config};
    replay = null;
    drawReplay();
    app.startGame(config);
  }
  let replayChecked = !launch.moves;
  async function checkReplay() {
    replayChecked = true;
    if (!launch.moves) return;
    const config = structuredClone(state.config);
    // who played is what the link says; without `players`, two people (shown "Player 1", "Player 2")
    const seats = config.seats.map((seat) => (launch.players ? {kind: seat.kind, name: seat.name || '', level: seat.level ?? null}
      : {kind: 'human', name: '', level: null}));
    const params = {variant: config.variant, seed: config.seed, seats, games: 1,
                    ...(config.variant === 'practice' ? {options: config.options} : {}), moves: launch.moves};
    let record;
    try {
      const opened = await app.request('new_game', params);
      record = await app.request('record', {table_id: opened.table_id});
      app.request('close', {table_id: opened.table_id}).catch(() => {});
    } catch (error) {
      const key = error.type === 'IllegalMove' ? 'launch.moves_illegal' : 'launch.moves_invalid';
      launch.errors.push({key, params: {message: error.problem ?? error.message}});
      drawMessage();
      return;
    }
    replay = {config};
    const total = record.events.length;
    await app.showReplay({id: null, saved: {...record, players: seats}, total, shared: true}, total);
    drawReplay();
  }

  // once the engine has a table: the shared game's moves checked (once)
  const engineTable = (current) => Boolean(current.table && current.table.tableId !== null
                                           && current.engine.status === 'ready');
  const check = (current) => {
    if (!replayChecked && engineTable(current)) checkReplay();
  };
  app.snapshotListeners.add(check);
  let language = null;
  app.drawListeners.add((current) => {
    if (current.settings.language !== language) {
      language = current.settings.language;
      drawMessage();
    }
    drawReplay();
    check(current);
  });

  // the engine refused the URL's game (a practice size out of range...): say so, and
  // start the default game instead of leaving the page without a board
  let refused = false;
  app.noTable = (error) => {
    if (refused || !launch.given || state.table) return;
    refused = true;
    launch.errors.push({key: 'launch.refused', params: {message: error.problem ?? (error.message || String(error))}});
    drawMessage();
    app.startGame({...state.config, variant: null, options: {}, seed: null}); // the engine's first game
  };

  // a shared link pasted into this tab changes only the hash: open it as a new visit
  window.addEventListener('hashchange', () => {
    if (launchParams()) location.reload();
    else openRulesRoute();
  });
  openRulesRoute();
  drawMessage();
}

/** `#rules` or `#rules/<variant>` (the lobby's rules link): the rules page. */
function openRulesRoute() {
  const route = /^#rules(?:\/([a-z]+))?$/.exec(location.hash);
  if (route) location.assign(rulesHref(route[1] || ''));
}
