// A polite live region for screen readers: each move, the captures and the score.
// Each line is kept as a function that says it, so a language switch says the lines
// already there in the new language (without reading them out again).

import {el, append} from './dom.js';
import {onLanguageChange} from '../i18n/i18n.js';

const KEPT = 3;
let region = null;
const lines = []; // [{say, node}]

function ensureRegion() {
  if (!region) {
    region = el('div', {class: 'sr-only', role: 'log', 'aria-live': 'polite', 'aria-atomic': 'false',
                        'aria-relevant': 'additions', id: 'announcements'});
    append(document.body, region);
    onLanguageChange(() => {
      for (const line of lines) line.node.textContent = line.say();
    });
  }
  return region;
}

/** Say a line to screen readers: `say` is its text, or a function that gives its text
 *  in the current language (keeps the last few lines, so nothing is cut off). */
export function announce(say) {
  const line = {say: typeof say === 'function' ? say : () => say};
  const text = line.say();
  if (!text) return;
  line.node = el('p', {text});
  append(ensureRegion(), line.node);
  lines.push(line);
  while (lines.length > KEPT) lines.shift().node.remove();
}

/** For tests: the last announcement. */
export function lastAnnouncement() {
  return region?.lastElementChild?.textContent ?? '';
}
