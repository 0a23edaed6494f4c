// The rules page (rules.html): the basic rules and every variant, in Dutch and English,
// with example boards drawn by the table's own renderer (board.js) from positions the
// engine computed (snapshots.json: rules_examples, and each variant's starting board).
//
// For links from the game (lobby, table): `rules.html` opens the basic rules,
// `rules.html#<variant id>` (e.g. rules.html#vinco) that variant's section; use
// rulesHref(variantId). A lesson's link adds `?lesson=<id>`: the way back is to it. The page follows the stored language, theme and palette and has
// its own language switch. Each section a lesson of Learn teaches (a basic rule's
// `id`, or a variant's) ends with links to those lessons (`./#learn=<id>`, the lessons
// of snapshots.json), and each lesson links back to its section (rules.html?lesson=<id>#<rule>).

import {el, clear, append} from './dom.js';
import {setLanguage, language, LANGUAGES, LANGUAGE_NAMES, variantName, variantSummary, rulesTexts, t} from '../i18n/i18n.js';
import {Board} from './board.js';
import {applyPalette, applyTheme} from './palette.js';
import {loadSettings, saveSettings} from './settings.js';

/** The link to a variant's rules (or the basic rules without a variant); from a lesson
 *  (its id), the page's way back goes to that lesson. */
export function rulesHref(variantId = '', lesson = null) {
  const page = lesson ? `rules.html?lesson=${encodeURIComponent(lesson)}` : 'rules.html';
  return variantId ? `${page}#${encodeURIComponent(variantId)}` : page;
}

/** The lesson this page was opened from (`?lesson=<id>`, one of snapshots.json's), or null. */
function lessonBack() {
  const id = new URLSearchParams(location.search).get('lesson');
  return (data?.lessons ?? []).some((lesson) => lesson.id === id) ? id : null;
}

const fill = (template, params) => template.replace(/\{(\w+)\}/g, (whole, name) =>
  (Object.hasOwn(params, name) ? String(params[name]) : whole));

function drawBoard(container, layout, state, {preview = null, label = ''} = {}, symbols = false) {
  const board = new Board(container, layout);
  board.root.setAttribute('aria-label', label);
  board.show({colors: state.cell_colors, owners: state.cell_owners, preview, symbols});
  return board;
}

function exampleFigure(name, example, texts, symbols) {
  const {layout, before, after, color, seat} = example;
  const parts = before.previews[String(color)];
  const seatScore = after.sides.find((side) => side.seats.includes(seat))?.score ?? 0;
  const caption = fill(texts.figure[name], {
    color: color + 1, needed: before.needed_to_win, total: before.value_in_play, score: seatScore});
  const beforeBox = el('figure', {class: 'example'});
  const afterBox = el('figure', {class: 'example'});
  drawBoard(beforeBox, layout, before, {preview: {color, seat, ...parts}, label: `${texts.figure.before}: ${caption}`}, symbols);
  drawBoard(afterBox, layout, after, {label: `${texts.figure.after}: ${caption}`}, symbols);
  append(beforeBox, el('figcaption', {text: texts.figure.before}));
  append(afterBox, el('figcaption', {text: texts.figure.after}));
  return el('figure', {class: 'rules-figure', dataset: {example: name}},
    el('div', {class: 'boards'}, beforeBox, afterBox),
    el('figcaption', {text: caption}));
}

/** The lessons of Learn that teach section `id` of this page, as links, or null. */
function lessonLinks(id, data, texts) {
  const lessons = (data?.lessons ?? []).filter((lesson) => lesson.rule === id);
  if (!lessons.length) return null;
  return el('p', {class: 'rules-learn', dataset: {rule: id}}, texts.learn, ' ',
    lessons.flatMap((lesson, index) => [index ? ' · ' : null,
      el('a', {href: `./#learn=${encodeURIComponent(lesson.id)}`, dataset: {lesson: lesson.id},
               text: t(`lesson.${lesson.id}.title`)})]));
}

function blocks(list, data, texts, symbols) {
  // a section runs from a heading to the next: its lessons' links close it
  const out = [];
  let section = null;
  for (const block of [...list, {end: true}]) {
    if ((block.h || block.end) && section) out.push(lessonLinks(section, data, texts));
    if (block.h) section = block.id ?? null;
    out.push(blockElement(block, data, texts, symbols));
  }
  return out;
}

/** The rated variants' names as a list of the page's language ("Quick 8×7, …, Four
 *  players and Duos"): the engine's catalog says which are rated. */
function ratedVariants(data) {
  const names = (data?.variants ?? []).filter((variant) => variant.rated).map((variant) => variantName(variant.id));
  return new Intl.ListFormat(language(), {type: 'conjunction'}).format(names);
}

function blockElement(block, data, texts, symbols) {
  if (block.h) return el('h3', {text: block.h, id: block.id});
  if (block.p) return el('p', {text: fill(block.p, {rated: ratedVariants(data)})});
  if (block.list) return el('ul', {}, block.list.map((item) => el('li', {text: item})));
  if (block.figure) {
    const example = data?.rules_examples?.[block.figure];
    return example ? exampleFigure(block.figure, example, texts, symbols) : null;
  }
  return null;
}

function variantSection(variant, data, texts, symbols) {
  const facts = texts.facts;
  const clock = variant.clock;
  const section = el('section', {class: 'rules-variant', id: variant.id, 'aria-labelledby': `title-${variant.id}`});
  const snapshot = data?.boards?.[variant.id]?.[0]; // the variant's first board
  const name = variantName(variant.id);
  const boardBox = el('div', {class: 'variant-board'});
  if (snapshot) drawBoard(boardBox, snapshot.layout, snapshot.state, {label: fill(facts.start_board, {name})}, symbols);
  // a size or count the variant does not fix is its range (practice: any board)
  const size = Object.fromEntries(Object.entries(variant.sizes).map(([name, [low, high]]) => [name, low === high ? low : `${low}–${high}`]));
  append(section,
    el('h3', {id: `title-${variant.id}`, text: name}),
    snapshot ? boardBox : null,
    el('p', {text: variantSummary(variant.id)}),
    el('p', {text: texts.variant[variant.id] || ''}),
    lessonLinks(variant.id, data, texts),
    el('p', {class: 'rules-facts', text: [
      fill(facts.board, {...size, seats: variant.seats}),
      variant.rated ? facts.rated : facts.unrated,
      clock ? fill(facts.clock, {minutes: clock.bank_ms / 60000, seconds: clock.increment_ms / 1000}) : facts.no_clock,
    ].join(' ')}));
  return section;
}

let data = null;

function render() {
  const settings = loadSettings();
  const texts = rulesTexts();
  const symbols = settings.symbols;
  document.title = `Filler — ${texts.title}`;
  const lesson = lessonBack(); // back to that lesson, not to the game
  Object.assign(document.getElementById('rules-back'), {
    href: lesson ? `./#learn=${encodeURIComponent(lesson)}` : './', textContent: lesson ? texts.back_lesson : texts.back});
  const languages = clear(document.getElementById('rules-languages'));
  for (const code of LANGUAGES) {
    // on a phone the code alone ("NL"), so that "Back to the game" keeps one line
    append(languages, el('button', {type: 'button', lang: code, 'aria-pressed': String(code === language()),
      'aria-label': LANGUAGE_NAMES[code], title: LANGUAGE_NAMES[code], onclick: () => {
        setLanguage(code);
        saveSettings({...loadSettings(), language: code});
        render();
      }}, el('span', {class: 'language-name', text: LANGUAGE_NAMES[code]}),
          el('span', {class: 'language-code', 'aria-hidden': 'true', text: code.toUpperCase()})));
  }
  const variants = data?.variants ?? [];
  const root = clear(document.getElementById('rules'));
  append(root,
    el('h1', {text: texts.title}),
    el('p', {text: texts.intro}),
    el('nav', {class: 'rules-toc', 'aria-label': texts.contents},
      el('ul', {},
        el('li', {}, el('a', {href: '#basic', text: texts.basic_title})),
        variants.map((variant) => el('li', {}, el('a', {href: `#${variant.id}`, text: variantName(variant.id)}))))),
    el('section', {id: 'basic', 'aria-labelledby': 'basic-title'},
      el('h2', {id: 'basic-title', text: texts.basic_title}),
      blocks(texts.basic, data, texts, symbols)),
    el('section', {id: 'variants', 'aria-labelledby': 'variants-title'},
      el('h2', {id: 'variants-title', text: texts.variants_title}),
      el('p', {text: texts.variants_intro}),
      variants.map((variant) => variantSection(variant, data, texts, symbols))),
  );
  document.body.dataset.rulesReady = '1';
}

async function main() {
  const settings = loadSettings();
  setLanguage(settings.language);
  document.documentElement.lang = settings.language;
  applyTheme(document.documentElement, settings.theme);
  applyPalette(document.documentElement, settings.palette);
  document.documentElement.classList.toggle('show-symbols', settings.symbols);
  try {
    const response = await fetch('snapshots.json');
    if (response.ok) data = await response.json();
  } catch {
    data = null; // the text still shows, without the example boards
  }
  render();
  const target = location.hash.slice(1);
  if (target) document.getElementById(decodeURIComponent(target))?.scrollIntoView();
}

if (document.getElementById('rules')) main();
