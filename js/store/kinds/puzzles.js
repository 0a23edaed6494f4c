// The player's puzzle progress, one for the device (flows/puzzles.js):
// "filler:puzzles" = {version, rating: {r, rd, vol} | null, tries, solved, streak, best,
// tried: {<puzzle id>: 1 solved at the first try | 0}, seed?, difficulty?, runs?: {streak,
// storm}, history?: [{id, themes, solved, play, at}]} (docs/storage.md#puzzle-progress).
// No list: a value that does not read is set aside whole.

import { PREFIX } from "../keys.js";
import { StoreProblem, isCount, isObject, notList, notObject, wrongField } from "../problems.js";
import { progressKind } from "./progress.js";

export const PUZZLES_KEY = PREFIX + "puzzles";
export const PUZZLE_ID = /^[a-z0-9-]{1,60}$/;

// A puzzle rating this game gives: the ranges a friend's link carries (filler.link.RATING_RANGES),
// which the engine's puzzle_rating accepts and answers within.
export const RATING_RANGES = Object.freeze({ r: [0, 4000], rd: [30, 350], vol: [0.01, 0.2] });
const GLICKO_SCALE = 173.7178; // filler.rating.SCALE

/** The smallest deviation a puzzle rating can have after `tries` rated tries from a new
 *  player's 350. A Glicko-2 period of one result adds at most 1/4 to 1/φ² (φ = rd /
 *  GLICKO_SCALE; g(φ_j)² E(1 − E) ≤ 1/4) and takes nothing off (the volatility only
 *  widens φ), so 1/φ² ≤ (GLICKO_SCALE / 350)² + tries / 4: 155 after 4 tries, 30
 *  after 133 (docs/storage.md#puzzle-progress). */
export function leastDeviation(tries) {
  return GLICKO_SCALE / Math.sqrt((GLICKO_SCALE / 350) ** 2 + tries / 4);
}

/** A puzzle rating {r, rd, vol} that `tries` rated tries can have given: each value in
 *  RATING_RANGES, the deviation no smaller than leastDeviation(tries) (rounding aside). */
export function isPuzzleRating(rating, tries) {
  return isObject(rating) && Object.entries(RATING_RANGES).every(([field, [low, high]]) =>
    typeof rating[field] === "number" && rating[field] >= low && rating[field] <= high)
    && rating.rd >= leastDeviation(tries) * 0.999;
}

// How much easier or harder than the player's rating the puzzles offered are (lichess's
// five choices); 0 when none was chosen.
export const DIFFICULTIES = Object.freeze([-600, -300, 0, 300, 600]);
// The runs whose best score is kept: Puzzle Streak (puzzles in a row), Puzzle Storm
// (puzzles solved in one storm); neither is rated.
export const RUNS = Object.freeze(["streak", "storm"]);
// How a try in the history was played: a rated first try, any other try (tried before, your
// own games' puzzles), or in a run.
export const PLAYS = Object.freeze(["rated", "unrated", ...RUNS]);
export const HISTORY_KEPT = 500; // the newest tries kept in the history
const RUN_MOST = 100000; // more than any run can score
const THEME = /^[a-z-]{1,20}$/;
const THEMES_MOST = 8;

/** The board of a puzzle: its id's first part (`own-quick-4-11` → quick). */
export const puzzleVariant = (id) => id.replace(/^own-/, "").split("-")[0];

/** A try of the history: a puzzle id, its themes, solved 1 | 0 (without a wrong color),
 *  how it was played (PLAYS), when (ms since 1970). */
function isTry(entry) {
  return isObject(entry) && typeof entry.id === "string" && PUZZLE_ID.test(entry.id)
    && Array.isArray(entry.themes) && entry.themes.length <= THEMES_MOST
    && entry.themes.every((theme) => typeof theme === "string" && THEME.test(theme))
    && (entry.solved === 0 || entry.solved === 1) && PLAYS.includes(entry.play) && Number.isSafeInteger(entry.at) && entry.at >= 0;
}

/** The history: at most HISTORY_KEPT tries; a rated one is of a puzzle tried, marked as
 *  that try went, and no puzzle has two. */
function checkHistory(history, tried) {
  if (!Array.isArray(history)) return notList("history");
  if (history.length > HISTORY_KEPT || !history.every(isTry)) return wrongField("history");
  const rated = history.filter((entry) => entry.play === "rated");
  if (new Set(rated.map((entry) => entry.id)).size !== rated.length
      || !rated.every((entry) => Object.hasOwn(tried, entry.id) && tried[entry.id] === entry.solved)) {
    return new StoreProblem("puzzle_history", "the history does not match the puzzles tried");
  }
  return null;
}

/** The progress (storage.js getPuzzles): counts, a rating, the ids tried, the order of
 *  the puzzles offered, the difficulty chosen, the best runs, the history of tries. The
 *  counts are those of the ids tried: `tries` of them, `solved` of them solved at the
 *  first try, and streak ≤ best ≤ solved; the rating one these tries can have given
 *  (isPuzzleRating); the history's rated tries those of `tried` (checkHistory). */
export function checkPuzzles(value) {
  if (!isObject(value)) return notObject("puzzles");
  for (const field of ["tries", "solved", "streak", "best"]) if (!isCount(value[field])) return wrongField(field);
  if (!isObject(value.tried)) return notObject("tried");
  for (const [id, solved] of Object.entries(value.tried)) {
    if (!PUZZLE_ID.test(id) || (solved !== 0 && solved !== 1)) return wrongField("tried");
  }
  const marks = Object.values(value.tried);
  if (value.tries !== marks.length || value.solved !== marks.filter((solved) => solved === 1).length
      || value.streak > value.best || value.best > value.solved) {
    return new StoreProblem("puzzle_counts", "the counts do not match the puzzles tried");
  }
  if (value.rating !== null && !isPuzzleRating(value.rating, value.tries)) {
    return new StoreProblem("puzzle_rating", "the rating is not one that these puzzles can have given");
  }
  if (value.seed !== undefined && !(Number.isInteger(value.seed) && value.seed >= 0 && value.seed < 2 ** 32)) {
    return wrongField("seed");
  }
  if (value.difficulty !== undefined && !DIFFICULTIES.includes(value.difficulty)) return wrongField("difficulty");
  if (value.runs !== undefined && !(isObject(value.runs) && Object.keys(value.runs).length === RUNS.length
      && RUNS.every((run) => isCount(value.runs[run]) && value.runs[run] <= RUN_MOST))) {
    return wrongField("runs");
  }
  return value.history === undefined ? null : checkHistory(value.history, value.tried);
}

/** No puzzle tried yet (a value stored before the difficulty, the runs and the history
 *  were kept reads as this with its own fields: storage.js getPuzzles). */
export const freshPuzzles = () => ({ rating: null, tries: 0, solved: 0, streak: 0, best: 0, tried: {},
                                     difficulty: 0, runs: { streak: 0, storm: 0 }, history: [] });

/** `history` with `entry` added last, the oldest let go beyond HISTORY_KEPT. */
const appended = (history, entry) => [...history, entry].slice(-HISTORY_KEPT);

/** A try of puzzle `id` as the history keeps it; `at` never before the newest kept (a
 *  clock set back keeps the history in the order it was played). */
function tryOf(before, id, { solved, themes = [], play, at }) {
  const newest = before.history.at(-1)?.at ?? 0;
  return { id, themes: [...themes], solved: solved ? 1 : 0, play, at: Math.max(Math.round(at), newest) };
}

/**
 * The first try of puzzle `id` (storage.js recordPuzzle): {progress} when it counts (the
 * progress to write), else the store's answer: {ok: true, counted: false, progress:
 * before} (tried before: nothing changes) or {ok: false, reason: "invalid", message,
 * problem?} (a bad id or rating).
 */
export function afterTry(before, id, { solved, rating = null, seed = null, themes = [], at = Date.now() } = {}) {
  if (typeof id !== "string" || !PUZZLE_ID.test(id)) return { ok: false, reason: "invalid", message: "not a puzzle id" };
  // own keys only: "constructor" is an id like any other
  if (Object.hasOwn(before.tried, id)) return { ok: true, counted: false, progress: before };
  const streak = solved ? before.streak + 1 : 0;
  const tries = before.tries + 1;
  if (rating !== null && !isPuzzleRating(rating, tries)) return refused(wrongField("rating"));
  const progress = {
    ...before,
    rating: rating === null ? before.rating : { r: rating.r, rd: rating.rd, vol: rating.vol },
    tries,
    solved: before.solved + (solved ? 1 : 0),
    streak,
    best: Math.max(before.best, streak),
    tried: { ...before.tried, [id]: solved ? 1 : 0 },
    history: appended(before.history, tryOf(before, id, { solved, themes, play: "rated", at })),
  };
  const order = before.seed ?? seed;
  if (order !== null) progress.seed = order;
  return checked(progress);
}

const refused = (problem) => ({ ok: false, reason: "invalid", message: String(problem), problem });
const checked = (progress) => {
  const problem = checkPuzzles(progress);
  return problem ? refused(problem) : { progress };
};

/**
 * A try of puzzle `id` that is not rated (storage.js recordPuzzlePlay): `play` is
 * "unrated" (tried before, or one of your own games'), "streak" or "storm"; it goes in
 * the history alone. {progress}, or {ok: false, reason: "invalid", message, problem?}.
 */
export function afterPlay(before, id, { solved, themes = [], play, at = Date.now() } = {}) {
  if (typeof id !== "string" || !PUZZLE_ID.test(id)) return { ok: false, reason: "invalid", message: "not a puzzle id" };
  if (play === "rated" || !PLAYS.includes(play)) return refused(wrongField("play"));
  return checked({ ...before, history: appended(before.history, tryOf(before, id, { solved, themes, play, at })) });
}

/** A run of `run` ("streak", "storm") ended with `score` (storage.js recordPuzzleRun):
 *  {progress, improved} when it beats the best kept, else {ok: true, improved: false,
 *  progress: before}, or {ok: false, reason: "invalid", message, problem?}. */
export function afterRun(before, run, score) {
  if (!RUNS.includes(run) || !isCount(score) || score > RUN_MOST) return refused(wrongField("runs"));
  if (score <= before.runs[run]) return { ok: true, improved: false, progress: before };
  const next = checked({ ...before, runs: { ...before.runs, [run]: score } });
  return "progress" in next ? { ...next, improved: true } : next;
}

/** The difficulty chosen (storage.js setPuzzleDifficulty): {progress} or {ok: false, ...}. */
export function afterDifficulty(before, difficulty) {
  return DIFFICULTIES.includes(difficulty) ? checked({ ...before, difficulty }) : refused(wrongField("difficulty"));
}

/** The puzzle progress after an import of `puzzles` (checked: checkPuzzles, its counts
 *  are those of its ids tried, its rating one they can have given), or null when nothing
 *  changes: the puzzles tried on either device (this device's entry for one both
 *  tried), tries and solved counted from them; the rating and the streak of the side
 *  that tried more (this one on a tie); the longer best streak of the two (reached on
 *  either device, it was reached), neither more than the puzzles solved; the better of
 *  each run's best; the tries of both histories, in the order they were played, the
 *  newest HISTORY_KEPT (a rated try of a puzzle both tried: this device's alone, as its
 *  mark); this device's difficulty. A file's progress with nothing tried makes no entry
 *  in the report. */
export function mergePuzzles(here, incoming, report) {
  const entry = { what: "puzzles", kind: "puzzles", name: null };
  const puzzles = { ...freshPuzzles(), ...incoming }; // a file from before the runs and the history
  if (Object.keys(puzzles.tried).length === 0 && puzzles.history.length === 0
      && RUNS.every((run) => puzzles.runs[run] === 0)) return null; // nothing there: nothing to tell, as of an empty list
  const tried = { ...puzzles.tried, ...here.tried }; // own keys only: "constructor" is an id like any other
  const ids = Object.keys(tried);
  const leader = puzzles.tries > here.tries ? puzzles : here;
  const rating = leader.rating && { r: leader.rating.r, rd: leader.rating.rd, vol: leader.rating.vol };
  const solved = ids.filter((id) => tried[id] === 1).length;
  // a puzzle both tried counts as it went here: the file's best may count more solved than are left
  const best = Math.min(Math.max(here.best, puzzles.best), solved);
  const runs = Object.fromEntries(RUNS.map((run) => [run, Math.max(here.runs[run], puzzles.runs[run])]));
  const merged = { rating, tries: ids.length, solved, streak: Math.min(leader.streak, best), best, tried,
                   difficulty: here.difficulty, runs, history: mergedHistory(here, puzzles) };
  const seed = here.seed ?? puzzles.seed; // the order of the puzzles offered: this device's, if it has one
  if (seed !== undefined) merged.seed = seed;
  const same = ids.length === Object.keys(here.tried).length
    && ["tries", "solved", "streak", "best"].every((field) => merged[field] === here[field])
    && ["rating", "runs", "history"].every((field) => JSON.stringify(merged[field]) === JSON.stringify(here[field]));
  if (same) {
    report.unchanged.push({ ...entry, why: new StoreProblem("already_here", "already here") });
    return null;
  }
  report.taken.push(entry);
  return merged;
}

/** The tries of both histories (one played on both devices once), in the order they were
 *  played, the newest HISTORY_KEPT; the file's rated try of a puzzle this device tried
 *  too left out (this device's first try is the one that counts). */
function mergedHistory(here, puzzles) {
  const key = (entry) => JSON.stringify([entry.at, entry.id, entry.play]);
  const kept = new Set(here.history.map(key));
  const theirs = puzzles.history.filter((entry) => !kept.has(key(entry))
    && !(entry.play === "rated" && Object.hasOwn(here.tried, entry.id)));
  // a stable sort: this device's tries before the file's of the same moment
  return [...here.history, ...theirs].sort((a, b) => a.at - b.at).slice(-HISTORY_KEPT);
}

export const puzzles = progressKind({
  name: "puzzles", key: PUZZLES_KEY, check: checkPuzzles, fresh: freshPuzzles, read: (store) => store.getPuzzles(), merge: mergePuzzles,
});
