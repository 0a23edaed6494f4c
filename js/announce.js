// A polite live region for screen readers: each move, the captures and the score.

import {el} from './dom.js';

let region = null;

function ensureRegion() {
  if (!region) {
    region = el('div', {class: 'sr-only', role: 'log', 'aria-live': 'polite', 'aria-atomic': 'false',
                        id: 'announcements'});
    document.body.append(region);
  }
  return region;
}

/** Say `text` to screen readers (keeps the last few lines, so nothing is cut off). */
export function announce(text) {
  if (!text) return;
  const node = ensureRegion();
  node.append(el('p', {text}));
  while (node.childElementCount > 3) node.firstElementChild.remove();
}

/** For tests: the last announcement. */
export function lastAnnouncement() {
  return region?.lastElementChild?.textContent ?? '';
}
