// Short generated tones (Web Audio, no audio files): a move, the other side's move,
// low time. The audio context is made on the first user gesture (autoplay rules).
// Whether it is on is a setting the store keeps (settings.js), so an export carries it.

import {loadSound, saveSound} from './settings.js';

let enabled = null; // null: not chosen in this visit (the stored choice, else the default)
let defaultOn = true;
let context = null;

/** The embed starts with sound off; a stored choice or a URL parameter wins. */
export function setSoundDefault(on) {
  defaultOn = on;
}

export function soundOn() {
  return enabled ?? loadSound(defaultOn);
}

/** Turn sound on or off; `keep` stores the choice for later visits (a setting, settings.js). */
export function setSound(on, {keep = true} = {}) {
  enabled = Boolean(on);
  if (keep) saveSound(enabled);
}

function audio() {
  if (context) return context;
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context || !navigator.userActivation?.hasBeenActive) return null;
  try {
    context = new Context();
  } catch {
    context = null;
  }
  return context;
}

let waiting = null; // the tones asked for while the context is being made

/** A tone; the first of a visit waits for the context, made once the frame that asked
 * for it is painted (making one takes tens of milliseconds: the move is drawn first). */
function tone(...args) {
  if (context) return play(...args);
  if (!window.AudioContext && !window.webkitAudioContext) return;
  if (waiting) return void waiting.push(args);
  waiting = [args];
  const make = () => setTimeout(() => {
    const tones = waiting;
    waiting = null;
    if (audio()) tones.forEach((queued) => play(...queued));
  }, 0);
  if (document.hidden) make();
  else requestAnimationFrame(make);
}

function play(frequency, duration, {delay = 0, volume = 0.08, type = 'sine'} = {}) {
  const ctx = context;
  if (ctx.state === 'suspended') ctx.resume().catch(() => {});
  const start = ctx.currentTime + delay;
  const oscillator = ctx.createOscillator();
  const gain = ctx.createGain();
  oscillator.type = type;
  oscillator.frequency.setValueAtTime(frequency, start);
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(volume, start + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + duration);
  oscillator.connect(gain).connect(ctx.destination);
  oscillator.start(start);
  oscillator.stop(start + duration + 0.02);
}

/** A move: higher for a bigger capture; `own` for a person's move, lower for others. */
export function moveSound(captured, own) {
  if (!soundOn()) return;
  const base = own ? 523 : 392;
  tone(base, 0.12);
  if (captured > 0) tone(base * (1 + Math.min(captured, 24) / 48), 0.14, {delay: 0.07});
}

export function gameEndSound(won) {
  if (!soundOn()) return;
  const notes = won ? [523, 659, 784] : [392, 330];
  notes.forEach((frequency, index) => tone(frequency, 0.22, {delay: index * 0.14}));
}

/** Low time on the clock (js/ui/table.js or the clock code calls this once per alarm). */
export function lowTimeSound() {
  if (!soundOn()) return;
  tone(880, 0.08, {type: 'square', volume: 0.04});
  tone(880, 0.08, {delay: 0.16, type: 'square', volume: 0.04});
}
