// embed.html in another site's iframe: events to the host page, commands from it.
//
// Every message is {type, payload}. The embed posts to its parent:
//   ready        {variant, seed}                    the engine is up, the board takes moves
//   gameStarted  {variant, seed, options, players, games, gameIndex}
//   move         {seat, color, moveNumber, captured, scores}    color 0 = key 1
//   gameEnded    {winners, scores, reason, gameIndex}  winners: side numbers ([] a draw)
//   matchEnded   {outcome, points, totals}             two-game matches only
//   resize       {height}                            the page's height in CSS pixels
// and takes these commands from its parent:
//   newGame      {seed?, variant?}                   a new game (same parameters)
//   setTheme     {theme: 'auto'|'light'|'dark'}
//   setLanguage  {language: 'nl'|'en'}
//   setSymbols   {symbols: true|false}
//
// Origins: with `origin=<host origin>` in the URL, events go to that origin only and
// commands are taken only from the parent window at that origin. Without it the
// embed takes the parent's origin from the browser (location.ancestorOrigins, else
// the referrer); when that is unknown, events go to any origin ('*') and commands are
// ignored.

import {isEmbed} from './launch.js';

export const EVENT_SOURCE = 'filler';

/** The parent's origin: the `origin` parameter, else what the browser tells. */
export function parentOrigin(given) {
  if (given) return given;
  const ancestors = location.ancestorOrigins;
  if (ancestors && ancestors.length && ancestors[0] !== 'null') return ancestors[0];
  try {
    if (document.referrer) return new URL(document.referrer).origin;
  } catch {
    // no usable referrer
  }
  return null;
}

export class EmbedChannel {
  /** handlers: {newGame(payload), setTheme(theme), setLanguage(code), setSymbols(on)} */
  constructor({origin, handlers}) {
    this.origin = parentOrigin(origin);
    this.handlers = handlers;
    this.framed = window.parent !== window;
    this.lastHeight = 0;
    window.addEventListener('message', (event) => this.receive(event));
    if (this.framed && 'ResizeObserver' in window) {
      const observer = new ResizeObserver(() => this.sendHeight());
      observer.observe(document.documentElement);
    }
  }

  post(type, payload = {}) {
    if (!this.framed) return;
    window.parent.postMessage({source: EVENT_SOURCE, type, payload}, this.origin || '*');
  }

  sendHeight() {
    const height = Math.ceil(document.documentElement.scrollHeight);
    if (height === this.lastHeight) return;
    this.lastHeight = height;
    this.post('resize', {height});
  }

  receive(event) {
    // only the parent window, only from its known origin
    if (!this.framed || event.source !== window.parent) return;
    if (!this.origin || event.origin !== this.origin) return;
    const message = event.data;
    if (!message || typeof message !== 'object' || typeof message.type !== 'string') return;
    const payload = message.payload && typeof message.payload === 'object' ? message.payload : {};
    const handlers = {
      newGame: () => this.handlers.newGame(payload),
      setTheme: () => this.handlers.setTheme(payload.theme),
      setLanguage: () => this.handlers.setLanguage(payload.language),
      setSymbols: () => this.handlers.setSymbols(payload.symbols),
    };
    // a type named like an inherited property ("constructor", "__proto__") is unknown
    if (Object.hasOwn(handlers, message.type)) handlers[message.type]();
  }
}

/** In embed.html (main.js): the channel to the host page, taking its commands; null
 *  elsewhere. */
export function attachEmbed(app, launch) {
  if (!isEmbed()) return null;
  const {state} = app;
  return new EmbedChannel({origin: launch.origin, handlers: {
    newGame: (payload) => {
      const seed = Number.isInteger(payload.seed) && payload.seed >= 0 ? payload.seed : null;
      const variant = state.catalog.variants.some((entry) => entry.id === payload.variant) ? payload.variant : null;
      const config = {...state.config, seed};
      if (variant && variant !== config.variant) {
        config.variant = variant;
        config.options = {};
      }
      app.startGame(config);
    },
    setTheme: (theme) => {
      if (['auto', 'light', 'dark'].includes(theme)) { state.settings.theme = theme; app.applySettings(); }
    },
    setLanguage: (code) => {
      if (['nl', 'en'].includes(code)) { state.settings.language = code; app.applySettings(); }
    },
    setSymbols: (on) => {
      if (typeof on === 'boolean') { state.settings.symbols = on; app.applySettings(); }
    },
  }});
}
