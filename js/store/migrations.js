// Older stored values, brought up to the current schema version when read. Each kind
// keeps its own steps (kinds/<kind>.js `migrations`: {n: value of version n => value of
// version n + 1}); version 0 is a value without a `version` field, from before versions
// existed: a match with `moves: [[seat, color], ...]` instead of events, players as a
// list of names, settings as a bare object.

import { SCHEMA_VERSION } from "./keys.js";
import { kindNamed } from "./kinds.js";
import { StoreProblem, isObject } from "./problems.js";

/** Brings a parsed value of the kind named `kind` up to SCHEMA_VERSION: {value} or
 *  {reason, message} (message: a StoreProblem). */
export function migrate(kind, value) {
  const version = isObject(value) && Object.hasOwn(value, "version") ? value.version : 0;
  const unreadable = (message) => ({ reason: "shape", message: new StoreProblem("data_version", message) });
  if (!Number.isInteger(version) || version < 0) return unreadable("the version is not a whole number");
  if (version > SCHEMA_VERSION) {
    return {
      reason: "newer",
      message: new StoreProblem("newer_data", `written by a newer version of this site (data version ${version}, this one reads up to ${SCHEMA_VERSION})`,
                                { version, known: SCHEMA_VERSION }),
    };
  }
  const steps = kindNamed(kind).migrations ?? {};
  let current = value;
  for (let step = version; step < SCHEMA_VERSION; step += 1) {
    const upgrade = Object.hasOwn(steps, step) ? steps[step] : null;
    if (!upgrade) return unreadable(`no way to read data version ${step}`);
    try {
      current = upgrade(current);
    } catch (error) {
      return unreadable(`could not migrate from data version ${step}: ${error.message}`);
    }
  }
  return { value: current };
}
