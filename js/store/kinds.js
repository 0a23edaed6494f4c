// The kinds of record the store keeps, one module each in kinds/: its key (or the prefix
// of its keys), the check of a whole value, its entries when it is a list (each checked
// on its own: one bad entry is set aside alone), its migrations from older versions, its
// fresh value, what the export holds of it and how an import merges into it. The generic
// parts (quarantine, quota, migrations, transfer, storage.js) know the kinds only through
// KINDS, this list; a kind knows nothing of them. Adding a kind: docs/storage.md#adding-a-kind.
//
// A kind is {name, key | prefix, check(value), entries?, migrations?, fresh?(), exported?(context),
// plan?(incoming, context, report), exportAs?, expendable?, putBack?}:
// - check(value): null when the whole value (after migration, without `version`'s
//   meaning) is one, else a StoreProblem (problems.js);
// - entries: {field, check(entry), same(a, b), name(entry), object?, keepsRecord?, aside?}:
//   the list under value[field] (an object's [name, value] pairs when `object`) whose bad
//   entries are set aside on their own; `keepsRecord`: the record is more than its list
//   (a match with its reviews) and goes back, is never merged; `aside(value, entries)`:
//   what holds the bad entries set aside (default: the record with only them);
// - migrations: {n: (value of version n) => value of version n + 1} (migrations.js);
// - exported({store, hooks}): the export's field (exportAs, default the name) for it; absent: not exported;
// - plan(incoming, context, report): an import's merge (transfer.js): the writes, [[key,
//   record]], or null, and what was taken, unchanged or refused added to the report;
// - expendable: made again when needed (dropped first when storage is full, ignored,
//   never set aside, not exported); putBack false: set aside, never put back (made again).

import { daily } from "./kinds/daily.js";
import { lessons } from "./kinds/lessons.js";
import { match } from "./kinds/match.js";
import { matchList } from "./kinds/match_list.js";
import { players } from "./kinds/players.js";
import { puzzles } from "./kinds/puzzles.js";
import { ratings } from "./kinds/ratings.js";
import { reviews } from "./kinds/reviews.js";
import { settings } from "./kinds/settings.js";
import { shown } from "./kinds/shown.js";

/** Every kind, in the order of the export document and of an import's plans (the
 *  matches first: the board of the day's days are checked against them). */
export const KINDS = Object.freeze([match, players, ratings, settings, puzzles, lessons, daily, matchList, shown, reviews]);

const BY_NAME = new Map(KINDS.map((kind) => [kind.name, kind]));

/** The kind named `name` ("match", "players", ...); throws for a name no kind has. */
export function kindNamed(name) {
  const kind = BY_NAME.get(name);
  if (!kind) throw new Error(`no stored kind ${name}`);
  return kind;
}

/** The kind of record kept under `key`, or null (a lease, a set-aside value, none of ours). */
export function kindOf(key) {
  return KINDS.find((kind) => (kind.prefix ? key.startsWith(kind.prefix) : key === kind.key)) ?? null;
}

/** The kinds that are the player's data: what the export holds, what another tab's
 *  change is told of, what a full storage never drops. */
export const PLAYERS_DATA = KINDS.filter((kind) => kind.exported);

/** Whether a value of `kind` set aside is kept to be put back (quarantine.js) and may
 *  travel in an export: none of an expendable kind, nor of one made again (the index). */
export const putBackable = (kind) => Boolean(kind) && !kind.expendable && kind.putBack !== false;
