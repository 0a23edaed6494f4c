// The people who played on this device: "filler:players" = {version, players: [{name,
// created}]}. Names match without regard to case (nameKey).

import { PREFIX, SCHEMA_VERSION } from "../keys.js";
import { StoreProblem, isObject, isTime, notList, notObject, wrongField } from "../problems.js";

export const PLAYERS_KEY = PREFIX + "players";
export const MAX_NAME_LENGTH = 40;

/** A name as names are compared: trimmed, NFC, case folded. */
export const nameKey = (name) => name.trim().normalize("NFC").toLowerCase();

export function checkPlayer(player) {
  if (!isObject(player)) return notObject("player");
  const name = player.name;
  if (typeof name !== "string" || name.trim() === "" || name.length > MAX_NAME_LENGTH) {
    return new StoreProblem("player_name", "a player name is empty or too long");
  }
  if (/[\u0000-\u001f\u007f]/.test(name)) return new StoreProblem("player_control", "a player name holds control characters");
  if (player.created != null && !isTime(player.created)) return wrongField("created");
  return null;
}

/** An import's players added to those here (by name), or null when none is new. */
function plan(players, { store, hooks }, report) {
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
  return added ? [[PLAYERS_KEY, { version: SCHEMA_VERSION, players: here }]] : null;
}

export const players = {
  name: "players",
  key: PLAYERS_KEY,
  check: (value) => (isObject(value) && Array.isArray(value.players) ? null : notList("players")),
  entries: { field: "players", check: checkPlayer, same: (a, b) => nameKey(a.name) === nameKey(b.name),
             name: (entry) => (isObject(entry) ? String(entry.name).slice(0, MAX_NAME_LENGTH) : "?") },
  migrations: {
    // version 0: a list of names
    0: (old) => {
      if (!Array.isArray(old)) throw new Error("version 0 players are not a list of names");
      return { version: 1, players: old.map((name) => (typeof name === "string" ? { name, created: 0 } : name)) };
    },
  },
  exported: ({ store }) => store.listPlayers(),
  plan,
};
