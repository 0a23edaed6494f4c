// The "Copy link" button: at the table (in its footer) and on a game's result, the link
// of the game as it stands (share.js shareLink), copied, or shown to select where there
// is no clipboard. Not at a table whose game is no link to send: a friend's before its
// end (friend.js sends its own), or one a mode says no for (modes.js linkable).

import {el, replaceChildren, append} from '../ui/dom.js';
import {t} from '../i18n/i18n.js';
import {shareLink} from './share.js';

export function attachCopyLink(app) {
  const {state} = app;
  const shareBox = el('div', {class: 'share-box'});
  function copyButton(place) {
    return el('button', {type: 'button', class: 'share-button', dataset: {action: 'copy-link', place},
                         text: t('share.copy'), onclick: () => copyLink()});
  }
  const tableShare = copyButton('table');
  append(shareBox, tableShare);
  let shownLink = null; // the table and state whose link is shown: a later one hides it
  function forgetStaleLink(table) {
    if (shownLink === null || shownLink === `${table.tableId}:${table.snapshot.state_id}`) return;
    shownLink = null;
    replaceChildren(shareBox, tableShare);
  }
  async function copyLink() {
    const table = state.table;
    if (!table || table.tableId === null) return;
    const link = shareLink(table);
    let copied = false;
    try {
      await navigator.clipboard.writeText(link);
      copied = true;
    } catch {
      copied = false; // no clipboard here (an iframe without the permission): the link shows
    }
    shownLink = `${table.tableId}:${table.snapshot.state_id}`;
    const input = el('input', {type: 'text', readonly: true, class: 'share-link', value: link,
                               'aria-label': t('share.link_label')});
    replaceChildren(shareBox, tableShare, input,
      el('span', {class: 'share-status', role: 'status', text: t(copied ? 'share.copied' : 'share.select')}));
    input.addEventListener('focus', () => input.select());
    if (!copied) input.focus();
  }

  function placeParts(table) {
    const footer = document.querySelector('.table-footer');
    if (footer && shareBox.parentNode !== footer) append(footer, shareBox);
    // a friend's table has its own link to send (friend.js): a second "Copy link" would send a replay;
    // a mode may say no (modes.js linkable: a puzzle has its own link, a day's result is sent without its moves)
    const linkable = app.modes.linkable(table);
    shareBox.hidden = table.tableId === null || !linkable || Boolean(table.friend && !table.snapshot.match?.over);
    const overActions = document.querySelector('.over-panel:not([hidden]) .over-actions');
    if (overActions && linkable && !overActions.querySelector('.share-button')) append(overActions, copyButton('over'));
  }

  let language = null;
  app.drawListeners.add((current) => {
    if (current.settings.language !== language) {
      language = current.settings.language;
      tableShare.textContent = t('share.copy');
    }
    if (!current.table) return;
    placeParts(current.table);
    forgetStaleLink(current.table);
  });
}
