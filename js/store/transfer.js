// Export and import: everything as one JSON document ("filler-export"), and merged
// back. The engine replays every match of an import before this module sees it
// (lobby.js); here the shapes are checked and the entries merged: each kind says what
// the export holds of it and how an import merges into it (kinds.js: `exported`, `plan`);
// this module does the rest, the values set aside included.

import { EXPORT_FORMAT, MATCH_ID, MATCH_PREFIX, QUARANTINE_PREFIX, SCHEMA_VERSION } from "./keys.js";
import { PLAYERS_DATA, kindOf, putBackable } from "./kinds.js";
import { StoreProblem, isObject, notList } from "./problems.js";
import { partEntries, readable } from "./quarantine.js";

const fieldOf = (kind) => kind.exportAs ?? kind.name;

/** Everything, as one JSON-able document (JSON.stringify it for a file). */
export function exportAll(store, hooks) {
  const context = { store, hooks };
  return {
    format: EXPORT_FORMAT,
    version: SCHEMA_VERSION,
    exported: hooks.now(),
    ...Object.fromEntries(PLAYERS_DATA.map((kind) => [fieldOf(kind), kind.exported(context)])),
    // values set aside here (quarantine.js), as they were: kept by an import, put
    // back by a version that reads them
    set_aside: hooks.setAside(),
  };
}

/**
 * Merges an exported document (object or JSON text) into what is stored, all or
 * nothing: every entry is checked and the merge worked out first, then everything is
 * written at once; when storage cannot take all of it, nothing is written (the values
 * before are put back) and the whole file is refused with the reason. Each kind merges
 * its own field (its `plan`, kinds/<kind>.js): matches by the write rule, players by
 * name, ratings by the matches they count, settings only where none is set here, the
 * puzzles tried on either device, each lesson's best stars, the board of the day's days
 * of both (one try a day, this device's).
 * Returns {taken, unchanged, refused}: lists of {what, kind, name, why?} where `what`
 * names the entry in English ("match m-…", "player Anna", "rating Anna/classic",
 * "setting theme", "puzzles", "file"), `kind` is match, player, rating, setting, puzzles
 * or file (the whole file, or one of its lists), `name` the entry's own name (null for
 * the puzzles and a file) and `why` a StoreProblem.
 *
 * Set-aside values are kept as they were, each under its quarantine key (another one
 * if that holds something else); one this device has already is left.
 *
 * hooks: {now(), storedSettings(), holderElsewhere(id), setAside(), raw(key), read(key,
 * kind), indexEntries(), writeAll(writes): {ok, why?}} where writes = [[key, record]]
 * (records as objects) and setAside: [[key, raw]].
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
  // matches: what this import writes of them (id -> match), for the kinds planned after them
  const context = { store, hooks, matches: new Map(), readable: importable };
  const writes = [];
  for (const kind of PLAYERS_DATA) {
    const incoming = Object.hasOwn(doc, fieldOf(kind)) ? doc[fieldOf(kind)] : undefined;
    if (incoming !== undefined) writes.push(...(kind.plan(incoming, context, report) ?? []));
  }
  const written = hooks.writeAll({ writes, setAside: planSetAside(hooks, doc.set_aside, report) });
  return written.ok ? report : refuseFile(written.why);
}

/** An imported value of the kind named `kind` as it would be read: {value, problems}
 *  (the bad entries of its list, left out) or {problem}. */
function importable(kind, value) {
  const found = readable(kind, value);
  if (!("value" in found)) return { problem: found.why };
  const parted = partEntries(kind, found.value);
  return parted ? { value: parted.kept, problems: parted.problems } : { value: found.value, problems: [] };
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
  if (!putBackable(kind)) return null;
  if (kind.prefix === MATCH_PREFIX && !MATCH_ID.test(original.slice(MATCH_PREFIX.length))) return null;
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
