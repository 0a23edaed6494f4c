// A player's page (docs/profile.md): reached from the lobby's Players tab, a page per
// person (app.openProfile(name)) and the device's practice alone (app.openProfile(null)).
// Everything on it is derived when it opens, from what is stored (profile_figures.js),
// never kept: the match list's summaries, the ratings, the puzzle, lesson and board of the
// day progress. What takes arithmetic or the rules is the engine's: each rating's history
// (rating_history: every rated match played again in order, so a match deleted or
// imported moves the graph) and the puzzle rating's (puzzle_history), the lessons
// (lesson_list), each seat's side (the catalog's `sides`). The puzzle files give each
// tried puzzle's rating and themes (fetched as Puzzles fetches them; the service worker
// keeps them).
//
// Opening it reads the match list once (no match whole); the engine's answers are kept
// for as long as what they were asked of is the same, so the page opens again at once.
// Once everything asked has come and is drawn, the dialog says data-ready="1" and the
// measure "filler:profile" (the click to that) is taken, with one a part
// ("filler:profile:rating_history", ":puzzles", ":draw"): bench/profile_page.py reads them.

import {onLanguageChange} from '../i18n/i18n.js';
import {localDate, nameKey} from '../store/storage.js';
import {ProfileView} from '../ui/profile.js';
import {dailyFigures, finishedInOrder, historyRequest, lessonFigures, playerFigures, puzzleFigures,
        puzzleHistoryRequest, puzzleTries} from './profile_figures.js';

const PUZZLE_ID = /^[a-z0-9-]{1,60}$/;

export function attachProfile(app) {
  const {state, store} = app;
  const my = state.profile = {
    name: null,        // whose page is open (null: the practice alone)
    opened: 0,         // performance.now() of the opening, till everything has come
    ordered: [],       // the finished matches, oldest first (profile_figures.js)
    history: null,     // {key, ids, answer}: the engine's rating_history of the matches as they are
    puzzles: null,     // {key, tries, answer}: the puzzle tries and their puzzle_history
    lessons: null,     // the engine's lesson_list
    asking: false,     // the engine is being asked
    failed: false,     // an answer did not come (said as waiting; asked again at the next opening)
  };
  const files = new Map(); // variant -> promise of its puzzle file's {id -> {rating, themes}}
  let ticket = 0;
  const view = new ProfileView({
    back: () => {
      view.close();
      app.openLobby('players');
    },
    close: () => view.close(),
    closed: () => {
      ticket += 1; // what is still asked is drawn at the next opening
      my.asking = false;
    },
    openMatch: (id) => {
      view.close();
      app.replayMatch(id);
    },
  });

  /** Open the page of `name` (null: the device's practice alone). */
  function open(name) {
    my.name = typeof name === 'string' && name.trim() ? name : null;
    my.opened = performance.now();
    my.failed = false;
    view.open();
    refresh();
  }

  /** Gather again and ask the engine what is missing; draws now (what needs no engine,
   *  while the engine works) and once every answer has come (a long history's charts
   *  are drawn once). */
  function refresh() {
    if (!view.isOpen) return;
    const asking = ++ticket;
    my.ordered = finishedInOrder(store.listMatches({finished: true}));
    const request = historyRequest(my.ordered);
    const key = JSON.stringify(request.matches);
    if (my.history?.key !== key) my.history = {key, ids: request.ids, answer: null};
    if (state.engine.status !== 'ready') {
      draw();
      return; // a draw listener asks once it is
    }
    const history = my.history;
    my.asking = true;
    // asked first: the engine works while this page draws what needs no answer
    const asks = [
      history.answer ? null : timed('rating_history', app.request('rating_history', {matches: request.matches}))
        .then((answer) => { history.answer = answer; }),
      my.lessons ? null : app.request('lesson_list').then((answer) => { my.lessons = answer.lessons; }),
      timed('puzzles', puzzleAsk()),
    ].filter(Boolean);
    draw();
    Promise.all(asks).catch((error) => {
      console.warn('filler: a player\'s page', error);
      my.failed = true;
    }).finally(() => {
      if (asking !== ticket) return;
      my.asking = false;
      const drawn = performance.now();
      draw();
      if (!my.failed && my.opened) {
        performance.measure('filler:profile:draw', {start: drawn, end: performance.now()});
        performance.measure('filler:profile', {start: my.opened, end: performance.now()});
        my.opened = 0;
      }
    });
  }

  /** `asked` as it goes, its time measured ("filler:profile:<name>", bench/profile_page.py
   *  prints them beside the whole opening). */
  function timed(name, asked) {
    const start = performance.now();
    return asked.then((answer) => {
      performance.measure(`filler:profile:${name}`, {start, end: performance.now()});
      return answer;
    });
  }

  /** The puzzle tries with their puzzles (the files of the variants tried) and their
   *  rating history: asked when the tries changed. */
  async function puzzleAsk() {
    const progress = store.getPuzzles();
    const variants = new Set(state.catalog.variants.map((variant) => variant.id));
    const wanted = [...new Set(Object.keys(progress.tried ?? {}).map((id) => id.split('-')[0]))].filter((id) => variants.has(id));
    const known = new Map();
    for (const file of await Promise.all(wanted.map(puzzleFile))) for (const [id, puzzle] of file) known.set(id, puzzle);
    const tries = puzzleTries(progress, known);
    const request = puzzleHistoryRequest(tries);
    const key = JSON.stringify([progress, request]);
    if (my.puzzles?.key === key && my.puzzles.answer) return;
    const answer = request.tries.length ? await app.request('puzzle_history', request) : {ratings: []};
    my.puzzles = {key, progress, tries, answer};
  }

  /** A variant's puzzle file, as each puzzle's rating and themes (empty when there is
   *  none); fetched once (again after a failure). */
  function puzzleFile(variant) {
    if (!files.has(variant)) {
      const loading = fetch(`puzzles/${variant}.json`).then(async (response) => {
        if (response.status === 404) return new Map();
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const data = await response.json();
        const puzzles = Array.isArray(data?.puzzles) ? data.puzzles : [];
        return new Map(puzzles.filter((puzzle) => typeof puzzle?.id === 'string' && PUZZLE_ID.test(puzzle.id)
          && Number.isFinite(puzzle.rating) && Array.isArray(puzzle.themes))
          .map((puzzle) => [puzzle.id, {rating: puzzle.rating, themes: puzzle.themes.filter((theme) => typeof theme === 'string')}]));
      });
      loading.catch(() => files.delete(variant));
      files.set(variant, loading);
    }
    return files.get(variant);
  }

  function draw() {
    if (!view.isOpen) return;
    const {catalog} = state;
    const sides = new Map(catalog.variants.map((variant) => [variant.id, variant.sides]));
    const replayed = my.history?.answer ? {ids: my.history.ids, matches: my.history.answer.matches} : null;
    const figures = my.name === null ? null : playerFigures(my.name, my.ordered, {
      sides, replayed, stored: store.listRatings().filter((entry) => nameKey(entry.player) === nameKey(my.name))});
    const puzzles = my.puzzles ?? {progress: store.getPuzzles(), tries: [], answer: null};
    const ready = Boolean(replayed && my.lessons && my.puzzles?.answer);
    view.render({
      name: my.name, figures, ready,
      waiting: !ready && (state.engine.status !== 'ready' || my.failed),
      practice: {
        puzzles: puzzleFigures(puzzles.progress, puzzles.tries, puzzles.answer),
        lessons: my.lessons ? lessonFigures(my.lessons, store.getLessons().stars) : null,
        daily: dailyFigures(store.getDaily().days, localDate()),
      },
    });
  }

  // the engine came up (or back) while the page waits for it; another tab changed what
  // is stored; the language changed
  app.drawListeners.add(() => {
    if (view.isOpen && state.engine.status === 'ready' && !my.asking && !my.failed
        && !(my.history?.answer && my.lessons && my.puzzles?.answer)) refresh();
  });
  store.subscribe((event) => { if (event.type === 'changed') refresh(); });
  onLanguageChange(() => draw());
  app.openProfile = open;
}
