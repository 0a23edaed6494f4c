// Around the table: what a URL asks for (embed.html parameters, a shared link), the
// embed's events and commands, the shared game's replay, the "copy link" button, the
// screen-reader announcements and board summary, and the sounds. main.js calls
// readLaunch(state) before the first settings are applied and attachAround(app, launch)
// once the table exists; everything else runs from app.drawListeners (after each draw).

import {el, clear, replaceChildren, setAttr, append, placeAfter} from '../ui/dom.js';
import {t, pick} from '../i18n/i18n.js';
import {parseGameParams, shareLink} from './share.js';
import {EmbedChannel} from './embed.js';
import {announce} from '../ui/announce.js';
import {moveSound, gameEndSound, lowTimeSound, setSound, setSoundDefault} from '../ui/sound.js';
import {playerName, sideName, person, sideParams} from '../ui/table.js';
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
    chosen.options = config.options || {};
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

export function attachAround(app, launch) {
  const {state} = app;
  const slot = document.getElementById('boot-slot');
  // the link's problems as a notice like the table's others (notices.js), one line
  const message = el('div', {class: 'launch-message', role: 'alert', hidden: true});
  const replayBar = el('nav', {class: 'shared-replay', hidden: true});
  placeAfter(slot, message, replayBar);
  const summary = el('p', {class: 'sr-only', id: 'board-summary'});
  const shareBox = el('div', {class: 'share-box'});
  let channel = null;
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

  // -- embed: events, commands, what is not kept
  if (isEmbed()) {
    channel = new EmbedChannel({origin: launch.origin, handlers: {
      newGame: (payload) => {
        const seed = Number.isInteger(payload.seed) && payload.seed >= 0 ? payload.seed : null;
        const variant = state.catalog.variants.some((entry) => entry.id === payload.variant) ? payload.variant : null;
        const config = {...state.config, seed};
        if (variant && variant !== config.variant) {
          config.variant = variant;
          config.options = {};
        }
        app.startGame(config);
      },
      setTheme: (theme) => {
        if (['auto', 'light', 'dark'].includes(theme)) { state.settings.theme = theme; app.applySettings(); }
      },
      setLanguage: (code) => {
        if (['nl', 'en'].includes(code)) { state.settings.language = code; app.applySettings(); }
      },
      setSymbols: (on) => {
        if (typeof on === 'boolean') { state.settings.symbols = on; app.applySettings(); }
      },
    }});
  }
  // (no offline mode in a frame on another site is expected there, so it is not said)

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

  // -- "copy link": at the table and after a game
  function copyButton(place) {
    return el('button', {type: 'button', class: 'share-button', dataset: {action: 'copy-link', place},
                         text: t('share.copy'), onclick: () => copyLink()});
  }
  const tableShare = copyButton('table');
  append(shareBox, tableShare);
  let shownLink = null; // the table and state whose link is shown: a later one hides it
  function forgetStaleLink(table) {
    if (shownLink === null || shownLink === `${table.tableId}:${table.snapshot.state_id}`) return;
    shownLink = null;
    replaceChildren(shareBox, tableShare);
  }
  async function copyLink() {
    const table = state.table;
    if (!table || table.tableId === null) return;
    const link = shareLink(table);
    let copied = false;
    try {
      await navigator.clipboard.writeText(link);
      copied = true;
    } catch {
      copied = false; // no clipboard here (an iframe without the permission): the link shows
    }
    shownLink = `${table.tableId}:${table.snapshot.state_id}`;
    const input = el('input', {type: 'text', readonly: true, class: 'share-link', value: link,
                               'aria-label': t('share.link_label')});
    replaceChildren(shareBox, tableShare, input,
      el('span', {class: 'share-status', role: 'status', text: t(copied ? 'share.copied' : 'share.select')}));
    input.addEventListener('focus', () => input.select());
    if (!copied) input.focus();
  }

  // -- diffs after each draw: events, announcements, sounds, summary
  const seen = {tableId: null, stateId: 0, gameKey: null, matchKey: null, ready: false,
                previous: null, language: null, endedTable: null, ended: new Set()};
  app.drawListeners.add((current) => {
    if (current.settings.language !== seen.language) {
      seen.language = current.settings.language;
      drawMessage();
      tableShare.textContent = t('share.copy');
    }
    drawReplay();
    if (!current.table) return;
    placeParts(current.table);
    forgetStaleLink(current.table);
    observe(current);
    drawSummary(current, current.table, current.table.snapshot);
    lowTime(current.table, current.table.snapshot);
  });
  app.snapshotListeners.add(observe);

  /** Events, announcements and sounds for a table's new state (once per state). */
  function observe(current) {
    const table = current.table;
    if (!table || table.tableId === null || current.engine.status !== 'ready') return;
    if (!replayChecked) checkReplay();
    const snapshot = table.snapshot;
    if (!seen.ready) {
      seen.ready = true;
      channel?.post('ready', {variant: table.layout.variant, seed: table.layout.seed});
    }
    const gameIndex = snapshot.game_index ?? 0;
    const gameKey = `${table.tableId}:${gameIndex}`;
    if (seen.endedTable !== table.tableId) {
      // games of this table ended before the page saw it (a resumed match) are not news
      seen.endedTable = table.tableId;
      seen.ended = new Set(Array.from({length: gameIndex}, (_, index) => index));
    }
    // Every game end is posted, also one no state of the page showed: with computers
    // in every seat the next game starts at once, so the state that ends a game
    // arrives already in the next one.
    (snapshot.match?.game_results ?? []).forEach((result, index) => {
      if (index < gameIndex && !seen.ended.has(index)) {
        seen.ended.add(index);
        channel?.post('gameEnded', gameEnd(result, index));
      }
    });
    if (gameKey !== seen.gameKey) {
      seen.gameKey = gameKey;
      seen.previous = snapshot;
      seen.stateId = snapshot.state_id;
      channel?.post('gameStarted', {
        variant: table.layout.variant, seed: table.layout.seed, options: table.layout.options || {},
        players: table.players.map((player) => ({kind: player.kind, level: player.level ?? null})),
        games: table.layout.games ?? 1, gameIndex: snapshot.game_index ?? 0,
      });
    } else if (snapshot.state_id !== seen.stateId) {
      const previous = seen.previous;
      seen.previous = snapshot;
      seen.stateId = snapshot.state_id;
      moved(table, previous, snapshot);
    }
    if (snapshot.over && !seen.ended.has(gameIndex)) {
      seen.ended.add(gameIndex);
      ended(table, snapshot);
    }
    const match = snapshot.match;
    if (match?.over && (match.games ?? 1) > 1 && seen.matchKey !== table.tableId) {
      seen.matchKey = table.tableId;
      channel?.post('matchEnded', {outcome: match.outcome, points: match.points, totals: match.totals});
    }
  }

  // a person's running clock turns low (table.js marks it data-low): one alarm per game
  const alarmed = new Set();
  function lowTime(table, snapshot) {
    const clock = document.querySelector('.seat[data-seat] .clock[data-low][data-running]');
    const seat = clock?.closest('.seat')?.dataset.seat;
    if (seat === undefined || table.players[Number(seat)]?.kind !== 'human') return;
    const key = `${table.tableId}:${snapshot.game_index ?? 0}:${seat}`;
    if (alarmed.has(key)) return;
    alarmed.add(key);
    lowTimeSound();
    announce(() => t('announce.low_time', person(table.players, Number(seat))));
  }

  function scoresText(table, snapshot) {
    return snapshot.sides.map((side) => `${sideName(table.players, side.seats)} ${side.score}`).join(', ');
  }

  function moved(table, previous, snapshot) {
    const last = snapshot.last_move;
    if (!last || snapshot.move_number <= previous.move_number) {
      if (snapshot.move_number < previous.move_number) announce(() => t('announce.undo', {scores: scoresText(table, snapshot)}));
      return;
    }
    const captured = last.cells.length;
    const enclosed = previous.previews?.[last.color]?.enclosure?.length ?? 0;
    const takes = () => (captured === 0 ? t('announce.nothing')
      : enclosed ? t('announce.takes_enclosed', {count: captured, enclosed})
      : t('announce.takes', {count: captured}));
    announce(() => `${t('announce.move', {...person(table.players, last.seat), number: last.color + 1})} ${takes()} `
                   + t('announce.score', {scores: scoresText(table, snapshot)}));
    moveSound(captured, table.players[last.seat]?.kind === 'human');
    channel?.post('move', {seat: last.seat, color: last.color, moveNumber: snapshot.move_number, captured,
                           scores: snapshot.sides.map((side) => side.score)});
  }

  function ended(table, snapshot) {
    const winners = snapshot.winning_sides;
    const headline = () => (winners.length === 1
      ? t('over.winner', sideParams(table.players, snapshot.sides[winners[0]].seats)) : t('over.draw'));
    announce(() => `${headline()} ${t('announce.score', {scores: scoresText(table, snapshot)})}`);
    const humanWon = winners.some((side) => snapshot.sides[side].seats.some((seat) => table.players[seat]?.kind === 'human'));
    gameEndSound(humanWon);
    channel?.post('gameEnded', {winners, scores: snapshot.sides.map((side) => side.score),
                                reason: snapshot.end_reason, gameIndex: snapshot.game_index ?? 0});
  }

  /** gameEnded's payload from the match's result of game `index` (a draw: no winners). */
  function gameEnd(result, index) {
    const sides = Object.keys(result.points).map(Number).sort((a, b) => a - b);
    const top = Math.max(...sides.map((side) => result.points[side]));
    const winners = sides.filter((side) => result.points[side] === top);
    return {winners: winners.length === sides.length ? [] : winners,
            scores: sides.map((side) => result.values[side]), reason: result.end_reason, gameIndex: index};
  }

  function placeParts(table) {
    const footer = document.querySelector('.table-footer');
    if (footer && shareBox.parentNode !== footer) append(footer, shareBox);
    // a friend's table has its own link to send (friend.js): a second "Copy link" would send a replay;
    // a mode may say no (modes.js linkable: a puzzle has its own link, a day's result is sent without its moves)
    const linkable = app.modes.linkable(table);
    shareBox.hidden = table.tableId === null || !linkable || Boolean(table.friend && !table.snapshot.match?.over);
    const overActions = document.querySelector('.over-panel:not([hidden]) .over-actions');
    if (overActions && linkable && !overActions.querySelector('.share-button')) append(overActions, copyButton('over'));
    const wrap = document.querySelector('.board-wrap');
    if (wrap && summary.parentNode !== wrap.parentNode) placeAfter(wrap, summary);
    const board = wrap?.querySelector('svg.board');
    if (board) setAttr(board, 'aria-describedby', 'board-summary');
  }

  let summaryKey = null;
  function drawSummary(current, table, snapshot) {
    const key = `${table.tableId}:${snapshot.state_id}:${current.settings.language}`;
    if (key === summaryKey) return;
    summaryKey = key;
    const {layout} = table;
    const variant = current.catalog.variants.find((entry) => entry.id === layout.variant);
    const owners = snapshot.cell_owners;
    const free = [...owners].filter((owner) => owner === '.').length;
    const dead = [...owners].filter((owner) => owner === 'x').length;
    const players = snapshot.players.map((player) => t('summary.player', {
      name: playerName(table.players, player.seat), color: player.color + 1, count: player.score}));
    summary.textContent = [
      t('summary.board', {variant: variant ? pick(variant.name) : table.boardName?.() ?? layout.variant, width: layout.width,
                          height: layout.height, shape: t(`lobby.shape.${layout.shape}`)}),
      players.join('; ') + '.',
      t('summary.free', {count: free, dead}),
      t('summary.needed', {count: snapshot.needed_to_win}),
    ].join(' ');
  }

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
