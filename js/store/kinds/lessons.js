// Learn's progress, one for the device (flows/lessons.js): "filler:lessons" = {version,
// stars: {<lesson id>: 1 | 2 | 3}, dismissed: boolean}: the best stars of each lesson
// done, and whether the first visit's offer was dismissed. No list: a value that does
// not read is set aside whole.

import { PREFIX } from "../keys.js";
import { StoreProblem, isObject, notObject, wrongField } from "../problems.js";
import { progressKind } from "./progress.js";

export const LESSONS_KEY = PREFIX + "lessons";
export const LESSON_ID = /^[a-z0-9-]{1,40}$/;

export function checkLessons(value) {
  if (!isObject(value)) return notObject("lessons");
  if (!isObject(value.stars)) return notObject("stars");
  for (const [id, stars] of Object.entries(value.stars)) {
    if (!LESSON_ID.test(id) || ![1, 2, 3].includes(stars)) return wrongField("stars");
  }
  if (typeof value.dismissed !== "boolean") return wrongField("dismissed");
  return null;
}

/** No lesson done yet, the offer not dismissed. */
export const freshLessons = () => ({ stars: {}, dismissed: false });

/** Lesson `id` done with `stars` (storage.js recordLesson): {progress} when they are more
 *  than those kept (the progress to write), else the store's answer: {ok: true, improved:
 *  false, progress: before} or {ok: false, reason: "invalid", message}. */
export function afterLesson(before, id, stars) {
  if (typeof id !== "string" || !LESSON_ID.test(id)) return { ok: false, reason: "invalid", message: "not a lesson id" };
  const kept = Object.hasOwn(before.stars, id) ? before.stars[id] : 0; // own keys only
  if (![1, 2, 3].includes(stars)) return { ok: false, reason: "invalid", message: "stars are 1, 2 or 3" };
  if (stars <= kept) return { ok: true, improved: false, progress: before };
  return { progress: { ...before, stars: { ...before.stars, [id]: stars } } };
}

/** Learn's progress after an import of `lessons` (checked: checkLessons), or null when
 *  nothing changes: each lesson with the more stars of the two devices; the offer
 *  dismissed when it was on either. A file's progress with no lesson done makes no entry
 *  in the report. */
export function mergeLessons(here, lessons, report) {
  const entry = { what: "lessons", kind: "lessons", name: null };
  const stars = { ...here.stars };
  let changed = false;
  for (const [id, count] of Object.entries(lessons.stars)) { // own keys only
    if (count > (Object.hasOwn(stars, id) ? stars[id] : 0)) {
      stars[id] = count;
      changed = true;
    }
  }
  const dismissed = here.dismissed || lessons.dismissed;
  if (!changed && dismissed === here.dismissed) {
    if (Object.keys(lessons.stars).length) report.unchanged.push({ ...entry, why: new StoreProblem("already_here", "already here") });
    return null;
  }
  if (changed) report.taken.push(entry);
  return { stars, dismissed };
}

export const lessons = progressKind({
  name: "lessons", key: LESSONS_KEY, check: checkLessons, fresh: freshLessons, read: (store) => store.getLessons(), merge: mergeLessons,
});
