// Your puzzle history (docs/puzzles.md "Your history"), a view of Puzzles
// (flows/puzzles.js): the tries the store keeps (store.getPuzzles().history: the newest
// last), by board and theme, the success rate of each theme, and the puzzles whose last
// try failed, to try again.

import {el} from '../ui/dom.js';
import {t} from '../i18n/i18n.js';
import {puzzleVariant} from '../store/storage.js';

const SHOWN_MORE = 30; // tries listed at first, and more each "Show more"

/** The board filter's value of a try: its board, or 'own' for a puzzle of your games. */
export const boardOf = (id) => (id.startsWith('own-') ? 'own' : puzzleVariant(id));

/** What the history says under `filter` ({variant, theme}: '' for any): {tries (newest
 *  first), solved, themes: [[theme, tries, solved]] (most tried first), failed: the ids
 *  whose last try failed, newest first}. */
export function historyOf(history, {variant = '', theme = ''} = {}) {
  const tries = history.filter((entry) => (!variant || boardOf(entry.id) === variant)
                                          && (!theme || entry.themes.includes(theme))).reverse();
  const byTheme = new Map();
  for (const entry of tries) {
    for (const name of entry.themes) {
      const counted = byTheme.get(name) ?? [name, 0, 0];
      counted[1] += 1;
      counted[2] += entry.solved;
      byTheme.set(name, counted);
    }
  }
  const last = new Map(); // id -> its newest try
  for (const entry of tries) if (!last.has(entry.id)) last.set(entry.id, entry);
  return {
    tries,
    solved: tries.filter((entry) => entry.solved).length,
    themes: [...byTheme.values()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])),
    failed: [...last.values()].filter((entry) => !entry.solved).map((entry) => entry.id),
  };
}

const percent = (part, whole) => (whole ? Math.round(100 * part / whole) : 0);

/** The history's part of the panel. `view`: {history, filter, shown, variants (the
 *  board filter's [value, name]), themes (the theme filter's [value, name])};
 *  `actions`: {filter(next), more(), open(id), again(ids)}. */
export function historyView({history, filter, shown, variants, themes}, actions) {
  const seen = historyOf(history, filter);
  const themeName = (name) => themes.find(([value]) => value === name)?.[1] ?? name;
  const select = (field, options) => el('select', {id: `puzzle-history-${field}`,
    dataset: {action: `puzzle-history-${field}`}, onchange: (event) => actions.filter({...filter, [field]: event.target.value})},
    el('option', {value: '', text: t(`puzzle.history.${field}_any`), selected: !filter[field]}),
    options.map(([value, name]) => el('option', {value, text: name, selected: value === filter[field]})));
  const rows = seen.tries.slice(0, shown).map((entry) => el('li', {class: 'puzzle-try', dataset: {id: entry.id,
    solved: String(entry.solved), play: entry.play}},
    el('span', {class: 'puzzle-try-mark', 'aria-hidden': 'true', text: entry.solved ? '✓' : '✗'}),
    el('button', {type: 'button', class: 'puzzle-id-button', dataset: {action: 'puzzle-history-open'},
                  text: entry.id, onclick: () => actions.open(entry.id)}),
    el('span', {class: 'puzzle-try-about', text: [t(entry.solved ? 'puzzle.history.solved' : 'puzzle.history.failed'),
      variants.find(([value]) => value === boardOf(entry.id))?.[1] ?? boardOf(entry.id),
      t(`puzzle.history.play.${entry.play}`), ...entry.themes.map(themeName)].join(' · ')})));
  return el('div', {class: 'puzzle-history', dataset: {tries: String(seen.tries.length), solved: String(seen.solved),
                                                      failed: String(seen.failed.length)}},
    el('div', {class: 'puzzle-filters'},
      el('label', {for: 'puzzle-history-variant', text: t('puzzle.board')}), select('variant', variants),
      el('label', {for: 'puzzle-history-theme', text: t('puzzle.theme')}), select('theme', themes)),
    el('p', {class: 'puzzle-history-sum', text: seen.tries.length
      ? t('puzzle.history.sum', {count: seen.tries.length, solved: seen.solved, percent: percent(seen.solved, seen.tries.length)})
      : t(history.length ? 'puzzle.history.none_here' : 'puzzle.history.none')}),
    seen.failed.length ? el('p', {},
      el('button', {type: 'button', class: 'primary', dataset: {action: 'puzzle-history-again', focus: 'history-again'},
                    text: t('puzzle.history.again', {count: seen.failed.length}), onclick: () => actions.again(seen.failed)})) : null,
    seen.themes.length ? el('table', {class: 'puzzle-themes'},
      el('caption', {text: t('puzzle.history.by_theme')}),
      el('thead', {}, el('tr', {},
        ['theme', 'tries', 'solved', 'rate'].map((column) => el('th', {scope: 'col', text: t(`puzzle.history.column.${column}`)})))),
      el('tbody', {}, seen.themes.map(([name, tries, solved]) => el('tr', {dataset: {theme: name}},
        el('th', {scope: 'row', text: themeName(name)}), el('td', {text: String(tries)}), el('td', {text: String(solved)}),
        el('td', {text: `${percent(solved, tries)} %`}))))) : null,
    rows.length ? el('h3', {class: 'puzzle-history-heading', text: t('puzzle.history.tries')}) : null,
    rows.length ? el('ol', {class: 'puzzle-tries'}, rows) : null,
    seen.tries.length > shown ? el('button', {type: 'button', dataset: {action: 'puzzle-history-more', focus: 'history-more'},
      text: t('puzzle.history.more'), onclick: () => actions.more(SHOWN_MORE)}) : null);
}

export const HISTORY_SHOWN = SHOWN_MORE;
