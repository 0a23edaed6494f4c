// The write rule: no write replaces a stored match by a record that is not its
// continuation. A continuation is the same match (the same board, number of games and
// match with a friend) whose events begin with the stored ones. Anything else goes
// beside the stored match under another id (keys.js besideId), or is refused with a
// message (storage.js saveMatch, transfer.js for an import). Bookkeeping of two stored
// records only: whether their events replay is the engine's business.

import { isObject } from "./problems.js";

/** The link match id of a match with a friend (flows/friend.js: its `friend` field), or
 *  null: a match with a friend is another match than one without, or with another link. */
export function friendId(match) {
  return isObject(match.friend) && typeof match.friend.id === "string" ? match.friend.id : null;
}

/**
 * Rewrites that are no continuation, named by the caller that makes them:
 * - "take-back": practice, a move taken back (the events are fewer, a prefix of the stored ones)
 * - "crossed": a friend's resignation that crossed this device's moves (the engine's
 *   link.merge "resigned"): those moves are dropped, the friend never saw them
 */
export const REWRITES = Object.freeze({ "take-back": ["shorter"], crossed: ["branches"] });

/** How `record` stands to `stored` (both records of matches): "continues" (the same
 *  match, its events begin with the stored ones), "shorter" (the same match, its events
 *  a shorter prefix of the stored ones), "branches" (the same match, the events part
 *  somewhere) or "other" (another match: another board, number of games or friend). */
export function relation(stored, record) {
  if (!sameMatch(stored, record)) return "other";
  if (isPrefix(stored.events, record.events)) return "continues";
  return isPrefix(record.events, stored.events) ? "shorter" : "branches";
}

/** Whether two records are of one match, whatever their events: the same variant,
 *  seed, options, board, number of games, and friend match id (or none). */
function sameMatch(a, b) {
  if (a.variant !== b.variant || a.seed !== b.seed || a.games !== b.games) return false;
  return same(a.options, b.options) && same(a.board, b.board) && friendId(a) === friendId(b);
}

/** Whether the list `shorter` is the beginning of the list `longer`. */
function isPrefix(shorter, longer) {
  return shorter.length <= longer.length && shorter.every((item, index) => same(item, longer[index]));
}

const same = (x, y) => canonical(x ?? null) === canonical(y ?? null);

/** JSON with object keys in order, so that equal values give equal text. */
function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (isObject(value)) {
    return `{${Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}
