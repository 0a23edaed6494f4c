// Which puzzle comes next (docs/puzzles.md "Which puzzle comes next"), for Puzzles
// (flows/puzzles.js) and its runs, Puzzle Streak and Puzzle Storm (flows/puzzle_runs.js):
// of the puzzles near a rating, one not seen yet, never of the game the last one came
// from while another is left, the first in the player's own order (a shuffle by the seed
// kept in their progress). Plain functions of the puzzle file's list: no page, no store.

export const START_RATING = 1500; // filler.rating.DEFAULT's r: a first puzzle is picked near it
const RATING_WINDOW = 150; // puzzles this far beyond the nearest one's rating are offered too, in the player's order

/** The game a puzzle comes from: its id without the ply (`quick-4-11` → `quick-4`). */
const gameOf = (id) => id.replace(/-(?:g2-)?\d+$/, '');

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
 *  the history), rated at least `floor` while any is (a run's rising difficulty); of
 *  those whose rating is within RATING_WINDOW of the nearest to `rating`, the first in
 *  the player's order (`seed`). */
export function pickPuzzle(list, {rating = START_RATING, seen = () => false, theme = null, after = null, skip = [],
                                  floor = -Infinity, seed = 0} = {}) {
  const skipped = new Set([...skip, after]);
  const fits = list.filter((puzzle) => !skipped.has(puzzle.id) && (!theme || puzzle.themes.includes(theme)));
  const fresh = fits.filter((puzzle) => !seen(puzzle.id));
  const pool = fresh.length ? fresh : fits;
  const otherGames = after === null ? pool : pool.filter((puzzle) => gameOf(puzzle.id) !== gameOf(after));
  const unfloored = otherGames.length ? otherGames : pool;
  const rising = unfloored.filter((puzzle) => puzzle.rating >= floor);
  const candidates = rising.length ? rising : unfloored;
  if (!candidates.length) return null;
  const distance = (puzzle) => Math.abs(puzzle.rating - rating);
  const nearest = Math.min(...candidates.map(distance));
  let chosen = null;
  for (const puzzle of candidates) {
    if (distance(puzzle) > nearest + RATING_WINDOW) continue;
    if (!chosen || placeOf(seed, puzzle.id) < placeOf(seed, chosen.id)) chosen = puzzle;
  }
  return chosen;
}

/** The rating a run aims at for its puzzle number `index` (0 first): from the file's
 *  easiest up to its hardest over `span` puzzles, by the ratings' order (so the climb
 *  follows however the file's ratings spread), the hardest after that. */
export function risingRating(list, index, span) {
  const ratings = list.map((puzzle) => puzzle.rating).sort((a, b) => a - b);
  if (!ratings.length) return START_RATING;
  return ratings[Math.min(ratings.length - 1, Math.floor(index * (ratings.length - 1) / span))];
}
