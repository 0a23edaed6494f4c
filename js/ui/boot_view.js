// What the page shows while the engine boots (a progress bar, a failure with "Try
// again"; an engine that stopped again right after a restart says so) and when a new
// version of the site is waiting. main.js puts bootParts in #boot-slot and calls
// drawBootParts(state, {retry}) on every draw.

import {el, clear, append, replaceChildren} from './dom.js';
import {t, problemText} from '../i18n/i18n.js';

const bootBar = el('div', {class: 'boot-bar', role: 'progressbar', 'aria-valuemin': 0, 'aria-valuemax': 100});
const bootPanel = el('div', {class: 'boot-panel', hidden: true});
const updateBanner = el('div', {class: 'update-banner', role: 'status', hidden: true});

export const bootParts = [bootBar, bootPanel, updateBanner];

/** state: the page's ({engine, table, update}); retry(): start the engine again. */
export function drawBootParts(state, {retry}) {
  drawBoot(state, retry);
  drawUpdate(state);
}

function drawUpdate(state) {
  updateBanner.hidden = !state.update;
  if (!state.update) return;
  replaceChildren(updateBanner,
    el('span', {text: t('update.ready')}),
    el('button', {type: 'button', class: 'primary', dataset: {action: 'reload'}, text: t('update.reload'),
                  onclick: () => state.update.apply()}));
}

function drawBoot(state, retry) {
  const {status, stage, fraction, error} = state.engine;
  bootBar.hidden = status !== 'booting';
  bootBar.style.setProperty('--fraction', String(fraction || 0));
  bootBar.setAttribute('aria-valuenow', String(Math.round(100 * (fraction || 0))));
  bootBar.setAttribute('aria-label', t('boot.loading'));
  const label = t(`boot.stage.${stage}`);
  bootBar.dataset.label = label.startsWith('boot.') ? t('boot.loading') : label;
  bootPanel.hidden = status === 'ready' || (status === 'booting' && state.table);
  // a failure is written once (again when it or the language changes): its "Try again"
  // stays the same button while the page is drawn again, so a press on it that a draw
  // comes between (the pointer leaving another button redraws the page) is still a click
  const failure = status === 'failed' ? JSON.stringify([state.settings.language, error]) : '';
  if (failure && bootPanel.dataset.failure === failure) return;
  bootPanel.dataset.failure = failure;
  clear(bootPanel);
  if (status === 'failed') {
    const stopped = error?.code === 'engine.stopped'; // it ran, then stopped again right after a restart (boot.js)
    append(bootPanel,
      el('p', {class: 'boot-error-title', text: t(stopped ? 'boot.stopped' : 'boot.failed')}),
      el('p', {class: 'boot-error-message', text: stopped ? t('boot.stopped_hint') : problemText(error)}),
      el('button', {type: 'button', class: 'primary', dataset: {action: 'retry'}, text: t('boot.retry'),
                    onclick: retry}));
  } else if (status === 'booting' && !state.table) {
    append(bootPanel, el('p', {class: 'boot-message', text: bootBar.dataset.label}),
      el('div', {class: 'boot-bar static'}));
    bootPanel.lastChild.style.setProperty('--fraction', String(fraction || 0));
  }
}
