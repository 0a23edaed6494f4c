// Every text of the page, in Dutch and English. Code asks t('key', {params});
// static markup carries data-i18n="key" (textContent) and
// data-i18n-attr="attribute:key;attribute:key" and is filled by translate().
// What the engine, the worker or the storage refuse comes as a problem {code, params,
// message}: problemText() says it in the current language (texts: problem_texts.js).

import {PROBLEM_TEXTS} from './problem_texts.js';

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
    'status.between': 'Partij {number} begint zodra iedereen klaar is',
    'status.match_over': 'De match is afgelopen',
    'status.replay': 'Terugkijken: de zetten van een bewaarde match',
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
    'actions.resign_game': 'Partij opgeven',
    'actions.resign_match': 'Match opgeven',
    'resign.game_question': '{name} geeft deze partij op en verliest haar; de volgende partij wordt nog gespeeld.',
    'resign.match_title': 'Match opgeven?',
    'resign.match_question': '{name} geeft de hele match op en verliest hem.',
    'clock.label': 'Klok van {name}',
    'match.game': 'Partij {number} van {games}',
    'match.points': 'Punten:',
    'match.total': 'totaal {total}',
    'match.rated': 'telt voor de rating',
    'match.game_over': 'Partij {number} afgelopen',
    'match.over': 'Match afgelopen',
    'match.winner': '{name} wint de match!',
    'match.draw': 'De match eindigt gelijk.',
    'match.kind.clear': 'Gewonnen op punten.',
    'match.kind.cells': 'Gelijk op punten, gewonnen op het totaal.',
    'match.kind.draw': 'Gelijk op punten en totaal.',
    'match.kind.resign': 'Gewonnen door opgave.',
    'match.kind.timeout': 'Gewonnen op tijd: de klok van de tegenstander liep af.',
    'match.points_count': '{points} punten',
    'match.unrated': 'Deze match telt niet voor de rating.',
    'match.ready': 'Klaar voor de volgende partij',
    'match.ready_named': '{name}: klaar voor de volgende partij',
    'match.again': 'Nog een match',
    'match.game_score': 'Partij {number}: {score}',
    'rating.now': '(rating nu {rating})',
    'replay.label': 'Terugkijken',
    'replay.step': 'stap {step} van {total}',
    'replay.first': 'Naar het begin',
    'replay.back': 'Stap terug',
    'replay.forward': 'Stap vooruit',
    'replay.last': 'Naar het eind',
    'notice.dismiss': 'Sluiten',
    'notice.open_elsewhere': 'Deze match is open in een ander tabblad.',
    'notice.taken_over': 'Deze match is overgenomen in een ander tabblad; hier wordt niets meer bewaard.',
    'notice.take_over': 'Hier verder spelen',
    'notice.corrupt': 'Apart gezet, niet gewist: {what}. De rest werkt gewoon.',
    'notice.aside.unreadable': '{what} (onleesbaar of vreemd)',
    'notice.aside.newer': '{what} (van een nieuwere versie van deze site)',
    'notice.aside.unplayable': '{what} (kan niet worden heropend: {why})',
    'notice.aside.entry': 'één ingang van {what} ({names})',
    'notice.aside.entries': '{count} ingangen van {what} ({names})',
    'notice.key.match': 'de bewaarde match {id}',
    'notice.key.players': 'de lijst van spelers',
    'notice.key.ratings': 'de ratings',
    'notice.key.settings': 'de instellingen',
    'notice.key.index': 'de lijst van matches',
    'notice.pruned': 'De opslag was vol: {count} oude afgelopen matches zijn verwijderd.',
    'notice.pruned_one': 'De opslag was vol: 1 oude afgelopen match is verwijderd.',
    'notice.quota': 'De opslag is vol en er kan niets meer weg: {what} wordt alleen in het geheugen bewaard tot deze pagina sluit. Exporteer alles om het te houden.',
    'notice.unkept.match': 'de match {id} ({names})',
    'notice.unkept.players': 'de lijst van spelers',
    'notice.unkept.ratings': 'de ratings',
    'notice.unkept.settings': 'de instellingen',
    'notice.memory': 'Opslag is hier niet beschikbaar: je kunt spelen, maar niets wordt bewaard na het sluiten.',
    'notice.lease-lost': 'Een ander tabblad heeft deze match overgenomen.',
    'notice.unreadable': 'Een bewaarde match kon niet worden heropend. {why}',
    'lobby.tab.new': 'Nieuwe partij',
    'lobby.tab.matches': 'Matches',
    'lobby.tab.players': 'Spelers',
    'lobby.rules_link': 'Alle regels',
    'lobby.kind': 'Soort',
    'lobby.kind.single': 'Eén partij',
    'lobby.kind.match': 'Match van twee partijen',
    'lobby.clock': 'Klok',
    'lobby.clock.default': 'Standaard ({time})',
    'lobby.clock.custom': 'Eigen tijd',
    'lobby.clock.none': 'Geen klok',
    'lobby.clock.bank': 'Minuten',
    'lobby.clock.increment': 'Seconden per zet',
    'lobby.unfinished': 'Onafgemaakte matches',
    'lobby.finished': 'Afgelopen matches',
    'lobby.none': 'Nog geen.',
    'lobby.resume': 'Verder spelen',
    'lobby.replay': 'Terugkijken',
    'lobby.open_elsewhere': 'open in een ander tabblad',
    'lobby.single_game': 'partij',
    'lobby.match_game': 'match',
    'lobby.events': '{count} zetten',
    'lobby.player': 'Speler',
    'lobby.rating': 'Rating',
    'lobby.matches_played': 'Matches',
    'lobby.no_players': 'Nog geen spelers met een rating. Een persoon krijgt er een na een match van twee partijen in een variant met rating.',
    'lobby.bots': 'Computerniveaus (gemeten ratings)',
    'lobby.not_measured': 'De ratings van de computerniveaus zijn nog niet gemeten.',
    'lobby.export': 'Alles exporteren',
    'lobby.import': 'Importeren…',
    'lobby.import_report': '{taken} overgenomen, {unchanged} al aanwezig, {refused} geweigerd.',
    'lobby.import_refused': 'Geweigerd: {what} ({why})',
    'lobby.import_note': 'Ingelezen: {what} ({why})',
    'lobby.import_what.match': 'match {name}',
    'lobby.import_what.player': 'speler {name}',
    'lobby.import_what.rating': 'rating {name}',
    'lobby.import_what.setting': 'instelling {name}',
    'lobby.import_what.file': 'het bestand',
    'lobby.profiles': 'Spelers op dit apparaat',
    'board.label': 'Speelbord: {variant}',
    'cell.obstacle': 'obstakel',
    'cell.dead': 'dood',
    'cell.free': 'vrij',
    'cell.yours': 'van jou',
    'cell.owned': 'van {name}',
    'cell.paint': 'verf',
    'cell.value': 'waarde {value}',
    'cell.crown': 'kroon',
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
    'status.between': 'Game {number} starts when every player is ready',
    'status.match_over': 'The match is over',
    'status.replay': 'Replay: the moves of a saved match',
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
    'actions.resign_game': 'Resign game',
    'actions.resign_match': 'Resign match',
    'resign.game_question': '{name} resigns this game and loses it; the next game is still played.',
    'resign.match_title': 'Resign the match?',
    'resign.match_question': '{name} resigns the whole match and loses it.',
    'clock.label': "{name}'s clock",
    'match.game': 'Game {number} of {games}',
    'match.points': 'Points:',
    'match.total': 'total {total}',
    'match.rated': 'rated',
    'match.game_over': 'Game {number} over',
    'match.over': 'Match over',
    'match.winner': '{name} wins the match!',
    'match.draw': 'The match is drawn.',
    'match.kind.clear': 'Won on points.',
    'match.kind.cells': 'Level on points, won on the total.',
    'match.kind.draw': 'Level on points and total.',
    'match.kind.resign': 'Won by resignation.',
    'match.kind.timeout': "Won on time: the opponent's clock ran out.",
    'match.points_count': '{points} points',
    'match.unrated': 'This match is not rated.',
    'match.ready': 'Ready for the next game',
    'match.ready_named': '{name}: ready for the next game',
    'match.again': 'Another match',
    'match.game_score': 'Game {number}: {score}',
    'rating.now': '(rating now {rating})',
    'replay.label': 'Replay',
    'replay.step': 'step {step} of {total}',
    'replay.first': 'To the start',
    'replay.back': 'Step back',
    'replay.forward': 'Step forward',
    'replay.last': 'To the end',
    'notice.dismiss': 'Dismiss',
    'notice.open_elsewhere': 'This match is open in another tab.',
    'notice.taken_over': 'This match was taken over in another tab; nothing is saved here any more.',
    'notice.take_over': 'Play it here',
    'notice.corrupt': 'Set aside, not deleted: {what}. Everything else works.',
    'notice.aside.unreadable': '{what} (unreadable or foreign)',
    'notice.aside.newer': '{what} (from a newer version of this site)',
    'notice.aside.unplayable': '{what} (cannot be reopened: {why})',
    'notice.aside.entry': 'one entry of {what} ({names})',
    'notice.aside.entries': '{count} entries of {what} ({names})',
    'notice.key.match': 'the saved match {id}',
    'notice.key.players': 'the list of players',
    'notice.key.ratings': 'the ratings',
    'notice.key.settings': 'the settings',
    'notice.key.index': 'the list of matches',
    'notice.pruned': 'Storage was full: {count} old finished matches were removed.',
    'notice.pruned_one': 'Storage was full: 1 old finished match was removed.',
    'notice.quota': 'Storage is full and nothing more can be removed: {what} is kept in memory only until this page closes. Export everything to keep it.',
    'notice.unkept.match': 'the match {id} ({names})',
    'notice.unkept.players': 'the list of players',
    'notice.unkept.ratings': 'the ratings',
    'notice.unkept.settings': 'the settings',
    'notice.memory': 'Storage is not available here: you can play, but nothing is kept after this page closes.',
    'notice.lease-lost': 'Another tab took this match over.',
    'notice.unreadable': 'A saved match could not be reopened. {why}',
    'lobby.tab.new': 'New game',
    'lobby.tab.matches': 'Matches',
    'lobby.tab.players': 'Players',
    'lobby.rules_link': 'Full rules',
    'lobby.kind': 'Kind',
    'lobby.kind.single': 'Single game',
    'lobby.kind.match': 'Match of two games',
    'lobby.clock': 'Clock',
    'lobby.clock.default': 'Standard ({time})',
    'lobby.clock.custom': 'Custom',
    'lobby.clock.none': 'No clock',
    'lobby.clock.bank': 'Minutes',
    'lobby.clock.increment': 'Seconds per move',
    'lobby.unfinished': 'Unfinished matches',
    'lobby.finished': 'Finished matches',
    'lobby.none': 'None yet.',
    'lobby.resume': 'Resume',
    'lobby.replay': 'Replay',
    'lobby.open_elsewhere': 'open in another tab',
    'lobby.single_game': 'game',
    'lobby.match_game': 'match',
    'lobby.events': '{count} moves',
    'lobby.player': 'Player',
    'lobby.rating': 'Rating',
    'lobby.matches_played': 'Matches',
    'lobby.no_players': 'No rated players yet. A person gets a rating after a two-game match in a rated variant.',
    'lobby.bots': 'Computer levels (measured ratings)',
    'lobby.not_measured': 'The computer levels’ ratings have not been measured yet.',
    'lobby.export': 'Export everything',
    'lobby.import': 'Import…',
    'lobby.import_report': '{taken} taken, {unchanged} already here, {refused} refused.',
    'lobby.import_refused': 'Refused: {what} ({why})',
    'lobby.import_note': 'Imported: {what} ({why})',
    'lobby.import_what.match': 'match {name}',
    'lobby.import_what.player': 'player {name}',
    'lobby.import_what.rating': 'rating {name}',
    'lobby.import_what.setting': 'setting {name}',
    'lobby.import_what.file': 'the file',
    'lobby.profiles': 'Players on this device',
    'board.label': 'Board: {variant}',
    'cell.obstacle': 'obstacle',
    'cell.dead': 'dead',
    'cell.free': 'free',
    'cell.yours': 'yours',
    'cell.owned': 'owned by {name}',
    'cell.paint': 'paint',
    'cell.value': 'value {value}',
    'cell.crown': 'crown',
  },
};
Object.assign(STRINGS.nl, PROBLEM_TEXTS.nl);
Object.assign(STRINGS.en, PROBLEM_TEXTS.en);

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

/** The text of `key` in the current language, else in English; undefined if neither
 *  has one (a key named like an inherited property, "constructor", has none). */
function template(key) {
  const own = (strings) => (Object.hasOwn(strings, key) ? strings[key] : undefined);
  return own(STRINGS[current]) ?? own(STRINGS.en);
}

/** The text for `key` in the current language, with {name} placeholders filled;
 *  a param that is a problem ({code, params, message}) is said with problemText. */
export function t(key, params = {}) {
  const text = template(key) ?? key;
  return fill(text, params, (value) => isProblem(value) ? problemText(value) : String(value));
}

function fill(template, params, show) {
  return template.replace(/\{(\w+)\}/g, (whole, name) => Object.hasOwn(params, name) ? show(params[name], name) : whole);
}

const isProblem = (value) => value !== null && typeof value === 'object' && !Array.isArray(value) &&
  ('code' in value || 'message' in value);

/**
 * A problem in the current language: its code's text with its params (colors, seats
 * and turns counted from 1 as the page shows them), followed by the problem that
 * caused it. A code without a text falls back to the problem's own message.
 */
export function problemText(problem) {
  if (!isProblem(problem)) return problem === null || problem === undefined ? '' : String(problem);
  const key = `problem.${problem.code}`;
  const said = template(key);
  if (said === undefined) return problem.message ? String(problem.message) : t('problem.error');
  const params = problem.params && typeof problem.params === 'object' ? problem.params : {};
  const text = fill(said, params, (value, name) => shownParam(name, value));
  if (!text.endsWith(':')) return text;
  return isProblem(params.cause) ? `${text} ${problemText(params.cause)}` : `${text.slice(0, -1)}.`;
}

function shownParam(name, value) {
  const counted = /(^|_)color$|^seat$|^turn$/.test(name);
  if (counted && Number.isInteger(value)) return String(value + 1);
  if (Array.isArray(value)) {
    return value.map((item) => name === 'colors' && Number.isInteger(item) ? item + 1 : item).join(', ');
  }
  if (value === null || value === undefined) return '—';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
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

/** More texts from a module of their own (around.js, rules.js): {nl: {...}, en: {...}}. */
export function addStrings(extra) {
  for (const code of LANGUAGES) Object.assign(STRINGS[code], extra[code]);
}

export const _strings = STRINGS; // for tests: both tables have the same keys
