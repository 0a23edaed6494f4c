// What happens when storage is full.
//
// A write that does not fit frees room first by dropping what can be made again (the
// expendable kinds, kinds.js: the last table shown, filler:shown, the engine's output made
// again at the next move, and the kept reviews of games that are no stored match,
// filler:reviews); then by removing
// finished matches that are stored, oldest first, one at a time, until it fits. Never removed: the value being written,
// a match kept in memory only (removing it frees nothing and loses it), and a match
// open at this tab's table (the current match is never the victim). If the write
// still does not fit, the value is kept in this tab's memory (Shelf.pending) and read
// from there until the page closes; one notice names everything kept that way (a
// new one adds to it while storage stays full) and offers the export, which holds it,
// so the player can save it by hand.
//
// An import (writeAll) prunes nothing: it is written whole or not at all.

import { MATCH_PREFIX } from "./keys.js";
import { KINDS, kindOf } from "./kinds.js";
import { StoreProblem } from "./problems.js";

const EXPENDABLE = KINDS.filter((kind) => kind.expendable).map((kind) => kind.key); // made again when needed
const stamp = (entry) => (typeof entry.finished === "number" ? entry.finished : entry.updated);

export class Quota {
  #shelf;
  #pruning = false;
  #unkept = null; // the notice naming what is kept in memory only

  /**
   * hooks: {finishedMatches(): summaries of the finished matches, openHere(id): whether
   * match id is at this tab's table, forget(summaries): they were removed (drop them
   * from the index), describe(key): what `key` holds, for a notice ({kind, id?,
   * names?}), notice(notice, {updated}): a new notice, or one that grew}
   */
  constructor(shelf, hooks) {
    this.#shelf = shelf;
    this.hooks = hooks;
  }

  /** Whether a prune is under way (the index is not rewritten meanwhile). */
  get pruning() {
    return this.#pruning;
  }

  /** The matches a write of `key` may remove, first to go first. */
  #victims(key) {
    const shelf = this.#shelf;
    return this.hooks.finishedMatches()
      .filter((entry) => {
        const victim = MATCH_PREFIX + entry.id;
        return victim !== key && !shelf.pending.has(victim) && shelf.stored(victim) !== null && !this.hooks.openHere(entry.id);
      })
      .sort((a, b) => stamp(a) - stamp(b));
  }

  /** Writes a raw value, pruning if need be: {persisted, pruned}. */
  write(key, raw) {
    const shelf = this.#shelf;
    const pruned = [];
    let persisted = shelf.trySet(key, raw);
    for (const expendable of EXPENDABLE) { // they go first, without a notice
      if (persisted !== "full" || key === expendable || shelf.stored(expendable) === null) continue;
      shelf.remove(expendable);
      persisted = shelf.trySet(key, raw);
    }
    if (persisted === "full" && !this.#pruning) {
      this.#pruning = true;
      try {
        for (const victim of this.#victims(key)) {
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
        message: `Storage was full: removed ${pruned.length === 1 ? "1 old finished match" : `${pruned.length} old finished matches`} (${names}).`,
      });
    }
    if (persisted === true) {
      shelf.pending.delete(key);
      return { persisted: true, pruned };
    }
    const alreadyPending = shelf.pending.has(key);
    shelf.pending.set(key, raw);
    // Leases and the index are the store's own business: only the player's data (what
    // the export holds) gets a notice.
    if (!alreadyPending && kindOf(key)?.exported) this.#tellUnkept(key, persisted === "full");
    return { persisted: false, pruned };
  }

  #tellUnkept(key, full) {
    const open = this.#unkept;
    const what = { key, ...this.hooks.describe(key) };
    const reason = full ? "Storage is full and nothing more can be removed" : "Storage refused a write";
    if (open && open.unkept.some((item) => this.#shelf.pending.has(item.key))) {
      open.unkept.push(what);
      open.message = unkeptMessage(reason, open.unkept);
      this.hooks.notice(open, { updated: true });
      return;
    }
    this.#unkept = { kind: "quota", key, full, unkept: [what], exportable: true, message: unkeptMessage(reason, [what]) };
    this.hooks.notice(this.#unkept, { updated: false });
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

/** "the match m-1 (Anna, greedy)", "the ratings", ... in English (the page says it in its language). */
export function unkeptName(item) {
  if (item.kind === "match") return `the match ${item.id}${item.names?.length ? ` (${item.names.join(", ")})` : ""}`;
  return `the ${item.kind}`;
}

function unkeptMessage(reason, unkept) {
  return `${reason}. Kept in memory only until the page closes: ${unkept.map(unkeptName).join(", ")}. ` +
    "Export everything to keep it.";
}
