// Saved matches, player profiles, ratings, settings and puzzle progress, kept in localStorage.
//
//   import { openStorage } from "../store/storage.js";
//   const store = openStorage();          // never throws
//   store.persistent                       // false: in memory only (a "memory" notice says why)
//   store.notices                          // notices so far; store.subscribe(fn) for the next ones
//   store.claimMatch(id)                   // {ok: true} | {ok: false, holder, expires}: open elsewhere?
//   await store.holderGone(id)             // that other tab is gone (Web Locks say it: lease.js)
//   store.saveMatch(match)                 // after every move: {ok: true, match} | {ok: false, reason, message}
//                                          // (never over another match: see continuation.js)
//   store.keepReview(key, review)          // a review of a game that is no stored match (few, expendable)
//   store.getPuzzles()                     // the player's puzzles: {rating, tries, solved, streak, best, tried,
//                                          //   difficulty, runs, history}
//   store.recordPuzzle(id, {solved, rating}) // a puzzle's first try: {ok: true, counted, progress, persisted?}
//                                          // | {ok: false, reason, message}
//   store.recordPuzzlePlay(id, {solved, play}) // another try (tried before, a Streak's, a Storm's): in the history
//   store.recordPuzzleRun(run, score)      // a Streak or a Storm ended: {ok: true, improved, progress, persisted?}
//   store.setPuzzleDifficulty(difficulty)  // easier or harder puzzles: −600, −300, 0, 300, 600
//   store.getLessons()                     // Learn: {stars: {id: 1-3}, dismissed}
//   store.recordLesson(id, stars)          // a lesson done: {ok: true, improved, progress, persisted?}
//   store.dismissLearnOffer()              // the first visit's "New to Filler?" line, not again
//   store.getDaily()                       // the board of the day's history: {days: [day], latest} (kinds/daily.js)
//   store.startDaily(date, {match, late})  // a try begins: {ok: true, counted, day, persisted?}: the first counts
//   store.finishDaily(date, {match, result, final}) // the day's try ended: {ok: true, recorded, day}
//   store.getAnalysis()                    // the analysis board's last analysis: {open, start, tree, path} | null
//   store.keepAnalysis(analysis, {rewrite}) // kept by the write rule: {ok: true, persisted} | {ok: false, reason}
//
// One key per match, so a broken one harms no other; "filler:index" lists them and is
// rebuilt from the keys when it disagrees with them. This file is the store's interface,
// the only module of js/store/ the rest of the page imports (what it needs of the kinds'
// modules is exported here). Beside it, one module per kind of record (kinds/: its key,
// its check, its fresh value, its merge on import; the list in kinds.js) and the
// generic parts, one concern a file: keys.js (the keys and the version), problems.js (what
// a check says), migrations.js (older versions), quarantine.js (values that cannot be used
// are set aside, never deleted), lease.js (two tabs never overwrite one match),
// continuation.js (the write rule: a stored match is replaced only by its continuation),
// quota.js (what happens when storage is full), transfer.js (export and import), area.js
// (raw access). docs/storage.md is their map.

import { MemoryArea, Shelf, openArea } from "./area.js";
import { REWRITES, relation } from "./continuation.js";
import { LOCK_PREFIX, MATCH_ID, MATCH_PREFIX, PREFIX, QUARANTINE_PREFIX, SCHEMA_VERSION, besideId, newMatchId } from "./keys.js";
import { PLAYERS_DATA, kindOf } from "./kinds.js";
import { ANALYSIS_KEY, analysisRelation, checkAnalysis } from "./kinds/analysis.js";
import { DAILY_KEY, checkDay, dayOf, freshDaily, isDate, partDays } from "./kinds/daily.js";
import { INDEX_KEY } from "./kinds/match_list.js";
import { LESSONS_KEY, afterLesson, checkLessons, freshLessons } from "./kinds/lessons.js";
import { MATCH_FORMAT, checkMatch, isFinished, summarize } from "./kinds/match.js";
import { PLAYERS_KEY, checkPlayer, nameKey } from "./kinds/players.js";
import { PUZZLES_KEY, afterDifficulty, afterPlay, afterRun, afterTry, freshPuzzles } from "./kinds/puzzles.js";
import { RATINGS_KEY, checkRating, withRatings } from "./kinds/ratings.js";
import { KEPT_REVIEWS, REVIEWS_KEY, keptReviews } from "./kinds/reviews.js";
import { OLD_SOUND_KEY, SETTINGS_KEY, checkSetting, oldSound, settingsInForce } from "./kinds/settings.js";
import { SHOWN_KEY, checkShown } from "./kinds/shown.js";
import { Leases } from "./lease.js";
import { migrate } from "./migrations.js";
import { isObject, parseOrNull } from "./problems.js";
import { Quarantine } from "./quarantine.js";
import { Quota } from "./quota.js";
import { exportAll, importAll } from "./transfer.js";

// What the rest of the page uses of the kinds' modules: the settings there are, a
// review's shape, a match's reviewable games, the board of the day's dates and streak,
// when two names are one person's.
export { EXPORT_FORMAT } from "./keys.js";
export { DAILY_DATE, FIRST_DAY, dailyMark, dailyStreak, dayOf, daysBy, isDate, isLate, localDate } from "./kinds/daily.js";
export { REVIEW_FORMAT, REVIEW_SCHEMA, checkReview } from "./kinds/reviews.js";
export { DIFFICULTIES, HISTORY_KEPT, puzzleVariant } from "./kinds/puzzles.js";
export { DEFAULT_SETTINGS, SETTING_CHOICES, checkSetting } from "./kinds/settings.js";
export { MATCH_FORMAT, MemoryArea, PREFIX, SCHEMA_VERSION, isFinished, migrate, newMatchId };
export { reviewedGames } from "./kinds/match.js";
export { nameKey } from "./kinds/players.js";

/**
 * Opens the store. Never throws. Options (all optional, mostly for tests):
 * - `window`: the window whose localStorage and events to use (default globalThis)
 * - `area`: a Storage-like object to use instead of that window's localStorage
 * - `now`: () => milliseconds, the clock for timestamps and leases (default Date.now)
 * - `tabId`: this tab's name in leases (default random)
 * - `leaseMs`: how long a lease lasts without renewal (default 20000)
 * - `renewMs`: how often held leases are renewed; 0 for no timer (call renewLeases())
 */
export function openStorage(options = {}) {
  return new Store(options);
}

/** The window's Web Locks (lease.js's tab lock), or null where there are none. */
function tabLocks(win) {
  try {
    const locks = win?.navigator?.locks;
    return typeof locks?.request === "function" && typeof locks.query === "function" ? locks : null;
  } catch {
    return null;
  }
}

export class Store {
  #shelf;
  #window;
  #now;
  #listeners = new Set();
  #known = new Map(); // match id -> raw value this tab last read or wrote
  #daily = null; // the board of the day's history as last read ({days, latest}): read again only
                 // after this store writes it or another tab does (a draw reads it often)
  #verified = new Map(); // match id -> raw value last checked
  #quota;
  #quarantine;
  #leases;
  #onStorage;
  #onPageHide;
  #onVisible;

  constructor({ window: win = globalThis, area, now = () => Date.now(), tabId, leaseMs = 20000, renewMs } = {}) {
    this.#window = win;
    this.#now = now;
    this.notices = [];
    const opened = area ? { area } : openArea(win);
    this.persistent = Boolean(opened.area);
    this.#shelf = new Shelf(opened.area ?? new MemoryArea());
    const notice = (value) => this.#notice(value);
    this.#quota = new Quota(this.#shelf, {
      finishedMatches: () => this.#indexEntries({ save: false }).filter(isFinished),
      openHere: (id) => this.#leases.holds(id),
      forget: (pruned) => {
        for (const victim of pruned) {
          this.#known.delete(victim.id);
          this.#verified.delete(victim.id);
        }
        this.#dropFromIndex(pruned.map((victim) => victim.id));
      },
      describe: (key) => this.#describe(key),
      notice: (value, options) => this.#notice(value, options),
    });
    this.#quarantine = new Quarantine(this.#shelf, {
      now,
      notice,
      setAside: (key) => {
        if (key.startsWith(MATCH_PREFIX)) this.#verified.delete(key.slice(MATCH_PREFIX.length));
        this.#forget(key);
      },
    });
    this.#leases = new Leases(this.#shelf, {
      tabId: tabId ?? `tab-${Math.random().toString(36).slice(2, 10)}`,
      now,
      leaseMs,
      renewMs: renewMs ?? Math.max(1000, Math.floor(leaseMs / 4)),
      write: (key, raw) => this.#write(key, raw),
      emit: (event) => this.#emit(event),
      notice,
      locks: tabLocks(win),
    });
    this.tabId = this.#leases.tabId;
    if (!this.persistent) {
      this.#notice({
        kind: "memory",
        message: `Storage is not available here (${opened.why}): play goes on, but nothing is kept after this page closes.`,
      });
    }
    if (win && typeof win.addEventListener === "function") {
      this.#onStorage = (event) => this.#storageEvent(event);
      this.#onPageHide = () => this.releaseAll();
      // Hidden tabs' timers are throttled, so a lease may lapse meanwhile: check at once on return.
      this.#onVisible = () => {
        if (win.document && win.document.visibilityState === "visible") this.renewLeases();
      };
      if (this.persistent) win.addEventListener("storage", this.#onStorage);
      win.addEventListener("pagehide", this.#onPageHide);
      if (win.document) win.document.addEventListener("visibilitychange", this.#onVisible);
    }
    this.#quarantine.restoreReadable();
    // Everything is checked at once, so that what is set aside is told as one event.
    for (const kind of PLAYERS_DATA) if (kind.key && kind.key !== DAILY_KEY) this.#read(kind.key, kind.name);
    this.getDaily(); // its days checked against each other and their matches too
    this.#indexEntries();
    this.#adoptOldSound();
  }

  /** Stops timers and listeners and releases this tab's leases. */
  close() {
    this.releaseAll();
    if (this.#window && typeof this.#window.removeEventListener === "function") {
      this.#window.removeEventListener("storage", this.#onStorage);
      this.#window.removeEventListener("pagehide", this.#onPageHide);
      if (this.#window.document) this.#window.document.removeEventListener("visibilitychange", this.#onVisible);
    }
  }

  /**
   * Calls `listener(event)` for each event until the returned function is called:
   * - {type: "notice", notice}: notice = {kind, message, ...}; kinds: "corrupt" (+ key,
   *   reason "json"|"shape"|"newer", setAsideAs), "pruned" (+ matches: summaries),
   *   "quota" (+ key), "memory", "lease-lost" (+ id), "kept-beside" (+ id: the match
   *   saved beside, beside: the id of the match kept as it was)
   * - {type: "changed", what: "match"|"players"|"ratings"|"settings"|"puzzles"|"lessons"|"all",
   *   id?}: another tab changed stored data
   * - {type: "lease", id, state: "lost"|"claimed"|"released", holder}: "lost": another tab
   *   took over a match this tab had open (its saves are refused from now on);
   *   "claimed"/"released": another tab opened or let go of a match
   */
  subscribe(listener) {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #emit(event) {
    for (const listener of [...this.#listeners]) {
      try {
        listener(event);
      } catch (error) {
        setTimeout(() => { throw error; });
      }
    }
  }

  /** A notice for the player; `updated`: one given before says more now (same object). */
  #notice(notice, { updated = false } = {}) {
    notice.time ??= this.#now();
    if (!updated) this.notices.push(notice);
    this.#emit({ type: "notice", notice, updated });
  }

  /** What is kept under `key`, for a notice: {kind: "match", id, names} | {kind: "ratings"}... */
  #describe(key) {
    const kind = kindOf(key)?.name ?? null;
    if (kind !== "match") return { kind };
    const match = parseOrNull(this.#get(key));
    // the variant and the players' names or levels, so that a player knows which match
    const players = Array.isArray(match?.players) ? match.players.map((player) => player?.name || player?.level) : [];
    const names = [match?.variant, ...players].filter((name) => typeof name === "string" && name !== "")
      .map((name) => name.slice(0, 40));
    return { kind, id: key.slice(MATCH_PREFIX.length), names };
  }

  // --- raw access -----------------------------------------------------------

  #get(key) {
    return this.#shelf.get(key);
  }

  #write(key, raw) {
    this.#forget(key);
    return this.#quota.write(key, raw);
  }

  /** What was read of `key` (null: everything) is read again next time. */
  #forget(key) {
    if (key === null || key === DAILY_KEY) this.#daily = null;
  }

  #read(key, kind) {
    return this.#quarantine.read(key, kind);
  }

  // --- reviews of games that are no stored match (a shared link's) --------------

  /** The review kept under `key` (the game's own text, see review.js), or null; the
   *  caller checks its shape. */
  loadKeptReview(key) {
    return this.#keptReviews().find((entry) => entry.key === key)?.review ?? null;
  }

  /** Keep `review` under `key`, newest first, at most KEPT_REVIEWS of them. They are
   *  expendable: the oldest go when storage is full, all of them before any match
   *  (quota.js). true when kept. */
  keepReview(key, review) {
    const entries = [{ key, review }, ...this.#keptReviews().filter((entry) => entry.key !== key)].slice(0, KEPT_REVIEWS);
    while (entries.length) {
      const written = this.#shelf.trySet(REVIEWS_KEY, JSON.stringify({ version: SCHEMA_VERSION, reviews: entries }));
      if (written !== "full") return written === true;
      entries.pop();
    }
    return false;
  }

  #keptReviews() {
    return keptReviews(this.#shelf.get(REVIEWS_KEY));
  }

  // --- puzzles --------------------------------------------------------------

  /** The player's puzzles: {rating: {r, rd, vol} | null, tries, solved, streak, best,
   *  tried: {id: 1 | 0} (solved at the first try or not), seed?, difficulty, runs:
   *  {streak, storm} (the best of each), history: [{id, themes, solved, play, at}] (the
   *  newest tries, last the newest)}; none tried yet when nothing is stored (or what was
   *  stored was set aside, with a notice). */
  getPuzzles() {
    const stored = this.#read(PUZZLES_KEY, "puzzles").value;
    if (!stored) return freshPuzzles();
    const { version, ...progress } = stored;
    return { ...freshPuzzles(), ...progress }; // kept before the difficulty, the runs and the history were
  }

  /**
   * Counts the first try of puzzle `id` (solved: whether that try solved it): the
   * counts, the streak on (or back to 0), the best streak, and the rating replaced by
   * `rating` ({r, rd, vol}) when given; `seed` (the order of the puzzles offered,
   * flows/puzzles.js) is kept when none is. A puzzle tried before changes nothing.
   * Returns {ok: true, counted, progress, persisted} (counted false: tried before, and
   * no `persisted`; persisted false: kept in memory only, with a notice, as every write
   * when storage is full) or {ok: false, reason: "invalid", message, problem?}.
   */
  recordPuzzle(id, { solved, rating = null, seed = null, themes = [] } = {}) {
    const next = afterTry(this.getPuzzles(), id, { solved, rating, seed, themes, at: this.#now() });
    return "ok" in next ? next : { counted: true, ...this.#writePuzzles(next.progress) };
  }

  /** A try of puzzle `id` that is not rated (`play`: "unrated", "streak" or "storm";
   *  `themes`: the puzzle's), added to the history. Returns {ok: true, progress,
   *  persisted} or {ok: false, reason: "invalid", message, problem?}. */
  recordPuzzlePlay(id, { solved, play, themes = [] } = {}) {
    const next = afterPlay(this.getPuzzles(), id, { solved, play, themes, at: this.#now() });
    return "ok" in next ? next : this.#writePuzzles(next.progress);
  }

  /** A Puzzle Streak or Puzzle Storm (`run`: "streak", "storm") ended with `score`: the
   *  best kept when it beats it. Returns {ok: true, improved, progress, persisted?} (no
   *  `persisted` when nothing changed) or {ok: false, reason: "invalid", message}. */
  recordPuzzleRun(run, score) {
    const next = afterRun(this.getPuzzles(), run, score);
    return "ok" in next ? next : { improved: true, ...this.#writePuzzles(next.progress) };
  }

  /** The puzzles offered this much easier (< 0) or harder than the player's rating: one
   *  of DIFFICULTIES. Returns {ok: true, progress, persisted} or {ok: false, ...}. */
  setPuzzleDifficulty(difficulty) {
    const next = afterDifficulty(this.getPuzzles(), difficulty);
    return "ok" in next ? next : this.#writePuzzles(next.progress);
  }

  #writePuzzles(progress) {
    const { persisted } = this.#write(PUZZLES_KEY, JSON.stringify({ version: SCHEMA_VERSION, ...progress }));
    return { ok: true, progress, persisted };
  }

  // --- lessons (Learn) ------------------------------------------------------

  /** Learn's progress: {stars: {id: 1 | 2 | 3}, dismissed}; nothing done yet when
   *  nothing is stored (or what was stored was set aside, with a notice). */
  getLessons() {
    const stored = this.#read(LESSONS_KEY, "lessons").value;
    if (!stored) return freshLessons();
    const { version, ...progress } = stored;
    return progress;
  }

  /**
   * Lesson `id` done with `stars` (1-3, the engine's): kept when more than the stars
   * kept for it (a lesson done again with fewer keeps its best). Returns {ok: true,
   * improved, progress, persisted?} (no `persisted` when nothing changed) or {ok: false,
   * reason: "invalid", message, problem?}.
   */
  recordLesson(id, stars) {
    const next = afterLesson(this.getLessons(), id, stars);
    return "ok" in next ? next : this.#putLessons(next.progress);
  }

  /** The first visit's offer of Learn ("New to Filler?") is not shown again. */
  dismissLearnOffer() {
    const before = this.getLessons();
    if (before.dismissed) return { ok: true, improved: false, progress: before };
    return this.#putLessons({ ...before, dismissed: true });
  }

  #putLessons(progress) {
    const problem = checkLessons(progress);
    if (problem) return { ok: false, reason: "invalid", message: String(problem), problem };
    const { persisted } = this.#write(LESSONS_KEY, JSON.stringify({ version: SCHEMA_VERSION, ...progress }));
    return { ok: true, improved: true, progress, persisted };
  }

  // --- the analysis board ----------------------------------------------------

  /** The analysis board's last analysis: {open, start, tree, path} (kinds/analysis.js),
   *  or null when none is stored (or what was stored was set aside, with a notice). */
  getAnalysis() {
    const stored = this.#read(ANALYSIS_KEY, "analysis").value;
    if (!stored) return null;
    const { version, ...analysis } = stored;
    return analysis;
  }

  /**
   * Keep `analysis` ({open, start, tree, path}) by the write rule (kinds/analysis.js): the
   * stored one is replaced only by its continuation, or by another start when `rewrite`
   * is "new" (a new analysis opened). Returns {ok: true, persisted} or {ok: false,
   * reason: "invalid" | "other" | "shorter", message}.
   */
  keepAnalysis(analysis, { rewrite = null } = {}) {
    const problem = checkAnalysis(analysis);
    if (problem) return { ok: false, reason: "invalid", message: String(problem), problem };
    const stored = this.getAnalysis();
    const standing = stored ? analysisRelation(stored, analysis) : "continues";
    if (standing !== "continues" && rewrite !== "new") {
      return { ok: false, reason: standing, message: `the stored analysis is not this one's past (${standing})` };
    }
    const { persisted } = this.#write(ANALYSIS_KEY, JSON.stringify({ version: SCHEMA_VERSION, ...analysis }));
    return { ok: true, persisted };
  }

  // --- the board of the day -------------------------------------------------

  /** The board of the day's history: {days: [day], latest} (kinds/daily.js; latest: the
   *  newest day whose try was begun on this device, or null), none when nothing is
   *  stored (or what was stored was set aside, with a notice). A day stored twice, or one
   *  that does not agree with its saved match, is set aside on its own (kinds/daily.js
   *  partDays). Read once, until this store or another tab writes it. */
  getDaily() {
    if (this.#daily) return this.#daily;
    const { value, raw } = this.#read(DAILY_KEY, "daily");
    let days = value ? value.days : [];
    const parted = partDays(days, (id) => (MATCH_ID.test(id) ? this.#read(MATCH_PREFIX + id, "match").value : null));
    if (parted.problems.length > 0) {
      days = this.#quarantine.setAsideConflicts(DAILY_KEY, raw, {
        kept: { ...value, days: parted.kept }, aside: { ...value, days: parted.aside }, problems: parted.problems,
      }).value.days;
    }
    this.#daily = value ? { days, latest: isDate(value.latest) ? value.latest : null } : freshDaily();
    return this.#daily;
  }

  #putDaily(days, latest) {
    return this.#write(DAILY_KEY, JSON.stringify({ version: SCHEMA_VERSION, days, latest }));
  }

  /**
   * A try of the board of `date` begins (`match`: the id of its saved match; `late`:
   * begun after its day). The first try of a day is the one that counts: it is kept,
   * {ok: true, counted: true, day, persisted}; a day tried before changes nothing,
   * {ok: true, counted: false, day} (this try is a replay). A try begun after a later
   * day's try was begun here (`latest`) is late too, whatever the clock says now (it
   * was set back). A bad date or id: {ok: false, reason: "invalid", message, problem}.
   */
  startDaily(date, { match = null, late = false } = {}) {
    const { days, latest } = this.getDaily();
    const after = latest !== null && latest > date;
    const day = { date, match, started: this.#now(), late: Boolean(late) || after, result: null, final: null };
    const problem = checkDay(day);
    if (problem) return { ok: false, reason: "invalid", message: String(problem), problem };
    const before = dayOf(days, date);
    if (before) return { ok: true, counted: false, day: before };
    const { persisted } = this.#putDaily([...days, day], after ? latest : date);
    return { ok: true, counted: true, day, persisted };
  }

  /**
   * The try of `date` in match `match` ended: its `result` and `final` board are kept,
   * once, and only for the day's own try (a replay's match is another): {ok: true,
   * recorded, day, persisted?} or {ok: false, reason: "invalid", message, problem}.
   */
  finishDaily(date, { match, result, final = null }) {
    const { days, latest } = this.getDaily();
    const before = dayOf(days, date);
    if (!before || before.match !== match || before.result !== null) return { ok: true, recorded: false, day: before };
    const day = { ...before, result, final };
    const problem = checkDay(day);
    if (problem) return { ok: false, reason: "invalid", message: String(problem), problem };
    const { persisted } = this.#putDaily(days.map((entry) => (entry === before ? day : entry)), latest);
    return { ok: true, recorded: true, day, persisted };
  }

  // --- matches --------------------------------------------------------------

  /** Summaries of all readable matches; checks each changed match and heals the index. */
  #indexEntries({ save = true } = {}) {
    const stored = this.#read(INDEX_KEY, "index").value;
    const listed = new Map((stored ? stored.matches : []).map((entry) => [entry.id, entry]));
    const entries = [];
    let changed = false;
    for (const key of this.#shelf.keys()) {
      if (!key.startsWith(MATCH_PREFIX)) continue;
      const id = key.slice(MATCH_PREFIX.length);
      let entry = listed.get(id);
      if (!entry || this.#verified.get(id) !== this.#get(key)) {
        const { value, raw } = this.#read(key, "match");
        const fresh = value ? summarize(value) : null;
        if (value) this.#verified.set(id, raw);
        if (JSON.stringify(fresh) !== JSON.stringify(entry ?? null)) changed = true;
        entry = fresh;
      }
      if (entry) entries.push(entry);
    }
    if (entries.length !== listed.size) changed = true;
    if (changed && save && !this.#quota.pruning) this.#writeIndex(entries);
    return entries;
  }

  #writeIndex(entries) {
    this.#write(INDEX_KEY, JSON.stringify({ version: SCHEMA_VERSION, matches: entries }));
  }

  #putInIndex(summary) {
    const stored = this.#read(INDEX_KEY, "index").value;
    const entries = (stored ? stored.matches : []).filter((entry) => entry.id !== summary.id);
    entries.push(summary);
    this.#writeIndex(entries);
  }

  #dropFromIndex(ids) {
    const stored = this.#read(INDEX_KEY, "index").value;
    if (!stored) return;
    this.#writeIndex(stored.matches.filter((entry) => !ids.includes(entry.id)));
  }

  /** Writes a checked match under its key and notes it as this tab's copy. */
  #putMatch(match) {
    const raw = JSON.stringify(match);
    const result = this.#write(MATCH_PREFIX + match.id, raw);
    this.#known.set(match.id, raw);
    this.#verified.set(match.id, raw);
    this.#putInIndex(summarize(match));
    return result;
  }

  /**
   * Saved matches, newest first: [{id, variant, games, players, created, updated,
   * finished, result (the match's own `result` field, if any), events (count), moves
   * (count), friend (the link match id of a match with a friend, or null), daily (its
   * dailyMark, or null), openElsewhere (bool)}].
   * `{finished: true|false}` filters.
   */
  listMatches({ finished } = {}) {
    return this.#indexEntries()
      .filter((entry) => finished === undefined || isFinished(entry) === finished)
      .map((entry) => ({ ...entry, openElsewhere: this.#leases.holderElsewhere(entry.id) !== null }))
      .sort((a, b) => b.updated - a.updated);
  }

  /** The saved match log, or null (missing, or set aside with a notice). */
  loadMatch(id) {
    if (typeof id !== "string" || !MATCH_ID.test(id)) return null;
    const { value, raw } = this.#read(MATCH_PREFIX + id, "match");
    if (value) {
      this.#known.set(id, raw);
      this.#verified.set(id, raw);
    }
    return value;
  }

  /**
   * Saves a match log (call it after every move). Fills in `format`, `version`,
   * `created` (if missing) and `updated` (now). Claims the lease if nobody holds it.
   * It replaces the match stored under its id only by a continuation of it (the write
   * rule, continuation.js): another match there stays, and this one is stored beside
   * it under another id (the result's `match.id`; `beside`: the id of the match it was
   * stored beside; with a "kept-beside" notice). `rewrite` names a rewrite that is no
   * continuation (continuation.js REWRITES: "take-back", "crossed").
   * Returns {ok: true, match, persisted[, beside]} (persisted false: kept in memory
   * only, with a notice), or {ok: false, reason, message[, holder]}; reasons: "invalid",
   * "taken-over" (another tab took this match over), "open-elsewhere" (another tab
   * holds its lease), "changed-elsewhere" (the stored copy changed since this tab
   * loaded it: load it again), "older" (a longer copy of it is stored: it is kept).
   */
  saveMatch(match, { rewrite = null } = {}) {
    const now = this.#now();
    const record = isObject(match)
      ? { ...match, format: MATCH_FORMAT, version: SCHEMA_VERSION, created: match.created ?? now, updated: now }
      : match;
    const problem = checkMatch(record);
    if (problem) return { ok: false, reason: "invalid", message: `Not saved: ${problem}.` };
    const id = record.id;
    const key = MATCH_PREFIX + id;
    // what is stored there, checked (one that cannot be used is set aside first)
    const here = this.#read(key, "match").value;
    const standing = here ? relation(here, record) : null;
    if (standing === "other") return this.#saveBeside(record);
    if (this.#leases.lost(id)) {
      return { ok: false, reason: "taken-over", message: "This match was taken over in another tab; it is no longer saved here." };
    }
    const holder = this.#leases.holderElsewhere(id);
    if (holder) return { ok: false, reason: "open-elsewhere", holder, message: "This match is open in another tab." };
    const stored = this.#get(key);
    if (stored !== null && stored !== this.#known.get(id) && !this.#quarantine.leftInPlace(key, stored)) {
      return { ok: false, reason: "changed-elsewhere", message: "This match was changed elsewhere since it was opened here: open it again." };
    }
    const named = rewrite !== null && Object.hasOwn(REWRITES, rewrite) && REWRITES[rewrite].includes(standing);
    if (standing === "shorter" && !named) {
      return { ok: false, reason: "older", message: "A longer copy of this match is stored: it is kept; open it again." };
    }
    if (standing === "branches" && !named) return this.#saveBeside(record);
    if (!this.#leases.holds(id)) this.claimMatch(id);
    const { persisted } = this.#putMatch(record);
    this.#quarantine.overwritten(key);
    return { ok: true, match: record, persisted };
  }

  /** Stores `record` beside the other match stored under its id, under a free id, and
   *  tells the player. */
  #saveBeside(record) {
    const other = record.id;
    const id = besideId(other, (candidate) => this.#get(MATCH_PREFIX + candidate) !== null);
    const moved = { ...record, id };
    this.claimMatch(id);
    const { persisted } = this.#putMatch(moved);
    this.#notice({
      kind: "kept-beside",
      id,
      beside: other,
      message: `Another match is stored as ${other}: it is kept as it was, and this one is saved beside it as ${id}.`,
    });
    return { ok: true, match: moved, persisted, beside: other };
  }

  /** Sets a saved match aside that the engine does not replay (`why`: its problem),
   *  so that it is not tried again; kept under "filler:quarantine:…:unplayable". */
  setAsideMatch(id, why) {
    if (typeof id !== "string" || !MATCH_ID.test(id)) return { ok: false, reason: "invalid" };
    const key = MATCH_PREFIX + id;
    const raw = this.#get(key);
    if (raw === null) return { ok: false, reason: "missing" };
    this.#quarantine.setAside(key, raw, "unplayable", why);
    this.#known.delete(id);
    this.#dropFromIndex([id]);
    this.releaseMatch(id);
    return { ok: true };
  }

  /** Deletes a saved match (refused while another tab has it open): {ok} | {ok: false,
   *  reason, holder}. `unplayed`: only if it has no events (a game left before its first
   *  move), else {ok: false, reason: "played"}. */
  removeMatch(id, { unplayed = false } = {}) {
    const holder = this.#leases.holderElsewhere(id);
    if (holder) return { ok: false, reason: "open-elsewhere", holder, message: "This match is open in another tab." };
    if (unplayed && this.#read(MATCH_PREFIX + id, "match").value?.events.length) return { ok: false, reason: "played" };
    this.#shelf.remove(MATCH_PREFIX + id);
    this.#known.delete(id);
    this.#dropFromIndex([id]);
    this.releaseMatch(id);
    return { ok: true };
  }

  // --- the last table shown ------------------------------------------------

  /**
   * Keeps the engine's latest state of the table shown, {match, layout, state}, for
   * the next visit to draw at once (saved.js). Expendable: it is made again at the
   * next move, so it frees nothing else when storage is full (it is dropped then,
   * without a notice) and a write of anything else drops it first (quota.js).
   */
  keepShown(shown) {
    if (this.#shelf.trySet(SHOWN_KEY, JSON.stringify({ version: SCHEMA_VERSION, ...shown })) !== true) {
      this.#shelf.remove(SHOWN_KEY);
    }
  }

  /** What keepShown kept, or null. One of the wrong shape (or version) is ignored, not
   *  set aside: nothing of the player's is in it, the saved match log is. */
  shown() {
    const value = parseOrNull(this.#shelf.stored(SHOWN_KEY));
    return isObject(value) && value.version === SCHEMA_VERSION && !checkShown(value) ? value : null;
  }

  // --- leases ---------------------------------------------------------------

  /** Opens a match at this tab's table: {ok: true} | {ok: false, holder} if another tab has it. */
  claimMatch(id) {
    return this.#leases.claim(id);
  }

  /** Whether the tab whose lease keeps match `id` is gone (Web Locks tell it: lease.js). */
  holderGone(id) {
    return this.#leases.holderGone(id);
  }

  /** Takes a match over from the tab that has it open; that tab is told and stops saving it. */
  takeOverMatch(id) {
    return this.#leases.takeOver(id);
  }

  /** Lets go of a match (leaving its table); other tabs may open it. */
  releaseMatch(id) {
    this.#leases.release(id);
  }

  releaseAll() {
    this.#leases.releaseAll();
  }

  /** Whether this tab holds the lease of match `id`. */
  holds(id) {
    return this.#leases.holds(id);
  }

  /** Renews the leases this tab holds (a timer does this; tests may call it). */
  renewLeases() {
    this.#leases.renew();
  }

  #storageEvent(event) {
    if (event.storageArea && event.storageArea !== this.#shelf.area) return;
    const key = event.key;
    this.#forget(key);
    if (key === null) {
      this.#emit({ type: "changed", what: "all" });
    } else if (key.startsWith(LOCK_PREFIX)) {
      this.#leases.changed(key.slice(LOCK_PREFIX.length), event);
    } else if (key.startsWith(MATCH_PREFIX)) {
      this.#emit({ type: "changed", what: "match", id: key.slice(MATCH_PREFIX.length) });
    } else if (PLAYERS_DATA.some((kind) => kind.key === key)) {
      this.#emit({ type: "changed", what: key.slice(PREFIX.length) });
    }
  }

  // --- players, ratings, settings -------------------------------------------

  /** Local player profiles, by name: [{name, created}]. */
  listPlayers() {
    const stored = this.#read(PLAYERS_KEY, "players").value;
    return (stored ? stored.players : []).slice().sort((a, b) => a.name.localeCompare(b.name));
  }

  /** Creates a profile (names match without regard to case): {ok, player, existed} | {ok: false, reason, message}. */
  addPlayer(name) {
    const player = { name: typeof name === "string" ? name.trim() : name, created: this.#now() };
    const problem = checkPlayer(player);
    if (problem) return { ok: false, reason: "invalid", message: String(problem), problem };
    const players = this.listPlayers();
    const existing = players.find((known) => nameKey(known.name) === nameKey(player.name));
    if (existing) return { ok: true, player: existing, existed: true };
    const { persisted } = this.#write(PLAYERS_KEY, JSON.stringify({ version: SCHEMA_VERSION, players: [...players, player] }));
    return { ok: true, player, existed: false, persisted };
  }

  /** Deletes a profile (its ratings stay). */
  removePlayer(name) {
    const players = this.listPlayers().filter((known) => nameKey(known.name) !== nameKey(String(name)));
    this.#write(PLAYERS_KEY, JSON.stringify({ version: SCHEMA_VERSION, players }));
    return { ok: true };
  }

  /** All ratings: [{player, variant, r, rd, vol, matches}]. */
  listRatings() {
    const stored = this.#read(RATINGS_KEY, "ratings").value;
    return stored ? stored.ratings : [];
  }

  /** One player's rating in one variant, or null. */
  getRating(player, variant) {
    return this.listRatings().find((entry) => nameKey(entry.player) === nameKey(player) && entry.variant === variant) ?? null;
  }

  /** Stores {r, rd, vol, matches} for a player and variant: {ok} | {ok: false, reason, message}. */
  setRating(player, variant, { r, rd, vol, matches } = {}) {
    const entry = { player: typeof player === "string" ? player.trim() : player, variant, r, rd, vol, matches };
    const problem = checkRating(entry);
    if (problem) return { ok: false, reason: "invalid", message: String(problem), problem };
    this.#write(RATINGS_KEY, JSON.stringify(withRatings(this.listRatings(), [entry])));
    return { ok: true };
  }

  #storedSettings() {
    const stored = this.#read(SETTINGS_KEY, "settings").value;
    return stored ? stored.settings : {};
  }

  /** Settings, with defaults for what was never set: the page's (`pageDefaults`, e.g.
   *  {language: the browser's}, {sound: false} in an embed) where it has its own, else the
   *  store's (DEFAULT_SETTINGS, kinds/settings.js). */
  getSettings(pageDefaults = {}) {
    return settingsInForce(this.#storedSettings(), pageDefaults);
  }

  /** Changes some settings: {ok, settings} | {ok: false, reason: "invalid", message} (nothing changed). */
  setSettings(changes) {
    if (!isObject(changes)) return { ok: false, reason: "invalid", message: "settings must be an object" };
    for (const [key, value] of Object.entries(changes)) {
      const problem = checkSetting(key, value);
      if (problem) return { ok: false, reason: "invalid", message: String(problem), problem };
    }
    const settings = { ...this.#storedSettings(), ...changes };
    const { persisted } = this.#write(SETTINGS_KEY, JSON.stringify({ version: SCHEMA_VERSION, settings }));
    return { ok: true, settings: settingsInForce(settings), persisted };
  }

  /** The sound's choice from before the store kept it (kinds/settings.js OLD_SOUND_KEY)
   *  moved into the settings, once: the old key goes when the choice is stored (a choice
   *  made since stands); a value it does not read is left alone. */
  #adoptOldSound() {
    const sound = oldSound(this.#shelf.stored(OLD_SOUND_KEY));
    if (sound === null) return;
    if (!Object.hasOwn(this.#storedSettings(), "sound") && !this.setSettings({ sound }).persisted) return;
    this.#shelf.remove(OLD_SOUND_KEY);
  }

  // --- export and import ----------------------------------------------------

  #transferHooks() {
    return {
      now: this.#now,
      read: (key, kind) => this.#read(key, kind),
      indexEntries: () => this.#indexEntries(),
      storedSettings: () => this.#storedSettings(),
      holderElsewhere: (id) => this.#leases.holderElsewhere(id),
      setAside: () => this.#shelf.keys().filter((key) => key.startsWith(QUARANTINE_PREFIX)).sort()
        .map((key) => ({ key, value: this.#shelf.get(key) })),
      raw: (key) => this.#shelf.get(key),
      writeAll: (writes) => this.#writeImport(writes),
    };
  }

  /** An import's writes, all or nothing (transfer.js works out what they are). */
  #writeImport({ writes, setAside }) {
    const entries = [...writes.map(([key, record]) => [key, JSON.stringify(record)]), ...setAside];
    for (const [key] of entries) this.#forget(key);
    const written = this.#quota.writeAll(entries);
    if (!written.ok) return written;
    const matches = writes.filter(([key]) => key.startsWith(MATCH_PREFIX));
    for (const [key, raw] of entries) {
      if (!key.startsWith(MATCH_PREFIX)) continue;
      const id = key.slice(MATCH_PREFIX.length);
      this.#known.set(id, raw);
      this.#verified.set(id, raw);
      this.#quarantine.overwritten(key);
    }
    if (matches.length > 0) this.#indexEntries();
    return written;
  }

  /** Everything, as one JSON-able document (JSON.stringify it for a file). */
  exportAll() {
    return exportAll(this, this.#transferHooks());
  }

  /**
   * Merges an exported document (object or JSON text) into what is stored. Same match
   * id: the copy with more events wins, then the newer `updated`; players by name;
   * ratings: the entry with more matches; settings: only those not set here; puzzles:
   * the puzzles tried on either device (see transfer.js); lessons: the best stars of
   * either device; the board of the day: the days of both.
   * Returns {taken, unchanged, refused}: lists of {what, kind, name, why?} where `what`
   * names the entry in English ("match m-…", "player Anna", "rating Anna/classic",
   * "setting theme", "puzzles", "file"), `kind` is match, player, rating, setting,
   * puzzles or file (the whole file, or one of its lists), `name` the entry's own name
   * (null for the puzzles and a file) and `why` a StoreProblem.
   */
  importAll(input) {
    return importAll(this, this.#transferHooks(), input);
  }
}
