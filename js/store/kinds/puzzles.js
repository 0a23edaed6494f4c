// The player's puzzle progress, one for the device (flows/puzzles.js):
// "filler:puzzles" = {version, rating: {r, rd, vol} | null, tries, solved, streak, best,
// tried: {<puzzle id>: 1 solved at the first try | 0}, seed?} (docs/storage.md#puzzle-progress).
// No list: a value that does not read is set aside whole.

import { PREFIX } from "../keys.js";
import { StoreProblem, isCount, isObject, notObject, wrongField } from "../problems.js";
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

/** The progress (storage.js getPuzzles): counts, a rating, the ids tried, the order of
 *  the puzzles offered. The counts are those of the ids tried: `tries` of them, `solved`
 *  of them solved at the first try, and streak ≤ best ≤ solved; the rating one these
 *  tries can have given (isPuzzleRating). */
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
  return null;
}

/** No puzzle tried yet. */
export const freshPuzzles = () => ({ rating: null, tries: 0, solved: 0, streak: 0, best: 0, tried: {} });

/**
 * The first try of puzzle `id` (storage.js recordPuzzle): {progress} when it counts (the
 * progress to write), else the store's answer: {ok: true, counted: false, progress:
 * before} (tried before: nothing changes) or {ok: false, reason: "invalid", message,
 * problem?} (a bad id or rating).
 */
export function afterTry(before, id, { solved, rating = null, seed = null } = {}) {
  const refuse = (problem) => ({ ok: false, reason: "invalid", message: String(problem), problem });
  if (typeof id !== "string" || !PUZZLE_ID.test(id)) return { ok: false, reason: "invalid", message: "not a puzzle id" };
  // own keys only: "constructor" is an id like any other
  if (Object.hasOwn(before.tried, id)) return { ok: true, counted: false, progress: before };
  const streak = solved ? before.streak + 1 : 0;
  const tries = before.tries + 1;
  if (rating !== null && !isPuzzleRating(rating, tries)) return refuse(wrongField("rating"));
  const progress = {
    rating: rating === null ? before.rating : { r: rating.r, rd: rating.rd, vol: rating.vol },
    tries,
    solved: before.solved + (solved ? 1 : 0),
    streak,
    best: Math.max(before.best, streak),
    tried: { ...before.tried, [id]: solved ? 1 : 0 },
  };
  const order = before.seed ?? seed;
  if (order !== null) progress.seed = order;
  const problem = checkPuzzles(progress);
  return problem ? refuse(problem) : { progress };
}

/** The puzzle progress after an import of `puzzles` (checked: checkPuzzles, its counts
 *  are those of its ids tried, its rating one they can have given), or null when nothing
 *  changes: the puzzles tried on either device (this device's entry for one both
 *  tried), tries and solved counted from them; the rating and the streak of the side
 *  that tried more (this one on a tie); the longer best streak of the two (reached on
 *  either device, it was reached), neither more than the puzzles solved. A file's
 *  progress with no puzzle tried makes no entry in the report. */
export function mergePuzzles(here, puzzles, report) {
  const entry = { what: "puzzles", kind: "puzzles", name: null };
  if (Object.keys(puzzles.tried).length === 0) return null; // none tried there: nothing to tell, as of an empty list
  const tried = { ...puzzles.tried, ...here.tried }; // own keys only: "constructor" is an id like any other
  const ids = Object.keys(tried);
  const leader = puzzles.tries > here.tries ? puzzles : here;
  const rating = leader.rating && { r: leader.rating.r, rd: leader.rating.rd, vol: leader.rating.vol };
  const solved = ids.filter((id) => tried[id] === 1).length;
  // a puzzle both tried counts as it went here: the file's best may count more solved than are left
  const best = Math.min(Math.max(here.best, puzzles.best), solved);
  const merged = { rating, tries: ids.length, solved, streak: Math.min(leader.streak, best), best, tried };
  const seed = here.seed ?? puzzles.seed; // the order of the puzzles offered: this device's, if it has one
  if (seed !== undefined) merged.seed = seed;
  const same = ids.length === Object.keys(here.tried).length
    && ["tries", "solved", "streak", "best"].every((field) => merged[field] === here[field])
    && JSON.stringify(merged.rating) === JSON.stringify(here.rating);
  if (same) {
    report.unchanged.push({ ...entry, why: new StoreProblem("already_here", "already here") });
    return null;
  }
  report.taken.push(entry);
  return merged;
}

export const puzzles = progressKind({
  name: "puzzles", key: PUZZLES_KEY, check: checkPuzzles, fresh: freshPuzzles, read: (store) => store.getPuzzles(), merge: mergePuzzles,
});
