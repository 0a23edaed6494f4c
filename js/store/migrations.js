// Older stored values, brought up to the current schema version when read.

import { MATCH_FORMAT, SCHEMA_VERSION } from "./keys.js";
import { StoreProblem, isObject } from "./shapes.js";

// MIGRATIONS[kind][n] turns a value of schema version n into version n + 1. Version 0
// is a value without a `version` field, from before versions existed: a match with
// `moves: [[seat, color], ...]` instead of events (["move", seat, color], as the
// engine's Match.to_record writes them), players as a list of names,
// settings as a bare object.
export const MIGRATIONS = {
  match: {
    0: (old) => {
      if (!isObject(old) || !Array.isArray(old.moves)) throw new Error("a version 0 match has no moves");
      const { moves, ...rest } = old;
      const events = moves.map((move) => (Array.isArray(move) ? ["move", ...move] : move));
      return { ...rest, format: MATCH_FORMAT, version: 1, events };
    },
  },
  players: {
    0: (old) => {
      if (!Array.isArray(old)) throw new Error("version 0 players are not a list of names");
      return { version: 1, players: old.map((name) => (typeof name === "string" ? { name, created: 0 } : name)) };
    },
  },
  settings: {
    0: (old) => {
      if (!isObject(old)) throw new Error("version 0 settings are not an object");
      return { version: 1, settings: { ...old } };
    },
  },
};

/** Brings a parsed value of `kind` up to SCHEMA_VERSION: {value} or {reason, message}
 *  (message: a StoreProblem). */
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
  let current = value;
  for (let step = version; step < SCHEMA_VERSION; step += 1) {
    const upgrade = Object.hasOwn(MIGRATIONS, kind) && Object.hasOwn(MIGRATIONS[kind], step) ? MIGRATIONS[kind][step] : null;
    if (!upgrade) return unreadable(`no way to read data version ${step}`);
    try {
      current = upgrade(current);
    } catch (error) {
      return unreadable(`could not migrate from data version ${step}: ${error.message}`);
    }
  }
  return { value: current };
}
