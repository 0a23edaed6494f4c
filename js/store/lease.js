// The lease between tabs: two tabs never overwrite each other's match. A tab writes a
// match only while it holds that match's lease ("filler:lock:<id>" = {version, tab,
// expires[, locked]}, renewed by a timer); another tab may take the match over, and the
// first one is told (an event and a notice) and stops saving it.
//
// Where there are Web Locks (https, localhost), a tab also holds the lock TAB_LOCK + its
// id for as long as it lives, and its leases say so (`locked: true`): the browser lets go
// of it however the tab ends, so another tab can tell at once that a lease's holder is
// gone (the phone ended the browser before the tab's last word was kept) instead of
// waiting for the lease to run out (holderGone).

import { LOCK_PREFIX, SCHEMA_VERSION } from "./keys.js";
import { isObject, parseOrNull } from "./problems.js";

export const TAB_LOCK = "filler-tab:";

export class Leases {
  #shelf;
  #held = new Set(); // match ids whose lease this tab holds
  #lost = new Set(); // match ids another tab took over from this one
  #timer = null;
  #locks = null; // the Web Locks of this tab (navigator.locks), or null
  #tabLocked = false; // this tab holds its TAB_LOCK
  #tabLock; // resolves once this tab holds its TAB_LOCK (true) or cannot (false)

  /**
   * options: {tabId, now(), leaseMs, renewMs, write(key, raw), emit(event), notice(notice),
   * locks: navigator.locks or null}
   */
  constructor(shelf, { tabId, now, leaseMs, renewMs, write, emit, notice, locks = null }) {
    this.#shelf = shelf;
    this.tabId = tabId;
    this.now = now;
    this.leaseMs = leaseMs;
    this.renewMs = renewMs;
    this.write = write;
    this.emit = emit;
    this.notice = notice;
    this.#locks = locks;
    this.#tabLock = new Promise((resolve) => {
      if (!locks) {
        resolve(false);
        return;
      }
      // (ifAvailable: a second store with this tab's id, as the store's tests make, is told
      // at once that it cannot have it, rather than waiting for ever)
      locks.request(TAB_LOCK + tabId, { ifAvailable: true }, (lock) => {
        this.#tabLocked = Boolean(lock);
        resolve(this.#tabLocked);
        return lock ? new Promise(() => {}) : null; // held until the tab ends
      }).catch(() => resolve(false));
    });
  }

  #readLock(id) {
    const lock = parseOrNull(this.#shelf.get(LOCK_PREFIX + id));
    return isObject(lock) && typeof lock.tab === "string" && typeof lock.expires === "number" ? lock : null;
  }

  /** The tab that holds match `id`'s lease, if it is another one and the lease runs. */
  holderElsewhere(id) {
    const lock = this.#readLock(id);
    return lock && lock.tab !== this.tabId && lock.expires > this.now() ? lock.tab : null;
  }

  #writeLock(id) {
    const lock = { version: SCHEMA_VERSION, tab: this.tabId, expires: this.now() + this.leaseMs,
                   ...(this.#tabLocked ? { locked: true } : {}) };
    this.write(LOCK_PREFIX + id, JSON.stringify(lock));
    this.#held.add(id);
    this.#lost.delete(id);
    this.#startRenewing();
  }

  /** {ok: true}, or {ok: false, holder, expires}: when the holder's lease runs out unless
   *  it renews it (a tab closed without a word, or a crashed one, never does). */
  claim(id) {
    const holder = this.holderElsewhere(id);
    if (holder) return { ok: false, holder, expires: this.#readLock(id).expires };
    this.#writeLock(id);
    return { ok: true };
  }

  /** Whether match `id`'s lease is held by another tab that is gone: its lease says it
   *  holds a tab lock (`locked`), and that lock is held no more. False where this tab has
   *  no Web Locks (nothing to tell by) and for a lease without `locked` (a tab of an
   *  older build, or one without Web Locks: its lease runs out instead). */
  async holderGone(id) {
    const lock = this.#readLock(id);
    if (!lock || lock.tab === this.tabId || lock.locked !== true || !(await this.#tabLock)) return false;
    try {
      const { held = [] } = await this.#locks.query();
      return !held.some((entry) => entry.name === TAB_LOCK + lock.tab);
    } catch {
      return false;
    }
  }

  takeOver(id) {
    const previous = this.holderElsewhere(id);
    this.#writeLock(id);
    return { ok: true, previous };
  }

  release(id) {
    this.#held.delete(id);
    const lock = this.#readLock(id);
    if (lock && lock.tab === this.tabId) this.#shelf.remove(LOCK_PREFIX + id);
    if (this.#held.size === 0) this.#stopRenewing();
  }

  releaseAll() {
    for (const id of [...this.#held]) this.release(id);
    this.#stopRenewing();
  }

  holds(id) {
    return this.#held.has(id);
  }

  /** Whether another tab took match `id` over from this one. */
  lost(id) {
    return this.#lost.has(id);
  }

  renew() {
    for (const id of [...this.#held]) {
      const holder = this.holderElsewhere(id);
      if (holder) this.#loseLease(id, holder);
      else this.#writeLock(id);
    }
  }

  #loseLease(id, holder) {
    this.#held.delete(id);
    this.#lost.add(id);
    this.emit({ type: "lease", id, state: "lost", holder });
    this.notice({ kind: "lease-lost", id, message: "This match was taken over in another tab; this tab no longer saves it." });
    if (this.#held.size === 0) this.#stopRenewing();
  }

  #startRenewing() {
    if (this.#timer !== null || !this.renewMs) return;
    this.#timer = setInterval(() => this.renew(), this.renewMs);
  }

  #stopRenewing() {
    if (this.#timer !== null) clearInterval(this.#timer);
    this.#timer = null;
  }

  /** A storage event for "filler:lock:<id>" from another tab. */
  changed(id, event) {
    const before = parseOrNull(event.oldValue);
    const after = parseOrNull(event.newValue);
    const holder = isObject(after) ? after.tab : null;
    if (this.#held.has(id)) {
      // Judge by the value as it stands now, not by the event: when two tabs claim at
      // the same moment, both see the last write, so exactly one of them keeps the lease.
      const current = this.#readLock(id);
      if (current && current.tab !== this.tabId) this.#loseLease(id, current.tab);
    } else if ((isObject(before) ? before.tab : null) !== holder && holder !== this.tabId) {
      this.emit({ type: "lease", id, state: holder ? "claimed" : "released", holder });
    }
  }
}
