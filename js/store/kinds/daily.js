// The board of the day's history (flows/daily.js; docs/daily.md), kept under
// "filler:daily" as {version, days: [day], latest}, a day a calendar date played, and
// `latest` the newest date whose try was begun on this device (storage.js startDaily: a
// try of an earlier date begun after it is late, whatever the clock says then):
//
//   {date: "YYYY-MM-DD",        the board's day (the player's local date)
//    match: <match id> | null,  the saved match of the day's try (it may be deleted since)
//    started: time,             when the try began (ms)
//    late: boolean,             begun after its day: shown, never counted in the streak
//    result: null | {outcome: "win" | "loss" | "draw", kind,   (null: not finished yet)
//                    points: [yours, the master's], totals: [yours, the master's]},
//    final: null | {width, colors, owners}}   the board at the end (the engine's
//                                             cell_colors and cell_owners), for its picture
//
// One try a day counts: the first one begun (storage.js startDaily); every later one is
// a replay, and is not kept here. A list: a day that does not read is set aside on its
// own (its entries below), the others stay. What a day claims must be what a try of this
// device supports (docs/daily.md "What is stored"): no day before FIRST_DAY (set aside);
// a day after today is kept but neither shown nor counted (the clock may be behind); a
// try counts only when it was begun on its day (beganOnItsDay: else it was played later);
// one entry a day (a second one is set aside, partDays), and a day whose match is stored
// agrees with it (dayConflict).

import { MATCH_ID, PREFIX, SCHEMA_VERSION } from "../keys.js";
import { StoreProblem, isCount, isObject, isTime, notList, wrongField } from "../problems.js";

export const DAILY_KEY = PREFIX + "daily";

export const DAILY_DATE = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;
/** The first board of the day (#1): the engine's filler.daily.FIRST_DAY (a test holds
 *  them equal), here because the store checks stored days before the engine is up. */
export const FIRST_DAY = "2026-12-01";
const OUTCOMES = ["win", "loss", "draw"];
const KINDS = ["clear", "cells", "draw", "resign", "timeout"];
const DAY_MS = 86400000;

/** The player's local date, YYYY-MM-DD: the day whose board is today's. */
export function localDate(now = new Date()) {
  const pad = (number) => String(number).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Whether `text` is a real calendar date written YYYY-MM-DD. */
export function isDate(text) {
  if (typeof text !== "string" || !DAILY_DATE.test(text)) return false;
  const [year, month, day] = text.split("-").map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The date `days` calendar days after `date` (before, when negative). */
export function dateAfter(date, days) {
  const [year, month, day] = date.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day) + days * DAY_MS).toISOString().slice(0, 10);
}

const isPair = (value, fits) => Array.isArray(value) && value.length === 2 && value.every(fits);
const isPoints = (value) => typeof value === "number" && Number.isFinite(value) && value >= 0 && value <= 2;

/** One day of the history: null when it reads, else what is wrong. */
export function checkDay(day) {
  if (!isObject(day)) return new StoreProblem("not_object", "a day is not an object", { field: "day" });
  if (!isDate(day.date)) return wrongField("date");
  if (day.date < FIRST_DAY) {
    return new StoreProblem("daily_before", `the first board of the day was ${FIRST_DAY}`, { first: FIRST_DAY });
  }
  if (!(day.match === null || (typeof day.match === "string" && MATCH_ID.test(day.match)))) return wrongField("match");
  if (!isTime(day.started)) return wrongField("started");
  if (typeof day.late !== "boolean") return wrongField("late");
  const result = day.result;
  if (result !== null && !(isObject(result) && OUTCOMES.includes(result.outcome) && KINDS.includes(result.kind)
                           && isPair(result.points, isPoints) && isPair(result.totals, isCount))) return wrongField("result");
  const final = day.final;
  if (final !== null && !(isObject(final) && Number.isInteger(final.width) && final.width > 0 && final.width <= 41
                          && typeof final.colors === "string" && /^[0-9#*]+$/.test(final.colors)
                          && typeof final.owners === "string" && /^[0-9.x#]+$/.test(final.owners)
                          && final.colors.length === final.owners.length && final.colors.length % final.width === 0
                          && final.colors.length <= 41 * 41)) return wrongField("final");
  return null;
}

/** The container: {days: [...]} (its days are checked one by one, `entries` below). */
export function checkDaily(value) {
  return isObject(value) && Array.isArray(value.days) ? null : notList("days");
}

export const freshDaily = () => ({ days: [], latest: null });

/** A day of the history by its date, or null. */
export const dayOf = (days, date) => days.find((day) => day.date === date) ?? null;

const HOUR_MS = 3600000;

/** Whether a day's try began on its day: somewhere on Earth (UTC-12 to UTC+14) it was
 *  that date when it began, so a player who crosses time zones keeps the day. A try
 *  begun on another day was played later, whatever its `late` says. */
export function beganOnItsDay(day) {
  const [year, month, date] = day.date.split("-").map(Number);
  const midnight = Date.UTC(year, month - 1, date);
  return day.started >= midnight - 14 * HOUR_MS && day.started < midnight + DAY_MS + 12 * HOUR_MS;
}

/** Whether a day was played later (after its day): it counts for no streak. */
export const isLate = (day) => day.late || !beganOnItsDay(day);

/** The days there are by `today`: a day after it is kept, but not shown nor counted
 *  (the clock may have been set back; it comes back when its day comes). */
export const daysBy = (days, today) => days.filter((day) => day.date <= today);

/** The streak: {current, best, counted} where counted is the number of days up to
 *  `today` with a try begun on its day (isLate) that finished, current the days in a row
 *  of them up to `today` (or up to yesterday while today's is not done: the streak is
 *  not broken before the day is over), best the most ever in a row. A late try or a
 *  replay counts for none. */
export function dailyStreak(days, today) {
  const counted = new Set(daysBy(days, today).filter((day) => !isLate(day) && day.result !== null).map((day) => day.date));
  let current = 0;
  for (let date = counted.has(today) ? today : dateAfter(today, -1); counted.has(date); date = dateAfter(date, -1)) current += 1;
  let best = 0;
  for (const date of counted) {
    if (counted.has(dateAfter(date, -1))) continue; // not the first day of its run
    let run = 0;
    for (let next = date; counted.has(next); next = dateAfter(next, 1)) run += 1;
    best = Math.max(best, run);
  }
  return { current, best, counted: counted.size };
}

/** Which of two entries of one date stands: the same try (one match), the one that got
 *  further (a result); two tries, the one begun on its day, then the one begun first;
 *  still level, `kept`. On import `kept` is this device's, and a try of another device
 *  never replaces it (transfer.js). */
export function firstTry(kept, other) {
  if (kept.match !== null && kept.match === other.match) return kept.result === null && other.result !== null ? other : kept;
  if (isLate(kept) !== isLate(other)) return isLate(kept) ? other : kept;
  return other.started < kept.started ? other : kept;
}

/** What is wrong with a day whose match `match` is stored (null: they agree): the match
 *  is that day's first try (its `daily` mark) and, when the day has a result, it ended
 *  with that result. */
export function dayConflict(day, match) {
  const mark = dailyMark(match);
  const finished = match.finished != null && match.finished !== false;
  const winner = match.result?.outcome?.winner;
  const outcome = winner === 0 ? "win" : winner === 1 ? "loss" : winner === null ? "draw" : null;
  if (mark?.date === day.date && mark.kind !== "replay"
      && (day.result === null || (finished && outcome === day.result.outcome))) return null;
  return new StoreProblem("daily_match", "it does not agree with its saved match");
}

/** The days parted: {kept, aside, problems} (as quarantine.js partEntries): of two entries of
 *  one date, the one that is not the first try (firstTry) goes aside; so does a day that
 *  does not agree with its match, when that is stored (`matchOf(id)`: the match or null). */
export function partDays(days, matchOf) {
  const standing = new Map();
  for (const day of days) standing.set(day.date, standing.has(day.date) ? firstTry(standing.get(day.date), day) : day);
  const kept = [];
  const aside = [];
  const problems = [];
  for (const day of days) {
    const match = day.match === null ? null : matchOf(day.match);
    const why = standing.get(day.date) !== day ? new StoreProblem("daily_twice", "the day is stored twice: its first try is kept")
      : match ? dayConflict(day, match) : null;
    if (why) {
      aside.push(day);
      problems.push({ name: day.date, why });
    } else kept.push(day);
  }
  return { kept, aside, problems };
}

const KINDS_OF_TRY = ["counted", "late", "replay"];

/** The board of the day a saved match is (its `daily` field, saved.js: {date, number,
 *  kind, shortened}, shortened: how many of the master's moves the safety stop cut
 *  short), or null: a field that does not read makes it an ordinary match, never one
 *  that cannot open. */
export function dailyMark(match) {
  const mark = match?.daily;
  if (!isObject(mark) || !isDate(mark.date) || !KINDS_OF_TRY.includes(mark.kind)) return null;
  const count = (value) => (Number.isInteger(value) && value >= 0 ? value : 0);
  return { date: mark.date, number: count(mark.number), kind: mark.kind, shortened: count(mark.shortened) };
}

/** The board of the day's days after an import, or null when nothing changes: the days
 *  of both devices, up to today. A day tried here keeps this device's try (another try
 *  never replaces it: the first one begun here counts); the same try (one match) takes
 *  the file's result when it has one and this one has not. A day refused on its own:
 *  one that does not read, before the first board (checkDay), after today, one that does
 *  not agree with its match (dayConflict: the file's, else the one here). */
function plan(daily, { store, hooks, matches }, report) {
  const problem = checkDaily(daily);
  if (problem) {
    report.refused.push({ what: "daily", kind: "daily", name: null, why: problem });
    return null;
  }
  const today = localDate(new Date(hooks.now()));
  const matchOf = (id) => matches.get(id) ?? store.loadMatch(id);
  const { days: stored, latest } = store.getDaily();
  const days = [...stored];
  let changed = false;
  for (const candidate of daily.days) {
    const name = isObject(candidate) && typeof candidate.date === "string" ? candidate.date.slice(0, 10) : "?";
    const what = `daily ${name}`;
    const match = isObject(candidate) && typeof candidate.match === "string" ? matchOf(candidate.match) : null;
    const why = checkDay(candidate)
      ?? (candidate.date > today ? new StoreProblem("daily_future", `it is ${today} here`, { today }) : null)
      ?? (match ? dayConflict(candidate, match) : null);
    if (why) {
      report.refused.push({ what, kind: "daily", name, why });
      continue;
    }
    const here = dayOf(days, candidate.date);
    const further = here && here.match !== null && here.match === candidate.match && here.result === null && candidate.result !== null;
    if (here && !further) {
      const same = here.match === candidate.match && here.started === candidate.started;
      const why = same ? new StoreProblem("already_here", "already here")
        : new StoreProblem("daily_tried", "this device has its own try of that day, and the first try counts");
      report.unchanged.push({ what, kind: "daily", name, why });
      continue;
    }
    days.splice(here ? days.indexOf(here) : days.length, here ? 1 : 0, candidate);
    report.taken.push({ what, kind: "daily", name });
    changed = true;
  }
  return changed ? [[DAILY_KEY, { version: SCHEMA_VERSION, days, latest }]] : null;
}

export const daily = {
  name: "daily",
  key: DAILY_KEY,
  check: checkDaily,
  fresh: freshDaily,
  // a day that does not read is set aside on its own
  entries: { field: "days", check: checkDay, same: (a, b) => a.date === b.date,
             name: (entry) => (isObject(entry) && typeof entry.date === "string" ? entry.date.slice(0, 10) : "?") },
  exported: ({ store }) => store.getDaily(),
  plan,
};
