// After a rated two-game match: every person's new rating (Glicko-2, computed by the
// engine), kept in the store per player and variant. Computers count at their measured
// rating; a friend playing by link at the rating their device sent (friend.js). A match
// by link rates only a player who played in it (the engine says), and none that this
// device rebuilt from a link.

/** app: {request, store, saveTable(table), showError(error, table), changed()}; asks once per table. */
export async function updateRatings(app, table) {
  const {store} = app;
  const match = table.snapshot.match;
  if (table.ratingAsked || !match?.over || table.replay || table.readOnly) return;
  table.ratingAsked = true;
  // a match by link this device rebuilt from a link: it cannot tell whether the moves
  // in its player's seat were theirs (link.merge), so it rates nobody
  if (!match.rated || table.friend?.rebuilt) return;
  const variant = table.config.variant;
  const before = table.players.map((player, seat) => {
    if (player.kind === 'friend') return table.friend?.ratings?.[seat] ?? null; // as the friend's device sent it
    if (player.kind !== 'human' || !player.name) return null;
    const rating = store.getRating(player.name, variant);
    return rating ? [rating.r, rating.rd, rating.vol] : null;
  });
  try {
    const {rated, ratings} = await app.request('rating_updates', {table_id: table.tableId, ratings: before});
    if (!rated) return;
    table.ratingChanges = ratings.map((rating, seat) => {
      const player = table.players[seat];
      if (!rating || player.kind !== 'human' || !player.name) return null;
      const old = store.getRating(player.name, variant);
      store.addPlayer(player.name);
      store.setRating(player.name, variant, {r: rating.r, rd: rating.rd, vol: rating.vol,
                                             matches: (old?.matches ?? 0) + 1});
      return {r: rating.r, rd: rating.rd, change: rating.change};
    });
  } catch (error) {
    app.showError(error, table);
  }
  app.saveTable(table);
  app.changed();
}
