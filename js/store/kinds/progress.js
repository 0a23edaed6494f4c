// What the kinds that are one value for the device (no list: the puzzles, the lessons)
// share: such a value is set aside whole when it does not read, the export holds it as
// the store reads it, and an import refuses the file's whole when it does not check out,
// else merges it into this one and writes that whole.

import { SCHEMA_VERSION } from "../keys.js";

/** The kind `name` kept under `key`: check(value), fresh(), read(store) (the value as the
 *  store reads it), merge(here, incoming, report) (the merged value of this one and a
 *  file's that checks out, or null when nothing changes). */
export function progressKind({ name, key, check, fresh, read, merge }) {
  return {
    name,
    key,
    check,
    fresh,
    exported: ({ store }) => read(store),
    plan: (incoming, { store }, report) => {
      const problem = check(incoming);
      if (problem) {
        report.refused.push({ what: name, kind: name, name: null, why: problem });
        return null;
      }
      const merged = merge(read(store), incoming, report);
      return merged && [[key, { version: SCHEMA_VERSION, ...merged }]];
    },
  };
}
