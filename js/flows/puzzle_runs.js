// Puzzle Streak and Puzzle Storm (docs/puzzles.md "Streak and Storm"), the runs of
// Puzzles (flows/puzzles.js), neither rated: what a run keeps and how a verdict moves it
// on. Plain functions and one plain object a run; the page's clock (`now`, ms of
// performance.now) is handed in, so Storm's time is the page's alone.
//
// - Streak: puzzles of rising difficulty until the first wrong color; its score is the
//   puzzles solved.
// - Storm: STORM.ms to solve as many as one can, also rising; a wrong color costs
//   STORM.malusMs and moves on to the next puzzle; every right color adds to the combo,
//   and reaching one of STORM.combo's milestones (then every STORM.comboEvery more)
//   gives its bonus seconds (lichess's storm: 3 minutes, 10 s, 5 → +3 s, 12 → +5 s,
//   20 → +7 s, 30 → +10 s and every 10 after). The clock starts with the first puzzle
//   at the table.

import {pickRising} from './puzzle_order.js';

export const RUN_KINDS = ['streak', 'storm'];
export const STORM = Object.freeze({
  ms: 3 * 60 * 1000,
  malusMs: 10 * 1000,
  combo: Object.freeze([[5, 3], [12, 5], [20, 7], [30, 10]]), // [right colors in a row, bonus seconds]
  comboEvery: 10, // after the last milestone, its bonus again every this many
  said: Object.freeze([120, 60, 30, 10]), // seconds left that a screen reader is told
});
const SPAN = {streak: 40, storm: 30}; // puzzles from the easiest to the hardest of a file

/** A new run of `kind` on the board `variant`. */
export function newRun(kind, variant) {
  return {
    kind, variant,
    seen: [], // the ids shown, never again in this run
    last: null, // the record shown last: the next is not of its game nor easier
    score: 0, // puzzles solved
    failed: [], // ids of the puzzles missed (Storm)
    over: false,
    improved: false, // its score beat the best kept (once over)
    // Storm's clock (page ms): set when its first puzzle is at the table
    endsAt: null, stoppedLeft: null, // (ms left once stopped)
    combo: 0, bestCombo: 0, moves: 0, wrong: 0,
    flash: null, // the seconds the last color gave or cost (+3, −10), shown until the next
    said: [], // the marks of STORM.said told already
  };
}

/** The next puzzle of `run` from the board's `list` (puzzle_order.js pickRising): a
 *  little harder than the last, from the easiest of the file to its hardest over
 *  SPAN[kind] puzzles; never one shown in the run; unseen ones first (`seen(id)`), in
 *  the player's order (`seed`). */
export function nextOfRun(run, list, {seen, seed}) {
  return pickRising(list, run.seen.length, SPAN[run.kind], {seen, seed, skip: run.seen, last: run.last});
}

/** Storm's bonus seconds for reaching `combo` right colors in a row (0: no milestone). */
export function comboBonus(combo) {
  const found = STORM.combo.find(([reached]) => reached === combo);
  if (found) return found[1];
  const [last, seconds] = STORM.combo.at(-1);
  return combo > last && (combo - last) % STORM.comboEvery === 0 ? seconds : 0;
}

/** The next milestone after `combo`: [combo, bonus seconds]. */
export function nextBonus(combo) {
  const found = STORM.combo.find(([reached]) => reached > combo);
  if (found) return found;
  const [last, seconds] = STORM.combo.at(-1);
  return [last + (Math.floor((combo - last) / STORM.comboEvery) + 1) * STORM.comboEvery, seconds];
}

/** Storm's clock starts (its first puzzle is at the table). */
export function startClock(run, now) {
  if (run.endsAt === null) run.endsAt = now + STORM.ms;
}

/** Storm's milliseconds left at `now` (all of them before its clock starts; as they were
 *  once it is stopped). */
export const timeLeft = (run, now) => run.stoppedLeft ?? (run.endsAt === null ? STORM.ms : Math.max(0, run.endsAt - now));

/** The run is over at `now` (its last wrong color, its time up, Stop): Storm's clock stops. */
export function stopRun(run, now) {
  run.stoppedLeft = timeLeft(run, now);
  run.over = true;
}

/** A right color in `run` (Storm's combo; its bonus seconds, 0 for none). */
export function rightColor(run) {
  if (run.kind !== 'storm') return 0;
  run.moves += 1;
  run.combo += 1;
  run.bestCombo = Math.max(run.bestCombo, run.combo);
  const bonus = comboBonus(run.combo);
  run.endsAt += bonus * 1000;
  run.flash = bonus || null;
  return bonus;
}

/** A wrong color in `run`: Streak ends; Storm loses STORM.malusMs and its combo, and
 *  notes the puzzle missed. */
export function wrongColor(run, id) {
  if (run.kind === 'streak') {
    run.over = true;
    return;
  }
  run.moves += 1;
  run.wrong += 1;
  run.combo = 0;
  run.endsAt -= STORM.malusMs;
  run.flash = -STORM.malusMs / 1000;
  if (!run.failed.includes(id)) run.failed.push(id);
}

/** The seconds-left marks of STORM.said that `left` (ms) has passed and were not said
 *  yet (noted as said). */
export function marksPassed(run, left) {
  const passed = STORM.said.filter((mark) => left <= mark * 1000 && !run.said.includes(mark));
  run.said.push(...passed);
  return passed;
}

/** "m:ss" of `ms` left, whole seconds up. */
export function clockText(ms) {
  const seconds = Math.ceil(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
