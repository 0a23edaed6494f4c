// Board colors and color symbols. Up to nine colors (keys 1-9).
//
// "standard": bright and clearly apart in hue and lightness.
// "okabe-ito": Okabe & Ito's palette for color-blind viewers (plus a dark slate as
// the ninth), apart for deuteranopia, protanopia and tritanopia.
// Each entry: fill, and the ink that reads on it (for symbols and values).

export const PALETTES = {
  standard: [
    {fill: '#e5484d', ink: '#fff'},   // red
    {fill: '#30a46c', ink: '#fff'},   // green
    {fill: '#3e63dd', ink: '#fff'},   // blue
    {fill: '#f5d90a', ink: '#1d1d1d'}, // yellow
    {fill: '#8e4ec6', ink: '#fff'},   // purple
    {fill: '#05a2c2', ink: '#fff'},   // cyan
    {fill: '#f76b15', ink: '#fff'},   // orange
    {fill: '#e93d82', ink: '#fff'},   // pink
    {fill: '#8d7259', ink: '#fff'},   // brown
  ],
  'okabe-ito': [
    {fill: '#e69f00', ink: '#1d1d1d'}, // orange
    {fill: '#56b4e9', ink: '#1d1d1d'}, // sky blue
    {fill: '#009e73', ink: '#fff'},   // bluish green
    {fill: '#f0e442', ink: '#1d1d1d'}, // yellow
    {fill: '#0072b2', ink: '#fff'},   // blue
    {fill: '#d55e00', ink: '#fff'},   // vermillion
    {fill: '#cc79a7', ink: '#1d1d1d'}, // reddish purple
    {fill: '#b4b4b4', ink: '#1d1d1d'}, // light grey
    {fill: '#3b3b46', ink: '#fff'},   // dark slate
  ],
};

export const PALETTE_NAMES = Object.keys(PALETTES);

// The board of the day's picture to send (flows/daily.js): a square emoji a color, of the
// nine there are (🟥🟧🟨🟩🟦🟪🟫⬛⬜). The day is played on quick, whose six colors (the
// first six) get six squares apart, none white or black (a territory in white reads as
// an empty board; ⬛ is `none`, dead cells and obstacles): the nearest square where there
// is one, and for the standard cyan, which has none, orange, unused on quick.
export const EMOJI = {
  standard: ['🟥', '🟩', '🟦', '🟨', '🟪', '🟧', '🟫', '⬜', '⬛'],
  'okabe-ito': ['🟧', '🟦', '🟩', '🟨', '🟪', '🟥', '🟫', '⬜', '⬛'],
  none: '⬛',
};

/** CSS custom properties (--c0..--c8, --c0-ink..) for a palette on an element. */
export function applyPalette(element, name) {
  const palette = Object.hasOwn(PALETTES, name) ? PALETTES[name] : PALETTES.standard;
  palette.forEach(({fill, ink}, color) => {
    element.style.setProperty(`--c${color}`, fill);
    element.style.setProperty(`--c${color}-ink`, ink);
  });
}

// One upright glyph per color, no two telling apart only by rotation. Paths in a
// box from -1 to 1 (y down), drawn filled in the color's ink.
export const SYMBOLS = [
  'M0-.72A.72.72 0 1 1 0 .72A.72.72 0 1 1 0-.72Z',                  // disc
  'M0-.8L.78.62H-.78Z',                                              // triangle
  'M-.62-.62H.62V.62H-.62Z',                                         // square
  'M-.24-.8H.24V-.24H.8V.24H.24V.8H-.24V.24H-.8V-.24H-.24Z',         // plus
  'M0-.86L.2-.28L.82-.27L.33.1L.51.7L0 .34L-.51.7L-.33.1L-.82-.27L-.2-.28Z', // star
  'M0-.74A.74.74 0 1 1 0 .74A.74.74 0 1 1 0-.74ZM0-.4A.4.4 0 1 0 0 .4A.4.4 0 1 0 0-.4Z', // ring
  'M0 .78L-.7.02A.4.4 0 0 1 0-.5A.4.4 0 0 1 .7.02Z',                 // heart
  'M-.76-.52H.76V-.14H-.76ZM-.76.14H.76V.52H-.76Z',                  // two bars
  'M-.66-.76H.66L0 0L.66.76H-.66L0 0Z',                              // hourglass
];

/** The page's theme: 'auto' follows the system; 'light' or 'dark' sets it, and the
 *  browser's bar (the theme-color metas, one per system scheme) follows it too. */
export function applyTheme(root, theme) {
  if (theme === 'light' || theme === 'dark') root.dataset.theme = theme;
  else delete root.dataset.theme;
  const metas = [...root.ownerDocument.querySelectorAll('meta[name="theme-color"][media]')];
  for (const meta of metas) { // what the page's head says, kept before it is first changed
    meta.dataset.scheme ??= meta.media.includes('dark') ? 'dark' : 'light';
    meta.dataset.color ??= meta.content;
  }
  const chosen = metas.find((meta) => meta.dataset.scheme === theme);
  for (const meta of metas) meta.content = chosen ? chosen.dataset.color : meta.dataset.color;
}
