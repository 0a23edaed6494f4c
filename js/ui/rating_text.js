// A person's rating as the page shows it (the Players tab, the result of a rated match,
// the puzzles' panel and the lobby's puzzle line): "1773 (provisional)" while its
// deviation is large, as a newcomer's is for their first ten or so rated matches or
// puzzles (lichess shows "1773?" then); "1773 ± 180" once it is settled. The computer
// levels' measured ratings are no person's: the lobby shows them as plain numbers.

import {t} from '../i18n/i18n.js';

/** From this deviation up (Glicko-2 rating points) a rating is provisional: lichess's line. */
export const PROVISIONAL_DEVIATION = 110;

/** `{r, rd}` as the page says it; without `rd` (a result saved before it was kept) the
 *  rating alone. */
export function ratingText({r, rd = null}) {
  const rating = Math.round(r);
  if (rd === null || !Number.isFinite(rd)) return String(rating);
  return rd >= PROVISIONAL_DEVIATION ? t('rating.provisional', {rating})
    : t('rating.settled', {rating, deviation: Math.round(2 * rd)});
}
