// Learn (docs/lessons.md): a path of short lessons, one for each rule of the rules
// document. The lessons are the engine's (filler.lessons): it sets up each board and
// judges each task (lesson_list, lesson_open, lesson_move, lesson_retry); the page shows
// the board at the normal table (previews, tooltips, keys 1–9), the lesson's texts (the
// catalogs' lesson.<id>.title, .text, .task, .hint), the engine's verdict, the hint
// after a wrong try and the stars, and keeps each lesson's best stars in the store
// (store.getLessons, store.recordLesson).
//
// A first visit (nothing played or learnt yet, no link, no embed) offers Learn in one
// line above the table; "No, thanks" is kept (store.dismissLearnOffer). A link `#learn`
// or `#learn=<id>` (the rules page links each section to its lessons) opens Learn, or
// that lesson; each lesson links back to its section (rules.html?lesson=<id>#<rule>,
// whose way back is to the lesson). A mode of the table (modes.js).

import {el, replaceChildren, append, placeAfter, placeBefore} from '../ui/dom.js';
import {t} from '../i18n/i18n.js';
import {rulesHref} from '../ui/rules.js';
import {isEmbed} from './launch.js';

const LINK = /^#learn(?:=(.*))?$/;
const LESSON_ID = /^[a-z0-9-]{1,40}$/;

/** What a URL's hash asks of Learn: null (nothing), '' (Learn), or a lesson's id
 *  (a malformed one as it is: said as an unknown lesson). */
export function lessonFromLink(hash = location.hash) {
  const match = LINK.exec(hash);
  if (!match) return null;
  if (match[1] === undefined) return '';
  try { return decodeURIComponent(match[1]); } catch { return match[1]; }
}

/** Failed tries of this visit, by lesson id: they cost stars however the lesson is
 *  opened again ("Try again", the path, a link, a reload: the tab's sessionStorage keeps
 *  them; in memory only where it cannot be used). */
class VisitTries {
  static KEY = 'filler:lesson-tries';
  #counts = new Map();

  constructor() {
    let kept = null;
    try { kept = JSON.parse(sessionStorage.getItem(VisitTries.KEY)); } catch { kept = null; }
    if (!kept || typeof kept !== 'object' || Array.isArray(kept)) return;
    for (const [id, count] of Object.entries(kept)) {
      if (LESSON_ID.test(id) && Number.isInteger(count) && count > 0 && count < 1000) this.#counts.set(id, count);
    }
  }

  of(id) { return this.#counts.get(id) ?? 0; }

  /** The engine's word after a move: failed tries before this one, and this one if it failed. */
  note(id, count) {
    if (count <= this.of(id)) return;
    this.#counts.set(id, count);
    try { sessionStorage.setItem(VisitTries.KEY, JSON.stringify(Object.fromEntries(this.#counts))); } catch { /* kept in memory */ }
  }
}

/** "★★☆": `count` stars of 3 (the words are said beside it for screen readers). */
const starMarks = (count) => '★'.repeat(count) + '☆'.repeat(3 - count);

export function attachLessons(app, container) {
  const {state, store} = app;
  const bar = el('section', {class: 'mode-bar lesson-bar', hidden: true, 'aria-labelledby': 'lesson-title'});
  const number = el('span', {class: 'lesson-number'});
  const rulesLink = el('a', {class: 'lesson-rules'});
  const heading = el('h2', {id: 'lesson-title', class: 'lesson-title'});
  const intro = el('p', {class: 'lesson-text'});
  // one live region for the whole visit, its text changed (a new one would not be read)
  const verdict = el('p', {class: 'lesson-verdict', role: 'status', 'aria-live': 'polite'});
  const actions = el('div', {class: 'lesson-actions'});
  // the task (then the verdict and its buttons), stacked with an unseen copy of the
  // task's longest form ("Not yet: 1 move left. …"): the bar is that tall from the start,
  // as the board is fitted once (lessonView) and the color buttons under it are needed
  const sizer = el('p', {class: 'lesson-sizer', 'aria-hidden': 'true'});
  append(bar, el('div', {class: 'lesson-top'}, number, rulesLink), heading, intro,
         el('div', {class: 'lesson-task'}, el('div', {class: 'lesson-live'}, verdict, actions), sizer));
  placeAfter(app.tableView.replayBar, bar); // right above the board, where a phone player looks
  const panel = el('section', {class: 'mode-panel lesson-panel', hidden: true, 'aria-labelledby': 'lessons-title'});
  append(container, panel);
  const offerLine = el('div', {class: 'learn-offer', hidden: true});
  placeBefore(container, offerLine);

  let drawn = null; // the key of what the panel shows (drawn again when it changes)
  let kept = null; // the store's progress as last read
  const tries = new VisitTries();
  const life = app.modes.register({name: 'lessons', open, move, view, reopen, close, visit: offerIf,
                                   linkable: (table) => table.mode !== 'lessons', state: { // (no game to send)
    list: null, // the engine's lessons (lesson_list), in order
    current: null, // the lesson at the table: see show()
    message: null, // {key, params}: a lesson a link named that does not exist
    offered: false, // the first visit's line is shown
  }});
  const my = life.state;
  const progress = () => (kept ??= store.getLessons());
  store.subscribe((event) => { // another tab did a lesson, an import merged some
    if (event.type === 'changed' && ['lessons', 'all'].includes(event.what)) {
      kept = null;
      app.changed();
    }
  });
  const link = lessonFromLink(); // the page was opened with a link to Learn
  if (link !== null) {
    history.replaceState(null, '', location.pathname + location.search); // a reload is a normal visit
    life.queue(link || null);
  }

  const isLessonTable = (table) => Boolean(my.current && table && table === my.current.table);

  /** A lesson's board keeps the size it was first fitted to (table.js fitBoard: the
   *  task's text, the verdict, the cards at the game's end move nothing); once the try
   *  is over it is locked: the verdict is shown, the position stays as the engine left
   *  it, and nobody is to move. */
  function view(table) {
    // the lesson's bar says the task and the end (no result panel, no resign); the
    // replies are the lesson's (no computer thinks)
    const own = {status: '', result: false, resign: false, thinking: false};
    if (!isLessonTable(table)) return own;
    const ended = my.current.phase !== 'going';
    return {...own, locked: ended, ended, keepBoard: true};
  }

  async function lessons() {
    my.list ??= (await app.request('lesson_list')).lessons;
    return my.list;
  }

  /** Open Learn: lesson `id`, or the first not done yet. */
  async function open(id = null) {
    my.offered = false;
    my.message = null;
    const ticket = life.ask(id);
    if (ticket === null) return; // opened once the engine is up
    let path;
    try {
      path = await lessons();
    } catch (error) {
      if (!life.late(ticket)) app.showError(error);
      return;
    }
    if (life.late(ticket)) return;
    let lesson = id === null ? null : path.find((entry) => entry.id === id);
    if (id !== null && !lesson) my.message = {key: 'lesson.unknown', params: {id: String(id).slice(0, 40)}};
    const {stars} = progress();
    lesson ??= path.find((entry) => !Object.hasOwn(stars, entry.id)) ?? path[0];
    await show(lesson.id, ticket, 'lesson_open', {id: lesson.id, failures: tries.of(lesson.id)});
  }

  /** A lesson's board from the engine (`method`: lesson_open or lesson_retry) at the table. */
  async function show(id, ticket, method, params) {
    let opened;
    try {
      opened = await app.request(method, params);
    } catch (error) {
      if (!life.late(ticket)) app.showError(error, state.table);
      return;
    }
    if (!life.keep(ticket, opened)) return;
    const lesson = opened.lesson;
    const table = life.table(opened, {variant: 'custom', games: lesson.games});
    table.ratingAsked = true; // a lesson's match rates nobody
    table.boardName = () => t(`lesson.${lesson.id}.title`); // the board's label and summary
    // scroll: the bar into view (a lesson picked in the path below the board on a phone)
    my.current = {lesson, table, phase: lesson.verdict, stars: lesson.stars, problem: null, scroll: true, focus: false};
    drawn = null;
    life.put(table);
  }

  /** The player's color at a lesson's table (game.js play): the engine's verdict. */
  async function move(color) {
    const now = my.current;
    const table = now?.table;
    if (now?.phase !== 'going' || !life.free(table)) return;
    table.requesting = true;
    try {
      const answer = await app.request('lesson_move', {table_id: table.tableId, state_id: table.snapshot.state_id, color});
      if (!await life.replies(table, answer.states, () => my.current === now)) return;
      // focus: the verdict's first button takes the keyboard (Enter: next lesson, try again)
      Object.assign(now, {lesson: answer.lesson, phase: answer.verdict, stars: answer.stars,
                          focus: answer.verdict !== 'going'});
      tries.note(answer.lesson.id, answer.lesson.failures + (answer.verdict === 'failed' ? 1 : 0));
      if (answer.verdict === 'done') {
        const recorded = store.recordLesson(answer.lesson.id, answer.stars);
        kept = recorded.ok ? recorded.progress : null;
        if (!recorded.ok) now.problem = 'lesson.not_stored';
      }
    } catch (error) {
      if (my.current === now) app.showError(error, table);
    } finally {
      table.requesting = false;
      app.changed();
    }
  }

  /** The same lesson anew (the engine counts a failed try: one star less). */
  function retry() {
    if (!my.current) return;
    show(my.current.lesson.id, life.ticket(), 'lesson_retry', {table_id: my.current.table.tableId});
  }

  function next() {
    const index = (my.list ?? []).findIndex((entry) => entry.id === my.current?.lesson.id);
    if (index >= 0 && index + 1 < my.list.length) open(my.list[index + 1].id);
    else close();
  }

  /** Back to the game: the match to go on with, or a new game. */
  function close() {
    const wasShown = Boolean(my.current) || Boolean(my.waiting);
    my.current = null;
    my.message = null;
    life.leave();
    app.changed();
    if (wasShown) life.back();
  }

  /** The first visit's line: offered when `allowed` (no link opened the page, nothing
   *  was asked before the engine was up: modes.js visit), outside an embed, while
   *  nothing was played or learnt here and it was never dismissed. */
  function offerIf(allowed) {
    const {stars, dismissed} = progress();
    const played = store.listMatches().some((match) => match.events > 0);
    my.offered = allowed && !isEmbed() && link === null && !dismissed && !played && !Object.keys(stars).length;
    app.changed();
  }

  function dismissOffer() {
    my.offered = false;
    store.dismissLearnOffer();
    kept = null;
    app.changed();
  }

  /** A lesson's table in a restarted worker: its try anew. */
  async function reopen(table) {
    if (!isLessonTable(table)) return false;
    await show(my.current.lesson.id, life.ticket(), 'lesson_open', {id: my.current.lesson.id, failures: tries.of(my.current.lesson.id)});
    return true;
  }

  document.getElementById('open-learn')?.addEventListener('click', () => open()); // none in an embed
  app.drawListeners.add(() => draw());
  // a link to Learn pasted into this tab changes only the hash: open it
  window.addEventListener('hashchange', () => {
    const asked = lessonFromLink();
    if (asked === null) return;
    history.replaceState(null, '', location.pathname + location.search);
    open(asked || null);
  });

  // ---- drawing ------------------------------------------------------------------

  function taskText(lesson) {
    const goal = lesson.goal;
    const count = goal.count ?? goal.cells?.length ?? 0;
    return t(`lesson.${lesson.id}.task`, {count});
  }

  function verdictText({lesson, phase, stars}) {
    if (phase === 'done') return `${t('lesson.done')} ${t('lesson.stars', {count: stars})}.`;
    if (phase === 'failed') return `${t('lesson.failed')} ${t(`lesson.${lesson.id}.hint`)}`;
    if (lesson.played) return `${t('lesson.going', {count: lesson.moves - lesson.played})} ${taskText(lesson)}`;
    return taskText(lesson);
  }

  function draw() {
    const table = state.table;
    if (my.current && table !== my.current.table) { // a new game, a match resumed: Learn closed
      my.current = null;
      my.message = null;
    }
    // the offer is for the first board of a visit: gone once a move is made there, or
    // Learn, a puzzle, the board of the day, a replay or another game is opened
    const first = table && !app.modes.of(table) && !table.replay && !table.friend && table.snapshot.move_number === 0;
    const waiting = my.waiting;
    if (my.current || waiting || (table && !first)) my.offered = false;
    const shown = Boolean(my.current) || Boolean(waiting);
    bar.hidden = !my.current;
    drawOffer();
    if (!shown) {
      panel.hidden = true;
      drawn = null;
      return;
    }
    const {stars} = progress();
    const key = JSON.stringify([state.settings.language, my.current && [my.current.lesson.id, my.current.lesson.played,
      my.current.lesson.failures, my.current.phase, my.current.stars, my.current.problem, my.current.table.snapshot.state_id],
      stars, my.message, Boolean(waiting), Boolean(my.list), state.engine.status]);
    if (drawn === key) return;
    drawn = key;
    panel.hidden = false;
    const focused = document.activeElement?.closest?.('.lesson-bar, .lesson-panel') ? document.activeElement.dataset.focus : null;
    if (my.current) drawBar();
    drawPanel(stars);
    if (my.current?.focus) {
      my.current.focus = false;
      actions.querySelector('button')?.focus();
    } else if (focused) {
      [bar, panel].map((part) => part.querySelector(`[data-focus="${focused}"]`)).find(Boolean)?.focus({preventScroll: true});
    }
    if (my.current?.scroll) {
      my.current.scroll = false;
      const smooth = !matchMedia('(prefers-reduced-motion: reduce)').matches;
      requestAnimationFrame(() => bar.scrollIntoView({behavior: smooth ? 'smooth' : 'auto', block: 'nearest'}));
    }
  }

  /** Above the board: the lesson, its task or verdict (read by screen readers) and what
   *  to do next. */
  function drawBar() {
    const {lesson, phase, stars} = my.current;
    const place = (my.list ?? []).findIndex((entry) => entry.id === lesson.id) + 1;
    Object.assign(bar.dataset, {lesson: lesson.id, phase});
    number.textContent = t('lesson.number', {number: place, count: my.list?.length ?? place});
    Object.assign(rulesLink, {href: rulesHref(lesson.rule, lesson.id), textContent: t('lesson.rules')});
    rulesLink.dataset.rule = lesson.rule;
    heading.textContent = t(`lesson.${lesson.id}.title`);
    intro.textContent = t(`lesson.${lesson.id}.text`);
    Object.assign(verdict.dataset, {phase, played: String(lesson.played), stars: String(stars ?? 0)});
    replaceChildren(verdict,
      phase === 'going' ? null : el('strong', {class: 'lesson-mark', 'aria-hidden': 'true',
                                               text: phase === 'done' ? `${starMarks(stars)} ` : '✗ '}),
      verdictText(my.current));
    sizer.textContent = verdictText({lesson: {...lesson, played: Math.min(1, lesson.moves - 1)}, phase: 'going'});
    const last = place === my.list?.length;
    replaceChildren(actions, // the first button is the one to press next (it takes the focus)
      phase === 'done' ? el('button', {type: 'button', class: 'primary', dataset: {action: 'lesson-next', focus: 'next'},
        text: t(last ? 'lesson.play' : 'lesson.next'), onclick: () => next()}) : null,
      phase === 'going' ? null : el('button', {type: 'button', class: phase === 'failed' ? 'primary' : '',
        dataset: {action: 'lesson-again', focus: 'again'}, text: t('lesson.try_again'), onclick: () => retry()}),
      my.current.problem ? el('p', {class: 'lesson-problem', role: 'alert', text: t(my.current.problem)}) : null);
  }

  /** The path: every lesson with its stars, the progress, back to the game. */
  function drawPanel(stars) {
    const path = my.list ?? [];
    const done = path.filter((entry) => Object.hasOwn(stars, entry.id));
    const earned = done.reduce((sum, entry) => sum + stars[entry.id], 0);
    const all = path.length > 0 && done.length === path.length;
    replaceChildren(panel,
      el('div', {class: 'mode-head lesson-head'},
        el('h2', {id: 'lessons-title', text: t('lesson.heading')}),
        el('button', {type: 'button', class: 'lesson-close', dataset: {action: 'close-lessons', focus: 'close'},
                      text: t('lesson.close'), onclick: () => close()})),
      path.length ? el('p', {class: 'lesson-progress', dataset: {done: String(done.length), stars: String(earned)},
        text: t('lesson.progress', {done: done.length, count: path.length, stars: earned, total: 3 * path.length})}) : null,
      all ? el('p', {class: 'lesson-all-done', text: t('lesson.all_done')}) : null,
      my.message ? el('p', {class: 'lesson-message', role: 'alert', text: t(my.message.key, my.message.params)}) : null,
      !my.current && my.waiting ? el('p', {class: 'lesson-waiting', text: t('lesson.waiting')}) : null,
      path.length ? el('ol', {class: 'lesson-list', 'aria-label': t('lesson.list')}, path.map((entry) => {
        const count = Object.hasOwn(stars, entry.id) ? stars[entry.id] : 0;
        const here = my.current?.lesson.id === entry.id;
        return el('li', {dataset: {lesson: entry.id, stars: String(count)}},
          el('button', {type: 'button', class: 'lesson-item', 'aria-current': here ? 'step' : null,
                        dataset: {action: 'open-lesson', focus: `lesson-${entry.id}`}, onclick: () => open(entry.id)},
            el('span', {class: 'lesson-item-title', text: t(`lesson.${entry.id}.title`)}),
            el('span', {class: 'lesson-stars', 'aria-hidden': 'true', text: count ? starMarks(count) : ''}),
            el('span', {class: 'sr-only', text: `, ${count ? t('lesson.stars', {count}) : t('lesson.not_done')}`})));
      })) : null,
      el('p', {class: 'lesson-stars-rule', text: t('lesson.stars_rule')}));
  }

  function drawOffer() {
    const show = my.offered && !my.current && !my.waiting;
    offerLine.hidden = !show;
    const key = show ? state.settings.language : null;
    if (offerLine.dataset.drawn === key) return;
    offerLine.dataset.drawn = key ?? '';
    if (!show) return;
    replaceChildren(offerLine,
      el('span', {class: 'learn-offer-question', text: t('lesson.offer')}), ' ',
      el('button', {type: 'button', class: 'link learn-offer-open', dataset: {action: 'learn-offer'},
                    text: t('lesson.offer_open'), onclick: () => open()}),
      el('button', {type: 'button', class: 'link learn-offer-dismiss', dataset: {action: 'learn-offer-dismiss'},
                    'aria-label': t('lesson.offer_dismiss'), title: t('lesson.offer_dismiss'), // ✕ (CSS)
                    onclick: () => dismissOffer()}));
  }

}
