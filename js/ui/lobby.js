// The lobby: start a game or a match (variant, seats, kind, clock), resume an
// unfinished match, replay a finished one, see the players' ratings, export and
// import everything. Text from storage goes in through textContent only.

import {el, clear, append, replaceChildren} from './dom.js';
import {t, dateText, variantName, variantSummary} from '../i18n/i18n.js';
import {playerName} from './names.js';
import {storedName} from './notices.js';
import {ratingText} from './rating_text.js';
import {dailyMark, reviewedGames} from '../store/storage.js';

/** A practice board that asks for nothing, as the engine's catalog says it: the practice
 *  variant's own shape, size and colors ({} before any catalog: the engine's then). */
export function practiceDefaults(catalog) {
  const practice = catalog.variants.find((variant) => variant.id === 'practice');
  return practice ? {shape: practice.shape, width: practice.width, height: practice.height, colors: practice.colors} : {};
}

const CORNERS = {2: ['bl', 'tr'], 4: ['bl', 'tl', 'tr', 'br']};
const TABS = ['new', 'friends', 'matches', 'players'];

function field(labelKey, control, extraClass = '') {
  return el('label', {class: `field ${extraClass}`}, el('span', {text: t(labelKey)}), control);
}

function select(name, options, value) {
  const node = el('select', {name});
  for (const [optionValue, text] of options) {
    append(node, el('option', {value: optionValue, text, selected: optionValue === value}));
  }
  return node;
}

export function levelName(level) {
  const key = `level.${level}`;
  const text = t(key);
  return text === key ? String(level) : text;
}

/** The level of a computer seat nobody chose one for: the engine's (its first game's,
 *  catalog.firstGame), else the weakest. */
export function defaultLevel(catalog) {
  const level = catalog.firstGame?.level;
  return catalog.levels.includes(level) ? level : catalog.levels[0];
}

/** A clock's bank + increment as people say it: "5 + 3". */
export function clockText(clock) {
  const minutes = clock.bank_ms / 60000;
  return `${Number.isInteger(minutes) ? minutes : minutes.toFixed(1)} + ${Math.round(clock.increment_ms / 1000)}`;
}

/** An entry of an import report, named in the page's language: "match m-…", "file". */
function importedWhat(item) {
  if (item.kind === 'set_aside') return t('lobby.import_what.set_aside', {name: storedName(item.name ?? '?')});
  if (item.kind === 'review') return t('lobby.import_what.review', {name: item.name ?? '?', game: item.game ?? '?'});
  const kind = ['match', 'player', 'rating', 'setting', 'puzzles', 'lessons', 'daily'].includes(item.kind) ? item.kind : 'file';
  return t(`lobby.import_what.${kind}`, {name: item.name ?? '?'});
}

function formatDate(time) {
  try {
    return new Date(time).toLocaleString(document.documentElement.lang || undefined,
                                         {dateStyle: 'medium', timeStyle: 'short'});
  } catch {
    return new Date(time).toISOString();
  }
}

export class Lobby {
  /** app: {state, store, startGame(config), resumeMatch(id), replayMatch(id), checkRecord(record, seats)} */
  constructor(app) {
    this.app = app;
    this.dialog = el('dialog', {class: 'lobby', 'aria-labelledby': 'lobby-title'});
    this.dialog.addEventListener('close', () => this.app.lobbyClosed?.());
    append(document.body, this.dialog);
    this.config = null;
    this.tab = 'new';
    this.importReport = null;
  }

  open(config, tab = 'new') {
    this.config = structuredClone(config);
    if (!this.config.clock || typeof this.config.clock !== 'object' || !this.config.clock.mode) {
      this.config.clock = {mode: this.config.clock === null ? 'none' : 'default', bankMinutes: 5, incrementSeconds: 3};
    }
    this.config.games = this.config.games === 2 ? 2 : 1;
    this.tab = tab;
    this.importReport = null;
    this.deleting = null; // {id, refused}: the saved match whose row asks "delete for good?"
    this.render();
    if (!this.dialog.open) this.dialog.showModal();
  }

  close() {
    if (this.dialog.open) this.dialog.close();
  }

  variant(id = this.config.variant) {
    return this.app.state.catalog.variants.find((v) => v.id === id);
  }

  seatCount() {
    return this.variant()?.seats ?? 2;
  }

  fitSeats() {
    const count = this.seatCount();
    const seats = this.config.seats.slice(0, count);
    while (seats.length < count) seats.push({kind: 'computer', name: '', level: defaultLevel(this.app.state.catalog)});
    this.config.seats = seats;
  }

  render() {
    const tabs = el('div', {class: 'lobby-tabs', role: 'tablist'}, TABS.map((tab) => el('button', {
      type: 'button', role: 'tab', 'aria-selected': String(this.tab === tab), dataset: {tab},
      text: t(`lobby.tab.${tab}`),
      onclick: () => {
        this.tab = tab;
        this.render();
        this.dialog.querySelector(`[data-tab="${tab}"]`)?.focus();
      }})));
    const body = this.tab === 'matches' ? this.renderMatches()
      : this.tab === 'players' ? this.renderPlayers()
      : this.tab === 'friends' ? this.app.renderFriends(this) : this.renderNew();
    replaceChildren(this.dialog,
      el('div', {class: 'lobby-head'}, el('h2', {id: 'lobby-title', text: t(`lobby.heading.${this.tab}`)}),
        el('button', {type: 'button', class: 'link', dataset: {action: 'close-lobby'}, text: t('nav.close'),
                      onclick: () => this.close()})),
      tabs, el('div', {class: 'lobby-body', role: 'tabpanel'}, body));
  }

  // ---- a new game or match ------------------------------------------------------

  renderNew() {
    const {catalog} = this.app.state;
    this.fitSeats();
    const variant = this.variant();
    const form = el('form', {method: 'dialog', class: 'lobby-form'});
    const variantSelect = select('variant',
      catalog.variants.map((v) => [v.id, variantName(v.id)]), this.config.variant);
    variantSelect.addEventListener('change', () => {
      this.config.variant = variantSelect.value;
      this.render();
      this.dialog.querySelector('select[name="variant"]')?.focus();
    });
    append(form,
      field('lobby.variant', variantSelect),
      el('p', {class: 'variant-summary'},
        el('span', {text: variant ? variantSummary(variant.id) : ''}), ' ',
        el('a', {href: `#rules/${this.config.variant}`, class: 'rules-link', dataset: {action: 'rules'},
                 text: t('lobby.rules_link')})),
    );

    if (this.config.variant === 'practice') {
      const options = this.config.options;
      const practice = catalog.variants.find((variant) => variant.id === 'practice'); // its shapes and sizes
      const shape = select('shape', practice.shapes.map((s) => [s, t(`lobby.shape.${s}`)]), options.shape);
      shape.addEventListener('change', () => { options.shape = shape.value; });
      const numberInput = (name) => {
        const [min, max] = practice.sizes[name];
        const input = el('input', {type: 'number', name, min, max, value: options[name], required: true});
        input.addEventListener('change', () => {
          const value = Math.round(Number(input.value));
          options[name] = Math.min(max, Math.max(min, Number.isFinite(value) ? value : min));
          input.value = String(options[name]);
        });
        return input;
      };
      append(form, el('div', {class: 'practice-options'},
        field('lobby.shape', shape), field('lobby.width', numberInput('width')),
        field('lobby.height', numberInput('height')), field('lobby.colors', numberInput('colors'))));
    }

    const profiles = this.app.store.listPlayers();
    const datalist = el('datalist', {id: 'lobby-profiles'},
      profiles.map((player) => el('option', {value: player.name})));
    const seatList = el('fieldset', {class: 'seats-list'}, el('legend', {text: t('lobby.seats')}), datalist);
    const corners = CORNERS[this.seatCount()] || [];
    // a friend plays from another device, by link: two players, one of them here
    const byLink = this.seatCount() === 2 ? [['friend', t('lobby.friend')]] : [];
    if (!byLink.length) for (const seat of this.config.seats) if (seat.kind === 'friend') seat.kind = 'human';
    const withFriend = this.config.seats.some((seat) => seat.kind === 'friend');
    this.config.seats.forEach((seat, index) => {
      const kind = select(`seat${index}-kind`,
        [['human', t('lobby.person')], ['computer', t('lobby.computer')], ...byLink], seat.kind);
      kind.setAttribute('aria-label', t('lobby.seat', {number: index + 1}));
      kind.addEventListener('change', () => {
        seat.kind = kind.value;
        if (seat.kind === 'computer' && !seat.level) seat.level = defaultLevel(catalog);
        if (seat.kind === 'friend') this.config.seats.forEach((other) => { if (other !== seat) other.kind = 'human'; });
        this.render();
        this.dialog.querySelector(`select[name="seat${index}-kind"]`)?.focus();
      });
      let detail;
      if (seat.kind === 'friend') detail = el('small', {class: 'seat-note', text: t('lobby.friend_note')});
      else if (seat.kind === 'human') {
        detail = el('input', {type: 'text', name: `seat${index}-name`, maxlength: 40, autocomplete: 'off',
                              list: 'lobby-profiles', placeholder: t('lobby.name'), 'aria-label': t('lobby.name'),
                              value: seat.name || ''});
        detail.addEventListener('input', () => { seat.name = detail.value; });
      } else {
        const measured = this.app.state.botRatings?.[this.config.variant] || {};
        detail = select(`seat${index}-level`, catalog.levels.map((level) => [level, measured[level]
          ? `${levelName(level)} (${Math.round(measured[level].r)})` : levelName(level)]),
                        seat.level || defaultLevel(catalog));
        detail.setAttribute('aria-label', t('lobby.level'));
        detail.addEventListener('change', () => {
          seat.level = detail.value;
          this.render();
          this.dialog.querySelector(`select[name="seat${index}-level"]`)?.focus();
        });
      }
      const where = [corners[index] ? t(`lobby.corner.${corners[index]}`) : '',
                     variant?.teams ? t('lobby.team', {team: 'AB'[index % 2]}) : ''].filter(Boolean).join(', ');
      append(seatList, el('div', {class: 'seat-row'},
        el('span', {class: 'seat-label', text: t('lobby.seat', {number: index + 1})},
          where ? el('small', {text: where}) : null),
        kind, detail));
    });
    // what each computer level at the table does, in a sentence (the catalogs' level.<id>.about)
    const levels = [...new Set(this.config.seats.filter((seat) => seat.kind === 'computer')
      .map((seat) => seat.level || defaultLevel(catalog)))].filter((level) => catalog.levels.includes(level));
    append(seatList, ...levels.map((level) => el('p', {class: 'level-about', dataset: {level}, text: t(`level.${level}.about`)})));
    append(form, seatList);

    const games = select('games', [['1', t('lobby.kind.single')], ['2', t('lobby.kind.match')]], String(this.config.games));
    games.addEventListener('change', () => { this.config.games = Number(games.value); });
    const clock = this.config.clock;
    const defaultClock = variant?.clock ? t('lobby.clock.default', {time: clockText(variant.clock)}) : null;
    if (!defaultClock && clock.mode === 'default') clock.mode = 'none';
    const clockSelect = select('clock', [
      ...(defaultClock ? [['default', defaultClock]] : []),
      ['custom', t('lobby.clock.custom')], ['none', t('lobby.clock.none')]], clock.mode);
    clockSelect.addEventListener('change', () => {
      clock.mode = clockSelect.value;
      this.render();
      this.dialog.querySelector('select[name="clock"]')?.focus();
    });
    if (withFriend) clock.mode = 'none';
    const row = el('div', {class: 'lobby-row'}, field('lobby.kind', games), withFriend
      ? el('p', {class: 'friend-clock', dataset: {clock: 'none'}, text: t('lobby.friend_clock')})
      : field('lobby.clock', clockSelect));
    if (clock.mode === 'custom') {
      const bank = el('input', {type: 'number', name: 'bank', min: 0.01, max: 600, step: 'any', required: true,
                                value: clock.bankMinutes});
      bank.addEventListener('change', () => { clock.bankMinutes = Math.max(0.01, Number(bank.value) || 1); });
      const increment = el('input', {type: 'number', name: 'increment', min: 0, max: 600, step: 1, required: true,
                                     value: clock.incrementSeconds});
      increment.addEventListener('change', () => { clock.incrementSeconds = Math.max(0, Number(increment.value) || 0); });
      append(row, field('lobby.clock.bank', bank), field('lobby.clock.increment', increment));
    }
    append(form, row);

    const cancel = el('button', {type: 'button', text: t('lobby.cancel'), onclick: () => this.close()});
    const start = el('button', {type: 'submit', class: 'primary', text: t('lobby.start'), dataset: {action: 'start'}});
    // the game at the table is not lost by starting another: say where it stays
    const current = this.app.state.table;
    const leaving = current && current.matchId && !current.replay && !current.readOnly
      && current.snapshot.move_number > 0 && !current.snapshot.match?.over;
    if (leaving) append(form, el('p', {class: 'lobby-note', dataset: {note: 'kept'}, text: t('lobby.current_kept')}));
    append(form, el('div', {class: 'dialog-actions'}, cancel, start));
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const config = structuredClone(this.config);
      if (config.variant !== 'practice') config.options = {};
      config.seed = null;
      for (const seat of config.seats) {
        if (seat.kind !== 'human') continue;
        seat.name = (seat.name || '').trim();
        if (seat.name) {
          const added = this.app.store.addPlayer(seat.name);
          if (added.ok) seat.name = added.player.name; // the profile's own spelling
        }
      }
      this.close();
      this.app.startGame(config);
    });
    return form;
  }

  // ---- saved matches ------------------------------------------------------------

  /** The players as the table names them: "You – Computer (Master)". */
  playersText(players) {
    return players.map((player, seat) => (player.kind === 'computer'
      ? `${playerName(players, seat)} (${levelName(player.level)})` : playerName(players, seat))).join(' – ');
  }

  matchRow(entry, finished) {
    const variant = this.variant(entry.variant);
    const outcome = entry.result?.outcome;
    const points = outcome && entry.games === 2 ? Object.values(outcome.points || {}).join(' – ') : '';
    const twoSides = variant ? variant.seats === 2 || variant.teams : true;
    // each game that ended, game 1 of a match also before game 2 is played
    const reviews = (twoSides ? reviewedGames(entry) : []).map((index) => el('button', {
      type: 'button', dataset: {action: 'review', id: entry.id, game: String(index)},
      text: entry.games === 2 ? t('lobby.review_game', {number: index + 1}) : t('review.open'),
      onclick: () => { this.close(); this.app.reviewMatch(entry.id, index); }}));
    const action = finished
      ? el('div', {class: 'saved-actions'},
        el('button', {type: 'button', dataset: {action: 'replay', id: entry.id}, text: t('lobby.replay'),
                      onclick: () => { this.close(); this.app.replayMatch(entry.id); }}),
        reviews,
        this.deleteButton(entry))
      : el('div', {class: 'saved-actions'},
        el('button', {type: 'button', class: 'primary', dataset: {action: 'resume', id: entry.id}, text: t('lobby.resume'),
                      onclick: () => { this.close(); this.app.resumeMatch(entry.id); }}),
        reviews,
        this.deleteButton(entry));
    return el('li', {class: 'saved-match', dataset: {id: entry.id}},
      el('div', {class: 'saved-main'},
        el('strong', {text: variant ? variantName(variant.id) : entry.variant}), ' · ',
        this.dailyText(entry) ?? el('span', {text: entry.games === 2 ? t('lobby.match_game') : t('lobby.single_game')}), ' · ',
        el('span', {class: 'saved-players', text: this.playersText(entry.players || [])}),
        points ? el('span', {class: 'saved-points', text: ` · ${points}`}) : null),
      el('small', {text: `${formatDate(entry.updated)} · ${t('lobby.moves', {count: entry.moves})}`
                         + (entry.openElsewhere ? ` · ${t('lobby.open_elsewhere')}` : '')}),
      action,
      this.deleteQuestion(entry));
  }

  /** A board of the day's match: "Board of the day, Mon 7 Dec" (a replay or a day
   *  played later says so too); null for any other. */
  dailyText(entry) {
    const mark = dailyMark(entry);
    if (!mark) return null;
    const kind = mark.kind === 'counted' ? '' : ` (${t(`daily.kind_short.${mark.kind}`)})`;
    return el('span', {class: 'saved-daily', dataset: {date: mark.date, kind: mark.kind},
                       text: t('lobby.daily', {date: dateText(mark.date, false)}) + kind});
  }

  /** "Delete" (not for the match at this tab's table: it would be saved again), which
   *  turns into a line of the row asking "Delete for good? Ratings stay", Delete / Keep. */
  deleteButton(entry) {
    if (entry.id === this.app.state.table?.matchId || this.deleting?.id === entry.id) return null;
    return el('button', {type: 'button', dataset: {action: 'delete', id: entry.id}, text: t('lobby.delete'),
                         onclick: () => { this.deleting = {id: entry.id}; this.rerender(entry.id, 'keep'); }});
  }

  deleteQuestion(entry) {
    if (this.deleting?.id !== entry.id) return null;
    // the board of the day's own try, not finished: deleting it gives the day up (daily.js)
    const day = this.app.dayOfTry?.(entry.id);
    const remove = async () => {
      const given = day ? await this.app.giveUpDay(entry.id) : true;
      const done = given ? this.app.store.removeMatch(entry.id) : {ok: false, reason: 'engine'};
      this.deleting = done.ok ? null : {id: entry.id, refused: done.reason === 'engine' ? 'lobby.delete_later' : 'lobby.delete_refused'};
      this.rerender(entry.id, 'keep');
      if (done.ok) this.dialog.querySelector('.lobby-tabs [aria-selected="true"]')?.focus();
    };
    const question = day ? t('lobby.delete_daily', {date: day.text}) : t('lobby.delete_question');
    return el('div', {class: 'saved-confirm', role: 'group'},
      el('span', {text: this.deleting.refused ? t(this.deleting.refused) : question}),
      this.deleting.refused ? null : el('button', {type: 'button', class: 'danger', dataset: {action: 'confirm-delete'},
                                                   text: t('lobby.delete'), onclick: remove}),
      el('button', {type: 'button', dataset: {action: 'keep'}, text: t('lobby.keep'),
                    onclick: () => { this.deleting = null; this.rerender(entry.id, 'delete'); }}));
  }

  /** Draw the lobby again, the focus on a button of the saved match `id` (if it is still there). */
  rerender(id, action) {
    this.render();
    this.dialog.querySelector(`.saved-match[data-id="${CSS.escape(id)}"] button[data-action="${action}"]`)?.focus();
  }

  renderMatches() {
    const store = this.app.store;
    // a game nobody has moved in yet is saved (a reload brings it back) but not listed
    const unfinished = store.listMatches({finished: false}).filter((match) => match.events > 0);
    const finished = store.listMatches({finished: true});
    const list = (entries, done) => entries.length
      ? el('ul', {class: 'saved-list', dataset: {list: done ? 'finished' : 'unfinished'}},
        entries.map((entry) => this.matchRow(entry, done)))
      : el('p', {class: 'empty', text: t('lobby.none')});
    return el('div', {class: 'lobby-matches'},
      el('h3', {text: t('lobby.unfinished')}), list(unfinished, false),
      el('h3', {text: t('lobby.finished')}), list(finished, true));
  }

  // ---- players, ratings, export and import -------------------------------------

  /** This device's puzzle rating (flows/puzzles.js), as the other ratings are shown. */
  puzzleLine(progress) {
    if (!progress.rating) return null;
    return el('p', {class: 'puzzle-rating-line', dataset: {tries: String(progress.tries)}},
      t('lobby.puzzle_rating', {rating: ratingText(progress.rating),
                                count: progress.tries, solved: progress.solved}));
  }

  renderPlayers() {
    const {store, state} = this.app;
    const ratings = store.listRatings();
    const ratedVariants = state.catalog.variants.filter((v) => v.rated);
    // a table wider than a phone scrolls on its own (the dialog does not pan)
    const scroller = (table) => el('div', {class: 'table-scroll'}, table);
    const table = ratings.length
      ? scroller(el('table', {class: 'ratings', dataset: {table: 'players'}},
        el('thead', {}, el('tr', {}, [t('lobby.player'), t('lobby.variant'), t('lobby.rating'), t('lobby.matches_played')]
          .map((text) => el('th', {scope: 'col', text})))),
        el('tbody', {}, ratings.slice().sort((a, b) => a.player.localeCompare(b.player) || a.variant.localeCompare(b.variant))
          .map((entry) => el('tr', {dataset: {player: entry.player, variant: entry.variant}},
            el('td', {text: entry.player}), el('td', {text: variantName(entry.variant)}),
            el('td', {class: 'rating', text: ratingText(entry)}),
            el('td', {text: String(entry.matches)}))))))
      : el('p', {class: 'empty', text: t('lobby.no_players')});
    const profiles = store.listPlayers();
    const bots = state.botRatings || {};
    const measured = ratedVariants.some((v) => bots[v.id] && Object.keys(bots[v.id]).length);
    const botTable = !measured ? el('p', {class: 'empty', text: t('lobby.not_measured')})
      // a row per variant, a column per level: four short columns fit a phone (a column
      // per variant was cut off there)
      : scroller(el('table', {class: 'ratings', dataset: {table: 'bots'}},
      el('thead', {}, el('tr', {}, el('th', {scope: 'col', text: t('lobby.variant')}),
        state.catalog.levels.map((level) => el('th', {scope: 'col', class: 'number', text: levelName(level)})))),
      el('tbody', {}, ratedVariants.map((v) => el('tr', {dataset: {variant: v.id}},
        el('th', {scope: 'row', text: variantName(v.id)}),
        state.catalog.levels.map((level) => el('td', {class: 'number', dataset: {level}, text: bots[v.id]?.[level]
          ? String(Math.round(bots[v.id][level].r)) : '—'})))))));

    const fileInput = el('input', {type: 'file', accept: 'application/json,.json', hidden: true, name: 'import'});
    fileInput.addEventListener('change', async () => {
      const file = fileInput.files?.[0];
      if (file) await this.importText(await file.text());
    });
    const report = this.importReport;
    return el('div', {class: 'lobby-players'},
      el('h3', {text: t('lobby.tab.players')}), table,
      profiles.length ? el('p', {class: 'profiles'}, el('span', {text: `${t('lobby.profiles')}: `}),
        el('span', {text: profiles.map((p) => p.name).join(', ')})) : null,
      this.puzzleLine(store.getPuzzles()),
      el('h3', {text: t('lobby.bots')}), botTable,
      el('div', {class: 'dialog-actions export-import'},
        el('button', {type: 'button', dataset: {action: 'export'}, text: t('lobby.export'), onclick: () => this.exportFile()}),
        el('button', {type: 'button', dataset: {action: 'import'}, text: t('lobby.import'), onclick: () => fileInput.click()}),
        fileInput),
      report ? el('div', {class: 'import-report', role: 'status'},
        el('p', {text: t('lobby.import_report', {taken: report.taken.length, unchanged: report.unchanged.length,
                                                 refused: report.refused.length})}),
        report.refused.length ? el('ul', {}, report.refused.map((item) =>
          el('li', {text: t('lobby.import_refused', {what: importedWhat(item), why: item.why || ''})}))) : null,
        // taken, with a remark (another game had the same id: both kept)
        el('ul', {class: 'import-notes'}, report.taken.filter((item) => item.why).map((item) =>
          el('li', {text: t('lobby.import_note', {what: importedWhat(item), why: item.why})})))) : null);
  }

  exportFile() {
    const doc = this.app.store.exportAll();
    const blob = new Blob([JSON.stringify(doc, null, 1)], {type: 'application/json'});
    const url = URL.createObjectURL(blob);
    const link = el('a', {href: url, download: `filler-${new Date().toISOString().slice(0, 10)}.json`, hidden: true});
    append(document.body, link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  /** Import an exported file: every match is replayed by the engine first; those
   *  that do not replay are refused, the rest merged by the storage layer. */
  async importText(text) {
    let doc;
    const refused = [];
    try {
      doc = JSON.parse(text);
    } catch {
      doc = null;
    }
    if (doc && typeof doc === 'object' && Array.isArray(doc.matches)) {
      const kept = [];
      for (const match of doc.matches) {
        const name = typeof match?.id === 'string' ? match.id.slice(0, 80) : '?';
        const what = `match ${name}`;
        try {
          const checked = await this.app.checkRecord(match, Array.isArray(match?.players) ? match.players : null);
          if (checked.ok) kept.push(match);
          else refused.push({what, kind: 'match', name, why: checked.problem ?? checked.why});
        } catch (error) {
          refused.push({what, kind: 'match', name, why: error.problem ?? error.message});
        }
      }
      doc = {...doc, matches: kept};
    }
    const report = this.app.store.importAll(doc ?? text);
    report.refused = [...refused, ...report.refused];
    this.importReport = report;
    this.render();
  }
}
