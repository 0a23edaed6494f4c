// The shapes of stored records. Each check returns null when the value is fine, else
// what is wrong: a StoreProblem, said in the player's language by i18n's problemText
// (texts "problem.store.*" in the catalogs js/i18n/) and, as a string, in English. Shapes only:
// whether a match replays is the engine's business.

import { LESSON_ID, MATCH_FORMAT, MATCH_ID, MAX_NAME_LENGTH, PUZZLE_ID } from "./keys.js";
// (daily.js imports this module's helpers back: only functions cross, hoisted, so
// either module may be evaluated first)
import { checkDaily, checkDay, dailyMark } from "./daily.js";

export const DEFAULT_SETTINGS = Object.freeze({
  language: null, // null: follow the browser
  theme: "auto",
  symbols: false,
  sound: true,
  palette: "standard",
});

export class StoreProblem {
  constructor(code, message, params = {}) {
    this.code = `store.${code}`;
    this.params = params;
    this.message = message;
  }

  toString() {
    return this.message;
  }
}

export const wrongField = (field) => new StoreProblem("field", `${field} is missing or wrong`, { field });
export const notList = (field) => new StoreProblem("not_list", `${field} is not a list`, { field });
export const notObject = (field) => new StoreProblem("not_object", `${field} is not an object`, { field });

export const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
export const isTime = (value) => typeof value === "number" && Number.isFinite(value) && value >= 0;

export function checkMatch(match) {
  if (!isObject(match)) return notObject("match");
  if (match.format !== MATCH_FORMAT) return wrongField("format");
  if (typeof match.id !== "string" || !MATCH_ID.test(match.id)) return wrongField("id");
  if (typeof match.variant !== "string" || match.variant === "") return wrongField("variant");
  // A custom board has no seed (null) and carries its `board` layout instead.
  if (!(match.seed === null || typeof match.seed === "string" || Number.isInteger(match.seed))) return wrongField("seed");
  if (match.options != null && !isObject(match.options)) return notObject("options");
  if (match.board != null && !isObject(match.board)) return notObject("board");
  if (!Number.isInteger(match.games) || match.games < 1) return wrongField("games");
  if (!Array.isArray(match.players) || match.players.length === 0) return notList("players");
  for (const player of match.players) {
    if (!isObject(player) || typeof player.kind !== "string") return wrongField("players");
  }
  if (!Array.isArray(match.events)) return notList("events");
  for (const event of match.events) {
    const typed = isObject(event) ? typeof event.type === "string"
      : Array.isArray(event) && typeof event[0] === "string";
    if (!typed) return wrongField("events");
  }
  if (match.clock != null && !isObject(match.clock)) return notObject("clock");
  if (!isTime(match.created)) return wrongField("created");
  if (!isTime(match.updated)) return wrongField("updated");
  const finished = match.finished;
  if (!(finished == null || typeof finished === "boolean" || isTime(finished))) return wrongField("finished");
  const over = match.gamesOver; // how many games ended (reviewedGames); older matches have none
  if (!(over == null || (Number.isInteger(over) && over >= 0 && over <= match.games))) return wrongField("gamesOver");
  return null;
}

// A master's review stored with its match (review.js keeps it, filler.ai.review makes it).
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

export function checkPlayer(player) {
  if (!isObject(player)) return notObject("player");
  const name = player.name;
  if (typeof name !== "string" || name.trim() === "" || name.length > MAX_NAME_LENGTH) {
    return new StoreProblem("player_name", "a player name is empty or too long");
  }
  if (/[\u0000-\u001f\u007f]/.test(name)) return new StoreProblem("player_control", "a player name holds control characters");
  if (player.created != null && !isTime(player.created)) return wrongField("created");
  return null;
}

export function checkRating(entry) {
  if (!isObject(entry)) return notObject("rating");
  if (typeof entry.player !== "string" || entry.player.trim() === "") return wrongField("player");
  if (typeof entry.variant !== "string" || entry.variant === "") return wrongField("variant");
  for (const field of ["r", "rd", "vol"]) {
    if (typeof entry[field] !== "number" || !Number.isFinite(entry[field])) return wrongField(field);
  }
  if (!Number.isInteger(entry.matches) || entry.matches < 0) return wrongField("matches");
  return null;
}

const isCount = (value) => Number.isInteger(value) && value >= 0;
const SHOWN_LAYOUT = { variant: "string", shape: "string", width: isCount, height: isCount, colors: isCount,
                       seats: isCount, sides: isCount, starts: Array.isArray, values: Array.isArray };
const SHOWN_STATE = { state_id: isCount, move_number: isCount, over: "boolean", cell_colors: "string",
                      cell_owners: "string", previews: isObject, legal: Array.isArray, players: Array.isArray,
                      sides: Array.isArray, match: isObject, record: isObject };
const fits = (value, fields) => isObject(value) && Object.entries(fields).every(([name, check]) =>
  (typeof check === "string" ? typeof value[name] === check : check(value[name])));

/** The last table shown (storage.js keepShown): the fields a board drawn from it reads. */
export function checkShown(shown) {
  if (!isObject(shown) || typeof shown.match !== "string" || !MATCH_ID.test(shown.match)) return wrongField("match");
  if (!fits(shown.layout, SHOWN_LAYOUT)) return wrongField("layout");
  const state = shown.state;
  if (!fits(state, SHOWN_STATE) || !(state.turn === null || isCount(state.turn))) return wrongField("state");
  if (!Array.isArray(state.record.events) || !state.players.every(isObject) || !state.sides.every(isObject)) return wrongField("state");
  return null;
}

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

/** The player's puzzle progress (storage.js getPuzzles): counts, a rating, the ids tried,
 *  the order of the puzzles offered. The counts are those of the ids tried: `tries` of
 *  them, `solved` of them solved at the first try, and streak ≤ best ≤ solved; the
 *  rating one these tries can have given (isPuzzleRating). */
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

/** Learn's progress (storage.js getLessons): the best stars of each lesson done, and
 *  whether the first visit's offer was dismissed. */
export function checkLessons(value) {
  if (!isObject(value)) return notObject("lessons");
  if (!isObject(value.stars)) return notObject("stars");
  for (const [id, stars] of Object.entries(value.stars)) {
    if (!LESSON_ID.test(id) || ![1, 2, 3].includes(stars)) return wrongField("stars");
  }
  if (typeof value.dismissed !== "boolean") return wrongField("dismissed");
  return null;
}

/** No lesson done yet, the offer not dismissed. */
export const freshLessons = () => ({ stars: {}, dismissed: false });

const SETTING_CHECKS = {
  language: (value) => value === null || value === "nl" || value === "en",
  theme: (value) => value === "auto" || value === "light" || value === "dark",
  symbols: (value) => typeof value === "boolean",
  sound: (value) => typeof value === "boolean",
  palette: (value) => typeof value === "string" && value.length > 0 && value.length <= 40,
};

export function checkSetting(key, value) {
  const check = Object.hasOwn(SETTING_CHECKS, key) ? SETTING_CHECKS[key] : null; // "__proto__" is a name like any other
  // Settings this version does not know yet: plain values only.
  const plain = value === null || ["string", "number", "boolean"].includes(typeof value);
  const fine = check ? check(value) : plain && key.length <= 40;
  if (fine) return null;
  const shown = String(JSON.stringify(value)).slice(0, 40);
  return new StoreProblem("setting", `${key.slice(0, 40)} cannot be ${shown}`, { key: key.slice(0, 40), value: shown });
}

// The container of each kind of record. The entries of a list (players, ratings,
// settings, a match's reviews) are checked one by one (ENTRIES): one bad entry is set
// aside on its own.
export const RECORD_CHECKS = {
  match: checkMatch,
  players: (value) => (isObject(value) && Array.isArray(value.players) ? null : notList("players")),
  ratings: (value) => (isObject(value) && Array.isArray(value.ratings) ? null : notList("ratings")),
  settings: (value) => (isObject(value) && isObject(value.settings) ? null : notObject("settings")),
  puzzles: checkPuzzles,
  lessons: checkLessons,
  daily: checkDaily,
  index: (value) => {
    if (!isObject(value) || !Array.isArray(value.matches)) return notList("index");
    for (const entry of value.matches) {
      if (!isObject(entry) || typeof entry.id !== "string" || !MATCH_ID.test(entry.id)) return wrongField("index");
    }
    return null;
  },
};

/**
 * The entries of the list records: the field that holds them, the check of one entry,
 * the identity by which two entries are the same one, and its name in a notice.
 */
export const ENTRIES = {
  // a match's stored reviews: one that does not read is set aside on its own (the
  // review is made again), never the match with it
  match: { field: "reviews", check: checkReview, same: (a, b) => a.game === b.game,
           name: (entry) => (isObject(entry) && isPly(entry.game) ? String(entry.game + 1) : "?") },
  players: { field: "players", check: checkPlayer, same: (a, b) => nameKey(a.name) === nameKey(b.name),
             name: (entry) => (isObject(entry) ? String(entry.name).slice(0, MAX_NAME_LENGTH) : "?") },
  ratings: { field: "ratings", check: checkRating,
             same: (a, b) => nameKey(a.player) === nameKey(b.player) && a.variant === b.variant,
             name: ratingName },
  // the board of the day's history: a day that does not read is set aside on its own
  daily: { field: "days", check: checkDay, same: (a, b) => a.date === b.date,
           name: (entry) => (isObject(entry) && typeof entry.date === "string" ? entry.date.slice(0, 10) : "?") },
};

/**
 * A list record's entries parted: {kept, aside, problems} where kept is the record
 * without its bad entries, aside what holds them as they were (asideOf) and problems
 * [{name, why}]; null for a record that is no list.
 */
export function partEntries(kind, value) {
  if (kind === "settings") {
    const kept = [];
    const aside = [];
    const problems = [];
    for (const [key, setting] of Object.entries(value.settings)) {
      const why = checkSetting(key, setting);
      if (why) {
        aside.push([key, setting]);
        problems.push({ name: key.slice(0, 40), why });
      } else kept.push([key, setting]);
    }
    // fromEntries makes every key an own property: "__proto__" is a setting like any other
    return { kept: { ...value, settings: Object.fromEntries(kept) }, aside: { ...value, settings: Object.fromEntries(aside) }, problems };
  }
  if (!Object.hasOwn(ENTRIES, kind)) return null;
  const { field, check, name } = ENTRIES[kind];
  const kept = [];
  const aside = [];
  const problems = [];
  if (value[field] == null) return { kept: value, aside: asideOf(kind, value, aside), problems }; // a match without reviews
  if (!Array.isArray(value[field])) {
    return { kept: { ...value, [field]: [] }, aside: asideOf(kind, value, [value[field]]), problems: [{ name: "?", why: notList(field) }] };
  }
  for (const entry of value[field]) {
    const why = check(entry);
    if (why) {
      aside.push(entry);
      problems.push({ name: name(entry), why });
    } else kept.push(entry);
  }
  return { kept: { ...value, [field]: kept }, aside: asideOf(kind, value, aside), problems };
}

export const REVIEWS_ASIDE = "filler-reviews-set-aside";

/** What holds a list's bad entries when they are set aside: the list record without the
 *  others; for a match, no match (a copy would come back as the match once it reads,
 *  even after the player deleted it) but its id and the reviews. */
function asideOf(kind, value, entries) {
  if (kind === "match") return { format: REVIEWS_ASIDE, match: value.id, reviews: entries };
  return { ...value, [ENTRIES[kind].field]: entries };
}

export function parseOrNull(raw) {
  if (raw == null) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

export const nameKey = (name) => name.trim().normalize("NFC").toLowerCase();
export const isFinished = (match) => match.finished != null && match.finished !== false;

/** The link match id of a match with a friend (friend.js: its `friend` field), or null. */
export function friendId(match) {
  return isObject(match.friend) && typeof match.friend.id === "string" ? match.friend.id : null;
}

export function summarize(match) {
  return {
    id: match.id,
    variant: match.variant,
    games: match.games,
    players: match.players,
    created: match.created,
    updated: match.updated,
    finished: match.finished ?? null,
    result: match.result ?? null,
    gamesOver: match.gamesOver ?? null,
    events: match.events.length,
    moves: match.events.filter(isMove).length, // the lobby's count: not the ready presses
    friend: friendId(match), // friend.js finds a match with a friend by it
    daily: dailyMark(match), // the board of the day it is (the lobby says so), or null
  };
}

const isMove = (event) => (Array.isArray(event) ? event[0] : event.type) === "move";

/** The games of a saved match (or its index entry) that can be reviewed (review.js):
 *  those that ended (saveTable notes how many); of a match saved before that note, once
 *  it is finished, every game. */
export function reviewedGames(match) {
  const count = Number.isInteger(match.gamesOver) ? match.gamesOver : (isFinished(match) ? match.games : 0);
  return Array.from({length: count}, (_, index) => index);
}

/** A rating entry as a notice or a report names it: "Ann/classic", or only what it has. */
export function ratingName(entry) {
  if (!isObject(entry)) return "?";
  const parts = [entry.player, entry.variant].filter((part) => part !== undefined && part !== null);
  return parts.length ? parts.map((part, index) => String(part).slice(0, index ? 40 : MAX_NAME_LENGTH)).join("/") : "?";
}
