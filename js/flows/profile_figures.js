// A player's page's figures (flows/profile.js draws them with ui/profile.js): derived
// from what is stored each time the page opens, never kept. The matches come from the
// match list's summaries (storage.js listMatches: no match is read whole), the ratings'
// history from the engine (rating_history, puzzle_history: the page does no Glicko-2),
// the practice from the device's puzzle, lesson and board-of-the-day progress. Pure
// functions of their arguments (tests/engine/test_profile.py runs them in Node).
//
// What counts:
// - a match is the person's when a human seat of it carries their name (nameKey: case
//   and Unicode forms aside); only finished matches count, oldest first by the time
//   they finished (matchTime);
// - its result is the engine's outcome seen from the person's side (the catalog's
//   `sides` say each seat's): a win when their side alone is among the winners, a draw
//   when it shares the top, else a loss; its margin, their side's total value less the
//   best other side's;
// - a rated match (the outcome rated, and a rating change stored for a seat, as
//   flows/ratings.js stores them) is a point of its variant's rating graph; every rated
//   match of every person is replayed in order by the engine, so a match deleted or
//   imported moves every later point (historyRequest);
// - a computer level is one opponent, a friend by link another (by name), each person
//   of this device another.

import {dailyStreak, daysBy, isFinished, isLate, nameKey} from '../store/storage.js';

/** When a match ended (its `finished` time; a match saved before that was a time: its
 *  last save). */
export const matchTime = (entry) => (typeof entry.finished === 'number' ? entry.finished : entry.updated);

/** The finished matches with an outcome, oldest first (ties by id: the same order on
 *  every device, so the engine replays them alike). */
export function finishedInOrder(entries) {
  return entries.filter((entry) => isFinished(entry) && entry.result?.outcome && Array.isArray(entry.players))
    .sort((a, b) => matchTime(a) - matchTime(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

const isRatingTriple = (value) => Array.isArray(value) && value.length >= 3
  && value.slice(0, 3).every((number) => typeof number === 'number' && Number.isFinite(number));

/** Whether a finished match changed a rating here: rated, with a change stored for a seat. */
export function isRated(entry) {
  const changes = entry.result?.ratingChanges;
  return entry.result?.outcome?.rated === true && Array.isArray(changes) && changes.some((change) => change !== null && typeof change === 'object');
}

/** The engine's rating_history request for `ordered` (finishedInOrder): every rated
 *  match, each seat as the match was rated (flows/ratings.js): a person who got a
 *  change, by their name's key; a computer by its level; a friend at the rating their
 *  device sent; anyone else at the default. `ids`: the match of each entry. */
export function historyRequest(ordered) {
  const rated = ordered.filter(isRated);
  return {
    ids: rated.map((entry) => entry.id),
    matches: rated.map((entry) => ({
      variant: entry.variant,
      pairs: entry.result.outcome.pairs ?? [],
      seats: entry.players.map((player, seat) => {
        if (player?.kind === 'computer') return {level: String(player.level)};
        if (player?.kind === 'friend') {
          const given = entry.linkRatings?.[seat];
          return isRatingTriple(given) ? {rating: given.slice(0, 3)} : null;
        }
        const changed = entry.result.ratingChanges[seat];
        return changed && typeof player?.name === 'string' && player.name ? {person: nameKey(player.name)} : null;
      }),
    })),
  };
}

/** An opponent as the page names it, and the key its results are counted under. */
function opponentOf(player) {
  if (player?.kind === 'computer') return {key: `computer:${player.level}`, kind: 'computer', level: String(player.level)};
  const name = typeof player?.name === 'string' ? player.name : '';
  if (player?.kind === 'friend') return {key: `friend:${nameKey(name)}`, kind: 'friend', name};
  return {key: `person:${nameKey(name)}`, kind: 'person', name};
}

const noResults = () => ({matches: 0, win: 0, draw: 0, loss: 0});

function count(results, result) {
  results.matches += 1;
  results[result] += 1;
}

/** The seat of the person named `key` (nameKey) in a match, or -1. */
function seatOf(entry, key) {
  return entry.players.findIndex((player) => player?.kind === 'human' && typeof player.name === 'string'
    && player.name !== '' && nameKey(player.name) === key);
}

/** Each of the person's finished matches as the page counts it: {entry, seat, side,
 *  result: win | draw | loss, margin (null when the totals are missing), opponents}. */
export function matchesOf(name, ordered, sides) {
  const key = nameKey(name);
  const played = [];
  for (const entry of ordered) {
    const seat = seatOf(entry, key);
    if (seat < 0) continue;
    const sideOf = (index) => sides.get(entry.variant)?.[index] ?? index;
    const side = sideOf(seat);
    const outcome = entry.result.outcome;
    const winners = Array.isArray(outcome.winners) ? outcome.winners : [];
    const result = winners.includes(side) ? (winners.length > 1 ? 'draw' : 'win') : 'loss';
    const totals = outcome.totals ?? {};
    const others = Object.keys(totals).filter((other) => other !== String(side)).map((other) => totals[other]);
    const margin = typeof totals[side] === 'number' && others.length && others.every(Number.isFinite)
      ? totals[side] - Math.max(...others) : null;
    const opponents = entry.players.map((player, index) => ({player, index}))
      .filter(({index}) => sideOf(index) !== side).map(({player, index}) => ({...opponentOf(player), seat: index}));
    played.push({entry, seat, side, result, margin, opponents});
  }
  return played;
}

/** The longest run of wins ({length, first, last}: the matches it began and ended
 *  with, {id, time}; the first such run) and the run going on now. */
export function winningStreaks(played) {
  const mark = ({entry}) => ({id: entry.id, time: matchTime(entry)});
  let longest = {length: 0, first: null, last: null};
  let run = 0;
  played.forEach((match, index) => {
    run = match.result === 'win' ? run + 1 : 0;
    if (run > longest.length) longest = {length: run, first: mark(played[index - run + 1]), last: mark(match)};
  });
  return {longest, current: run};
}

/** What the page shows of a person's matches: counts, margins, streaks, results per
 *  variant and per opponent, each rated variant's graph, the best wins. `replayed`: the
 *  engine's rating_history answer for historyRequest(ordered) ({ids, matches}), or
 *  null before it came; `stored`: the person's ratings as the store keeps them (the
 *  ratings in play). */
export function playerFigures(name, ordered, {sides = new Map(), replayed = null, stored = [], best = 5} = {}) {
  const played = matchesOf(name, ordered, sides);
  const results = noResults();
  const byVariant = new Map();
  const byOpponent = new Map();
  let games = 0;
  let margins = 0;
  let measured = 0;
  for (const match of played) {
    count(results, match.result);
    if (!byVariant.has(match.entry.variant)) byVariant.set(match.entry.variant, {variant: match.entry.variant, ...noResults()});
    count(byVariant.get(match.entry.variant), match.result);
    for (const opponent of match.opponents) {
      if (!byOpponent.has(opponent.key)) {
        const {seat, ...who} = opponent;
        byOpponent.set(opponent.key, {...who, ...noResults()});
      }
      count(byOpponent.get(opponent.key), match.result);
    }
    games += Number.isInteger(match.entry.gamesOver) ? match.entry.gamesOver : match.entry.games;
    if (match.margin !== null) {
      margins += match.margin;
      measured += 1;
    }
  }
  const ratings = ratingGraphs(played, replayed, stored);
  return {
    name, results, games,
    margin: {total: margins, average: measured ? margins / measured : null, matches: measured},
    streak: winningStreaks(played),
    byVariant: [...byVariant.values()],
    byOpponent: [...byOpponent.values()].sort((a, b) => b.matches - a.matches || a.key.localeCompare(b.key)),
    ratings,
    bestWins: bestWins(played, replayed, best),
  };
}

/** Each replayed match's seats ({before, after} each), by match id. */
function replayedById(replayed) {
  const rows = new Map();
  if (!replayed) return rows;
  replayed.ids.forEach((id, index) => rows.set(id, replayed.matches[index]));
  return rows;
}

/** Per variant: the points of its graph (each rated match of the person, the rating the
 *  replay gives after it), the current (last), highest and lowest of them, and the rating
 *  stored (in play); a variant with a stored rating and no match stored has no point. */
function ratingGraphs(played, replayed, stored) {
  const rows = replayedById(replayed);
  const graphs = new Map();
  const graphOf = (variant) => {
    if (!graphs.has(variant)) graphs.set(variant, {variant, points: [], stored: null});
    return graphs.get(variant);
  };
  for (const entry of stored) graphOf(entry.variant).stored = {r: entry.r, rd: entry.rd, matches: entry.matches};
  for (const match of played) {
    const seats = rows.get(match.entry.id);
    const change = match.entry.result.ratingChanges?.[match.seat];
    if (!seats || !change) continue;
    const {before, after} = seats[match.seat];
    graphOf(match.entry.variant).points.push({
      id: match.entry.id, time: matchTime(match.entry), r: after.r, rd: after.rd, change: after.r - before.r,
      result: match.result, opponents: match.opponents,
    });
  }
  return [...graphs.values()].map((graph) => {
    const {points} = graph;
    const extreme = (better) => points.reduce((kept, point) => (kept === null || better(point.r, kept.r) ? point : kept), null);
    return {...graph, current: points.at(-1) ?? null, highest: extreme((a, b) => a > b), lowest: extreme((a, b) => a < b)};
  }).sort((a, b) => b.points.length - a.points.length || a.variant.localeCompare(b.variant));
}

/** The strongest opponents beaten in rated matches: the opponent's rating before the
 *  match (the replay's), strongest first. */
function bestWins(played, replayed, best) {
  const rows = replayedById(replayed);
  const wins = [];
  for (const match of played) {
    const seats = rows.get(match.entry.id);
    if (match.result !== 'win' || !seats) continue;
    const strongest = match.opponents.reduce((kept, opponent) => {
      const rating = seats[opponent.seat]?.before;
      return rating && (!kept || rating.r > kept.rating.r) ? {opponent, rating} : kept;
    }, null);
    if (strongest) wins.push({id: match.entry.id, time: matchTime(match.entry), variant: match.entry.variant, ...strongest});
  }
  return wins.sort((a, b) => b.rating.r - a.rating.r || a.time - b.time).slice(0, best);
}

// ---- practice: the device's puzzles, lessons and boards of the day -------------

/** The puzzles tried, in the order they were tried (`tried` keeps it: a puzzle id is
 *  never an array index), each with what the puzzle files say of it (`known`: id ->
 *  {rating, themes}), or nothing for one no file has now (the player's own, or one a
 *  later file no longer holds). */
export function puzzleTries(progress, known) {
  return Object.entries(progress.tried ?? {}).map(([id, solved]) => ({id, solved: solved === 1, puzzle: known.get(id) ?? null}));
}

/** The engine's puzzle_history request: the tries of puzzles whose rating is known. */
export function puzzleHistoryRequest(tries) {
  return {tries: tries.filter((entry) => entry.puzzle).map((entry) => [entry.puzzle.rating, entry.solved])};
}

/** What the page shows of the puzzles: the graph's points (each try of a known puzzle
 *  and the rating after it, `history` the engine's answer), the rating stored, success
 *  per theme (first tries, solved), the tries whose theme is not known, the streak of
 *  first tries solved in a row (now and best), the best Puzzle Streak and Storm scores. */
export function puzzleFigures(progress, tries, history = null) {
  const rated = tries.filter((entry) => entry.puzzle);
  const points = history ? rated.map((entry, index) => ({id: entry.id, solved: entry.solved, ...history.ratings[index]})) : [];
  const themes = new Map();
  for (const entry of rated) {
    for (const theme of entry.puzzle.themes) {
      if (!themes.has(theme)) themes.set(theme, {theme, tries: 0, solved: 0});
      const row = themes.get(theme);
      row.tries += 1;
      row.solved += entry.solved ? 1 : 0;
    }
  }
  return {
    tries: progress.tries ?? tries.length, solved: progress.solved ?? tries.filter((entry) => entry.solved).length,
    rating: progress.rating ?? null, points,
    themes: [...themes.values()].sort((a, b) => b.tries - a.tries || a.theme.localeCompare(b.theme)),
    unknown: tries.length - rated.length,
    streak: {current: progress.streak ?? 0, best: progress.best ?? 0},
    runs: {streak: progress.runs?.streak ?? 0, storm: progress.runs?.storm ?? 0}, // the best Puzzle Streak and Storm
  };
}

/** Learn's stars: each lesson of the engine's list (in order) with its stars (0: not done). */
export function lessonFigures(list, stars) {
  const lessons = list.map((lesson) => ({id: lesson.id, stars: Object.hasOwn(stars, lesson.id) ? stars[lesson.id] : 0}));
  return {lessons, done: lessons.filter((lesson) => lesson.stars > 0).length,
          stars: lessons.reduce((sum, lesson) => sum + lesson.stars, 0), total: 3 * lessons.length};
}

const DAY_MS = 86400000;
const dayNumber = (date) => Date.UTC(...date.split('-').map((part, index) => Number(part) - (index === 1 ? 1 : 0))) / DAY_MS;
const dateOf = (number) => new Date(number * DAY_MS).toISOString().slice(0, 10);

/** A day of the board of the day as the page shows it: {date, mark: the try's outcome,
 *  or 'open' for a try not finished, late: played after its day (not in the streak)}. */
const dayShown = (day) => ({date: day.date, mark: day.result ? day.result.outcome : 'open', late: isLate(day)});

/** The board of the day: the streak (storage.js dailyStreak), the calendar
 *  (calendarWeeks) and the days played up to today, oldest first. `days`: the stored
 *  days (store.getDaily().days), `today`: the player's local date (YYYY-MM-DD). */
export function dailyFigures(days, today) {
  return {streak: dailyStreak(days, today), weeks: calendarWeeks(days, today),
          days: daysBy(days, today).slice().sort((a, b) => (a.date < b.date ? -1 : 1)).map(dayShown)};
}

/** The board of the day's calendar: columns of seven days (Monday first) from the week
 *  of the first day played, at most `most` weeks back, to today's week; each day up to
 *  today as dayShown says it (mark '' for a day not played), null after today. */
export function calendarWeeks(days, today, {most = 26, least = 13} = {}) {
  const played = new Map(daysBy(days, today).map((day) => [day.date, day]));
  const end = dayNumber(today);
  const weekday = (number) => (new Date(number * DAY_MS).getUTCDay() + 6) % 7; // Monday 0
  const monday = end - weekday(end);
  const first = played.size ? Math.min(...[...played.keys()].map(dayNumber)) : end;
  const count = Math.max(least, Math.min(most, Math.floor((monday - (first - weekday(first))) / 7) + 1));
  const weeks = [];
  for (let week = count - 1; week >= 0; week -= 1) {
    weeks.push(Array.from({length: 7}, (_, row) => {
      const number = monday - 7 * week + row;
      if (number > end) return null;
      const date = dateOf(number);
      return played.has(date) ? dayShown(played.get(date)) : {date, mark: '', late: false};
    }));
  }
  return weeks;
}
