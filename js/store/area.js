// Raw access to localStorage (or a stand-in in memory), that never throws.

import { PREFIX, PROBE_KEY } from "./keys.js";

export function isQuotaError(error) {
  return typeof DOMException !== "undefined" && error instanceof DOMException &&
    (error.name === "QuotaExceededError" || error.name === "NS_ERROR_DOM_QUOTA_REACHED" ||
      error.code === 22 || error.code === 1014);
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

/** The window's localStorage if it works: {area} | {area: null, why}. */
export function openArea(win) {
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

/**
 * The store's view of its area: what is stored under "filler:", plus `pending`, the
 * values that did not fit (quota.js), which this tab reads as if they were stored.
 */
export class Shelf {
  constructor(area) {
    this.area = area;
    this.pending = new Map(); // key -> raw value kept in memory only
  }

  get(key) {
    if (this.pending.has(key)) return this.pending.get(key);
    try {
      return this.area.getItem(key);
    } catch {
      return null;
    }
  }

  /** What is really stored under `key` (not what is pending in memory), or null. */
  stored(key) {
    try {
      return this.area.getItem(key);
    } catch {
      return null;
    }
  }

  keys() {
    const keys = new Set(this.pending.keys());
    try {
      for (let index = 0; index < this.area.length; index += 1) {
        const key = this.area.key(index);
        if (key !== null && key.startsWith(PREFIX)) keys.add(key);
      }
    } catch {
      // an area that fails to enumerate lists what is pending only
    }
    return [...keys];
  }

  remove(key) {
    this.pending.delete(key);
    try {
      this.area.removeItem(key);
    } catch {
      // nothing more to do: it is gone from this tab's view
    }
  }

  /** true (stored), "full" (over the quota) or false (refused otherwise). */
  trySet(key, raw) {
    try {
      this.area.setItem(key, raw);
      return true;
    } catch (error) {
      return isQuotaError(error) ? "full" : false;
    }
  }
}
