// Which puzzle comes next (docs/puzzles.md "Which puzzle comes next"), for Puzzles
// (flows/puzzles.js) and its runs, Puzzle Streak and Puzzle Storm (flows/puzzle_runs.js):
// of the puzzles near a rating (a run's: a little harder each time, pickRising), one not
// seen yet, never of the game the last one came from while another is left, the first in
// the player's own order (a shuffle by the seed kept in their progress). Plain functions
// of the puzzle file's list: no page, no store (tests/engine/test_puzzle_runs.py).

export const START_RATING = 1500; // filler.rating.DEFAULT's r: a first puzzle is picked near it
const RATING_WINDOW = 150; // puzzles this far beyond the nearest one's rating are offered too, in the player's order

/** The game a puzzle comes from: its id without the ply (`quick-4-11` → `quick-4`), a
 *  branch off its line counted as the game (`classic-4-b2-40` → `classic-4`). */
const gameOf = (id) => id.replace(/-(?:g2-)?(?:b\d+-)?\d+$/, '');

/** Where a puzzle comes in the order of the player of `seed`: a 32-bit hash of both. */
function placeOf(seed, id) {
  let hash = (seed ^ 0x811c9dc5) >>> 0;
  for (let index = 0; index < id.length; index++) hash = Math.imul(hash ^ id.charCodeAt(index), 0x01000193) >>> 0;
  hash = Math.imul(hash ^ (hash >>> 16), 0x45d9f3b) >>> 0;
  return (hash ^ (hash >>> 16)) >>> 0;
}

/** The puzzle to offer from `list`, or null: of `theme` (or any), none of `skip` (ids
 *  never offered again: the one just shown, a run's), not of the game of `after` (the
 *  one just shown) while another is left, unseen ones first (`seen(id)`: tried, or in
 *  the history); of those whose rating is within `window` of the nearest to `rating`,
 *  the first in the player's order (`seed`). */
export function pickPuzzle(list, {rating = START_RATING, seen = () => false, theme = null, after = null, skip = [],
                                  window = RATING_WINDOW, seed = 0} = {}) {
  const skipped = new Set([...skip, after]);
  const fits = list.filter((puzzle) => !skipped.has(puzzle.id) && (!theme || puzzle.themes.includes(theme)));
  const fresh = fits.filter((puzzle) => !seen(puzzle.id));
  const pool = fresh.length ? fresh : fits;
  const otherGames = after === null ? pool : pool.filter((puzzle) => gameOf(puzzle.id) !== gameOf(after));
  const candidates = otherGames.length ? otherGames : pool;
  if (!candidates.length) return null;
  const distance = (puzzle) => Math.abs(puzzle.rating - rating);
  const nearest = Math.min(...candidates.map(distance));
  let chosen = null;
  for (const puzzle of candidates) {
    if (distance(puzzle) > nearest + window) continue;
    if (!chosen || placeOf(seed, puzzle.id) < placeOf(seed, chosen.id)) chosen = puzzle;
  }
  return chosen;
}

/** A run's puzzle number `index` (0 first) from `list`, or null: the list in the order of
 *  the ratings cut into `span` slices, from the easiest; the slice of `index` (the last
 *  one after `span`), or the next harder one that has a puzzle left, rated at least the
 *  last one shown (`last`) and not shown in the run (`skip`); within it as any pick
 *  (unseen first, not of the last one's game, the player's order). Once no harder one is
 *  left, the hardest left. */
export function pickRising(list, index, span, {seen, seed, skip, last = null}) {
  const sorted = [...list].sort((a, b) => a.rating - b.rating);
  const size = sorted.length / span;
  const options = {seen, seed, skip, after: last?.id ?? null, window: Infinity};
  const floor = last?.rating ?? -Infinity; // never easier than the last one while a harder one is left
  // a harder slice before a puzzle of the last one's game; one of its game before none
  for (const otherGame of [true, false]) {
    for (let slice = Math.min(index, span - 1); slice < span; slice++) {
      const part = sorted.slice(Math.floor(slice * size), Math.floor((slice + 1) * size)).filter((puzzle) =>
        puzzle.rating >= floor && !(otherGame && last && gameOf(puzzle.id) === gameOf(last.id)));
      const picked = pickPuzzle(part, options);
      if (picked) return picked;
    }
  }
  return pickPuzzle(list, {...options, rating: sorted.at(-1)?.rating, window: 0});
}
