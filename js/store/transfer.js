// Export and import: everything as one JSON document ("filler-export"), and merged
// back. The engine replays every match of an import before this module sees it
// (lobby.js); here the shapes are checked and the entries merged.

import { relation } from "./continuation.js";
import { EXPORT_FORMAT, MATCH_ID, MATCH_PREFIX, MAX_NAME_LENGTH, QUARANTINE_PREFIX, SCHEMA_VERSION, besideId, kindOf } from "./keys.js";
import { migrate } from "./migrations.js";
import { checkDaily, checkDay, dayConflict, dayOf, localDate } from "./daily.js";
import {
  DEFAULT_SETTINGS, StoreProblem, checkLessons, checkMatch, checkPlayer, checkPuzzles, checkRating, checkSetting, isObject, nameKey, notList,
  notObject, partEntries, ratingName,
} from "./shapes.js";

/** Everything, as one JSON-able document (JSON.stringify it for a file). */
export function exportAll(store, hooks) {
  const matches = [];
  for (const entry of hooks.indexEntries()) {
    const match = hooks.read(MATCH_PREFIX + entry.id, "match").value;
    if (match) matches.push(match);
  }
  return {
    format: EXPORT_FORMAT,
    version: SCHEMA_VERSION,
    exported: hooks.now(),
    matches,
    players: store.listPlayers(),
    ratings: store.listRatings(),
    settings: hooks.storedSettings(),
    puzzles: store.getPuzzles(),
    lessons: store.getLessons(),
    daily: store.getDaily(),
    // values set aside here (quarantine.js), as they were: kept by an import, put
    // back by a version that reads them
    set_aside: hooks.setAside(),
  };
}

/**
 * Merges an exported document (object or JSON text) into what is stored, all or
 * nothing: every entry is checked and the merge worked out first, then everything is
 * written at once; when storage cannot take all of it, nothing is written (the values
 * before are put back) and the whole file is refused with the reason. Same match id:
 * the copy with more events wins, then the newer `updated`; players by name; ratings:
 * the entry with more matches; settings: only those this site has (DEFAULT_SETTINGS), each
 * checked, and not set here; puzzles: the puzzles tried on either device (planPuzzles);
 * lessons: each lesson's best stars of the two (planLessons);
 * the board of the day: the days of both, one try a day, this device's (planDaily);
 * a match's review that does not read is left out ("review").
 * Same id but another game (not the same match, or its events part from the ones here:
 * continuation.js): both are kept, the import under a new id (its entry in `taken` has
 * `renamed`: the new id, and `why`: "kept_both").
 * Returns {taken, unchanged, refused}: lists of {what, kind, name, why?} where `what`
 * names the entry in English ("match m-…", "player Anna", "rating Anna/classic",
 * "setting theme", "puzzles", "file"), `kind` is match, player, rating, setting, puzzles
 * or file (the whole file, or one of its lists), `name` the entry's own name (null for
 * the puzzles and a file) and `why` a StoreProblem.
 *
 * Set-aside values are kept as they were, each under its quarantine key (another one
 * if that holds something else); one this device has already is left.
 *
 * hooks: {now(), storedSettings(), holderElsewhere(id), setAside(), raw(key),
 * writeAll(writes): {ok, why?}} where writes = {matches: [match], players: [player] |
 * null, ratings: [entry] | null, settings: {name: value} | null, puzzles: progress | null,
 * lessons: progress | null, daily: [day] | null, setAside: [[key, raw]]}.
 */
export function importAll(store, hooks, input) {
  const report = { taken: [], unchanged: [], refused: [] };
  const refuseFile = (why) => ({ taken: [], unchanged: [], refused: [{ what: "file", kind: "file", name: null, why }] });
  let doc = input;
  if (typeof input === "string") {
    try {
      doc = JSON.parse(input);
    } catch {
      return refuseFile(new StoreProblem("not_json", "it is not JSON"));
    }
  }
  if (!isObject(doc) || doc.format !== EXPORT_FORMAT) return refuseFile(new StoreProblem("not_export", "it is not a Filler export"));
  if (!Number.isInteger(doc.version) || doc.version > SCHEMA_VERSION) {
    return refuseFile(new StoreProblem("newer_file", "it was made by a newer version of this site"));
  }
  const matches = planMatches(store, hooks, doc.matches, report);
  const writes = {
    matches,
    players: planPlayers(store, hooks, doc.players, report),
    ratings: planRatings(store, doc.ratings, report),
    settings: planSettings(hooks, doc.settings, report),
    puzzles: planPuzzles(store, doc.puzzles, report),
    lessons: planLessons(store, doc.lessons, report),
    daily: planDaily(store, hooks, doc.daily, matches, report),
    setAside: planSetAside(hooks, doc.set_aside, report),
  };
  const written = hooks.writeAll(writes);
  return written.ok ? report : refuseFile(written.why);
}

/** The matches to write. */
function planMatches(store, hooks, matches, report) {
  if (matches === undefined) return [];
  if (!Array.isArray(matches)) {
    report.refused.push({ what: "matches", kind: "file", name: null, why: notList("matches") });
    return [];
  }
  const planned = new Map(); // id -> match to write
  matches.forEach((candidate, position) => {
    const label = isObject(candidate) && typeof candidate.id === "string" ? candidate.id.slice(0, 80) : `#${position + 1}`;
    const what = `match ${label}`;
    const migrated = migrate("match", candidate);
    const problem = "value" in migrated ? checkMatch(migrated.value) : migrated.message;
    if (problem) {
      report.refused.push({ what, kind: "match", name: label, why: problem });
      return;
    }
    // a review that does not read is left out (the master makes it again), never the match
    const parted = partEntries("match", migrated.value);
    for (const problem of parted.problems) {
      report.refused.push({ what: `review ${problem.name} of ${what}`, kind: "review", name: label, game: problem.name, why: problem.why });
    }
    let match = parted.kept;
    const stored = (id) => planned.get(id) ?? store.loadMatch(id);
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
    planned.set(match.id, match);
    report.taken.push({ what, kind: "match", name: label, ...kept });
  });
  return [...planned.values()];
}

/** The whole new list of players, or null when nothing changes. */
function planPlayers(store, hooks, players, report) {
  if (players === undefined) return null;
  if (!Array.isArray(players)) {
    report.refused.push({ what: "players", kind: "file", name: null, why: notList("players") });
    return null;
  }
  const here = store.listPlayers();
  let added = false;
  for (const candidate of players) {
    const name = isObject(candidate) && typeof candidate.name === "string" ? candidate.name.slice(0, MAX_NAME_LENGTH) : "?";
    const what = `player ${name}`;
    const problem = checkPlayer(candidate);
    if (problem) {
      report.refused.push({ what, kind: "player", name, why: problem });
    } else if (here.some((known) => nameKey(known.name) === nameKey(candidate.name))) {
      report.unchanged.push({ what, kind: "player", name, why: new StoreProblem("already_here", "already here") });
    } else {
      here.push({ name: candidate.name.trim(), created: candidate.created ?? hooks.now() });
      report.taken.push({ what, kind: "player", name });
      added = true;
    }
  }
  return added ? here : null;
}

/** The ratings to put in (each replaces the entry of its player and variant), or null. */
function planRatings(store, ratings, report) {
  if (ratings === undefined) return null;
  if (!Array.isArray(ratings)) {
    report.refused.push({ what: "ratings", kind: "file", name: null, why: notList("ratings") });
    return null;
  }
  const taken = [];
  for (const candidate of ratings) {
    const name = ratingName(candidate);
    const what = `rating ${name}`;
    const problem = checkRating(candidate);
    if (problem) {
      report.refused.push({ what, kind: "rating", name, why: problem });
      continue;
    }
    const same = (entry) => nameKey(entry.player) === nameKey(candidate.player) && entry.variant === candidate.variant;
    const here = taken.find(same) ?? store.getRating(candidate.player, candidate.variant);
    if (here && here.matches >= candidate.matches) {
      report.unchanged.push({ what, kind: "rating", name,
                              why: new StoreProblem("rating_counts", "the rating here counts as many matches or more") });
      continue;
    }
    const { player, variant, r, rd, vol, matches } = candidate;
    const index = taken.findIndex(same);
    if (index >= 0) taken.splice(index, 1);
    taken.push({ player: player.trim(), variant, r, rd, vol, matches });
    report.taken.push({ what, kind: "rating", name });
  }
  return taken.length > 0 ? taken : null;
}

/** The puzzle progress after the import, or null when nothing changes: the puzzles
 *  tried on either device (this device's entry for one both tried), tries and solved
 *  counted from them; the rating and the streak of the side that tried more (this one
 *  on a tie); the longer best streak of the two (reached on either device, it was
 *  reached), neither more than the puzzles solved. A file's progress that does not
 *  check out (shapes.js checkPuzzles: its counts are those of its ids tried, its rating
 *  one they can have given) is refused whole; one with no puzzle tried makes no entry
 *  in the report. */
function planPuzzles(store, puzzles, report) {
  if (puzzles === undefined) return null;
  const entry = { what: "puzzles", kind: "puzzles", name: null };
  const problem = checkPuzzles(puzzles);
  if (problem) {
    report.refused.push({ ...entry, why: problem });
    return null;
  }
  if (Object.keys(puzzles.tried).length === 0) return null; // none tried there: nothing to tell, as of an empty list
  const here = store.getPuzzles();
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

/** Learn's progress after the import, or null when nothing changes: each lesson with
 *  the more stars of the two devices; the offer dismissed when it was on either. A
 *  file's progress with no lesson done makes no entry in the report. */
function planLessons(store, lessons, report) {
  if (lessons === undefined) return null;
  const entry = { what: "lessons", kind: "lessons", name: null };
  const problem = checkLessons(lessons);
  if (problem) {
    report.refused.push({ ...entry, why: problem });
    return null;
  }
  const here = store.getLessons();
  const stars = { ...here.stars };
  let changed = false;
  for (const [id, count] of Object.entries(lessons.stars)) { // own keys only
    if (count > (Object.hasOwn(stars, id) ? stars[id] : 0)) {
      stars[id] = count;
      changed = true;
    }
  }
  const dismissed = here.dismissed || lessons.dismissed;
  if (!changed && dismissed === here.dismissed) {
    if (Object.keys(lessons.stars).length) report.unchanged.push({ ...entry, why: new StoreProblem("already_here", "already here") });
    return null;
  }
  if (changed) report.taken.push(entry);
  return { stars, dismissed };
}

/** The board of the day's days after the import, or null when nothing changes: the
 *  days of both devices, up to today. A day tried here keeps this device's try (another
 *  try never replaces it: the first one begun here counts); the same try (one match)
 *  takes the file's result when it has one and this one has not. A day refused on its
 *  own: one that does not read, before the first board (checkDay), after today, one
 *  that does not agree with its match (dayConflict: the file's, else the one here). */
function planDaily(store, hooks, daily, matches, report) {
  if (daily === undefined) return null;
  const problem = checkDaily(daily);
  if (problem) {
    report.refused.push({ what: "daily", kind: "daily", name: null, why: problem });
    return null;
  }
  const today = localDate(new Date(hooks.now()));
  const matchOf = (id) => matches.find((match) => match.id === id) ?? store.loadMatch(id);
  const days = [...store.getDaily().days];
  let changed = false;
  for (const candidate of daily.days) {
    const name = isObject(candidate) && typeof candidate.date === "string" ? candidate.date.slice(0, 10) : "?";
    const what = `daily ${name}`;
    const match = isObject(candidate) && typeof candidate.match === "string" ? matchOf(candidate.match) : null;
    const why = checkDay(candidate)
      ?? (candidate.date > today ? new StoreProblem("daily_future", `it is ${today} here`, { today }) : null)
      ?? (match ? dayConflict(candidate, match) : null);
    if (why) {
      report.refused.push({ what, kind: "daily", name, why });
      continue;
    }
    const here = dayOf(days, candidate.date);
    const further = here && here.match !== null && here.match === candidate.match && here.result === null && candidate.result !== null;
    if (here && !further) {
      const same = here.match === candidate.match && here.started === candidate.started;
      const why = same ? new StoreProblem("already_here", "already here")
        : new StoreProblem("daily_tried", "this device has its own try of that day, and the first try counts");
      report.unchanged.push({ what, kind: "daily", name, why });
      continue;
    }
    days.splice(here ? days.indexOf(here) : days.length, here ? 1 : 0, candidate);
    report.taken.push({ what, kind: "daily", name });
    changed = true;
  }
  return changed ? days : null;
}

/** All settings after the import, or null when nothing changes. */
function planSettings(hooks, settings, report) {
  if (settings === undefined) return null;
  if (!isObject(settings)) {
    report.refused.push({ what: "settings", kind: "file", name: null, why: notObject("settings") });
    return null;
  }
  const here = hooks.storedSettings();
  const changes = [];
  for (const [key, value] of Object.entries(settings)) {
    const what = `setting ${key.slice(0, 40)}`;
    // only the settings this site has, each checked: an import brings no unknown key
    const problem = Object.hasOwn(DEFAULT_SETTINGS, key) ? checkSetting(key, value)
      : new StoreProblem("unknown_setting", "this site has no such setting");
    if (problem) report.refused.push({ what, kind: "setting", name: key.slice(0, 40), why: problem });
    else if (Object.hasOwn(here, key)) report.unchanged.push({ what, kind: "setting", name: key, why: new StoreProblem("already_set", "already set here") });
    else {
      changes.push([key, value]);
      report.taken.push({ what, kind: "setting", name: key });
    }
  }
  // fromEntries defines each key as an own property: "__proto__" is a setting like any other
  return changes.length > 0 ? { ...here, ...Object.fromEntries(changes) } : null;
}

const MAX_SET_ASIDE_KEY = 200;
const MAX_SET_ASIDE_VALUE = 4 << 20; // characters: more than any match log

/** The stored key a set-aside key (filler:quarantine:<key>:<time>[-n][:unplayable | :conflict])
 *  was set aside from, or null when it is none of this site's. */
function setAsideFrom(key) {
  if (typeof key !== "string" || key.length > MAX_SET_ASIDE_KEY || !key.startsWith(QUARANTINE_PREFIX)) return null;
  const found = /^(.*):[0-9]+(-[0-9]+)?(:unplayable|:conflict)?$/.exec(key.slice(QUARANTINE_PREFIX.length));
  const original = found?.[1];
  const kind = original ? kindOf(original) : null;
  if (!kind || kind === "index") return null;
  if (kind === "match" && !MATCH_ID.test(original.slice(MATCH_PREFIX.length))) return null;
  return { original, tag: found[3] ?? "" };
}

/** The set-aside values to write, as [key, raw]. */
function planSetAside(hooks, entries, report) {
  if (entries === undefined) return [];
  if (!Array.isArray(entries)) {
    report.refused.push({ what: "set_aside", kind: "file", name: null, why: notList("set_aside") });
    return [];
  }
  const here = new Set(hooks.setAside().map((entry) => entry.value));
  const planned = new Map(); // key -> raw
  entries.forEach((entry, position) => {
    const from = isObject(entry) ? setAsideFrom(entry.key) : null;
    const name = from ? from.original : `#${position + 1}`;
    const what = `set-aside ${name}`;
    if (!from) {
      report.refused.push({ what, kind: "set_aside", name, why: new StoreProblem("not_set_aside", "it is not a value this site set aside") });
      return;
    }
    if (typeof entry.value !== "string" || entry.value.length > MAX_SET_ASIDE_VALUE) {
      report.refused.push({ what, kind: "set_aside", name, why: new StoreProblem("set_aside_value", "its value is not text of at most 4 MB") });
      return;
    }
    if (here.has(entry.value)) {
      report.unchanged.push({ what, kind: "set_aside", name, why: new StoreProblem("already_here", "already here") });
      return;
    }
    let key = entry.key;
    for (let copy = 2; planned.has(key) || hooks.raw(key) !== null; copy += 1) {
      key = `${QUARANTINE_PREFIX}${from.original}:${hooks.now()}-${copy}${from.tag}`;
    }
    here.add(entry.value);
    planned.set(key, entry.value);
    report.taken.push({ what, kind: "set_aside", name });
  });
  return [...planned];
}
