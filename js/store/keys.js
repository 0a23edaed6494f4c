// The keys the store uses in localStorage, and the versions of what it writes.
//
//   filler:index                 {version, matches: [summary]}: the match list (rebuilt when wrong)
//   filler:players               {version, players: [{name, created}]}
//   filler:ratings               {version, ratings: [{player, variant, r, rd, vol, matches}]}
//   filler:settings              {version, settings: {name: value}}
//   filler:match:<id>            one match log (format "filler-match")
//   filler:lock:<id>             {version, tab, expires}: the lease of the tab that has it open
//   filler:quarantine:<key>:<t>  a value that could not be used, kept as it was (quarantine.js)
//   filler:reviews               {version, reviews: [{key, review}]}: reviews of games that are no
//                                stored match (a shared link's), newest first, few; expendable
//   filler:puzzles               {version, rating: {r, rd, vol} | null, tries, solved, streak,
//                                best, tried: {<puzzle id>: 1 solved at the first try | 0}}:
//                                the player's puzzles (flows/puzzles.js)
//   filler:lessons               {version, stars: {<lesson id>: 1 | 2 | 3}, dismissed: boolean}:
//                                Learn, the best stars of each lesson done and whether the
//                                first visit's offer was dismissed (flows/lessons.js)
//   filler:daily                 {version, days: [{date, match, started, late, result, final}]}: the
//                                board of the day's tries, a day each (daily.js, flows/daily.js)
//   filler:shown                 {version, match, layout, state}: the engine's last state of the
//                                table shown, drawn at once on the next visit (expendable: see
//                                storage.js keepShown)
//
// Every value carries a schema version (`version`); older ones are migrated when read
// (migrations.js).

export const PREFIX = "filler:";
export const SCHEMA_VERSION = 1;
export const MATCH_FORMAT = "filler-match";
export const EXPORT_FORMAT = "filler-export";

export const INDEX_KEY = PREFIX + "index";
export const PLAYERS_KEY = PREFIX + "players";
export const RATINGS_KEY = PREFIX + "ratings";
export const SETTINGS_KEY = PREFIX + "settings";
export const MATCH_PREFIX = PREFIX + "match:";
export const LOCK_PREFIX = PREFIX + "lock:";
export const QUARANTINE_PREFIX = PREFIX + "quarantine:";
export const PROBE_KEY = PREFIX + "probe";
export const REVIEWS_KEY = PREFIX + "reviews";
export const KEPT_REVIEWS = 8;
export const SHOWN_KEY = PREFIX + "shown";
export const PUZZLES_KEY = PREFIX + "puzzles";
export const PUZZLE_ID = /^[a-z0-9-]{1,60}$/;
export const LESSONS_KEY = PREFIX + "lessons";
export const LESSON_ID = /^[a-z0-9-]{1,40}$/;
export const DAILY_KEY = PREFIX + "daily";

export const MATCH_ID_LENGTH = 80;
export const MATCH_ID = new RegExp(`^[A-Za-z0-9_.-]{1,${MATCH_ID_LENGTH}}$`);
export const MAX_NAME_LENGTH = 40;

/** The kind of record kept under `key` ("match", "players", ...), or null. */
export function kindOf(key) {
  if (key === PLAYERS_KEY) return "players";
  if (key === RATINGS_KEY) return "ratings";
  if (key === SETTINGS_KEY) return "settings";
  if (key === INDEX_KEY) return "index";
  if (key === PUZZLES_KEY) return "puzzles";
  if (key === LESSONS_KEY) return "lessons";
  if (key === DAILY_KEY) return "daily";
  if (key.startsWith(MATCH_PREFIX)) return "match";
  return null;
}

/** The id for a match stored beside the one with id `id` (continuation.js): "<id>-2",
 *  "<id>-3", ... (cut to fit MATCH_ID), the first for which `taken(id)` is false. */
export function besideId(id, taken) {
  for (let copy = 2; ; copy += 1) {
    const suffix = `-${copy}`;
    const candidate = id.slice(0, MATCH_ID_LENGTH - suffix.length) + suffix;
    if (!taken(candidate)) return candidate;
  }
}

/** A fresh match id: time-ordered, random enough for several tabs at once. */
export function newMatchId(now = Date.now()) {
  const random = Math.floor(Math.random() * 36 ** 6).toString(36).padStart(6, "0");
  return `m-${now.toString(36)}-${random}`;
}
