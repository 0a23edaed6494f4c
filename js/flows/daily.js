// The board of the day (docs/daily.md): one board a calendar day, the same for everyone,
// a two-game match on quick against the master of the day, whose moves the engine
// bounds by nodes (filler.daily), so every device meets the same opponent.
//
// Which day it is is the player's local date (localDate). The engine checks a date
// (daily_day: malformed, before the first board, after today) and opens the day's
// match (daily_open); the table is a match like any other (game.js, saved.js: saved
// after every move, resumed after a reload), marked `table.daily` = {date, number,
// kind}, kind 'counted' (the first try of its day, begun on that day: it counts for the
// streak), 'late' (the first try of a past day: kept, not in the streak) or 'replay'
// (any later try: not kept in the history). The history and the streak are the store's
// (store.getDaily, startDaily, finishDaily; js/store/kinds/daily.js).
//
// At the end: the result to send, plain text (shareText: the day, the result, the
// cells, the final board in colored squares, the link), by the share sheet or the
// clipboard. A link `#daily=YYYY-MM-DD` opens that day's board. A mode of the table
// (modes.js): its tables are those of a day's match (claims), whoever opened them.

import {el, replaceChildren, append, placeAfter} from '../ui/dom.js';
import {t, dateText, problemText} from '../i18n/i18n.js';
import {EMOJI} from '../ui/palette.js';
import {dailyStreak, dayOf, daysBy, isDate, isLate, localDate, newMatchId} from '../store/storage.js';

const LINK = /^#daily=(.*)$/;
const HISTORY_SHOWN = 14; // the newest days in the panel

/** The date a URL's hash asks for (as written: the engine checks it), or null. */
export function dailyFromLink(hash = location.hash) {
  const match = LINK.exec(hash);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]).slice(0, 40);
  } catch {
    return match[1].slice(0, 40); // malformed: said as a wrong date
  }
}

/** The link that opens the board of `date`: this page with `#daily=<date>`. */
export function dailyLink(date) {
  return `${location.origin}${location.pathname}#daily=${date}`;
}

/** A day's board at the end as rows of square emoji, one a cell (palette: its colors'). */
export function boardPicture(final, palette = 'standard') {
  const squares = Object.hasOwn(EMOJI, palette) ? EMOJI[palette] : EMOJI.standard;
  const cells = [...final.colors].map((color, cell) => {
    const owner = final.owners[cell];
    if (owner === 'x' || owner === '#' || color === '#' || color === '*') return EMOJI.none;
    return squares[Number(color)] ?? EMOJI.none;
  });
  const rows = [];
  for (let start = 0; start < cells.length; start += final.width) rows.push(cells.slice(start, start + final.width).join(''));
  return rows.join('\n');
}

/** Points as a match shows them: 1½ for a half. */
const points = (value) => (Number.isInteger(value) ? String(value) : `${Math.floor(value)}½`.replace(/^0½$/, '½'));

/** The result in one line, from the player's side: "Won 2–0 against the master · 61–51 cells". */
export function resultLine(result) {
  const line = t(`daily.result.${result.outcome}`, {you: points(result.points[0]), master: points(result.points[1])});
  const cells = t('daily.result.cells', {you: result.totals[0], master: result.totals[1]});
  const how = ['resign', 'timeout', 'cells'].includes(result.kind) ? ` ${t(`daily.result.kind.${result.kind}`)}` : '';
  return `${line}${how} · ${cells}`;
}

/** The text to send: the day, the result and cells, the board picture, the link. No move in it. */
export function shareText({date, number, kind, result, final, palette}) {
  const mark = kind === 'counted' ? '' : ` · ${t(`daily.share.${kind}`)}`;
  return [`${t('daily.share.title', {number, date: dateText(date)})}${mark}`, resultLine(result), boardPicture(final, palette),
          dailyLink(date)].join('\n');
}

/** A problem (the engine's, about a date) with its dates as the page's language writes
 *  them; a text that is no date stays as it was written. */
function datesShown(problem) {
  const params = Object.fromEntries(Object.entries(problem.params ?? {})
    .map(([name, value]) => [name, isDate(value) ? dateText(value) : value]));
  return {...problem, params};
}

/** A finished match's result from the player's (seat 0's) side, as the store keeps it. */
function resultOf(match) {
  const {winner, kind} = match.outcome;
  return {outcome: winner === 0 ? 'win' : winner === 1 ? 'loss' : 'draw', kind,
          points: [match.points[0], match.points[1]], totals: [match.totals[0], match.totals[1]]};
}

export function attachDaily(app, container) {
  const {state, store} = app;
  const bar = el('section', {class: 'mode-bar daily-bar', hidden: true});
  const panel = el('section', {class: 'mode-panel daily-panel', hidden: true, 'aria-labelledby': 'daily-title'});
  const share = el('section', {class: 'daily-share', hidden: true, 'aria-label': t('daily.share.label')});
  placeAfter(app.tableView.replayBar, bar); // right above the board
  append(container, panel);
  const button = document.getElementById('open-daily'); // none in an embed
  const badge = button?.querySelector('.daily-status');
  let drawn = null; // {key, stored}: what the panel shows (drawn again when it changes)

  const today = () => localDate();
  const days = () => store.getDaily().days;
  const isDaily = (table) => Boolean(table?.daily);
  const life = app.modes.register({name: 'daily', open, view, claims: isDaily, linkable: (table) => !isDaily(table), state: {
    message: null, // a problem ({code, params}) or a key: why a day did not open
    first: null, // the first day that has a board (the engine's, from daily_day)
    picked: '', // the date picker's value
    sent: null, // {key, status}: what Send or Copy did for the text shown
  }});
  const my = life.state;

  const link = dailyFromLink(); // the page was opened with a day's link
  if (link !== null) {
    history.replaceState(null, '', location.pathname + location.search); // a reload is a normal visit
    life.queue(link, {replay: false});
  }

  /**
   * Open the board of `date` (default today's). Its try begun already: resumed when
   * unfinished, shown at its end when finished; else a new try, the day's own (counted,
   * or late for a past day). `replay`: another try, which counts for nothing.
   */
  async function open(date = today(), {replay = false} = {}) {
    my.message = null;
    my.sent = null;
    const ticket = life.ask(date, {replay});
    if (ticket === null) return; // opened once the engine is up
    const now = today();
    // the engine's answer about this date, or null when it refused (said in the panel)
    const ask = (method) => app.request(method, {date, today: now}).catch((error) => {
      if (!life.late(ticket)) say(error.problem ?? {code: 'internal', message: error.message});
      return null;
    });
    const day = await ask('daily_day');
    if (!day || life.late(ticket)) return;
    my.first = day.first;
    const tried = dayOf(days(), date);
    const shown = state.table;
    if (tried && !replay && shown?.daily?.date === date && [shown.matchId, shown.replay?.id].includes(tried.match)) {
      app.changed(); // that try is at the table already
      return;
    }
    if (tried && !replay && tried.match && await showTry(tried)) return;
    const opened = await ask('daily_open');
    if (!opened || !life.keep(ticket, opened)) return;
    const table = life.table(opened, {variant: day.variant, seed: day.seed, games: day.games});
    table.matchId = newMatchId();
    const begun = tried ? {counted: false} : store.startDaily(date, {match: table.matchId, late: date !== now});
    table.daily = {date, number: day.number, kind: begun.ok === false || !begun.counted ? 'replay' : begun.day.late ? 'late' : 'counted'};
    if (begun.ok === false) my.message = 'daily.not_stored';
    app.setTable(table);
    app.saveTable(table);
    app.afterSnapshot(table);
    app.changed();
  }

  /** The day's try, begun before: resumed, or shown at its end. False when its match is
   *  no longer stored (deleted, or removed when storage was full). */
  async function showTry(tried) {
    const saved = store.loadMatch(tried.match);
    if (!saved?.daily) return false;
    if (saved.finished) await app.replayMatch(tried.match);
    else await app.resumeMatch(tried.match);
    return true;
  }

  function say(problem) {
    my.message = problem;
    app.changed();
  }

  /** The day's try ended (at its table, or its saved match shown at the end): its
   *  result and final board kept for the history, once (the store keeps the first). */
  function noteEnd(table) {
    const {snapshot, daily} = table;
    const match = snapshot.match;
    if (!daily || daily.kind === 'replay' || !match?.over || table.dailyNoted) return;
    if (table.replay && table.replay.step !== table.replay.total) return;
    table.dailyNoted = true;
    const final = {width: table.layout.width, colors: snapshot.cell_colors, owners: snapshot.cell_owners};
    const noted = store.finishDaily(daily.date, {match: table.matchId ?? table.replay?.id, result: resultOf(match), final});
    if (!noted.ok) my.message = 'daily.not_stored';
  }

  /** The safety stop cut the master's search short (filler.daily): its moves here may
   *  differ from another device's. Kept with the match (its `daily` mark). */
  function noteShortened(table) {
    const count = table.snapshot.daily?.shortened ?? 0;
    if (count <= (table.daily.shortened ?? 0)) return;
    table.daily = {...table.daily, shortened: count};
    app.saveTable(table);
  }

  /** The day whose own try, not finished, is the saved match `id` (the Matches tab asks
   *  before it deletes one): {date, text: the date in the page's language}, or null. */
  app.dayOfTry = (id) => {
    const day = days().find((entry) => entry.match === id && entry.result === null);
    return day ? {date: day.date, text: dateText(day.date)} : null;
  };

  /** The day's own try in the saved match `id` is deleted: the day is given up first,
   *  resigned and kept as lost (a day deleted and begun again would let a try be had
   *  over, knowing the master's answers: the first try is the one that counts). True
   *  when the match is no such try, or the day's end is kept. */
  app.giveUpDay = async (id) => {
    const day = app.dayOfTry(id);
    const saved = day && store.loadMatch(id);
    if (!saved) return true;
    try {
      const opened = await app.request('open_record', {record: saved, seats: saved.players, daily: day.date, paused: true});
      const ended = opened.state.match.over ? opened.state
        : await app.request('resign_match', {table_id: opened.table_id, state_id: opened.state.state_id, seat: 0});
      app.request('close', {table_id: opened.table_id}).catch(() => {});
      const final = {width: opened.layout.width, colors: ended.cell_colors, owners: ended.cell_owners};
      const noted = store.finishDaily(day.date, {match: id, result: resultOf(ended.match), final});
      app.changed();
      return noted.ok;
    } catch {
      return false; // the engine is not up, or refused: the match stays
    }
  };

  /** A day's table (table.js): "Play again" at the end of its match is the same day,
   *  as a replay, said so (the result to send is the day's first thing to do, not
   *  this); its match's moves are never sent as a link (linkable). */
  function view(table) {
    return {again: {text: t('daily.replay'), primary: false, play: () => open(table.daily.date, {replay: true})}};
  }

  button?.addEventListener('click', () => open());
  store.subscribe((event) => { // another tab played a day, an import merged some
    if (event.type === 'changed' && ['daily', 'all'].includes(event.what)) app.changed();
  });
  window.addEventListener('hashchange', () => { // a day's link pasted into this tab
    if (dailyFromLink() !== null) location.reload();
  });
  app.drawListeners.add(() => draw());

  // ---- drawing ------------------------------------------------------------------

  function draw() {
    const table = state.table;
    if (isDaily(table)) {
      noteShortened(table);
      noteEnd(table);
    }
    const stored = days();
    const now = today();
    const history = daysBy(stored, now);
    const daily = isDaily(table) ? {...table.daily, kind: kindOf(table, history)} : null;
    const ofToday = dayOf(history, now);
    drawButton(ofToday);
    const waiting = my.waiting;
    if (!daily && my.message === null && !waiting) {
      bar.hidden = panel.hidden = true;
      placeParts(false);
      drawn = null;
      return;
    }
    const over = Boolean(daily && table.snapshot.match?.over);
    placeParts(over);
    // the history is the store's until it changes (read once): compared as it is
    const key = JSON.stringify([state.settings.language, state.settings.palette, daily, over, table?.snapshot.state_id,
                                table?.replay?.step, now, my.message, waiting, my.sent, my.first, my.picked, state.engine.status]);
    if (drawn?.key === key && drawn.stored === stored) return;
    drawn = {key, stored};
    if (over) replaceChildren(share, ...shareParts(table, daily));
    bar.hidden = !daily;
    if (daily) {
      replaceChildren(bar, // one line: on a phone the board needs the height
        el('strong', {class: 'daily-name'}, el('span', {class: 'daily-bar-title', text: `${t('daily.title')} `}),
          t('daily.bar', {number: daily.number, date: dateText(daily.date, false)})),
        el('span', {class: 'daily-kind', dataset: {kind: daily.kind}, text: t(`daily.kind_short.${daily.kind}`)}));
    }
    panel.hidden = false;
    const focused = document.activeElement?.closest?.('.daily-panel') ? document.activeElement.dataset.focus : null;
    const {current, best, counted} = dailyStreak(history, now);
    replaceChildren(panel,
      el('div', {class: 'mode-head daily-head'},
        el('h2', {id: 'daily-title', text: t('daily.title')}),
        daily ? null : el('button', {type: 'button', dataset: {action: 'daily-close', focus: 'close'}, text: t('nav.close'),
                                     onclick: () => { my.message = null; my.waiting = null; app.changed(); }})),
      daily ? el('p', {class: 'daily-counts', dataset: {kind: daily.kind}, text: t(`daily.kind.${daily.kind}`)}) : null,
      daily?.shortened ? el('p', {class: 'daily-shortened', text: t('daily.shortened', {count: daily.shortened})}) : null,
      my.message !== null ? el('p', {class: 'daily-message', role: 'alert',
                                  text: typeof my.message === 'string' ? t(my.message) : problemText(datesShown(my.message))}) : null,
      waiting && my.message === null ? el('p', {class: 'daily-waiting', text: t('daily.waiting')}) : null,
      el('p', {class: 'daily-streak', dataset: {streak: String(current), best: String(best), counted: String(counted)},
               text: t('daily.streak', {count: current, best, played: counted})}),
      el('p', {class: 'daily-today', dataset: {today: ofToday ? (ofToday.result ? 'played' : 'started') : 'not-yet'}},
        todayText(ofToday)),
      el('div', {class: 'daily-actions'},
        daily && daily.date !== now ? el('button', {type: 'button', class: 'primary', dataset: {action: 'daily-today', focus: 'today'},
                                                   text: t('daily.open_today'), onclick: () => open(now)}) : null,
        // (at the end of a try, the result's own "Play it again" says it)
        daily && dayOf(history, daily.date)?.result && !(over && !table.replay)
          ? el('button', {type: 'button', dataset: {action: 'daily-replay', focus: 'replay'},
          text: t('daily.replay'), onclick: () => open(daily.date, {replay: true})}) : null),
      historyList(history, daily),
      picker(now));
    if (focused) [share, panel].map((part) => part.querySelector(`[data-focus="${focused}"]`)).find(Boolean)?.focus();
  }

  /** At the end the result to send is part of the result (table.js's over-panel), under
   *  the score, then the result's buttons, its chart, and the rest of the panel: on a
   *  wide screen the text to send and the buttons show without a scroll. Else the panel
   *  is the table's own, below the board (beside it on a wide screen). The over-panel is
   *  drawn anew now and then: they are put back each draw. */
  function placeParts(over) {
    const result = app.tableView.overPanel;
    const atEnd = over && !result.hidden;
    share.hidden = !atEnd;
    if (!atEnd) {
      if (panel.parentNode !== container) append(container, panel);
      return;
    }
    const chart = result.querySelector(':scope > .over-chart');
    const actions = result.querySelector(':scope > .over-actions');
    if (share.parentNode !== result || share.nextElementSibling !== actions) result.insertBefore(share, chart);
    if (actions && actions.nextElementSibling !== chart) result.insertBefore(actions, chart);
    if (panel.parentNode !== result || panel.nextElementSibling) append(result, panel);
  }

  function drawButton(ofToday) {
    if (!button || !badge) return;
    const status = ofToday ? (ofToday.result ? 'played' : 'started') : 'not-yet';
    if (badge.dataset.status === status && badge.dataset.language === state.settings.language) return;
    badge.dataset.status = status;
    badge.dataset.language = state.settings.language;
    badge.textContent = t(`daily.status.${status}`);
    badge.hidden = false; // the button's name is what it shows: "Board of the day" or "Today", and the status
  }

  function todayText(ofToday) {
    if (!ofToday) return t('daily.today.not_yet');
    if (!ofToday.result) return t('daily.today.started');
    return t('daily.today.played', {result: resultLine(ofToday.result)});
  }

  /** What the try at `table` is: the day's own ('counted', or 'late' when begun after its
   *  day) when the history keeps it as that day's try, else a 'replay', whatever its
   *  match's mark says. */
  function kindOf(table, history) {
    const day = dayOf(history, table.daily.date);
    if (table.daily.kind === 'replay' || !day || day.match !== (table.matchId ?? table.replay?.id)) return 'replay';
    return isLate(day) ? 'late' : 'counted';
  }

  /** The result to send: the text, "Send…" (the share sheet, where there is one) and "Copy" (its parts). */
  function shareParts(table, daily) {
    const {snapshot} = table;
    const text = shareText({date: daily.date, number: daily.number, kind: daily.kind, result: resultOf(snapshot.match),
                            final: {width: table.layout.width, colors: snapshot.cell_colors, owners: snapshot.cell_owners},
                            palette: state.settings.palette});
    const shown = my.sent?.key === text ? my.sent.status : null;
    const box = el('textarea', {class: 'daily-share-text', readonly: true, rows: String(text.split('\n').length),
                                'aria-label': t('daily.share.label'), dataset: {focus: 'text'}, spellcheck: 'false'});
    box.value = text;
    box.addEventListener('focus', () => box.select());
    if (shown === 'select') queueMicrotask(() => box.focus());
    const canShare = typeof navigator.share === 'function';
    share.setAttribute('aria-label', t('daily.share.label'));
    return [
      el('h3', {text: t('daily.share.heading')}),
      box,
      el('div', {class: 'daily-share-actions'},
        canShare ? el('button', {type: 'button', class: 'primary', dataset: {action: 'daily-send', focus: 'send'},
                                 text: t('daily.share.send'), onclick: () => send(text, 'share')}) : null,
        el('button', {type: 'button', class: canShare ? '' : 'primary', dataset: {action: 'daily-copy', focus: 'copy'},
                      text: t('daily.share.copy'), onclick: () => send(text, 'copy')})),
      el('p', {class: 'daily-share-status', role: 'status', text: shown ? t(`daily.share.${shown}`) : ''})];
  }

  /** Send the text by the share sheet or copy it; when neither works, the text is
   *  selected for a copy by hand, and the page says so. */
  async function send(text, how) {
    try {
      if (how === 'share') await navigator.share({text});
      else await navigator.clipboard.writeText(text);
      my.sent = {key: text, status: how === 'share' ? 'shared' : 'copied'};
    } catch (error) {
      if (error?.name === 'AbortError') return; // the share sheet was closed
      my.sent = {key: text, status: 'select'};
    }
    app.changed();
  }

  /** The newest days tried: their result, and their board to show or go on with. */
  function historyList(history, daily) {
    const shown = [...history].sort((a, b) => (a.date < b.date ? 1 : -1)).slice(0, HISTORY_SHOWN);
    if (!shown.length) return null;
    return el('div', {class: 'daily-history'},
      el('h3', {text: t('daily.history')}),
      el('ul', {}, shown.map((day) => el('li', {dataset: {date: day.date}, 'data-current': daily?.date === day.date ? '' : null},
        el('span', {class: 'daily-day', text: dateText(day.date)}),
        el('span', {class: 'daily-day-result', text: day.result ? resultLine(day.result) : t('daily.unfinished')}),
        isLate(day) ? el('span', {class: 'daily-late', text: t('daily.late_tag')}) : null,
        daily?.date === day.date ? null : el('button', {type: 'button', class: 'link', dataset: {action: 'daily-show', focus: `show-${day.date}`},
          text: t(day.result ? 'daily.show' : 'daily.go_on'), 'aria-label': `${t(day.result ? 'daily.show' : 'daily.go_on')}: ${dateText(day.date)}`,
          onclick: () => open(day.date)})))));
  }

  /** Another day: a date picker, from the first board of the day to today. */
  function picker(now) {
    const input = el('input', {type: 'date', id: 'daily-date', value: my.picked || null, max: now, min: my.first,
                               dataset: {focus: 'date'}});
    input.addEventListener('change', () => { my.picked = input.value; });
    const play = () => {
      my.picked = input.value;
      if (!isDate(my.picked)) return say('daily.pick');
      open(my.picked);
    };
    return el('div', {class: 'daily-picker'},
      el('label', {for: 'daily-date', text: t('daily.other_day')}), input,
      el('button', {type: 'button', dataset: {action: 'daily-pick', focus: 'pick'}, text: t('daily.play_day'), onclick: play}));
  }

}
