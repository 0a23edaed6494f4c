"""The dark theme, stated once: the system's dark preference and the "Dark" option
paint the same colors, the browser's bar (theme-color) included (and likewise for
light), styles/main.css declares each of the page's theme properties once, and the
forbidden color buttons stay visible in either theme."""

import re

from driver import ROOT, choose_in_options, settle, wait_engine, wait_my_turn

MAIN_CSS = ROOT / "styles" / "main.css"

# Every theme property of :root resolved to what it paints (as a color and as a
# shadow), and the painted colors of a few parts of the table, once the transitions
# the change of theme started have ended.
PAINTED = """async () => {
  // (a cancelled transition rejects its promise: whatever replaced it is awaited next)
  for (let round = 0; round < 10 && document.getAnimations().length; round++) {
    await Promise.allSettled(document.getAnimations().map((animation) => animation.finished));
  }
  const names = [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules])
    .filter((rule) => rule.selectorText === ':root')
    .flatMap((rule) => [...rule.style].filter((name) => name.startsWith('--')));
  const probe = document.createElement('div');
  document.body.append(probe);
  const painted = {};
  for (const name of names) {
    probe.style.setProperty('color', `var(${name})`);
    probe.style.setProperty('box-shadow', `var(${name})`);
    const style = getComputedStyle(probe);
    painted[name] = `${style.color} / ${style.boxShadow}`;
  }
  probe.remove();
  const parts = {body: document.body, card: document.querySelector('.side-card'),
                 button: document.querySelector('#new-game'), frame: document.querySelector('.board-bg')};
  for (const [part, node] of Object.entries(parts)) {
    const style = getComputedStyle(node);
    painted[part] = [style.backgroundColor, style.color, style.boxShadow, style.fill, style.borderColor].join(' / ');
  }
  // the browser's own bar: the theme-color of the scheme the system has now
  painted.bar = [...document.querySelectorAll('meta[name="theme-color"]')]
    .filter((meta) => !meta.media || matchMedia(meta.media).matches).map((meta) => meta.content).join();
  return painted;
}"""


def painted(page, system, theme):
    page.emulate_media(color_scheme=system)
    page.select_option('dialog.options select[name="theme"]', theme)
    page.wait_for_function("(theme) => (document.documentElement.dataset.theme || 'auto') === theme", arg=theme)
    return page.evaluate(PAINTED)


def test_the_dark_option_and_the_systems_dark_paint_the_same(booted_page):
    page = booted_page
    page.click("#open-options")
    try:
        system_dark = painted(page, "dark", "auto")
        option_dark = painted(page, "light", "dark")
        system_light = painted(page, "light", "auto")
        option_light = painted(page, "dark", "light")
    finally:
        page.select_option('dialog.options select[name="theme"]', "auto")
        page.emulate_media(color_scheme="light")
        page.keyboard.press("Escape")
    assert len(system_dark) > 10
    assert system_dark == option_dark
    assert system_light == option_light
    assert system_dark["--bg"] != system_light["--bg"] and system_dark["body"] != system_light["body"]
    assert system_dark["bar"] != system_light["bar"]


def test_each_theme_property_is_declared_once():
    css = re.sub(r"/\*.*?\*/", "", MAIN_CSS.read_text(encoding="utf-8"), flags=re.DOTALL)
    declared = {}
    for selector, body in re.findall(r"([^{}]*)\{([^{}]*)\}", css):
        if selector.strip().startswith(":root"):
            for name in re.findall(r"(--[\w-]+)\s*:", body):
                declared[name] = declared.get(name, 0) + 1
    assert "--bg" in declared and "--text" in declared
    assert {name: count for name, count in declared.items() if count > 1} == {}


CONTRAST = """async ([url, background]) => {
  const image = new Image();
  image.src = url;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = image.width;
  canvas.height = image.height;
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const {data} = context.getImageData(0, 0, image.width, image.height);
  const luminance = (r, g, b) => {
    const channel = (value) => { const c = value / 255; return c <= .03928 ? c / 12.92 : ((c + .055) / 1.055) ** 2.4; };
    return .2126 * channel(r) + .7152 * channel(g) + .0722 * channel(b);
  };
  const [br, bg, bb] = background.match(/\\d+/g).map(Number);
  const back = luminance(br, bg, bb);
  let best = 1;
  for (let i = 0; i < data.length; i += 4) {
    const own = luminance(data[i], data[i + 1], data[i + 2]);
    best = Math.max(best, (Math.max(own, back) + .05) / (Math.min(own, back) + .05));
  }
  return best;
}"""


def strongest_contrast(page, locator):
    """The strongest contrast (WCAG ratio) of any pixel of `locator` against the page."""
    import base64
    shot = base64.b64encode(locator.screenshot()).decode()
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    return page.evaluate(CONTRAST, [f"data:image/png;base64,{shot}", background])


def test_forbidden_color_buttons_stay_visible(page, site_url, boot):
    boot(page, f"{site_url}#variant=classic&theme=dark")
    wait_engine(page)
    wait_my_turn(page)
    for theme in ("dark", "light"):
        if theme != "dark":
            choose_in_options(page, "theme", theme)
            page.wait_for_function("(theme) => document.documentElement.dataset.theme === theme", arg=theme)
            settle(page)
        page.mouse.move(0, 0)
        forbidden = page.locator(".color-button[data-forbidden]")
        assert forbidden.count() == 2
        for index in range(2):  # WCAG: a control's outline
            assert strongest_contrast(page, forbidden.nth(index)) >= 3, theme
