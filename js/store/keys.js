// The keys the store uses in localStorage, and the version of what it writes. Every key
// starts with PREFIX; each kind of record has its key in its module (kinds/: "filler:players",
// "filler:match:<id>", ...; the list in kinds.js); here are the keys of the generic parts
// and what names a match, which the keys of several kinds hold:
//
//   filler:match:<id>            one match log (kinds/match.js)
//   filler:lock:<id>             {version, tab, expires[, locked]}: the lease of the tab that has it open (lease.js)
//   filler:quarantine:<key>:<t>  a value that could not be used, kept as it was (quarantine.js)
//   filler:probe                 written and removed to find out whether storage works (area.js)
//
// Every value carries a schema version (`version`); older ones are migrated when read
// (migrations.js).

export const PREFIX = "filler:";
export const SCHEMA_VERSION = 1;
export const EXPORT_FORMAT = "filler-export";

export const MATCH_PREFIX = PREFIX + "match:";
export const LOCK_PREFIX = PREFIX + "lock:";
export const QUARANTINE_PREFIX = PREFIX + "quarantine:";
export const PROBE_KEY = PREFIX + "probe";

export const MATCH_ID_LENGTH = 80;
export const MATCH_ID = new RegExp(`^[A-Za-z0-9_.-]{1,${MATCH_ID_LENGTH}}$`);

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
