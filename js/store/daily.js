// The board of the day's history (flows/daily.js; docs/daily.md), kept under
// "filler:daily" as {version, days: [day]}, a day a calendar date played:
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
// own (shapes.js ENTRIES), the others stay.

import { MATCH_ID } from "./keys.js";
import { StoreProblem, isObject, isTime, notList, wrongField } from "./shapes.js";

export const DAILY_DATE = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;
const OUTCOMES = ["win", "loss", "draw"];
const KINDS = ["clear", "cells", "draw", "resign", "timeout"];
const DAY_MS = 86400000;

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
const isCount = (value) => Number.isInteger(value) && value >= 0;

/** One day of the history: null when it reads, else what is wrong. */
export function checkDay(day) {
  if (!isObject(day)) return new StoreProblem("not_object", "a day is not an object", { field: "day" });
  if (!isDate(day.date)) return wrongField("date");
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

/** The container: {days: [...]} (its days are checked one by one, ENTRIES). */
export function checkDaily(value) {
  return isObject(value) && Array.isArray(value.days) ? null : notList("days");
}

export const freshDaily = () => ({ days: [] });

/** A day of the history by its date, or null. */
export const dayOf = (days, date) => days.find((day) => day.date === date) ?? null;

/** The streak: {current, best, counted} where counted is the number of days with a try
 *  of their own day that finished, current the days in a row of them up to `today` (or
 *  up to yesterday while today's is not done: the streak is not broken before the day
 *  is over), best the most ever in a row. A late try or a replay counts for none. */
export function dailyStreak(days, today) {
  const counted = new Set(days.filter((day) => !day.late && day.result !== null).map((day) => day.date));
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

/** Which of two entries of one date stands (an import): the same try, the one that
 *  got further (a result); two tries, the one that counts (begun on its day), then
 *  the one begun first; still level, `here`. */
export function standingDay(here, there) {
  if (here.match !== null && here.match === there.match) return here.result === null && there.result !== null ? there : here;
  if (here.late !== there.late) return here.late ? there : here;
  return there.started < here.started ? there : here;
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
