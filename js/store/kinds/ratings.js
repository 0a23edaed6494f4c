// Glicko-2 ratings, per person and rated variant: "filler:ratings" = {version, ratings:
// [{player, variant, r, rd, vol, matches}]}.

import { PREFIX, SCHEMA_VERSION } from "../keys.js";
import { StoreProblem, isObject, notList, notObject, wrongField } from "../problems.js";
import { MAX_NAME_LENGTH, nameKey } from "./players.js";

export const RATINGS_KEY = PREFIX + "ratings";

export function checkRating(entry) {
  if (!isObject(entry)) return notObject("rating");
  if (typeof entry.player !== "string" || entry.player.trim() === "") return wrongField("player");
  if (typeof entry.variant !== "string" || entry.variant === "") return wrongField("variant");
  for (const field of ["r", "rd", "vol"]) {
    if (typeof entry[field] !== "number" || !Number.isFinite(entry[field])) return wrongField(field);
  }
  if (!Number.isInteger(entry.matches) || entry.matches < 0) return wrongField("matches");
  return null;
}

/** Whether two entries rate one person in one variant. */
const same = (a, b) => nameKey(a.player) === nameKey(b.player) && a.variant === b.variant;

/** The stored record with `entries` in place of those of the same player and variant. */
export function withRatings(stored, entries) {
  const kept = stored.filter((known) => !entries.some((entry) => same(known, entry)));
  return { version: SCHEMA_VERSION, ratings: [...kept, ...entries] };
}

/** A rating entry as a notice or a report names it: "Ann/classic", or only what it has. */
export function ratingName(entry) {
  if (!isObject(entry)) return "?";
  const parts = [entry.player, entry.variant].filter((part) => part !== undefined && part !== null);
  return parts.length ? parts.map((part, index) => String(part).slice(0, index ? 40 : MAX_NAME_LENGTH)).join("/") : "?";
}

/** An import's ratings: each replaces the one here when it counts more matches. The
 *  writes, or null when none does. */
function plan(ratings, { store }, report) {
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
    const here = taken.find((entry) => same(entry, candidate)) ?? store.getRating(candidate.player, candidate.variant);
    if (here && here.matches >= candidate.matches) {
      report.unchanged.push({ what, kind: "rating", name,
                              why: new StoreProblem("rating_counts", "the rating here counts as many matches or more") });
      continue;
    }
    const { player, variant, r, rd, vol, matches } = candidate;
    const index = taken.findIndex((entry) => same(entry, candidate));
    if (index >= 0) taken.splice(index, 1);
    taken.push({ player: player.trim(), variant, r, rd, vol, matches });
    report.taken.push({ what, kind: "rating", name });
  }
  return taken.length > 0 ? [[RATINGS_KEY, withRatings(store.listRatings(), taken)]] : null;
}

export const ratings = {
  name: "ratings",
  key: RATINGS_KEY,
  check: (value) => (isObject(value) && Array.isArray(value.ratings) ? null : notList("ratings")),
  entries: { field: "ratings", check: checkRating, same, name: ratingName },
  exported: ({ store }) => store.listRatings(),
  plan,
};
