// The names the page gives the seats ("You", "Computer 2", "Player 3"), and a seat or
// a side as the params of a text, whose forms speak to the player called "you".

import {t} from '../i18n/i18n.js';

/** The shown name of a seat: its own, else "You" / "Player 2" / "Computer". */
export function playerName(players, seat) {
  const player = players[seat] || {kind: 'human'};
  if (player.name) return player.name;
  if (player.kind === 'friend') return t('player.friend'); // plays on their own device (friend.js)
  if (player.kind === 'computer') {
    const computers = players.filter((p) => p.kind === 'computer').length;
    return computers > 1 ? `${t('player.computer')} ${seat + 1}` : t('player.computer');
  }
  const humans = players.filter((p) => p.kind === 'human').length;
  return humans === 1 && !player.neutral ? t('player.you') : t('player.person', {number: seat + 1});
}

export function sideName(players, seats) {
  const names = seats.map((seat) => playerName(players, seat));
  return names.length === 2 ? t('team.name', {first: names[0], second: names[1]}) : names.join(', ');
}

/** A rated match counts only for people with a name (the ratings are kept by name). */
export function everyoneNamed(players) {
  return players.every((player) => player.kind !== 'human' || Boolean(player.name));
}

/** The one person at the table without a name: the page calls them "you" (not in a
 *  shared game's replay, whose seats are `neutral`: the viewer played neither). */
function isYou(players, seat) {
  const humans = players.filter((player) => player.kind === 'human');
  return humans.length === 1 && players[seat]?.kind === 'human' && !players[seat].name && !players[seat].neutral;
}

/** A seat as a text's params: {name, you} (texts have second-person forms). */
export function person(players, seat) {
  return {name: playerName(players, seat), you: isYou(players, seat)};
}

/** A side (one seat or a team) as a text's params: {name, you, team}. */
export function sideParams(players, seats) {
  return {name: sideName(players, seats), you: seats.length === 1 && isYou(players, seats[0]), team: seats.length > 1};
}
