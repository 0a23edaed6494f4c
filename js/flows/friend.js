// A match with a friend on another device, each move sent as a link (no server).
//
// The link's format is the engine's (py/filler/link.py): this module never reads it.
// It asks the engine for the link after each of the local player's moves
// (`friend_link`), and hands every link it is given to the engine (`friend_open`),
// which replays it and says what to do with it given the stored match: take it, keep
// the newer copy, "this is your own link", or refuse it (the stored match untouched).
//
// A friend match is a saved match like any other (storage.js, id "f-<match id>"),
// with the friend's seat of kind "friend" and a `friend` field:
//   {id, seat, ratings, sent, turn, rebuilt?}
// id: the link's match id; seat: the local player's; ratings: per seat [r, rd, vol]
// or null, each as that player's device sent it (fixed when the player joined);
// sent: how many events the player has sent on (or copied); turn: "mine" | "theirs" |
// "over", for the lobby's Friends list; rebuilt: true for a match this device did not
// have and took from a link that held moves of its player's seat too (its storage was
// lost): it goes on, but rates nobody here (ratings.js).
//
// main.js calls attachFriend(app) once; it uses only app's and the Store's public parts.

import {el, svg, clear, append, placeAfter, placeBefore, prepend} from '../ui/dom.js';
import {t, variantName} from '../i18n/i18n.js';
import {playerName} from '../ui/names.js';
import {ratingText} from '../ui/rating_text.js';
import {peekLink, toBase64url} from './friend_peek.js';


export const FRIEND_ID_PREFIX = 'f-';
const FRIEND_FRAGMENT = /^#f\d+\./;

/** A new friend match id: 6 random bytes in base64url (8 characters). */
function newFriendId() {
  return toBase64url(crypto.getRandomValues(new Uint8Array(6)));
}

export const isFriendTable = (table) => Boolean(table?.players?.some((player) => player.kind === 'friend'));

const siteAddress = () => new URL('./', location.href).href;

/**
 * Friend play in the page: the panel above a friend table (whose turn, the link to
 * send, its QR code), opening links (the page's own hash, a pasted link) and the
 * lobby's Friends list (app.renderFriends). A link the page was opened with is opened
 * once the engine is up, first of all (main.js FIRST_OPENS).
 */
export function attachFriend(app) {
  const {state, store} = app;
  const panel = el('section', {class: 'friend-panel', hidden: true, 'aria-live': 'polite'});
  placeBefore(document.getElementById('table'), panel);
  let pending = FRIEND_FRAGMENT.test(location.hash) ? location.href : null;
  if (pending) history.replaceState(null, '', location.pathname + location.search);
  // {key, params} | {problem}: what opening a link did; {checking: link}: what the link
  // says before the engine has checked it (friend_peek.js)
  let notice = pending ? {checking: pending} : null;
  let made = {key: null, link: null}; // the link for the table's current log
  let shareStatus = null; // 'copied' | 'shared' | 'select'
  let showQr = false;
  let drawnKey = null;

  const rated = (table) => Boolean(table.snapshot.match?.rated);
  const ratingOf = (name, variant) => {
    const rating = name ? store.getRating(name, variant) : null;
    return rating ? [rating.r, rating.rd, rating.vol] : null;
  };
  const friendSeat = (table) => 1 - table.friend.seat;
  const friendName = (table) => table.players[friendSeat(table)]?.name || t('friend.someone');
  const eventCount = (table) => table.snapshot.record?.events?.length ?? 0;

  // -- every state of a friend table: its `friend` field, and the link once it is the
  //    friend's turn (or the match is over after the local player's action)
  app.snapshotListeners.add((current) => {
    const table = current.table;
    if (!isFriendTable(table) || table.replay || table.tableId === null) return;
    if (!table.friend) { // a new match from the lobby: this device invites
      const seat = table.players.findIndex((player) => player.kind === 'human');
      const ratings = [null, null];
      if (rated(table)) ratings[seat] = ratingOf(table.players[seat].name, table.config.variant);
      table.friend = {id: newFriendId(), seat, ratings, sent: 0, turn: 'mine'};
      table.matchId = FRIEND_ID_PREFIX + table.friend.id;
    }
    if (notice?.at !== undefined && notice.at !== null && eventCount(table) > notice.at) notice = null;
    const {match, turn} = table.snapshot;
    table.friend.turn = match?.over ? 'over' : turn === table.friend.seat ? 'mine' : 'theirs';
    if (made.table !== table || made.key !== linkKey(table)) made = {key: null, link: null, table};
    if (needsLink(table)) makeLink(table);
  });

  const linkKey = (table) => `${table.matchId}:${eventCount(table)}:${table.players.map((p) => p.name).join('\u0000')}`;

  /** The local player has something to send: it is the friend's turn, or the
   *  local player ended the match. */
  function needsLink(table) {
    if (table.friend.turn === 'theirs') return true;
    const events = table.snapshot.record?.events ?? [];
    const last = [...events].reverse().find((event) => event[0] !== 'ready');
    return table.friend.turn === 'over' && last?.[1] === table.friend.seat;
  }

  async function makeLink(table) {
    const key = linkKey(table);
    if (made.key === key) return;
    made = {key, link: null, table};
    try {
      const {link} = await app.request('friend_link', {
        record: table.snapshot.record, match_id: table.friend.id, sender: table.friend.seat,
        names: table.players.map((player) => player.name || ''), ratings: table.friend.ratings});
      if (made.key === key) made.link = `${siteAddress()}#${link}`;
    } catch (error) {
      if (made.key === key) notice = {problem: error.problem};
    }
    shareStatus = null;
    app.changed();
  }

  // -- opening a link: the page's own hash, a link opened in this tab later, a pasted
  //    one; one that came before the engine was up: opened first (modes.js openFirst)
  app.modes.register({name: 'friend', open: openLink, asked: () => (pending ? [pending] : null),
                      drop: () => { pending = null; }});
  window.addEventListener('hashchange', () => {
    if (!FRIEND_FRAGMENT.test(location.hash)) return;
    const text = location.href;
    history.replaceState(null, '', location.pathname + location.search);
    if (state.engine.status === 'ready') openLink(text);
    else {
      pending = text;
      notice = {checking: text};
      app.changed();
    }
  });

  /** The id of the stored match with a friend whose link match id is `matchId`, or
   *  null: found by that id (an import or the write rule may have stored it under
   *  another key than "f-<matchId>", which may hold another match). */
  function friendMatchId(matchId) {
    const found = store.listMatches().filter((entry) => entry.friend === matchId);
    return (found.find((entry) => entry.id === FRIEND_ID_PREFIX + matchId) ?? found[0])?.id ?? null;
  }

  /** Open a friend's link: replayed and merged by the engine; true if a table opened.
   *  <body data-friend-links> counts the links handled (for tests): written by the draw
   *  that shows a link's outcome, so that it never runs ahead of what the page shows. */
  let handled = 0;
  async function openLink(text) {
    try {
      return await openLinkNow(text);
    } finally {
      if (notice?.checking) notice = null;
      handled += 1;
      app.changed();
    }
  }

  async function openLinkNow(text) {
    const site = siteAddress();
    let found;
    try {
      found = await app.request('friend_open', {link: text, site});
      const id = friendMatchId(found.match_id);
      const stored = id ? store.loadMatch(id) : null;
      if (stored) {
        try {
          found = await app.request('friend_open', {link: text, site, stored: {
            seat: stored.friend.seat, record: stored, names: stored.players.map((player) => player.name || '')}});
        } catch (error) {
          notice = {key: 'friend.refused', params: {why: error.problem ?? error.message}};
          return await open(id);
        }
      }
      return await take(id ?? FRIEND_ID_PREFIX + found.match_id, stored, found);
    } catch (error) {
      notice = {key: 'friend.refused', params: {why: error.problem ?? error.message}};
      app.changed();
      return false;
    }
  }

  async function take(id, stored, found) {
    const seat = found.seat;
    const other = 1 - seat;
    const names = [...found.names];
    // a match this device did not have: an invitation, or one rebuilt from a later link
    const fresh = found.status === 'new' || found.status === 'rebuilt';
    // offered in the name field (notice.askName), which asks the player; what only the
    // friend did rates nobody (the engine rates a player who played in the match)
    if (fresh && !names[seat]) names[seat] = store.listPlayers()[0]?.name ?? '';
    const takes = fresh || found.status === 'extends' || found.status === 'resigned'; // the link's log replaces the stored one
    const variant = state.catalog.variants.find((v) => v.id === found.record.variant);
    if (takes) {
      // the friend's rating as their device sent it; this device's player's from this device, never from a link
      const ratings = !fresh && stored?.friend?.ratings ? [...stored.friend.ratings] : [null, null];
      ratings[other] = found.ratings[other];
      if (fresh && found.record.games === 2 && variant?.rated) ratings[seat] = ratingOf(names[seat], found.record.variant);
      // rebuilt: this device cannot tell whether the moves in its player's seat were theirs (link.merge)
      const rebuilt = found.status === 'rebuilt' || Boolean(!fresh && stored?.friend?.rebuilt);
      const players = [0, 1].map((index) => ({kind: index === seat ? 'human' : 'friend', name: names[index]}));
      // the write rule (storage.js): a resignation that crossed this device's moves
      // drops them (link.merge), a rewrite named as such; a match this device did not
      // have is stored beside another match stored under its id
      const saved = store.saveMatch({
        ...found.record, id, players, clock: null, created: stored?.created,
        finished: false, result: null,
        friend: {id: found.match_id, seat, ratings, sent: found.record.events.length, turn: 'mine',
                 ...(rebuilt ? {rebuilt} : {})}}, {rewrite: found.status === 'resigned' ? 'crossed' : null});
      if (saved.ok) id = saved.match.id; // (another id when it went beside another match)
      else {
        notice = saved.reason === 'open-elsewhere' ? {key: 'friend.elsewhere', params: {}}
          : {key: 'friend.not_kept', params: {why: saved.message}};
        app.changed();
        return false;
      }
    }
    const name = names[other] || t('friend.someone');
    const notices = {extends: {key: 'friend.took', params: {name}}, current: {key: 'friend.current', params: {}},
                     own: {key: 'friend.own', params: {name}}, older: {key: 'friend.older', params: {}},
                     rebuilt: {key: 'friend.rebuilt', params: {name}},
                     new: {key: 'friend.invited', askName: true, params: {
                       name, variant: variant ? variantName(variant.id) : found.record.variant,
                       kind: t(found.record.games === 2 ? 'friend.kind.match' : 'friend.kind.single')}},
                     // a resignation and a move that crossed: the resignation stands; two that
                     // crossed: the one of the player to move (link.merge)
                     resigned: {key: found.both ? 'friend.crossed_both_theirs' : 'friend.crossed_theirs', params: {name}},
                     resignation_kept: {key: found.both ? 'friend.crossed_both_mine' : 'friend.crossed_mine',
                                        params: {name}}};
    notice = Object.hasOwn(notices, found.status) ? notices[found.status] : null;
    const opened = await open(id, {reload: takes});
    if (state.blocked?.id === id) { // open in another tab: the table's notice says so, with "Take over"
      notice = null;
      app.changed();
      return opened;
    }
    const table = state.table;
    if (!takes && names[other] && table?.matchId === id && table.friend && table.players[other]?.name !== names[other]) {
      // a link that is not taken still tells the friend's name (their device knows it)
      table.players[other] = {...table.players[other], name: names[other]};
      app.saveTable(table);
      app.changed();
    }
    return opened;
  }

  /** Put the stored friend match at the table (again), saved with its result. */
  async function open(id, {reload = true} = {}) {
    const keptNotice = notice;
    const here = state.table?.matchId === id && !state.table.readOnly && !reload;
    const opened = here || await app.resumeMatch(id);
    notice = keptNotice && {...keptNotice, at: state.table?.matchId === id ? eventCount(state.table) : null};
    const table = state.table;
    if (table?.matchId === id && table.friend) {
      app.saveTable(table);
      await app.updateRatings(table);
    }
    app.changed();
    return opened;
  }

  // -- the panel above a friend table
  function rename(table, name) {
    const seat = table.friend.seat;
    table.players[seat] = {...table.players[seat], name};
    if (rated(table)) table.friend.ratings[seat] = ratingOf(name, table.config.variant);
    app.saveTable(table);
    app.changed();
  }

  async function send(table, how) {
    const link = made.link;
    if (!link) return;
    try {
      if (how === 'share') {
        await navigator.share({title: t('app.title'), text: t('friend.send_to', {name: friendName(table)}), url: link});
        shareStatus = 'shared';
      } else {
        await navigator.clipboard.writeText(link);
        shareStatus = 'copied';
      }
      table.friend.sent = eventCount(table);
      app.saveTable(table);
    } catch (error) {
      if (error?.name === 'AbortError') return; // the share sheet was closed
      shareStatus = 'select';
    }
    app.changed();
  }

  function noticeText() {
    if (!notice) return '';
    if (notice.problem) return t('friend.refused', {why: notice.problem});
    if (notice.checking) return checkingText(notice);
    return t(notice.key, notice.params);
  }

  /** Whose link it is and its variant, said as not yet checked (once snapshots.json
   *  has given the variants' numbers; before, or for a link it cannot read, less). */
  function checkingText(checking) {
    const numbers = state.catalog.linkVariants;
    if (checking.peek === undefined && numbers) {
      checking.peek = peekLink(checking.checking, numbers);
      checking.known = Boolean(checking.peek && friendMatchId(checking.peek.matchId));
    }
    const peek = checking.peek;
    if (!peek) return t('friend.checking');
    const found = state.catalog.variants.find((v) => v.id === peek.variant);
    const params = {name: peek.names[peek.sender] || t('friend.someone'), variant: found ? variantName(found.id) : peek.variant,
                    kind: t(peek.games === 2 ? 'friend.kind.match' : 'friend.kind.single')};
    return t(checking.known ? 'friend.checking_from' : 'friend.checking_invite', params);
  }

  app.drawListeners.add((current) => {
    if (document.body.dataset.friendLinks !== String(handled)) document.body.dataset.friendLinks = String(handled);
    const table = current.table;
    const friendly = isFriendTable(table) && table.friend && !table.replay;
    const key = [friendly ? table.matchId : '', table?.snapshot.state_id, current.settings.language, made.link,
                 noticeText(), shareStatus, showQr, table?.ratingChanges ? 1 : 0].join('|');
    if (friendly) noteRatings(table);
    if (key === drawnKey) return;
    drawnKey = key;
    panel.hidden = !friendly && !notice;
    clear(panel);
    delete panel.dataset.turn;
    if (notice) {
      const shown = el('p', {class: 'friend-notice', role: notice.problem || notice.params?.why ? 'alert' : 'status',
                             dataset: {notice: notice.problem ? 'refused' : notice.checking ? 'checking' : notice.key}},
                       el('span', {text: noticeText()}));
      // while a link is checked there is nothing to close: its result replaces the notice
      if (!notice.checking) {
        append(shown, ' ', el('button', {type: 'button', class: 'link', dataset: {action: 'dismiss-friend-notice'},
                                         text: t('nav.close'), onclick: () => { notice = null; app.changed(); }}));
      }
      append(panel, shown);
    }
    if (!friendly) return;
    panel.dataset.turn = table.friend.turn;
    prepend(panel, el('h2', {class: 'friend-title', text: t('friend.title', {name: friendName(table)})}));
    const first = gameOneResult(table);
    if (first) append(panel, el('p', {class: 'friend-game-one', text: first}));
    if (notice?.askName) append(panel, nameField(table));
    if (needsLink(table)) append(panel, ...sendParts(table));
    else if (table.friend.turn === 'mine') {
      append(panel, el('p', {class: 'friend-turn', text: t('friend.your_turn', {name: friendName(table)})}));
    }
  });

  /** In game 2: how game 1 ended (it went on to game 2 without a pause). */
  function gameOneResult(table) {
    const {match, game_index: index, sides} = table.snapshot;
    const result = match?.game_results?.[0];
    if (!result || index !== 1 || !sides) return '';
    const points = sides.map((side) => Number(result.points[String(side.side)] ?? 0));
    const score = sides.map((side) => result.values[String(side.side)] ?? 0).join('–');
    const winner = points.filter((value) => value === Math.max(...points)).length === 1
      ? sides[points.indexOf(Math.max(...points))] : null;
    return winner ? t('friend.game_one', {name: playerName(table.players, winner.seats[0]), score})
      : t('friend.game_one_draw', {score});
  }

  function nameField(table) {
    const seat = table.friend.seat;
    const input = el('input', {type: 'text', name: 'friend-name', maxlength: 40, autocomplete: 'off',
                               value: table.players[seat]?.name || ''});
    input.addEventListener('change', () => rename(table, input.value.trim()));
    return el('label', {class: 'field friend-name'}, el('span', {text: t('friend.your_name')}), input);
  }

  function sendParts(table) {
    const name = friendName(table);
    const invite = eventCount(table) === 0;
    const lead = table.friend.turn === 'over' ? t('friend.send_last', {name})
      : invite ? t('friend.send_invite', {name}) : t('friend.send_to', {name});
    const link = made.link;
    const input = el('input', {type: 'text', readonly: true, class: 'friend-link', value: link || '',
                               'aria-label': t('friend.link_label')});
    input.addEventListener('focus', () => input.select());
    const buttons = el('div', {class: 'friend-actions'},
      typeof navigator.share === 'function' ? el('button', {type: 'button', class: 'primary', disabled: !link,
        dataset: {action: 'friend-share'}, text: t('friend.send'), onclick: () => send(table, 'share')}) : null,
      el('button', {type: 'button', class: typeof navigator.share === 'function' ? '' : 'primary', disabled: !link,
                    dataset: {action: 'friend-copy'}, text: t('friend.copy'), onclick: () => send(table, 'copy')}),
      el('button', {type: 'button', disabled: !link, dataset: {action: 'friend-qr'}, 'aria-expanded': String(showQr),
                    text: t(showQr ? 'friend.qr_hide' : 'friend.qr_show'),
                    onclick: () => { showQr = !showQr; app.changed(); }}));
    const status = shareStatus === 'copied' ? t('friend.copied', {name}) : shareStatus === 'shared' ? t('friend.shared')
      : shareStatus === 'select' ? t('friend.select') : table.friend.sent < eventCount(table) ? t('friend.not_sent') : '';
    const parts = [el('p', {class: 'friend-lead', text: lead}), input, buttons,
                   el('p', {class: 'friend-status', role: 'status', text: status})];
    if (showQr && link) {
      const holder = el('div', {class: 'friend-qr'});
      parts.push(holder);
      qrCode(link).then((code) => append(holder, code)).catch((error) => console.warn('filler: no QR code', error));
    }
    if (shareStatus === 'select') queueMicrotask(() => input.focus());
    return parts;
  }

  /** Where the rating change is shown: with whose rating it was computed. */
  function noteRatings(table) {
    const list = document.querySelector('.over-panel:not([hidden]) .rating-changes');
    const sent = table.friend.ratings[friendSeat(table)];
    if (!list || !table.ratingChanges || list.nextElementSibling?.classList.contains('friend-rating-note')) return;
    placeAfter(list, el('p', {class: 'friend-rating-note', text: t('friend.rating_note', {
      name: friendName(table), rating: ratingText(sent ? {r: sent[0], rd: sent[1]} : {r: 1500, rd: 350})})}));
  }

  // -- the lobby's Friends tab
  app.renderFriends = (lobby) => {
    const order = {mine: 0, theirs: 1, over: 2};
    const entries = store.listMatches().filter((entry) => entry.id.startsWith(FRIEND_ID_PREFIX))
      .map((entry) => ({entry, saved: store.loadMatch(entry.id)}))
      .filter(({saved}) => saved?.friend && Object.hasOwn(order, saved.friend.turn))
      .sort((a, b) => order[a.saved.friend.turn] - order[b.saved.friend.turn] || b.entry.updated - a.entry.updated);
    const rows = entries.map(({entry, saved}) => {
      const {friend} = saved;
      const name = saved.players[1 - friend.seat]?.name || t('friend.someone');
      const unsent = friend.turn !== 'mine' && friend.sent < saved.events.length;
      const said = unsent ? t('friend.turn.unsent', {name}) : t(`friend.turn.${friend.turn}`, {name});
      const turn = said.charAt(0).toUpperCase() + said.slice(1);
      const variant = lobby.variant(saved.variant);
      return el('li', {class: 'saved-match friend-match', dataset: {id: entry.id, turn: friend.turn}},
        el('div', {class: 'saved-main'}, el('strong', {text: playerName(saved.players, 1 - friend.seat)}), ' · ',
          el('span', {text: variant ? variantName(variant.id) : saved.variant}), ' · ',
          el('span', {class: 'friend-turn', text: turn})),
        el('button', {type: 'button', class: friend.turn === 'mine' ? 'primary' : '', dataset: {action: 'open-friend', id: entry.id},
                      text: t('friend.open'), onclick: () => { lobby.close(); open(entry.id); }}));
    });
    const paste = el('input', {type: 'url', name: 'friend-link', autocomplete: 'off'});
    const form = el('form', {class: 'friend-paste'},
      el('label', {class: 'field'}, el('span', {text: t('friend.paste_label')}), paste),
      el('button', {type: 'submit', dataset: {action: 'open-link'}, text: t('friend.paste_open')}),
      el('p', {class: 'hint', text: t('friend.paste_hint')}));
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      if (!paste.value.trim()) return;
      lobby.close();
      if (state.engine.status === 'ready') openLink(paste.value.trim());
    });
    return el('div', {class: 'lobby-friends'}, el('h3', {text: t('friend.list_title')}),
      rows.length ? el('ul', {class: 'saved-list', dataset: {list: 'friends'}}, rows)
        : el('p', {class: 'empty', text: t('friend.none')}), form);
  };

}

/** The link as a QR code, drawn as SVG by the pinned qrcode-generator (dist/vendor/). */
async function qrCode(text) {
  const {qrcode} = await import('../../vendor/qrcode.mjs');
  const code = qrcode(0, 'M');
  code.addData(text);
  code.make();
  const count = code.getModuleCount();
  let path = '';
  for (let row = 0; row < count; row += 1) {
    for (let column = 0; column < count; column += 1) {
      if (code.isDark(row, column)) path += `M${column} ${row}h1v1h-1z`;
    }
  }
  return svg('svg', {viewBox: `-4 -4 ${count + 8} ${count + 8}`, role: 'img', 'aria-label': t('friend.qr_label'),
                     class: 'qr-code', dataset: {modules: String(count)}},
    svg('rect', {x: -4, y: -4, width: count + 8, height: count + 8, fill: '#fff'}),
    svg('path', {d: path, fill: '#000'}));
}
