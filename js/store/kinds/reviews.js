// The master's reviews of finished games (flows/review.js keeps them, filler.ai.review
// makes them): a stored review's shape, for the reviews a match keeps (kinds/match.js:
// one that does not read is set aside on its own, never the match), and the reviews of
// games that are no stored match (a shared link's): "filler:reviews" = {version, reviews:
// [{key, review}]}, newest first, at most KEPT_REVIEWS; expendable (made again when asked:
// dropped first when storage is full, ignored when wrong, never set aside).

import { PREFIX, SCHEMA_VERSION } from "../keys.js";
import { StoreProblem, isObject, parseOrNull } from "../problems.js";

export const REVIEWS_KEY = PREFIX + "reviews";
export const KEPT_REVIEWS = 8;

// The format of one stored review.
export const REVIEW_FORMAT = "filler-review";
// The stored shape (its own version; `engine` is the review's). 2: each result and the
// summary say what the safety time shortened (`shortened`); a review of shape 1 (an older
// engine's, which the page offers to redo) reads as one with nothing shortened.
export const REVIEW_SCHEMA = 2;
const REVIEW_SCHEMAS = [1, REVIEW_SCHEMA];
const MARKS = ["best", "only", "good", "inaccuracy", "mistake", "blunder"];
const RESULT_FIELDS = ["seat", "side", "played", "best", "value_played", "value_best", "value_after", "loss", "margin"];
const isInt = (value) => Number.isInteger(value);
const isPly = (value) => isInt(value) && value >= 0;

/** One stored review: every field the review screen reads, down to the summary. */
export function checkReview(entry) {
  const bad = new StoreProblem("review", "it cannot be read, so the master makes it again");
  if (!isObject(entry) || entry.format !== REVIEW_FORMAT || !REVIEW_SCHEMAS.includes(entry.version)) return bad;
  const current = entry.version === REVIEW_SCHEMA;
  if (!isInt(entry.engine) || !isPly(entry.game) || !isPly(entry.plies)) return bad;
  if (!Array.isArray(entry.steps) || entry.steps.length !== entry.plies || !entry.steps.every(isInt)) return bad;
  if (!Array.isArray(entry.results) || entry.results.length !== entry.plies) return bad;
  const resultsFine = entry.results.every((r, ply) => isObject(r) && r.ply === ply
    && RESULT_FIELDS.every((name) => isInt(r[name])) && r.seat >= 0 && r.side >= 0
    && MARKS.includes(r.mark) && Array.isArray(r.line) && r.line.every(isInt)
    && (!current || typeof r.shortened === "boolean"));
  // puzzles: the positions of its people's costly moves (review.js), each checked by the engine when opened
  const puzzlesFine = entry.puzzles === undefined || (Array.isArray(entry.puzzles) && entry.puzzles.every((puzzle) =>
    isObject(puzzle) && typeof puzzle.id === "string" && puzzle.id.startsWith("own-") && Array.isArray(puzzle.themes)));
  return resultsFine && puzzlesFine && checkReviewSummary(entry.summary, current) ? null : bad;
}

/** filler.ai.review.summary: {sides: [{side, counts: {mark: n}, swing: {ply, loss} | null}],
 *  decided: ply | null, lost_by: side | null, shortened: n (`current`: of shape 2)}. */
function checkReviewSummary(summary, current) {
  if (!isObject(summary) || !Array.isArray(summary.sides) || summary.sides.length === 0) return false;
  const sideFine = (entry) => isObject(entry) && isPly(entry.side) && isObject(entry.counts)
    && MARKS.every((mark) => isPly(entry.counts[mark]))
    && (entry.swing === null || (isObject(entry.swing) && isPly(entry.swing.ply) && isPly(entry.swing.loss)));
  const decided = summary.decided === null ? summary.lost_by === null : isPly(summary.decided) && isPly(summary.lost_by);
  return summary.sides.every(sideFine) && decided && (!current || isPly(summary.shortened));
}

/** The kept reviews of games that are no stored match, as stored (`raw`): [{key,
 *  review}], newest first; none when they do not read (the caller checks each review). */
export function keptReviews(raw) {
  const value = parseOrNull(raw);
  if (!isObject(value) || value.version !== SCHEMA_VERSION || !Array.isArray(value.reviews)) return [];
  return value.reviews.filter((entry) => isObject(entry) && typeof entry.key === "string" && isObject(entry.review));
}

export const reviews = { name: "reviews", key: REVIEWS_KEY, expendable: true };
