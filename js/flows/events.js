// What happens at the table, told: each new state of the table (every state it takes,
// even two in one frame) is compared with the one before, and its news (a move, a
// game's end, a match's end, a clock running low) is said to a screen reader
// (ui/announce.js), played as a sound (ui/sound.js) and posted to an embed's host
// (embed.js: ready, gameStarted, move, gameEnded, matchEnded).

import {t} from '../i18n/i18n.js';
import {announce} from '../ui/announce.js';
import {moveSound, gameEndSound, lowTimeSound} from '../ui/sound.js';
import {sideName, person, sideParams} from '../ui/names.js';

/** `channel`: the embed's (attachEmbed), or null outside an embed. */
export function attachEvents(app, channel) {
  const seen = {tableId: null, stateId: 0, gameKey: null, matchKey: null, ready: false,
                previous: null, endedTable: null, ended: new Set()};
  app.drawListeners.add((current) => {
    if (!current.table) return;
    observe(current);
    lowTime(current.table, current.table.snapshot);
  });
  app.snapshotListeners.add(observe);

  /** Events, announcements and sounds for a table's new state (once per state). */
  function observe(current) {
    const table = current.table;
    if (!table || table.tableId === null || current.engine.status !== 'ready') return;
    const snapshot = table.snapshot;
    if (!seen.ready) {
      seen.ready = true;
      channel?.post('ready', {variant: table.layout.variant, seed: table.layout.seed});
    }
    const gameIndex = snapshot.game_index ?? 0;
    const gameKey = `${table.tableId}:${gameIndex}`;
    if (seen.endedTable !== table.tableId) {
      // games of this table ended before the page saw it (a resumed match) are not news
      seen.endedTable = table.tableId;
      seen.ended = new Set(Array.from({length: gameIndex}, (_, index) => index));
    }
    // Every game end is posted, also one no state of the page showed: with computers
    // in every seat the next game starts at once, so the state that ends a game
    // arrives already in the next one.
    (snapshot.match?.game_results ?? []).forEach((result, index) => {
      if (index < gameIndex && !seen.ended.has(index)) {
        seen.ended.add(index);
        channel?.post('gameEnded', gameEnd(result, index));
      }
    });
    if (gameKey !== seen.gameKey) {
      seen.gameKey = gameKey;
      seen.previous = snapshot;
      seen.stateId = snapshot.state_id;
      channel?.post('gameStarted', {
        variant: table.layout.variant, seed: table.layout.seed, options: table.layout.options || {},
        players: table.players.map((player) => ({kind: player.kind, level: player.level ?? null})),
        games: table.layout.games ?? 1, gameIndex: snapshot.game_index ?? 0,
      });
    } else if (snapshot.state_id !== seen.stateId) {
      const previous = seen.previous;
      seen.previous = snapshot;
      seen.stateId = snapshot.state_id;
      moved(table, previous, snapshot);
    }
    if (snapshot.over && !seen.ended.has(gameIndex)) {
      seen.ended.add(gameIndex);
      ended(table, snapshot);
    }
    const match = snapshot.match;
    if (match?.over && (match.games ?? 1) > 1 && seen.matchKey !== table.tableId) {
      seen.matchKey = table.tableId;
      channel?.post('matchEnded', {outcome: match.outcome, points: match.points, totals: match.totals});
    }
  }

  // a person's running clock turns low (table.js marks it data-low): one alarm per game
  const alarmed = new Set();
  function lowTime(table, snapshot) {
    const clock = document.querySelector('.seat[data-seat] .clock[data-low][data-running]');
    const seat = clock?.closest('.seat')?.dataset.seat;
    if (seat === undefined || table.players[Number(seat)]?.kind !== 'human') return;
    const key = `${table.tableId}:${snapshot.game_index ?? 0}:${seat}`;
    if (alarmed.has(key)) return;
    alarmed.add(key);
    lowTimeSound();
    announce(() => t('announce.low_time', person(table.players, Number(seat))));
  }

  function scoresText(table, snapshot) {
    return snapshot.sides.map((side) => `${sideName(table.players, side.seats)} ${side.score}`).join(', ');
  }

  function moved(table, previous, snapshot) {
    const last = snapshot.last_move;
    if (!last || snapshot.move_number <= previous.move_number) {
      if (snapshot.move_number < previous.move_number) announce(() => t('announce.undo', {scores: scoresText(table, snapshot)}));
      return;
    }
    const captured = last.cells.length;
    const enclosed = previous.previews?.[last.color]?.enclosure?.length ?? 0;
    const takes = () => (captured === 0 ? t('announce.nothing')
      : enclosed ? t('announce.takes_enclosed', {count: captured, enclosed})
      : t('announce.takes', {count: captured}));
    announce(() => `${t('announce.move', {...person(table.players, last.seat), number: last.color + 1})} ${takes()} `
                   + t('announce.score', {scores: scoresText(table, snapshot)}));
    moveSound(captured, table.players[last.seat]?.kind === 'human');
    channel?.post('move', {seat: last.seat, color: last.color, moveNumber: snapshot.move_number, captured,
                           scores: snapshot.sides.map((side) => side.score)});
  }

  function ended(table, snapshot) {
    const winners = snapshot.winning_sides;
    const headline = () => (winners.length === 1
      ? t('over.winner', sideParams(table.players, snapshot.sides[winners[0]].seats)) : t('over.draw'));
    announce(() => `${headline()} ${t('announce.score', {scores: scoresText(table, snapshot)})}`);
    const humanWon = winners.some((side) => snapshot.sides[side].seats.some((seat) => table.players[seat]?.kind === 'human'));
    gameEndSound(humanWon);
    channel?.post('gameEnded', {winners, scores: snapshot.sides.map((side) => side.score),
                                reason: snapshot.end_reason, gameIndex: snapshot.game_index ?? 0});
  }

  /** gameEnded's payload from the match's result of game `index` (a draw: no winners). */
  function gameEnd(result, index) {
    const sides = Object.keys(result.points).map(Number).sort((a, b) => a - b);
    const top = Math.max(...sides.map((side) => result.points[side]));
    const winners = sides.filter((side) => result.points[side] === top);
    return {winners: winners.length === sides.length ? [] : winners,
            scores: sides.map((side) => result.values[side]), reason: result.end_reason, gameIndex: index};
  }

}
