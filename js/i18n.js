// Every text of the page, in Dutch and English. Code asks t('key', {params});
// static markup carries data-i18n="key" (textContent) and
// data-i18n-attr="attribute:key;attribute:key" and is filled by translate().

const STRINGS = {
  nl: {
    'app.title': 'Filler — 7 kleuren',
    'app.name': 'Filler',
    'app.subtitle': '7 kleuren',
    'boot.loading': 'De rekenaar wordt geladen…',
    'boot.stage.runtime': 'Pyodide laden…',
    'boot.stage.python': 'Python starten…',
    'boot.stage.engine': 'Spelregels laden…',
    'boot.stage.import': 'Spelregels starten…',
    'boot.stage.ready': 'Klaar',
    'boot.failed': 'Het spel kon niet starten.',
    'boot.retry': 'Opnieuw proberen',
    'boot.queued': 'Je zet wordt gespeeld zodra de rekenaar klaar is…',
    'error.request': 'Dat ging mis: {message}',
    'update.ready': 'Er is een nieuwe versie van Filler.',
    'update.reload': 'Opnieuw laden',
    'nav.new_game': 'Nieuwe partij',
    'nav.options': 'Opties',
    'nav.close': 'Sluiten',
    'options.title': 'Opties',
    'options.symbols': 'Kleursymbolen',
    'options.palette': 'Kleuren',
    'options.palette.standard': 'Standaard',
    'options.palette.okabe-ito': 'Kleurenblind-veilig',
    'options.theme': 'Thema',
    'options.theme.auto': 'Zoals het systeem',
    'options.theme.light': 'Licht',
    'options.theme.dark': 'Donker',
    'options.language': 'Taal',
    'lobby.title': 'Nieuwe partij',
    'lobby.variant': 'Variant',
    'lobby.shape': 'Vorm',
    'lobby.shape.square': 'Vierkanten',
    'lobby.shape.hex': 'Zeshoeken',
    'lobby.shape.diamond': 'Ruiten',
    'lobby.width': 'Breedte',
    'lobby.height': 'Hoogte',
    'lobby.colors': 'Kleuren',
    'lobby.seats': 'Spelers',
    'lobby.seat': 'Plaats {number}',
    'lobby.person': 'Persoon',
    'lobby.computer': 'Computer',
    'lobby.name': 'Naam',
    'lobby.level': 'Niveau',
    'lobby.team': 'team {team}',
    'lobby.start': 'Spelen',
    'lobby.cancel': 'Annuleren',
    'lobby.corner.bl': 'linksonder',
    'lobby.corner.tl': 'linksboven',
    'lobby.corner.tr': 'rechtsboven',
    'lobby.corner.br': 'rechtsonder',
    'level.beginner': 'Beginner',
    'level.greedy': 'Gulzig',
    'level.lookahead': 'Vooruitdenker',
    'level.master': 'Meester',
    'player.you': 'Jij',
    'player.person': 'Speler {number}',
    'player.computer': 'Computer',
    'team.name': '{first} & {second}',
    'header.needed': 'Nodig om te winnen',
    'header.needed_of': 'van {total}',
    'header.to_equator': 'nog {count} tot de evenaar',
    'header.past_equator': 'evenaar gepasseerd',
    'header.best': 'hoogstens {count}',
    'header.ahead': '{count} voor',
    'header.behind': '{count} achter',
    'header.level': 'gelijk',
    'header.to_move': 'aan zet',
    'header.thinking': 'denkt na…',
    'header.out': 'uit het spel',
    'status.your_turn': '{name} is aan zet',
    'status.thinking': '{name} denkt na…',
    'status.over': 'De partij is afgelopen',
    'status.hint': 'Tip: kleur {number}',
    'actions.undo': 'Zet terugnemen',
    'actions.hint': 'Tip',
    'actions.resign': 'Opgeven',
    'resign.title': 'Partij opgeven?',
    'resign.question': '{name} geeft deze partij op en verliest haar.',
    'controls.label': 'Kies een kleur',
    'controls.color': 'Kleur {number}',
    'controls.takes': '{count} vakjes',
    'controls.takes_one': '1 vakje',
    'controls.takes_enclosure': '{count} vakjes, waarvan {enclosed} ingesloten',
    'controls.takes_value': 'waarde {value}',
    'controls.takes_nothing': 'Pakt niets (blokkeert wel de kleur)',
    'controls.forbidden_own': 'Niet toegestaan: je huidige kleur',
    'controls.forbidden_other': 'Niet toegestaan: de huidige kleur van {name}',
    'controls.not_your_turn': '{name} is aan zet',
    'over.title': 'Partij afgelopen',
    'over.winner': '{name} wint!',
    'over.draw': 'Remise!',
    'over.reason.equator': 'De winnaar is voorbij de evenaar.',
    'over.reason.clinched': 'Niemand kan de winnaar nog inhalen.',
    'over.reason.filled': 'Er zijn geen vrije vakjes meer te winnen.',
    'over.reason.crown': 'De kroon is veroverd.',
    'over.reason.stalemate': 'Vier rondes lang werd niets veroverd.',
    'over.reason.resign': 'Opgegeven.',
    'over.chart': 'Gebied per zet',
    'over.equator': 'evenaar',
    'over.chart_label': 'Grafiek van het gebied van elke speler per zet',
    'over.moves': '{count} zetten',
    'over.again': 'Nog een keer',
    'over.new': 'Andere partij',
    'board.label': 'Speelbord: {variant}',
  },
  en: {
    'app.title': 'Filler — 7 Colors',
    'app.name': 'Filler',
    'app.subtitle': '7 Colors',
    'boot.loading': 'Loading the engine…',
    'boot.stage.runtime': 'Loading Pyodide…',
    'boot.stage.python': 'Starting Python…',
    'boot.stage.engine': 'Loading the rules…',
    'boot.stage.import': 'Starting the rules…',
    'boot.stage.ready': 'Ready',
    'boot.failed': 'The game could not start.',
    'boot.retry': 'Try again',
    'boot.queued': 'Your move will be played as soon as the engine is ready…',
    'error.request': 'Something went wrong: {message}',
    'update.ready': 'A new version of Filler is ready.',
    'update.reload': 'Reload',
    'nav.new_game': 'New game',
    'nav.options': 'Options',
    'nav.close': 'Close',
    'options.title': 'Options',
    'options.symbols': 'Color symbols',
    'options.palette': 'Colors',
    'options.palette.standard': 'Standard',
    'options.palette.okabe-ito': 'Color-blind safe',
    'options.theme': 'Theme',
    'options.theme.auto': 'As the system',
    'options.theme.light': 'Light',
    'options.theme.dark': 'Dark',
    'options.language': 'Language',
    'lobby.title': 'New game',
    'lobby.variant': 'Variant',
    'lobby.shape': 'Shape',
    'lobby.shape.square': 'Squares',
    'lobby.shape.hex': 'Hexagons',
    'lobby.shape.diamond': 'Diamonds',
    'lobby.width': 'Width',
    'lobby.height': 'Height',
    'lobby.colors': 'Colors',
    'lobby.seats': 'Players',
    'lobby.seat': 'Seat {number}',
    'lobby.person': 'Person',
    'lobby.computer': 'Computer',
    'lobby.name': 'Name',
    'lobby.level': 'Level',
    'lobby.team': 'team {team}',
    'lobby.start': 'Play',
    'lobby.cancel': 'Cancel',
    'lobby.corner.bl': 'bottom left',
    'lobby.corner.tl': 'top left',
    'lobby.corner.tr': 'top right',
    'lobby.corner.br': 'bottom right',
    'level.beginner': 'Beginner',
    'level.greedy': 'Greedy',
    'level.lookahead': 'Lookahead',
    'level.master': 'Master',
    'player.you': 'You',
    'player.person': 'Player {number}',
    'player.computer': 'Computer',
    'team.name': '{first} & {second}',
    'header.needed': 'Needed to win',
    'header.needed_of': 'of {total}',
    'header.to_equator': '{count} to the equator',
    'header.past_equator': 'past the equator',
    'header.best': 'at most {count}',
    'header.ahead': '{count} ahead',
    'header.behind': '{count} behind',
    'header.level': 'even',
    'header.to_move': 'to move',
    'header.thinking': 'thinking…',
    'header.out': 'out',
    'status.your_turn': '{name} to move',
    'status.thinking': '{name} is thinking…',
    'status.over': 'The game is over',
    'status.hint': 'Hint: color {number}',
    'actions.undo': 'Take back',
    'actions.hint': 'Hint',
    'actions.resign': 'Resign',
    'resign.title': 'Resign the game?',
    'resign.question': '{name} resigns this game and loses it.',
    'controls.label': 'Choose a color',
    'controls.color': 'Color {number}',
    'controls.takes': '{count} cells',
    'controls.takes_one': '1 cell',
    'controls.takes_enclosure': '{count} cells, {enclosed} of them enclosed',
    'controls.takes_value': 'value {value}',
    'controls.takes_nothing': 'Takes nothing (but blocks the color)',
    'controls.forbidden_own': 'Not allowed: your current color',
    'controls.forbidden_other': 'Not allowed: {name}’s current color',
    'controls.not_your_turn': '{name} to move',
    'over.title': 'Game over',
    'over.winner': '{name} wins!',
    'over.draw': 'A draw!',
    'over.reason.equator': 'The winner passed the equator.',
    'over.reason.clinched': 'Nobody can catch the winner any more.',
    'over.reason.filled': 'No free cells are left to win.',
    'over.reason.crown': 'The crown was taken.',
    'over.reason.stalemate': 'Nothing was captured for four rounds.',
    'over.reason.resign': 'Resigned.',
    'over.chart': 'Territory move by move',
    'over.equator': 'equator',
    'over.chart_label': 'Chart of each player’s territory move by move',
    'over.moves': '{count} moves',
    'over.again': 'Play again',
    'over.new': 'Another game',
    'board.label': 'Board: {variant}',
  },
};

export const LANGUAGES = ['nl', 'en'];
export const LANGUAGE_NAMES = {nl: 'Nederlands', en: 'English'};

let current = 'en';
const listeners = new Set();

/** The browser's preferred language among ours (Dutch for nl-*, else English). */
export function browserLanguage() {
  for (const tag of navigator.languages || [navigator.language || '']) {
    const base = String(tag).toLowerCase().split('-')[0];
    if (LANGUAGES.includes(base)) return base;
  }
  return 'en';
}

export function language() {
  return current;
}

export function setLanguage(code) {
  if (!LANGUAGES.includes(code) || code === current) return;
  current = code;
  document.documentElement.lang = code;
  for (const listener of listeners) listener(code);
}

export function onLanguageChange(listener) {
  listeners.add(listener);
}

/** The text for `key` in the current language, with {name} placeholders filled. */
export function t(key, params = {}) {
  const template = STRINGS[current][key] ?? STRINGS.en[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (whole, name) =>
    name in params ? String(params[name]) : whole);
}

/** A localized name from a {nl, en} object sent by the engine. */
export function pick(names) {
  if (!names) return '';
  return names[current] ?? names.en ?? '';
}

/** Fill data-i18n / data-i18n-attr elements under root. */
export function translate(root = document) {
  for (const node of root.querySelectorAll('[data-i18n]')) {
    node.textContent = t(node.dataset.i18n);
  }
  for (const node of root.querySelectorAll('[data-i18n-attr]')) {
    for (const pair of node.dataset.i18nAttr.split(';')) {
      const [attribute, key] = pair.split(':');
      if (attribute && key) node.setAttribute(attribute.trim(), t(key.trim()));
    }
  }
}

export const _strings = STRINGS; // for tests: both tables have the same keys
