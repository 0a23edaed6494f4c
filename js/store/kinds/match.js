// Saved matches, one key each ("filler:match:<id>", so a broken one harms no other): a
// replayable log, the engine's Match.to_record() ({format: "filler-match", version,
// variant, seed, options, games, events: [["move", seat, color], ["ready", seat],
// ["resign_game", seat], ["resign_match", seat], ["flag", seat]], board?}) plus what the
// page adds: id, players: [{kind, name | level}], clock, created, updated, finished (null
// | false | true | time), gamesOver, result, friend, reviews, daily (docs/storage.md#a-match-log).
// Shapes only: whether a match replays is the engine's business. Its reviews are a list:
// one that does not read is set aside on its own (kinds/reviews.js), never the match.

import { friendId, relation } from "../continuation.js";
import { MATCH_ID, MATCH_PREFIX, besideId } from "../keys.js";
import { StoreProblem, isObject, isTime, notList, notObject, wrongField } from "../problems.js";
import { dailyMark } from "./daily.js";
import { checkReview } from "./reviews.js";

export const MATCH_FORMAT = "filler-match";

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

export const isFinished = (match) => match.finished != null && match.finished !== false;

/** What the match list keeps of a match (kinds/match_list.js). */
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

/** An import's matches (after the engine replayed each, lobby.js): a match this device
 *  has is replaced by the copy with more events, then the newer `updated`; another game
 *  under the same id (not the same match, or its events part from the ones here: the
 *  write rule, continuation.js) is kept beside it under a new id. A review that does not
 *  read is left out ("review"), never the match. The writes; `matches` (id -> match)
 *  holds them for the kinds planned after this one (the board of the day). */
function plan(candidates, { store, hooks, matches, readable }, report) {
  if (!Array.isArray(candidates)) {
    report.refused.push({ what: "matches", kind: "file", name: null, why: notList("matches") });
    return null;
  }
  candidates.forEach((candidate, position) => {
    const label = isObject(candidate) && typeof candidate.id === "string" ? candidate.id.slice(0, 80) : `#${position + 1}`;
    const what = `match ${label}`;
    const read = readable("match", candidate);
    if (read.problem) {
      report.refused.push({ what, kind: "match", name: label, why: read.problem });
      return;
    }
    for (const problem of read.problems) {
      report.refused.push({ what: `review ${problem.name} of ${what}`, kind: "review", name: label, game: problem.name, why: problem.why });
    }
    let match = read.value;
    const stored = (id) => matches.get(id) ?? store.loadMatch(id);
    let here = stored(match.id);
    let standing = here ? relation(here, match) : null;
    let kept = null; // why it went beside another match
    if (standing === "other" || standing === "branches") {
      // another match under this id (the write rule, continuation.js): both are kept,
      // the imported one under the id beside it (the one it went to in an import before,
      // if it is the same match: a file imported twice is no second copy)
      const id = besideId(match.id, (beside) => {
        const there = stored(beside);
        return there ? !["continues", "shorter"].includes(relation(there, match)) : hooks.raw(MATCH_PREFIX + beside) !== null;
      });
      match = { ...match, id };
      here = stored(id);
      standing = here ? relation(here, match) : null;
      kept = { renamed: id, why: new StoreProblem("kept_both", `another game had this id here; both are kept, this one as ${id}`, { id }) };
    }
    if (here) {
      // the same match: the longer log, then the newer one, wins
      const better = standing === "continues" &&
        (match.events.length > here.events.length || match.updated > here.updated);
      if (!better) {
        report.unchanged.push({ what, kind: "match", name: label, why: new StoreProblem("same_or_newer", "the copy here is the same or newer") });
        return;
      }
      if (store.holds(match.id) || hooks.holderElsewhere(match.id)) {
        report.refused.push({ what, kind: "match", name: label, why: new StoreProblem("open_at_table", "it is open at a table; close it first") });
        return;
      }
    }
    matches.set(match.id, match);
    report.taken.push({ what, kind: "match", name: label, ...kept });
  });
  return [...matches.values()].map((match) => [MATCH_PREFIX + match.id, match]);
}

export const REVIEWS_ASIDE = "filler-reviews-set-aside";

export const match = {
  name: "match",
  prefix: MATCH_PREFIX,
  exportAs: "matches",
  check: checkMatch,
  // its reviews, one by one; set aside, they are held as no match (a copy would come back
  // as the match once it reads, even after the player deleted it), but its id and the reviews
  entries: { field: "reviews", check: checkReview, same: (a, b) => a.game === b.game, keepsRecord: true,
             name: (entry) => (isObject(entry) && Number.isInteger(entry.game) && entry.game >= 0 ? String(entry.game + 1) : "?"),
             aside: (value, reviews) => ({ format: REVIEWS_ASIDE, match: value.id, reviews }) },
  migrations: {
    // version 0: `moves: [[seat, color], ...]` instead of events
    0: (old) => {
      if (!isObject(old) || !Array.isArray(old.moves)) throw new Error("a version 0 match has no moves");
      const { moves, ...rest } = old;
      const events = moves.map((move) => (Array.isArray(move) ? ["move", ...move] : move));
      return { ...rest, format: MATCH_FORMAT, version: 1, events };
    },
  },
  exported: ({ hooks }) => hooks.indexEntries().map((entry) => hooks.read(MATCH_PREFIX + entry.id, "match").value).filter(Boolean),
  plan,
};
