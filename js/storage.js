// Saved matches, player profiles, ratings and settings, kept in localStorage.
//
//   import { openStorage } from "./storage.js";
//   const store = openStorage();          // never throws
//   store.persistent                       // false: in memory only (a "memory" notice says why)
//   store.notices                          // notices so far; store.subscribe(fn) for the next ones
//   store.claimMatch(id)                   // {ok: true} | {ok: false, holder}: open elsewhere?
//   store.saveMatch(match)                 // after every move: {ok: true} | {ok: false, reason, message}
//
// Every key starts with "filler:" and every stored value carries a schema version
// (`version`); older values are migrated when read (MIGRATIONS). One key per match, so a
// broken one harms no other; "filler:index" lists them and is rebuilt from the keys when
// it disagrees with them. Values that cannot be used (not JSON, wrong shape, written by
// a newer version) are never deleted and never thrown at the caller: they are moved to
// "filler:quarantine:<key>:<time>" and reported as a notice. This module checks shapes
// only; whether a match replays is the engine's business.
//
// A match is saved as a replayable log: the engine's Match.to_record() ({format:
// "filler-match", version, variant, seed, options, games, events: [["move", seat,
// color], ["ready", seat], ["resign_game", seat], ["resign_match", seat], ["flag",
// seat]], board?}) plus what the page adds: id, players: [{kind, name | level}],
// clock: {...}, created, updated, finished (null | false | true | time), result.
//
// Two tabs never overwrite each other's match: a tab writes a match only while it holds
// that match's lease ("filler:lock:<id>" = {tab, expires}, renewed by a timer), and only
// if the stored copy is still the one this tab last read or wrote.

export const PREFIX = "filler:";
export const SCHEMA_VERSION = 1;
export const MATCH_FORMAT = "filler-match";
export const EXPORT_FORMAT = "filler-export";
export const DEFAULT_SETTINGS = Object.freeze({
  language: null, // null: follow the browser
  theme: "auto",
  symbols: false,
  sound: true,
  palette: "standard",
});

const INDEX_KEY = PREFIX + "index";
const PLAYERS_KEY = PREFIX + "players";
const RATINGS_KEY = PREFIX + "ratings";
const SETTINGS_KEY = PREFIX + "settings";
const MATCH_PREFIX = PREFIX + "match:";
const LOCK_PREFIX = PREFIX + "lock:";
const QUARANTINE_PREFIX = PREFIX + "quarantine:";
const PROBE_KEY = PREFIX + "probe";

const MATCH_ID = /^[A-Za-z0-9_.-]{1,80}$/;
const MAX_NAME_LENGTH = 40;

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

// ---------------------------------------------------------------------------
// Shapes. Each check returns null when the value is fine, else what is wrong: a
// StoreProblem, said in the player's language by i18n's problemText (codes "store.*"
// in problem_texts.js) and, as a string, in English.

class StoreProblem {
  constructor(code, message, params = {}) {
    this.code = `store.${code}`;
    this.params = params;
    this.message = message;
  }

  toString() {
    return this.message;
  }
}

const wrongField = (field) => new StoreProblem("field", `${field} is missing or wrong`, { field });
const notList = (field) => new StoreProblem("not_list", `${field} is not a list`, { field });
const notObject = (field) => new StoreProblem("not_object", `${field} is not an object`, { field });

const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
const isTime = (value) => typeof value === "number" && Number.isFinite(value) && value >= 0;

function checkMatch(match) {
  if (!isObject(match)) return notObject("match");
  if (match.format !== MATCH_FORMAT) return wrongField("format");
  if (typeof match.id !== "string" || !MATCH_ID.test(match.id)) return wrongField("id");
  if (typeof match.variant !== "string" || match.variant === "") return wrongField("variant");
  // A custom board has no seed (null) and carries its `board` layout instead.
  if (!(match.seed === null || typeof match.seed === "string" || Number.isInteger(match.seed))) return wrongField("seed");
  if (match.options != null && !isObject(match.options)) return notObject("options");
  if (match.board != null && !isObject(match.board)) return notObject("board");
  if (!Number.isInteger(match.games) || match.games < 1) return wrongField("games");
  if (!Array.isArray(match.players) || match.players.length === 0) return notList("players");
  for (const player of match.players) {
    if (!isObject(player) || typeof player.kind !== "string") return wrongField("players");
  }
  if (!Array.isArray(match.events)) return notList("events");
  for (const event of match.events) {
    const typed = isObject(event) ? typeof event.type === "string"
      : Array.isArray(event) && typeof event[0] === "string";
    if (!typed) return wrongField("events");
  }
  if (match.clock != null && !isObject(match.clock)) return notObject("clock");
  if (!isTime(match.created)) return wrongField("created");
  if (!isTime(match.updated)) return wrongField("updated");
  const finished = match.finished;
  if (!(finished == null || typeof finished === "boolean" || isTime(finished))) return wrongField("finished");
  return null;
}

function checkPlayer(player) {
  if (!isObject(player)) return notObject("player");
  const name = player.name;
  if (typeof name !== "string" || name.trim() === "" || name.length > MAX_NAME_LENGTH) {
    return new StoreProblem("player_name", "a player name is empty or too long");
  }
  if (/[\u0000-\u001f\u007f]/.test(name)) return new StoreProblem("player_control", "a player name holds control characters");
  if (player.created != null && !isTime(player.created)) return wrongField("created");
  return null;
}

function checkRating(entry) {
  if (!isObject(entry)) return notObject("rating");
  if (typeof entry.player !== "string" || entry.player.trim() === "") return wrongField("player");
  if (typeof entry.variant !== "string" || entry.variant === "") return wrongField("variant");
  for (const field of ["r", "rd", "vol"]) {
    if (typeof entry[field] !== "number" || !Number.isFinite(entry[field])) return wrongField(field);
  }
  if (!Number.isInteger(entry.matches) || entry.matches < 0) return wrongField("matches");
  return null;
}

const SETTING_CHECKS = {
  language: (value) => value === null || value === "nl" || value === "en",
  theme: (value) => value === "auto" || value === "light" || value === "dark",
  symbols: (value) => typeof value === "boolean",
  sound: (value) => typeof value === "boolean",
  palette: (value) => typeof value === "string" && value.length > 0 && value.length <= 40,
};

function checkSetting(key, value) {
  const check = Object.hasOwn(SETTING_CHECKS, key) ? SETTING_CHECKS[key] : null; // "__proto__" is a name like any other
  // Settings this version does not know yet: plain values only.
  const plain = value === null || ["string", "number", "boolean"].includes(typeof value);
  const fine = check ? check(value) : plain && key.length <= 40;
  if (fine) return null;
  const shown = String(JSON.stringify(value)).slice(0, 40);
  return new StoreProblem("setting", `${key.slice(0, 40)} cannot be ${shown}`, { key: key.slice(0, 40), value: shown });
}

const RECORD_CHECKS = {
  match: checkMatch,
  players: (value) => {
    if (!isObject(value) || !Array.isArray(value.players)) return notList("players");
    for (const player of value.players) {
      const problem = checkPlayer(player);
      if (problem) return problem;
    }
    return null;
  },
  ratings: (value) => {
    if (!isObject(value) || !Array.isArray(value.ratings)) return notList("ratings");
    for (const entry of value.ratings) {
      const problem = checkRating(entry);
      if (problem) return problem;
    }
    return null;
  },
  settings: (value) => {
    if (!isObject(value) || !isObject(value.settings)) return notObject("settings");
    for (const [key, setting] of Object.entries(value.settings)) {
      const problem = checkSetting(key, setting);
      if (problem) return problem;
    }
    return null;
  },
  index: (value) => {
    if (!isObject(value) || !Array.isArray(value.matches)) return notList("index");
    for (const entry of value.matches) {
      if (!isObject(entry) || typeof entry.id !== "string" || !MATCH_ID.test(entry.id)) return wrongField("index");
    }
    return null;
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

function isQuotaError(error) {
  return typeof DOMException !== "undefined" && error instanceof DOMException &&
    (error.name === "QuotaExceededError" || error.name === "NS_ERROR_DOM_QUOTA_REACHED" ||
      error.code === 22 || error.code === 1014);
}

function parseOrNull(raw) {
  if (raw == null) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

const nameKey = (name) => name.trim().normalize("NFC").toLowerCase();
const isFinished = (match) => match.finished != null && match.finished !== false;

function summarize(match) {
  return {
    id: match.id,
    variant: match.variant,
    games: match.games,
    players: match.players,
    created: match.created,
    updated: match.updated,
    finished: match.finished ?? null,
    result: match.result ?? null,
    events: match.events.length,
  };
}

/** A fresh match id: time-ordered, random enough for several tabs at once. */
export function newMatchId(now = Date.now()) {
  const random = Math.floor(Math.random() * 36 ** 6).toString(36).padStart(6, "0");
  return `m-${now.toString(36)}-${random}`;
}

/** A Storage-like map, for when localStorage cannot be used. */
export class MemoryArea {
  #items = new Map();
  #keys = null; // key(index) over a snapshot, so that listing all keys stays linear
  get length() { return this.#items.size; }
  key(index) {
    this.#keys ??= [...this.#items.keys()];
    return this.#keys[index] ?? null;
  }
  getItem(key) { return this.#items.has(key) ? this.#items.get(key) : null; }
  setItem(key, value) { this.#items.set(String(key), String(value)); this.#keys = null; }
  removeItem(key) { this.#items.delete(key); this.#keys = null; }
  clear() { this.#items.clear(); this.#keys = null; }
}

function openArea(win) {
  let area;
  try {
    area = win ? win.localStorage : null;
    if (!area) return { area: null, why: "localStorage is not available" };
    area.setItem(PROBE_KEY, "1");
    area.removeItem(PROBE_KEY);
    return { area };
  } catch (error) {
    // A full store still reads; an empty store that refuses even a probe does not work.
    if (area && isQuotaError(error) && area.length > 0) return { area };
    return { area: null, why: (error && error.message) || String(error) };
  }
}

// ---------------------------------------------------------------------------

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

export class Store {
  #area;
  #window;
  #now;
  #leaseMs;
  #listeners = new Set();
  #held = new Set(); // match ids whose lease this tab holds
  #lost = new Set(); // match ids another tab took over from this one
  #known = new Map(); // match id -> raw value this tab last read or wrote
  #pending = new Map(); // key -> raw value that did not fit in storage
  #leftInPlace = new Map(); // key -> raw value that could not even be set aside
  #verified = new Map(); // match id -> raw value last checked
  #pruning = false;
  #timer = null;
  #renewMs;
  #onStorage;
  #onPageHide;
  #onVisible;

  constructor({ window: win = globalThis, area, now = () => Date.now(), tabId, leaseMs = 20000, renewMs } = {}) {
    this.#window = win;
    this.#now = now;
    this.#leaseMs = leaseMs;
    this.#renewMs = renewMs ?? Math.max(1000, Math.floor(leaseMs / 4));
    this.tabId = tabId ?? `tab-${Math.random().toString(36).slice(2, 10)}`;
    this.notices = [];
    const opened = area ? { area } : openArea(win);
    this.persistent = Boolean(opened.area);
    this.#area = opened.area ?? new MemoryArea();
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
    this.#restoreReadable();
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
   *   "quota" (+ key), "memory", "lease-lost" (+ id)
   * - {type: "changed", what: "match"|"players"|"ratings"|"settings"|"all", id?}: another
   *   tab changed stored data
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

  #notice(notice) {
    const full = { time: this.#now(), ...notice };
    this.notices.push(full);
    this.#emit({ type: "notice", notice: full });
  }

  // --- raw access -----------------------------------------------------------

  #get(key) {
    if (this.#pending.has(key)) return this.#pending.get(key);
    try {
      return this.#area.getItem(key);
    } catch {
      return null;
    }
  }

  #keys() {
    const keys = new Set(this.#pending.keys());
    try {
      for (let index = 0; index < this.#area.length; index += 1) {
        const key = this.#area.key(index);
        if (key !== null && key.startsWith(PREFIX)) keys.add(key);
      }
    } catch {
      // an area that fails to enumerate lists what is pending only
    }
    return [...keys];
  }

  #remove(key) {
    this.#pending.delete(key);
    try {
      this.#area.removeItem(key);
    } catch {
      // nothing more to do: it is gone from this tab's view
    }
  }

  /**
   * Writes a raw value; on a full quota, prunes the oldest finished matches (never
   * `key` itself, never an unfinished one) until it fits. If it still does not fit,
   * the value is kept in memory. Returns {persisted, pruned}.
   */
  #write(key, raw) {
    const pruned = [];
    let persisted = this.#trySet(key, raw);
    if (persisted === "full" && !this.#pruning) {
      this.#pruning = true;
      try {
        for (const victim of this.#pruneOrder(key)) {
          this.#remove(MATCH_PREFIX + victim.id);
          this.#known.delete(victim.id);
          this.#verified.delete(victim.id);
          pruned.push(victim);
          persisted = this.#trySet(key, raw);
          if (persisted !== "full") break;
        }
        if (pruned.length > 0) this.#dropFromIndex(pruned.map((victim) => victim.id));
      } finally {
        this.#pruning = false;
      }
    }
    if (pruned.length > 0) {
      const names = pruned.map((victim) => victim.id).join(", ");
      this.#notice({
        kind: "pruned",
        matches: pruned,
        message: `Storage was full: removed ${pruned.length} oldest finished match${pruned.length === 1 ? "" : "es"} (${names}).`,
      });
    }
    if (persisted === true) {
      this.#pending.delete(key);
      return { persisted: true, pruned };
    }
    const alreadyPending = this.#pending.has(key);
    this.#pending.set(key, raw);
    // Leases and the index are this module's own business: only user data gets a notice.
    if (alreadyPending || key === INDEX_KEY || key.startsWith(LOCK_PREFIX)) return { persisted: false, pruned };
    this.#notice({
      kind: "quota",
      key,
      message: persisted === "full"
        ? "Storage is full and nothing more can be removed: this is kept in memory only until the page closes."
        : "Storage refused a write: this is kept in memory only until the page closes.",
    });
    return { persisted: false, pruned };
  }

  #trySet(key, raw) {
    try {
      this.#area.setItem(key, raw);
      return true;
    } catch (error) {
      return isQuotaError(error) ? "full" : false;
    }
  }

  #pruneOrder(exceptKey) {
    const stamp = (entry) => (typeof entry.finished === "number" ? entry.finished : entry.updated);
    return this.#indexEntries({ save: false })
      .filter((entry) => isFinished(entry) && MATCH_PREFIX + entry.id !== exceptKey)
      .sort((a, b) => stamp(a) - stamp(b));
  }

  /**
   * Reads and checks the value of `key`: {value, raw} or {value: null}. A value that
   * cannot be used is set aside with a notice.
   */
  #read(key, kind) {
    const raw = this.#get(key);
    if (raw === null) return { value: null };
    if (this.#leftInPlace.get(key) === raw) return { value: null };
    let parsed;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return this.#setAside(key, raw, "json", new StoreProblem("not_readable", "it is not readable JSON"));
    }
    const migrated = migrate(kind, parsed);
    if (!("value" in migrated)) return this.#setAside(key, raw, migrated.reason, migrated.message);
    let problem = RECORD_CHECKS[kind](migrated.value);
    if (!problem && kind === "match" && key !== MATCH_PREFIX + migrated.value.id) problem = new StoreProblem("key", "its id does not match its key");
    if (problem) return this.#setAside(key, raw, "shape", problem);
    return { value: migrated.value, raw };
  }

  #setAside(key, raw, reason, why) {
    let target = `${QUARANTINE_PREFIX}${key}:${this.#now()}`;
    for (let copy = 2; this.#get(target) !== null; copy += 1) target = `${QUARANTINE_PREFIX}${key}:${this.#now()}-${copy}`;
    const moved = this.#trySet(target, raw) === true;
    if (moved) {
      this.#remove(key);
      if (key.startsWith(MATCH_PREFIX)) this.#verified.delete(key.slice(MATCH_PREFIX.length));
    } else {
      this.#leftInPlace.set(key, raw);
    }
    const what = key.startsWith(MATCH_PREFIX) ? `The saved match ${key.slice(MATCH_PREFIX.length)}` : `The stored ${key.slice(PREFIX.length)}`;
    const where = moved ? `it was set aside as ${target}` : "it was left where it is (storage is full)";
    this.#notice({
      kind: "corrupt",
      key,
      reason,
      setAsideAs: moved ? target : null,
      message: `${what} cannot be used: ${why}; ${where}, and everything else works as before.`,
    });
    return { value: null };
  }

  /** Puts back set-aside values that this version can read now (e.g. once an update arrived). */
  #restoreReadable() {
    for (const key of this.#keys()) {
      if (!key.startsWith(QUARANTINE_PREFIX)) continue;
      const original = key.slice(QUARANTINE_PREFIX.length).replace(/:[0-9]+(-[0-9]+)?$/, "");
      const kind = original === PLAYERS_KEY ? "players" : original === RATINGS_KEY ? "ratings"
        : original === SETTINGS_KEY ? "settings" : original.startsWith(MATCH_PREFIX) ? "match" : null;
      if (!kind || this.#get(original) !== null) continue;
      const raw = this.#get(key);
      const migrated = migrate(kind, parseOrNull(raw));
      if (!("value" in migrated) || parseOrNull(raw) === null || RECORD_CHECKS[kind](migrated.value)) continue;
      if (kind === "match" && original !== MATCH_PREFIX + migrated.value.id) continue;
      if (this.#trySet(original, raw) === true) this.#remove(key);
    }
  }

  // --- matches --------------------------------------------------------------

  /** Summaries of all readable matches; checks each changed match and heals the index. */
  #indexEntries({ save = true } = {}) {
    const stored = this.#read(INDEX_KEY, "index").value;
    const listed = new Map((stored ? stored.matches : []).map((entry) => [entry.id, entry]));
    const entries = [];
    let changed = false;
    for (const key of this.#keys()) {
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
    if (changed && save && !this.#pruning) this.#writeIndex(entries);
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

  /**
   * Saved matches, newest first: [{id, variant, games, players, created, updated,
   * finished, result (the match's own `result` field, if any), events (count),
   * openElsewhere (bool)}]. `{finished: true|false}` filters.
   */
  listMatches({ finished } = {}) {
    return this.#indexEntries()
      .filter((entry) => finished === undefined || isFinished(entry) === finished)
      .map((entry) => ({ ...entry, openElsewhere: this.#holderElsewhere(entry.id) !== null }))
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
   * Returns {ok: true, match, persisted} (persisted false: kept in memory only, with a
   * notice), or {ok: false, reason, message[, holder]}; reasons: "invalid",
   * "taken-over" (another tab took this match over), "open-elsewhere" (another tab
   * holds its lease), "changed-elsewhere" (the stored copy changed since this tab
   * loaded it: load it again).
   */
  saveMatch(match) {
    const now = this.#now();
    const record = isObject(match)
      ? { ...match, format: MATCH_FORMAT, version: SCHEMA_VERSION, created: match.created ?? now, updated: now }
      : match;
    const problem = checkMatch(record);
    if (problem) return { ok: false, reason: "invalid", message: `Not saved: ${problem}.` };
    const id = record.id;
    if (this.#lost.has(id)) {
      return { ok: false, reason: "taken-over", message: "This match was taken over in another tab; it is no longer saved here." };
    }
    const holder = this.#holderElsewhere(id);
    if (holder) return { ok: false, reason: "open-elsewhere", holder, message: "This match is open in another tab." };
    const key = MATCH_PREFIX + id;
    const stored = this.#get(key);
    if (stored !== null && stored !== this.#known.get(id) && this.#leftInPlace.get(key) !== stored) {
      return { ok: false, reason: "changed-elsewhere", message: "This match was changed elsewhere since it was opened here: open it again." };
    }
    if (!this.#held.has(id)) this.claimMatch(id);
    const raw = JSON.stringify(record);
    const { persisted } = this.#write(key, raw);
    this.#leftInPlace.delete(key);
    this.#known.set(id, raw);
    this.#verified.set(id, raw);
    this.#putInIndex(summarize(record));
    return { ok: true, match: record, persisted };
  }

  /** Deletes a saved match (refused while another tab has it open): {ok} | {ok: false, reason, holder}. */
  removeMatch(id) {
    const holder = this.#holderElsewhere(id);
    if (holder) return { ok: false, reason: "open-elsewhere", holder, message: "This match is open in another tab." };
    this.#remove(MATCH_PREFIX + id);
    this.#known.delete(id);
    this.#dropFromIndex([id]);
    this.releaseMatch(id);
    return { ok: true };
  }

  // --- leases ---------------------------------------------------------------

  #readLock(id) {
    const lock = parseOrNull(this.#get(LOCK_PREFIX + id));
    return isObject(lock) && typeof lock.tab === "string" && typeof lock.expires === "number" ? lock : null;
  }

  #holderElsewhere(id) {
    const lock = this.#readLock(id);
    return lock && lock.tab !== this.tabId && lock.expires > this.#now() ? lock.tab : null;
  }

  #writeLock(id) {
    const lock = { version: SCHEMA_VERSION, tab: this.tabId, expires: this.#now() + this.#leaseMs };
    this.#write(LOCK_PREFIX + id, JSON.stringify(lock));
    this.#held.add(id);
    this.#lost.delete(id);
    this.#startRenewing();
  }

  /** Opens a match at this tab's table: {ok: true} | {ok: false, holder} if another tab has it. */
  claimMatch(id) {
    const holder = this.#holderElsewhere(id);
    if (holder) return { ok: false, holder };
    this.#writeLock(id);
    return { ok: true };
  }

  /** Takes a match over from the tab that has it open; that tab is told and stops saving it. */
  takeOverMatch(id) {
    const previous = this.#holderElsewhere(id);
    this.#writeLock(id);
    return { ok: true, previous };
  }

  /** Lets go of a match (leaving its table); other tabs may open it. */
  releaseMatch(id) {
    this.#held.delete(id);
    const lock = this.#readLock(id);
    if (lock && lock.tab === this.tabId) this.#remove(LOCK_PREFIX + id);
    if (this.#held.size === 0) this.#stopRenewing();
  }

  releaseAll() {
    for (const id of [...this.#held]) this.releaseMatch(id);
    this.#stopRenewing();
  }

  /** Whether this tab holds the lease of match `id`. */
  holds(id) {
    return this.#held.has(id);
  }

  /** Renews the leases this tab holds (a timer does this; tests may call it). */
  renewLeases() {
    for (const id of [...this.#held]) {
      const holder = this.#holderElsewhere(id);
      if (holder) this.#loseLease(id, holder);
      else this.#writeLock(id);
    }
  }

  #loseLease(id, holder) {
    this.#held.delete(id);
    this.#lost.add(id);
    this.#emit({ type: "lease", id, state: "lost", holder });
    this.#notice({ kind: "lease-lost", id, message: "This match was taken over in another tab; this tab no longer saves it." });
    if (this.#held.size === 0) this.#stopRenewing();
  }

  #startRenewing() {
    if (this.#timer !== null || !this.#renewMs) return;
    this.#timer = setInterval(() => this.renewLeases(), this.#renewMs);
  }

  #stopRenewing() {
    if (this.#timer !== null) clearInterval(this.#timer);
    this.#timer = null;
  }

  #storageEvent(event) {
    if (event.storageArea && event.storageArea !== this.#area) return;
    const key = event.key;
    if (key === null) {
      this.#emit({ type: "changed", what: "all" });
      return;
    }
    if (key.startsWith(LOCK_PREFIX)) {
      const id = key.slice(LOCK_PREFIX.length);
      const before = parseOrNull(event.oldValue);
      const after = parseOrNull(event.newValue);
      const holder = isObject(after) ? after.tab : null;
      if (this.#held.has(id)) {
        // Judge by the value as it stands now, not by the event: when two tabs claim at
        // the same moment, both see the last write, so exactly one of them keeps the lease.
        const current = this.#readLock(id);
        if (current && current.tab !== this.tabId) this.#loseLease(id, current.tab);
      } else if ((isObject(before) ? before.tab : null) !== holder && holder !== this.tabId) {
        this.#emit({ type: "lease", id, state: holder ? "claimed" : "released", holder });
      }
    } else if (key.startsWith(MATCH_PREFIX)) {
      this.#emit({ type: "changed", what: "match", id: key.slice(MATCH_PREFIX.length) });
    } else if (key === PLAYERS_KEY || key === RATINGS_KEY || key === SETTINGS_KEY) {
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
    this.#putRatings([entry]);
    return { ok: true };
  }

  #putRatings(entries) {
    const same = (a, b) => nameKey(a.player) === nameKey(b.player) && a.variant === b.variant;
    const ratings = this.listRatings().filter((known) => !entries.some((entry) => same(known, entry)));
    return this.#write(RATINGS_KEY, JSON.stringify({ version: SCHEMA_VERSION, ratings: [...ratings, ...entries] }));
  }

  #storedSettings() {
    const stored = this.#read(SETTINGS_KEY, "settings").value;
    return stored ? stored.settings : {};
  }

  /** Settings, with defaults for what was never set. */
  getSettings() {
    return { ...DEFAULT_SETTINGS, ...this.#storedSettings() };
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
    return { ok: true, settings: { ...DEFAULT_SETTINGS, ...settings }, persisted };
  }

  // --- export and import ----------------------------------------------------

  /** Everything, as one JSON-able document (JSON.stringify it for a file). */
  exportAll() {
    const matches = [];
    for (const entry of this.#indexEntries()) {
      const match = this.#read(MATCH_PREFIX + entry.id, "match").value;
      if (match) matches.push(match);
    }
    return {
      format: EXPORT_FORMAT,
      version: SCHEMA_VERSION,
      exported: this.#now(),
      matches,
      players: this.listPlayers(),
      ratings: this.listRatings(),
      settings: this.#storedSettings(),
    };
  }

  /**
   * Merges an exported document (object or JSON text) into what is stored. Same match
   * id: the copy with more events wins, then the newer `updated`; players by name;
   * ratings: the entry with more matches; settings: only those not set here.
   * Returns {taken, unchanged, refused}: lists of {what, kind, name, why?} where `what`
   * names the entry in English ("match m-…", "player Anna", "rating Anna/classic",
   * "setting theme", "file"), `kind` is match, player, rating, setting or file (the
   * whole file, or one of its lists), `name` the entry's own name (null for a file) and
   * `why` a StoreProblem.
   */
  importAll(input) {
    const report = { taken: [], unchanged: [], refused: [] };
    let doc = input;
    if (typeof input === "string") {
      try {
        doc = JSON.parse(input);
      } catch {
        report.refused.push({ what: "file", kind: "file", name: null, why: new StoreProblem("not_json", "it is not JSON") });
        return report;
      }
    }
    if (!isObject(doc) || doc.format !== EXPORT_FORMAT) {
      report.refused.push({ what: "file", kind: "file", name: null, why: new StoreProblem("not_export", "it is not a Filler export") });
      return report;
    }
    if (!Number.isInteger(doc.version) || doc.version > SCHEMA_VERSION) {
      report.refused.push({ what: "file", kind: "file", name: null,
                            why: new StoreProblem("newer_file", "it was made by a newer version of this site") });
      return report;
    }
    this.#importMatches(doc.matches, report);
    this.#importPlayers(doc.players, report);
    this.#importRatings(doc.ratings, report);
    this.#importSettings(doc.settings, report);
    return report;
  }

  #importMatches(matches, report) {
    if (matches === undefined) return;
    if (!Array.isArray(matches)) {
      report.refused.push({ what: "matches", kind: "file", name: null, why: notList("matches") });
      return;
    }
    matches.forEach((candidate, position) => {
      const label = isObject(candidate) && typeof candidate.id === "string" ? candidate.id.slice(0, 80) : `#${position + 1}`;
      const what = `match ${label}`;
      const migrated = migrate("match", candidate);
      const problem = "value" in migrated ? checkMatch(migrated.value) : migrated.message;
      if (problem) {
        report.refused.push({ what, kind: "match", name: label, why: problem });
        return;
      }
      const match = migrated.value;
      const here = this.loadMatch(match.id);
      if (here) {
        const better = match.events.length > here.events.length ||
          (match.events.length === here.events.length && match.updated > here.updated);
        if (!better) {
          report.unchanged.push({ what, kind: "match", name: label, why: new StoreProblem("same_or_newer", "the copy here is the same or newer") });
          return;
        }
        if (this.#held.has(match.id) || this.#holderElsewhere(match.id)) {
          report.refused.push({ what, kind: "match", name: label, why: new StoreProblem("open_at_table", "it is open at a table; close it first") });
          return;
        }
      }
      const raw = JSON.stringify(match);
      this.#write(MATCH_PREFIX + match.id, raw);
      this.#known.set(match.id, raw);
      this.#verified.set(match.id, raw);
      this.#putInIndex(summarize(match));
      report.taken.push({ what, kind: "match", name: label });
    });
  }

  #importPlayers(players, report) {
    if (players === undefined) return;
    if (!Array.isArray(players)) {
      report.refused.push({ what: "players", kind: "file", name: null, why: notList("players") });
      return;
    }
    const here = this.listPlayers();
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
        here.push({ name: candidate.name.trim(), created: candidate.created ?? this.#now() });
        report.taken.push({ what, kind: "player", name });
        added = true;
      }
    }
    if (added) this.#write(PLAYERS_KEY, JSON.stringify({ version: SCHEMA_VERSION, players: here }));
  }

  #importRatings(ratings, report) {
    if (ratings === undefined) return;
    if (!Array.isArray(ratings)) {
      report.refused.push({ what: "ratings", kind: "file", name: null, why: notList("ratings") });
      return;
    }
    const taken = [];
    for (const candidate of ratings) {
      const name = isObject(candidate) ? `${candidate.player}/${candidate.variant}` : "?";
      const what = `rating ${name}`;
      const problem = checkRating(candidate);
      if (problem) {
        report.refused.push({ what, kind: "rating", name, why: problem });
        continue;
      }
      const here = taken.find((entry) => nameKey(entry.player) === nameKey(candidate.player) && entry.variant === candidate.variant) ??
        this.getRating(candidate.player, candidate.variant);
      if (here && here.matches >= candidate.matches) {
        report.unchanged.push({ what, kind: "rating", name,
                                why: new StoreProblem("rating_counts", "the rating here counts as many matches or more") });
        continue;
      }
      const { player, variant, r, rd, vol, matches } = candidate;
      taken.push({ player: player.trim(), variant, r, rd, vol, matches });
      report.taken.push({ what, kind: "rating", name });
    }
    if (taken.length > 0) this.#putRatings(taken);
  }

  #importSettings(settings, report) {
    if (settings === undefined) return;
    if (!isObject(settings)) {
      report.refused.push({ what: "settings", kind: "file", name: null, why: notObject("settings") });
      return;
    }
    const here = this.#storedSettings();
    const changes = {};
    for (const [key, value] of Object.entries(settings)) {
      const what = `setting ${key}`;
      const problem = checkSetting(key, value);
      if (problem) report.refused.push({ what, kind: "setting", name: key, why: problem });
      else if (Object.hasOwn(here, key)) report.unchanged.push({ what, kind: "setting", name: key, why: new StoreProblem("already_set", "already set here") });
      else {
        changes[key] = value;
        report.taken.push({ what, kind: "setting", name: key });
      }
    }
    if (Object.keys(changes).length > 0) {
      this.#write(SETTINGS_KEY, JSON.stringify({ version: SCHEMA_VERSION, settings: { ...here, ...changes } }));
    }
  }
}
