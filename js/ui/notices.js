// The store's notices (storage.js) as lines for the table, in the page's language:
// one line per event, naming what it is about. Everything set aside is said in one
// line ("Set aside, not deleted: the saved match m-…, the list of players …").

import {t} from '../i18n/i18n.js';

const STORED_NAMES = new Map([
  ['filler:players', 'notice.key.players'],
  ['filler:ratings', 'notice.key.ratings'],
  ['filler:settings', 'notice.key.settings'],
  ['filler:index', 'notice.key.index'],
  ['filler:puzzles', 'notice.key.puzzles'],
  ['filler:lessons', 'notice.key.lessons'],
  ['filler:daily', 'notice.key.daily'],
  ['filler:analysis', 'notice.key.analysis'],
]);

/** What a stored key holds, said for a player: "the saved match m-…", "the ratings". */
export function storedName(key = '') {
  if (key.startsWith('filler:match:')) return t('notice.key.match', {id: key.slice('filler:match:'.length)});
  return STORED_NAMES.has(key) ? t(STORED_NAMES.get(key)) : key;
}

const NAMES_SHOWN = 5; // a notice names a few entries; the export holds them all

function namesShown(names) {
  return names.length > NAMES_SHOWN ? `${names.slice(0, NAMES_SHOWN).join(', ')}, …` : names.join(', ');
}

function setAsidePart(notice) {
  const what = storedName(notice.key);
  if (notice.reason === 'entries') {
    const count = notice.entries?.length ?? 0;
    if (notice.key.startsWith('filler:match:')) {
      return t('notice.aside.reviews', {what, count, games: (notice.entries ?? []).join(', ')});
    }
    return t('notice.aside.entries', {what, count, names: namesShown(notice.entries ?? [])});
  }
  if (notice.reason === 'unplayable') return t('notice.aside.unplayable', {what, why: notice.why ?? ''});
  if (notice.reason === 'newer') return t('notice.aside.newer', {what});
  return t('notice.aside.unreadable', {what});
}

function noticeText(notice) {
  const key = `notice.${notice.kind}`;
  const unkept = (notice.unkept ?? []).map((item) => item.kind === 'match'
    ? t('notice.unkept.match', {id: item.id, names: (item.names ?? []).join(', ')})
    : t(`notice.unkept.${item.kind}`));
  const count = notice.matches?.length ?? 0;
  const text = t(key, {count, why: notice.problem ?? '', what: unkept.join(', '),
                      id: notice.id ?? '', beside: notice.beside ?? '', name: notice.name ?? ''}).trim();
  return text === key ? notice.message || notice.kind : text;
}

/** [{kind, text, exportable, indices}]: the lines to show for `notices` (indices: the
 *  notices a line stands for, to dismiss them together). */
export function noticeLines(notices) {
  const lines = [];
  let aside = null;
  notices.forEach((notice, index) => {
    if (notice.kind === 'corrupt') {
      if (!aside) {
        // the export holds what was set aside, as it was (store/transfer.js)
        aside = {kind: 'corrupt', parts: [], indices: [], exportable: true};
        lines.push(aside);
      }
      aside.parts.push(setAsidePart(notice));
      aside.indices.push(index);
      return;
    }
    lines.push({kind: notice.kind, text: noticeText(notice), exportable: Boolean(notice.exportable), indices: [index]});
  });
  if (aside) aside.text = t('notice.corrupt', {what: aside.parts.join('; ')});
  return lines;
}
