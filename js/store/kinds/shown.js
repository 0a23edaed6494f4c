// The engine's last state of the table shown: "filler:shown" = {version, match, layout,
// state}, a few KB, drawn at once on the next visit before the engine is up (storage.js
// keepShown, docs/boot.md). Expendable: made again at the next move, so it is dropped
// first when storage is full and ignored (not set aside) when its shape is wrong:
// nothing of the player's is in it, the saved match log is.

import { MATCH_ID, PREFIX } from "../keys.js";
import { isCount, isObject, wrongField } from "../problems.js";

export const SHOWN_KEY = PREFIX + "shown";

const SHOWN_LAYOUT = { variant: "string", shape: "string", width: isCount, height: isCount, colors: isCount,
                       seats: isCount, sides: isCount, starts: Array.isArray, values: Array.isArray };
const SHOWN_STATE = { state_id: isCount, move_number: isCount, over: "boolean", cell_colors: "string",
                      cell_owners: "string", previews: isObject, legal: Array.isArray, players: Array.isArray,
                      sides: Array.isArray, match: isObject, record: isObject };
const fits = (value, fields) => isObject(value) && Object.entries(fields).every(([name, check]) =>
  (typeof check === "string" ? typeof value[name] === check : check(value[name])));

/** The last table shown: the fields a board drawn from it reads. */
export function checkShown(shown) {
  if (!isObject(shown) || typeof shown.match !== "string" || !MATCH_ID.test(shown.match)) return wrongField("match");
  if (!fits(shown.layout, SHOWN_LAYOUT)) return wrongField("layout");
  const state = shown.state;
  if (!fits(state, SHOWN_STATE) || !(state.turn === null || isCount(state.turn))) return wrongField("state");
  if (!Array.isArray(state.record.events) || !state.players.every(isObject) || !state.sides.every(isObject)) return wrongField("state");
  return null;
}

export const shown = { name: "shown", key: SHOWN_KEY, check: checkShown, expendable: true };
