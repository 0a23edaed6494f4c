// What happens when storage is full.
//
// A write that does not fit frees room by removing the oldest finished matches, one at
// a time, until it fits; the value being written is never one of them. If it still does
// not fit, the value is kept in this tab's memory (Shelf.pending) and read from there
// until the page closes, with a notice. An import (writeAll) prunes nothing: it is
// written whole or not at all.

import { INDEX_KEY, LOCK_PREFIX, MATCH_PREFIX } from "./keys.js";
import { StoreProblem } from "./shapes.js";

export class Quota {
  #shelf;
  #pruning = false;

  /**
   * hooks: {candidates(exceptKey): summaries of finished matches, oldest first,
   * forget(summaries): they were removed (drop them from the index), notice(notice)}
   */
  constructor(shelf, hooks) {
    this.#shelf = shelf;
    this.hooks = hooks;
  }

  /** Whether a prune is under way (the index is not rewritten meanwhile). */
  get pruning() {
    return this.#pruning;
  }

  /** Writes a raw value, pruning if need be: {persisted, pruned}. */
  write(key, raw) {
    const shelf = this.#shelf;
    const pruned = [];
    let persisted = shelf.trySet(key, raw);
    if (persisted === "full" && !this.#pruning) {
      this.#pruning = true;
      try {
        for (const victim of this.hooks.candidates(key)) {
          shelf.remove(MATCH_PREFIX + victim.id);
          pruned.push(victim);
          persisted = shelf.trySet(key, raw);
          if (persisted !== "full") break;
        }
        if (pruned.length > 0) this.hooks.forget(pruned);
      } finally {
        this.#pruning = false;
      }
    }
    if (pruned.length > 0) {
      const names = pruned.map((victim) => victim.id).join(", ");
      this.hooks.notice({
        kind: "pruned",
        matches: pruned,
        message: `Storage was full: removed ${pruned.length} oldest finished match${pruned.length === 1 ? "" : "es"} (${names}).`,
      });
    }
    if (persisted === true) {
      shelf.pending.delete(key);
      return { persisted: true, pruned };
    }
    const alreadyPending = shelf.pending.has(key);
    shelf.pending.set(key, raw);
    // Leases and the index are the store's own business: only user data gets a notice.
    if (alreadyPending || key === INDEX_KEY || key.startsWith(LOCK_PREFIX)) return { persisted: false, pruned };
    this.hooks.notice({
      kind: "quota",
      key,
      message: persisted === "full"
        ? "Storage is full and nothing more can be removed: this is kept in memory only until the page closes."
        : "Storage refused a write: this is kept in memory only until the page closes.",
    });
    return { persisted: false, pruned };
  }

  /** Writes every [key, raw] or none (no pruning): when one does not fit, the values
   *  stored before are put back. {ok: true} | {ok: false, why}. */
  writeAll(entries) {
    const shelf = this.#shelf;
    const before = [];
    for (const [key, raw] of entries) {
      const previous = shelf.stored(key);
      const result = shelf.trySet(key, raw);
      if (result !== true) {
        for (const [done, value] of before.reverse()) {
          if (value === null) shelf.remove(done);
          else shelf.trySet(done, value);
        }
        const why = result === "full"
          ? new StoreProblem("import_full", "storage is full, so nothing of it was imported; make room and try again")
          : new StoreProblem("import_refused", "storage refused the writes, so nothing of it was imported");
        return { ok: false, why };
      }
      before.push([key, previous]);
    }
    for (const [key] of entries) shelf.pending.delete(key);
    return { ok: true };
  }
}
