// Values that cannot be used (not JSON, wrong shape, written by a newer version) are
// never deleted and never thrown at the caller: they are moved to
// "filler:quarantine:<key>:<time>", as they were, and reported as a notice. When this
// version can read a set-aside value again (an update arrived), it is put back.
//
// In a list (a kind with `entries`: players, ratings, settings, the board of the day's
// days, a match's reviews; kinds.js) one bad entry is set aside on its own: the set-aside
// value holds the bad entries as they were, the list keeps the rest. A set-aside entry
// that can be read again is put back into the list, even when the list was written anew
// meanwhile.

import { MATCH_PREFIX, PREFIX, QUARANTINE_PREFIX } from "./keys.js";
import { kindNamed, kindOf, putBackable } from "./kinds.js";
import { migrate } from "./migrations.js";
import { StoreProblem, isObject, notList, parseOrNull } from "./problems.js";

/** A parsed value of the kind named `kind` brought up to this version and checked:
 *  {value} | {reason, why} (reason "shape" or "newer"; why a StoreProblem). */
export function readable(kind, parsed) {
  const migrated = migrate(kind, parsed);
  if (!("value" in migrated)) return { reason: migrated.reason, why: migrated.message };
  const problem = kindNamed(kind).check(migrated.value);
  return problem ? { reason: "shape", why: problem } : { value: migrated.value };
}

/** The problem with a raw value stored under `key` as `kind`: {value} | {reason, why}. */
export function examine(key, kind, raw) {
  let parsed;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { reason: "json", why: new StoreProblem("not_readable", "it is not readable JSON") };
  }
  const found = readable(kind, parsed);
  if ("value" in found && kind === "match" && key !== MATCH_PREFIX + found.value.id) {
    return { reason: "shape", why: new StoreProblem("key", "its id does not match its key") };
  }
  return found;
}

/**
 * A list record's entries parted (the record of a kind with `entries`): {kept, aside,
 * problems} where kept is the record without its bad entries, aside what holds them as
 * they were and problems [{name, why}]; null for a kind that is no list.
 */
export function partEntries(kind, value) {
  const { entries } = kindNamed(kind);
  if (!entries) return null;
  const { field, check, name, object } = entries;
  const asideOf = (items) => (entries.aside ? entries.aside(value, items) : { ...value, [field]: items });
  // fromEntries makes every name an own property: "__proto__" is a setting like any other
  const list = (items) => (object ? Object.fromEntries(items) : items);
  const kept = [];
  const aside = [];
  const problems = [];
  if (value[field] == null) return { kept: value, aside: asideOf(list(aside)), problems }; // a match without reviews
  if (!object && !Array.isArray(value[field])) {
    return { kept: { ...value, [field]: [] }, aside: asideOf([value[field]]), problems: [{ name: "?", why: notList(field) }] };
  }
  for (const entry of object ? Object.entries(value[field]) : value[field]) {
    const why = check(entry);
    if (why) {
      aside.push(entry);
      problems.push({ name: name(entry), why });
    } else kept.push(entry);
  }
  return { kept: { ...value, [field]: list(kept) }, aside: asideOf(list(aside)), problems };
}

/** The entries of a list record as a list (an object's as [name, value] pairs). */
function entriesOf(kind, value) {
  const { field, object } = kindNamed(kind).entries;
  return object ? Object.entries(value[field] ?? {}) : value[field] ?? [];
}

const UNPLAYABLE = ":unplayable";
// entries that read but do not fit the rest of their list (a day stored twice): never put
// back, for they would only clash again (setAsideConflicts)
const CONFLICT = ":conflict";

export class Quarantine {
  #shelf;
  #leftInPlace = new Map(); // key -> raw value that could not even be set aside
  #trimmed = new Map(); // key -> {raw, value}: a list read without its bad entries, left as it was

  /** hooks: {now(), notice(notice), setAside(key): the value under key was moved} */
  constructor(shelf, hooks) {
    this.#shelf = shelf;
    this.hooks = hooks;
  }

  /** Reads and checks the value of `key`: {value, raw} or {value: null}. A value that
   *  cannot be used is set aside with a notice. */
  read(key, kind) {
    const raw = this.#shelf.get(key);
    if (raw === null) return { value: null };
    if (this.#leftInPlace.get(key) === raw) return { value: null };
    const trimmed = this.#trimmed.get(key);
    if (trimmed && trimmed.raw === raw) return { value: trimmed.value, raw };
    const examined = examine(key, kind, raw);
    if (!("value" in examined)) return this.setAside(key, raw, examined.reason, examined.why);
    const parted = partEntries(kind, examined.value);
    if (parted && parted.problems.length > 0) return this.#setAsideEntries(key, raw, parted);
    return { value: examined.value, raw };
  }

  /** Sets aside entries of the list under `key` (`raw`) that read, each on its own, but
   *  clash with the rest (parted as partEntries: {kept, aside, problems}), with a notice;
   *  under a key that restoreReadable leaves alone. Returns {value: kept, raw}. */
  setAsideConflicts(key, raw, parted) {
    return this.#setAsideEntries(key, raw, parted, CONFLICT);
  }

  /** Sets aside the bad entries of a list and keeps the rest under `key`. */
  #setAsideEntries(key, raw, { kept, aside, problems }, tag = "") {
    const shelf = this.#shelf;
    const target = this.#target(key, tag);
    const moved = shelf.trySet(target, JSON.stringify(aside)) === true;
    const keptRaw = JSON.stringify(kept);
    // when storage is full the list stays as it is and this tab reads it without them
    if (!moved || shelf.trySet(key, keptRaw) !== true) this.#trimmed.set(key, { raw, value: kept });
    const names = problems.map((problem) => problem.name);
    const where = moved ? `set aside as ${target}` : "left where they are (storage is full)";
    this.hooks.notice({
      kind: "corrupt",
      key,
      reason: "entries",
      entries: names,
      setAsideAs: moved ? target : null,
      message: `In the stored ${key.slice(PREFIX.length)}, ${problems.length === 1 ? "one entry" : `${problems.length} entries`} ` +
        `cannot be used (${problems.map((problem) => `${problem.name}: ${problem.why}`).join("; ")}); ${moved ? "it was" : "they were"} ` +
        `${where}, and the rest is kept.`,
    });
    return { value: kept, raw: moved ? keptRaw : raw };
  }

  /** A free quarantine key for `key`; `tag` (":unplayable", ":conflict") marks one never put back. */
  #target(key, tag = "") {
    const now = this.hooks.now();
    let target = `${QUARANTINE_PREFIX}${key}:${now}${tag}`;
    for (let copy = 2; this.#shelf.get(target) !== null; copy += 1) target = `${QUARANTINE_PREFIX}${key}:${now}-${copy}${tag}`;
    return target;
  }

  /** Whether `raw` is the unusable value left under `key` because storage was full. */
  leftInPlace(key, raw) {
    return this.#leftInPlace.get(key) === raw;
  }

  /** `key` was written anew: what was left there is gone. */
  overwritten(key) {
    this.#leftInPlace.delete(key);
  }

  /** Moves the value of `key` to a quarantine key, with a notice. reason: "json",
   *  "shape", "newer", or "unplayable" (the engine does not replay it: such a value is
   *  never put back by restoreReadable, which cannot ask the engine). */
  setAside(key, raw, reason, why) {
    const shelf = this.#shelf;
    const target = this.#target(key, reason === "unplayable" ? UNPLAYABLE : "");
    const moved = shelf.trySet(target, raw) === true;
    if (moved) {
      shelf.remove(key);
      this.hooks.setAside(key);
    } else {
      this.#leftInPlace.set(key, raw);
    }
    const what = key.startsWith(MATCH_PREFIX) ? `The saved match ${key.slice(MATCH_PREFIX.length)}` : `The stored ${key.slice(PREFIX.length)}`;
    const where = moved ? `it was set aside as ${target}` : "it was left where it is (storage is full)";
    const problem = why && typeof why === "object" && why.message ? why.message : why;
    this.hooks.notice({
      kind: "corrupt",
      key,
      reason,
      setAsideAs: moved ? target : null,
      why,
      message: `${what} cannot be used: ${problem}; ${where}, and everything else works as before.`,
    });
    return { value: null };
  }

  /** Puts back set-aside values that this version can read now (e.g. once an update
   *  arrived): a whole value if its key is free, else the entries of a list one by one. */
  restoreReadable() {
    const shelf = this.#shelf;
    for (const key of shelf.keys()) {
      if (!key.startsWith(QUARANTINE_PREFIX) || key.endsWith(UNPLAYABLE) || key.endsWith(CONFLICT)) continue;
      const original = key.slice(QUARANTINE_PREFIX.length).replace(/:[0-9]+(-[0-9]+)?$/, "");
      const found = kindOf(original);
      if (!putBackable(found)) continue;
      const kind = found.name;
      const raw = shelf.get(key);
      const examined = parseOrNull(raw) === null ? {} : examine(original, kind, raw);
      if (!("value" in examined)) continue;
      const parted = partEntries(kind, examined.value);
      if (shelf.get(original) === null && (!parted || parted.problems.length === 0)) {
        if (shelf.trySet(original, raw) === true) shelf.remove(key);
      } else if (shelf.get(original) === null) {
        // a whole list set aside for some bad entries: the others go back
        const { kept, aside, problems } = parted;
        // (a record of its own, a match, always goes back: its bad reviews stay aside)
        const count = found.entries.keepsRecord ? 1 : entriesOf(kind, kept).length;
        if (count > 0 && problems.length > 0 && shelf.trySet(original, JSON.stringify(kept)) === true) {
          shelf.trySet(key, JSON.stringify(aside));
        }
      } else if (parted && !found.entries.keepsRecord) { // another match under that id: never merged with it
        this.#mergeBack(original, kind, key, parted);
      }
    }
  }

  /** Entries set aside under `key` that read now go back into the list at `original`
   *  (unless it has them already); the set-aside value keeps only the others. */
  #mergeBack(original, kind, key, parted) {
    const shelf = this.#shelf;
    const here = examine(original, kind, shelf.get(original));
    if (!("value" in here)) return;
    const list = here.value;
    const { field, same, object } = kindNamed(kind).entries;
    const returning = entriesOf(kind, parted.kept);
    if (returning.length === 0) return;
    const present = entriesOf(kind, list);
    const missing = returning.filter((entry) => !present.some((known) => (object || isObject(known)) && same(known, entry)));
    const merged = [...present, ...missing];
    const back = missing.length ? { ...list, [field]: object ? Object.fromEntries(merged) : merged } : list;
    if (back !== list && shelf.trySet(original, JSON.stringify(back)) !== true) return;
    if (parted.problems.length === 0) shelf.remove(key);
    else shelf.trySet(key, JSON.stringify(parted.aside));
  }
}
