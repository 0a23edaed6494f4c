// Values that cannot be used (not JSON, wrong shape, written by a newer version) are
// never deleted and never thrown at the caller: they are moved to
// "filler:quarantine:<key>:<time>", as they were, and reported as a notice. When this
// version can read a set-aside value again (an update arrived), it is put back.

import { MATCH_PREFIX, PREFIX, QUARANTINE_PREFIX, kindOf } from "./keys.js";
import { migrate } from "./migrations.js";
import { RECORD_CHECKS, StoreProblem, parseOrNull } from "./shapes.js";

/** The problem with a raw value stored under `key` as `kind`: {value} | {reason, why}. */
export function examine(key, kind, raw) {
  let parsed;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { reason: "json", why: new StoreProblem("not_readable", "it is not readable JSON") };
  }
  const migrated = migrate(kind, parsed);
  if (!("value" in migrated)) return { reason: migrated.reason, why: migrated.message };
  let problem = RECORD_CHECKS[kind](migrated.value);
  if (!problem && kind === "match" && key !== MATCH_PREFIX + migrated.value.id) {
    problem = new StoreProblem("key", "its id does not match its key");
  }
  return problem ? { reason: "shape", why: problem } : { value: migrated.value };
}

export class Quarantine {
  #shelf;
  #leftInPlace = new Map(); // key -> raw value that could not even be set aside

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
    const examined = examine(key, kind, raw);
    if (!("value" in examined)) return this.setAside(key, raw, examined.reason, examined.why);
    return { value: examined.value, raw };
  }

  /** Whether `raw` is the unusable value left under `key` because storage was full. */
  leftInPlace(key, raw) {
    return this.#leftInPlace.get(key) === raw;
  }

  /** `key` was written anew: what was left there is gone. */
  overwritten(key) {
    this.#leftInPlace.delete(key);
  }

  setAside(key, raw, reason, why) {
    const shelf = this.#shelf;
    const now = this.hooks.now();
    let target = `${QUARANTINE_PREFIX}${key}:${now}`;
    for (let copy = 2; shelf.get(target) !== null; copy += 1) target = `${QUARANTINE_PREFIX}${key}:${now}-${copy}`;
    const moved = shelf.trySet(target, raw) === true;
    if (moved) {
      shelf.remove(key);
      this.hooks.setAside(key);
    } else {
      this.#leftInPlace.set(key, raw);
    }
    const what = key.startsWith(MATCH_PREFIX) ? `The saved match ${key.slice(MATCH_PREFIX.length)}` : `The stored ${key.slice(PREFIX.length)}`;
    const where = moved ? `it was set aside as ${target}` : "it was left where it is (storage is full)";
    this.hooks.notice({
      kind: "corrupt",
      key,
      reason,
      setAsideAs: moved ? target : null,
      message: `${what} cannot be used: ${why}; ${where}, and everything else works as before.`,
    });
    return { value: null };
  }

  /** Puts back set-aside values that this version can read now (e.g. once an update arrived). */
  restoreReadable() {
    const shelf = this.#shelf;
    for (const key of shelf.keys()) {
      if (!key.startsWith(QUARANTINE_PREFIX)) continue;
      const original = key.slice(QUARANTINE_PREFIX.length).replace(/:[0-9]+(-[0-9]+)?$/, "");
      const kind = kindOf(original);
      if (!kind || kind === "index" || shelf.get(original) !== null) continue;
      const raw = shelf.get(key);
      if (parseOrNull(raw) === null || !("value" in examine(original, kind, raw))) continue;
      if (shelf.trySet(original, raw) === true) shelf.remove(key);
    }
  }
}
