// A player's page (flows/profile.js gathers what it shows, flows/profile_figures.js
// derives it): a dialog of its own, reached from the lobby's Players tab. A rating graph
// per rated variant with the current, highest and lowest rating; the results overall, per
// variant and per opponent; the best wins and the longest winning streak; and the
// device's practice: the puzzle rating and themes, the lessons' stars, the board of the
// day's streak and calendar. Every chart has a table or a list beside it, for a screen
// reader and for anyone who wants the numbers. Text from storage goes in as textContent.

import {el, append, replaceChildren} from './dom.js';
import {t, dateText, variantName} from '../i18n/i18n.js';
import {ratingChart, calendarChart} from './chart.js';
import {ratingText} from './rating_text.js';
import {levelName} from './lobby.js';

const RESULTS = ['win', 'draw', 'loss'];

/** A time (ms) as the page's language writes a day: "Fri, 4 Dec 2026" (`numeric`, in a
 *  table: "4-12-26"). */
function dayOf(time, numeric = false) {
  const date = new Date(time);
  const pad = (number) => String(number).padStart(2, '0');
  return dateText(`${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`, true, numeric);
}

/** An opponent as the page names it: "Computer (Master)", "Ben (by link)", "Ann". */
export function opponentText(opponent) {
  if (opponent.kind === 'computer') return t('profile.opponent.computer', {level: levelName(opponent.level)});
  if (opponent.kind === 'friend') return opponent.name ? t('profile.opponent.friend', {name: opponent.name}) : t('profile.opponent.friend_nameless');
  return opponent.name || t('profile.opponent.nameless');
}

const signed = (number) => (number > 0 ? `+${number}` : number < 0 ? `−${-number}` : '0');
const rounded = (number) => Math.round(number);

/** A table of `rows` under `head`; the heads of the columns of numbers (`numbers`: their
 *  indexes, every column but the first unless said) stand to the right, over them. */
function numbersTable(kind, head, rows, numbers = (index) => index > 0) {
  return el('div', {class: 'table-scroll'}, el('table', {class: 'ratings profile-table', dataset: {table: kind}},
    el('thead', {}, el('tr', {}, head.map((text, index) => el('th', {scope: 'col', class: numbers(index) ? 'number' : null, text})))),
    el('tbody', {}, rows)));
}

/** A row of counts: its label, then the matches, wins, draws and losses. */
function resultsRow(label, results, data) {
  return el('tr', {dataset: data},
    el('th', {scope: 'row', text: label}),
    [results.matches, ...RESULTS.map((result) => results[result])].map((number, index) =>
      el('td', {class: 'number', dataset: {count: index ? RESULTS[index - 1] : 'matches'}, text: String(number)})));
}

/** A <details> whose content is made when it is first opened (a long history's tables
 *  cost nothing until they are asked for); `key` keeps it open across a redraw. */
function unfolding(key, summary, build) {
  const details = el('details', {class: 'profile-points', dataset: {key}}, el('summary', {text: summary}));
  details.addEventListener('toggle', () => {
    if (details.open && details.childElementCount === 1) append(details, build());
  });
  return details;
}

export class ProfileView {
  /** actions: {back(), close(), openMatch(id)} */
  constructor(actions) {
    this.actions = actions;
    this.dialog = el('dialog', {class: 'profile', 'aria-labelledby': 'profile-title'});
    this.dialog.addEventListener('close', () => actions.closed?.());
    append(document.body, this.dialog);
    // A draw waits while a pointer is down in the dialog: the engine's answers or another
    // tab's change would otherwise put new elements under a press, and its release, on
    // the copy of the button pressed, would be no click (a tap lost).
    this.pressed = false;
    this.held = null;
    this.dialog.addEventListener('pointerdown', () => { this.pressed = true; });
    const released = () => {
      if (!this.pressed) return;
      this.pressed = false;
      if (this.held) { // drawn after the click the release makes (unless drawn since)
        setTimeout(() => {
          const model = this.held;
          this.held = null;
          if (model) this.render(model);
        });
      }
    };
    window.addEventListener('pointerup', released, true);
    window.addEventListener('pointercancel', released, true);
  }

  get isOpen() {
    return this.dialog.open;
  }

  open() {
    if (!this.dialog.open) this.dialog.showModal();
  }

  close() {
    if (this.dialog.open) this.dialog.close();
  }

  /** model: {name (null: the practice only), figures (profile_figures.js playerFigures),
   *  practice: {puzzles, lessons, daily}, waiting (the engine is not ready: no graph
   *  yet), ready (everything asked has come)} */
  render(model) {
    if (this.pressed && this.dialog.open) {
      this.held = model;
      return;
    }
    this.held = null;
    this.model = model;
    const focused = this.dialog.contains(document.activeElement) ? document.activeElement.dataset.focus : null;
    const unfolded = new Set([...this.dialog.querySelectorAll('details[open]')].map((details) => details.dataset.key));
    const title = model.name ?? t('profile.practice');
    replaceChildren(this.dialog,
      el('div', {class: 'lobby-head profile-head'},
        el('button', {type: 'button', class: 'link', dataset: {action: 'profile-back', focus: 'back'}, text: t('profile.back'),
                      onclick: () => this.actions.back()}),
        el('h2', {id: 'profile-title', text: title}),
        el('button', {type: 'button', class: 'link', dataset: {action: 'profile-close'}, text: t('nav.close'),
                      onclick: () => this.actions.close()})),
      el('div', {class: 'profile-body'},
        model.waiting ? el('p', {class: 'lobby-note', dataset: {note: 'waiting'}, text: t('profile.waiting')}) : null,
        model.figures ? this.matchesPart(model) : null,
        this.practicePart(model)));
    this.dialog.dataset.ready = model.ready ? '1' : '0';
    this.dialog.dataset.player = model.name ?? '';
    for (const details of this.dialog.querySelectorAll('details[data-key]')) details.open = unfolded.has(details.dataset.key);
    if (focused) this.dialog.querySelector(`[data-focus="${CSS.escape(focused)}"]`)?.focus();
  }

  // ---- the matches ---------------------------------------------------------------

  matchesPart(model) {
    const {figures} = model;
    if (!figures.results.matches && !figures.ratings.length) {
      return el('section', {class: 'profile-section', dataset: {section: 'results'}},
        el('p', {class: 'empty', text: t('profile.no_matches', {name: figures.name})}));
    }
    return [this.summary(figures), this.ratings(model), this.results(model), this.bestWins(model)];
  }

  summary(figures) {
    const {results, margin, streak} = figures;
    const longest = streak.longest;
    const fact = (name, label, value) => el('div', {class: 'profile-fact', dataset: {fact: name}},
      el('dt', {text: label}), el('dd', {text: value}));
    return el('section', {class: 'profile-section', dataset: {section: 'summary'}},
      el('dl', {class: 'profile-facts'},
        fact('matches', t('profile.matches_played'), t('profile.matches_games', {count: results.matches, games: figures.games})),
        fact('record', t('profile.record'), t('profile.record_counts', {win: results.win, draw: results.draw, loss: results.loss})),
        fact('margin', t('profile.margin'), margin.matches
          ? t('profile.margin_counts', {total: signed(margin.total), average: signed(Math.round(margin.average * 10) / 10)}) : '—'),
        fact('streak', t('profile.streak'), longest.length
          ? t('profile.streak_counts', {count: longest.length, from: dayOf(longest.first.time), to: dayOf(longest.last.time), now: streak.current})
          : t('profile.streak_none'))));
  }

  ratings(model) {
    const {figures} = model;
    if (!figures.ratings.length) return null;
    return el('section', {class: 'profile-section', dataset: {section: 'ratings'}},
      el('h3', {text: t('profile.ratings')}),
      el('div', {class: 'profile-graphs'}, figures.ratings.map((graph) => this.ratingGraph(graph, model))));
  }

  /** A variant's graph, its current, highest and lowest rating (each with the match that
   *  made it) and its points as a table. */
  ratingGraph(graph, model) {
    const name = variantName(graph.variant);
    const {points} = graph;
    const pointText = (point) => t('profile.point', {date: dayOf(point.time), opponent: point.opponents.map(opponentText).join(', '),
                                                     result: t(`profile.result.${point.result}`), rating: rounded(point.r)});
    const matchButton = (point, key) => el('button', {type: 'button', class: 'link', dataset: {action: 'profile-open', id: point.id, focus: `${graph.variant}-${key}`},
                                                      text: dayOf(point.time), 'aria-label': t('profile.open_named', {match: pointText(point)}),
                                                      onclick: () => this.actions.openMatch(point.id)});
    const fact = (key, point, text) => el('div', {class: 'profile-fact', dataset: {fact: key}},
      el('dt', {text: t(`profile.rating_${key}`)}), el('dd', {}, el('span', {class: 'rating', text}), point ? [' · ', matchButton(point, key)] : null));
    const stored = graph.stored;
    // the rating play goes on from, when the stored matches do not give it (a match
    // deleted, or rated on another device): said, not hidden
    const apart = stored && (!graph.current || rounded(stored.r) !== rounded(graph.current.r) || stored.matches !== points.length);
    let chart = null;
    let caption = null;
    if (points.length) {
      caption = el('p', {class: 'profile-caption', 'aria-hidden': 'true'});
      const show = (index) => replaceChildren(caption, el('span', {text: pointText(points[index])}));
      chart = ratingChart(points.map((point) => point.r), {
        marks: points.map((point) => point.result), label: t('profile.chart', {variant: name, count: points.length}),
        valueText: (index) => pointText(points[index]), startLabel: dayOf(points[0].time), endLabel: dayOf(points.at(-1).time),
        onSelect: show, onOpen: (index) => this.actions.openMatch(points[index].id),
        attributes: {dataset: {chart: 'rating', variant: graph.variant, focus: `${graph.variant}-chart`}}});
    }
    return el('article', {class: 'profile-graph', dataset: {variant: graph.variant}},
      el('h4', {text: name}),
      el('dl', {class: 'profile-facts'},
        graph.current ? fact('current', null, ratingText(graph.current)) : null,
        graph.highest ? fact('highest', graph.highest, String(rounded(graph.highest.r))) : null,
        graph.lowest ? fact('lowest', graph.lowest, String(rounded(graph.lowest.r))) : null,
        apart ? el('div', {class: 'profile-fact', dataset: {fact: 'stored'}},
          el('dt', {text: t('profile.rating_stored')}),
          el('dd', {}, el('span', {class: 'rating', text: ratingText(stored)}), ` · ${t('profile.rating_stored_note', {count: stored.matches})}`)) : null),
      points.length ? el('figure', {class: 'profile-chart'}, chart, caption) : el('p', {class: 'empty', text: t('profile.rating_no_matches')}),
      points.length ? unfolding(`points-${graph.variant}`, t('profile.as_table', {count: points.length}), () =>
        numbersTable('points', [t('profile.col.date'), t('profile.col.opponent'), t('profile.col.result'), t('profile.col.rating_change')],
          points.slice().reverse().map((point) => el('tr', {dataset: {id: point.id}},
            el('th', {scope: 'row'}, el('button', {type: 'button', class: 'link', text: dayOf(point.time, true),
                                                   onclick: () => this.actions.openMatch(point.id)})),
            el('td', {text: point.opponents.map(opponentText).join(', ')}),
            el('td', {text: t(`profile.result.${point.result}`)}),
            el('td', {class: 'number'}, el('span', {dataset: {count: 'rating'}, text: String(rounded(point.r))}), ' ',
               el('span', {class: 'profile-change', dataset: {count: 'change'}, text: `(${signed(rounded(point.change))})`})))),
          (index) => index === 3)) // the date, the opponent and the result stand to the left
        : null);
  }

  results(model) {
    const {figures} = model;
    const head = (first) => [first, t('profile.col.matches'), t('profile.col.win'), t('profile.col.draw'), t('profile.col.loss')];
    return el('section', {class: 'profile-section', dataset: {section: 'results'}},
      el('h3', {text: t('profile.results')}),
      numbersTable('variants', head(t('profile.col.variant')), [
        ...figures.byVariant.map((row) => resultsRow(variantName(row.variant), row, {variant: row.variant})),
        resultsRow(t('profile.all'), figures.results, {variant: ''})]),
      numbersTable('opponents', head(t('profile.col.opponent')),
        figures.byOpponent.map((row) => resultsRow(opponentText(row), row, {opponent: row.key}))));
  }

  bestWins(model) {
    const wins = model.figures.bestWins;
    return el('section', {class: 'profile-section', dataset: {section: 'best'}},
      el('h3', {text: t('profile.best_wins')}),
      wins.length ? el('ol', {class: 'profile-wins'}, wins.map((win) => el('li', {dataset: {id: win.id}},
        el('span', {text: t('profile.best_win', {opponent: opponentText(win.opponent), rating: rounded(win.rating.r),
                                                 variant: variantName(win.variant)})}), ' · ',
        el('button', {type: 'button', class: 'link', dataset: {action: 'profile-open', id: win.id}, text: dayOf(win.time),
                      onclick: () => this.actions.openMatch(win.id)}))))
        : el('p', {class: 'empty', text: model.waiting ? t('profile.waiting') : t('profile.no_wins')}));
  }

  // ---- practice: the device's ------------------------------------------------------

  practicePart(model) {
    const {puzzles, lessons, daily} = model.practice;
    return el('section', {class: 'profile-section profile-practice', dataset: {section: 'practice'}},
      el('h3', {text: t('profile.practice')}),
      el('p', {class: 'lobby-note', text: t('profile.practice_note')}),
      el('div', {class: 'profile-graphs'},
        puzzles ? this.puzzlesPart(puzzles) : null,
        daily ? this.dailyPart(daily) : null,
        lessons ? this.lessonsPart(lessons) : null));
  }

  puzzlesPart(puzzles) {
    const {points} = puzzles;
    const pointText = (index) => t('profile.puzzle_point', {number: index + 1, rating: rounded(points[index].r),
                                                            result: t(points[index].solved ? 'profile.puzzle_solved' : 'profile.puzzle_missed')});
    return el('article', {class: 'profile-graph', dataset: {part: 'puzzles'}},
      el('h4', {text: t('profile.puzzles')}),
      el('p', {dataset: {fact: 'puzzles'}, text: t('profile.puzzle_counts', {count: puzzles.tries, solved: puzzles.solved,
                                                                             rating: puzzles.rating ? ratingText(puzzles.rating) : '—'})}),
      el('p', {dataset: {fact: 'puzzle-streak'}, text: t('profile.puzzle_streak', {current: puzzles.streak.current, best: puzzles.streak.best})}),
      el('p', {dataset: {fact: 'puzzle-runs'}, text: t('profile.puzzle_runs', puzzles.runs)}),
      points.length ? this.puzzleChart(points, pointText) : null,
      points.length ? unfolding('puzzle-points', t('profile.puzzles_table', {count: points.length}), () =>
        numbersTable('puzzles', ['#', t('profile.col.result'), t('profile.col.rating')],
          points.map((point, index) => el('tr', {dataset: {id: point.id}},
            el('th', {scope: 'row', class: 'number', text: String(index + 1)}),
            el('td', {text: t(point.solved ? 'profile.puzzle_solved' : 'profile.puzzle_missed')}),
            el('td', {class: 'number', dataset: {count: 'rating'}, text: String(rounded(point.r))}))).reverse(),
          (index) => index !== 1)) : null,
      puzzles.unknown ? el('p', {class: 'lobby-note', text: t('profile.puzzle_unknown', {count: puzzles.unknown})}) : null,
      puzzles.themes.length ? numbersTable('themes', [t('profile.col.theme'), t('profile.col.tried'), t('profile.col.solved'), '%'],
        puzzles.themes.map((row) => el('tr', {dataset: {theme: row.theme}},
          el('th', {scope: 'row', text: t(`puzzle.theme.${row.theme}`)}),
          el('td', {class: 'number', dataset: {count: 'tries'}, text: String(row.tries)}),
          el('td', {class: 'number', dataset: {count: 'solved'}, text: String(row.solved)}),
          el('td', {class: 'number', text: String(Math.round(100 * row.solved / row.tries))})))) : null);
  }

  /** The puzzle rating's graph, its caption naming the point selected (as a match
   *  graph's does). */
  puzzleChart(points, pointText) {
    const caption = el('p', {class: 'profile-caption', 'aria-hidden': 'true'});
    const chart = ratingChart(points.map((point) => point.r), {
      marks: points.map((point) => (point.solved ? 'win' : 'loss')), label: t('profile.puzzle_chart', {count: points.length}),
      valueText: pointText, startLabel: '1', endLabel: String(points.length),
      onSelect: (index) => replaceChildren(caption, el('span', {text: pointText(index)})),
      attributes: {dataset: {chart: 'puzzles', focus: 'puzzle-chart'}}});
    return el('figure', {class: 'profile-chart'}, chart, caption);
  }

  lessonsPart(lessons) {
    return el('article', {class: 'profile-graph', dataset: {part: 'lessons'}},
      el('h4', {text: t('profile.lessons')}),
      el('p', {dataset: {fact: 'lessons'}, text: t('lesson.progress', {done: lessons.done, count: lessons.lessons.length,
                                                                      stars: lessons.stars, total: lessons.total})}),
      el('ol', {class: 'profile-lessons'}, lessons.lessons.map((lesson) => el('li', {dataset: {lesson: lesson.id, stars: String(lesson.stars)}},
        el('span', {text: t(`lesson.${lesson.id}.title`)}), ' ',
        el('span', {class: 'profile-stars', 'aria-label': lesson.stars ? t('lesson.stars', {count: lesson.stars}) : t('lesson.not_done'),
                    text: '★'.repeat(lesson.stars) + '☆'.repeat(3 - lesson.stars)})))));
  }

  dailyPart(daily) {
    const {streak, weeks, days} = daily;
    const dayText = (day) => `${dateText(day.date)}: ${day.mark ? t(`profile.day.${day.mark}`) : t('profile.day.none')}${day.late ? ` (${t('profile.day.late')})` : ''}`;
    const cells = weeks.flat().filter(Boolean);
    return el('article', {class: 'profile-graph', dataset: {part: 'daily'}},
      el('h4', {text: t('profile.daily')}),
      el('p', {dataset: {fact: 'daily'}, text: t('daily.streak', {count: streak.current, best: streak.best, played: streak.counted})}),
      cells.length ? el('figure', {class: 'profile-chart profile-calendar'}, calendarChart(weeks, {
        label: t('profile.calendar', {from: dateText(cells[0].date), to: dateText(cells.at(-1).date)}), dayText,
        startLabel: dateText(cells[0].date, false), endLabel: dateText(cells.at(-1).date, false)}),
        el('figcaption', {class: 'profile-legend'}, ['win', 'draw', 'loss', 'open'].map((mark) =>
          el('span', {}, el('span', {class: 'calendar-key', dataset: {mark}}), ` ${t(`profile.day.${mark}`)}`)))) : null,
      days.length ? unfolding('days', t('profile.days_list', {count: days.length}), () =>
        el('ul', {class: 'profile-days'}, days.slice().reverse().map((day) => el('li', {dataset: {date: day.date}, text: dayText(day)})))) : null);
  }
}
