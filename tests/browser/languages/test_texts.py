"""Texts: one catalog per language, plurals and the second person, as a player reads them.

The catalogs are js/i18n/<language>.js; every key must exist in every language with the
same placeholders, and a text's forms (plurals, "you") must be ones the language has.
"""

import re

from driver import BOOT_TIMEOUT_MS, ROOT, switch_language, wait_engine, winning_moves

import filler


CATALOGS = """async () => {
  const {LANGUAGES} = await import('./js/i18n/i18n.js');
  const catalogs = {};
  for (const code of LANGUAGES) {
    const catalog = (await import(`./js/i18n/${code}.js`)).default;
    const plural = new Intl.PluralRules(code).resolvedOptions().pluralCategories;
    const texts = {};
    for (const [key, text] of Object.entries(catalog.texts)) {
      const forms = [];
      const walk = (value, path) => {
        if (typeof value === 'string') forms.push([path, value]);
        else {
          const kind = Object.hasOwn(value, 'you') ? 'person' : 'plural';
          for (const [name, inner] of Object.entries(value)) walk(inner, [...path, [kind, name]]);
        }
      };
      walk(text, []);
      texts[key] = forms;
    }
    const shape = (value) => Array.isArray(value) ? value.map(shape)
      : value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v)])) : typeof value;
    catalogs[code] = {language: catalog.language, name: catalog.name, plural, texts, rules: shape(catalog.rules)};
  }
  return catalogs;
}"""

PERSON_FORMS = {"you", "team", "other"}


def placeholders(forms):
    return {name for _, text in forms for name in re.findall(r"\{(\w+)\}", text)}


def test_every_key_is_in_every_language_with_the_same_placeholders(booted_page):
    catalogs = booted_page.evaluate(CATALOGS)
    assert set(catalogs) == {"nl", "en"}
    english = catalogs["en"]
    for code, catalog in catalogs.items():
        assert catalog["language"] == code and catalog["name"]
        assert set(catalog["texts"]) == set(english["texts"]), code
        for key, forms in catalog["texts"].items():
            assert placeholders(forms) == placeholders(english["texts"][key]), (code, key)
            for path, _ in forms:
                for kind, name in path:  # a form is a plural category of the language or a person
                    assert name in (PERSON_FORMS if kind == "person" else catalog["plural"]), (code, key, path)
                if any(kind == "plural" for kind, _ in path):
                    assert "count" in placeholders(forms), (code, key)
        assert catalog["rules"] == english["rules"], code  # the rules page: the same blocks


def test_plurals_follow_the_language(booted_page):
    said = booted_page.evaluate("""async () => {
        const {t, setLanguage, language} = await import('./js/i18n/i18n.js');
        const before = language();
        const out = {};
        for (const code of ['en', 'nl']) {
            setLanguage(code);
            out[code] = [t('summary.free', {count: 1, dead: 0}), t('summary.free', {count: 2, dead: 0}),
                         t('match.points_count', {count: 1}), t('match.points_count', {count: '1½'}),
                         t('announce.takes', {count: 1}), t('controls.takes', {count: 1}),
                         t('over.moves', {count: 1}), t('lobby.moves', {count: 0})];
        }
        setLanguage(before);
        return out;
    }""")
    assert said["en"] == ["Free: 1 cell; dead: 0.", "Free: 2 cells; dead: 0.", "1 point", "1½ points",
                          "1 cell gained.", "1 cell", "1 move", "0 moves"]
    assert said["nl"] == ["Vrij: 1 vakje; dood: 0.", "Vrij: 2 vakjes; dood: 0.", "1 punt", "1½ punten",
                          "1 vakje erbij.", "1 vakje", "1 zet", "0 zetten"]


def test_the_player_called_you_is_spoken_to(page, site_url, boot):
    boot(page, f"{site_url}#variant=classic&clock=default&lang=en")
    wait_engine(page)
    for language, your_move, clock in [("en", "Your move", "Your clock"), ("nl", "Jij bent aan zet", "Jouw klok")]:
        if language != "en":
            switch_language(page, language)
            page.wait_for_function("() => document.body.dataset.turn === '0'")
        page.wait_for_function("(text) => document.querySelector('.status').textContent === text", arg=your_move)
        assert page.locator('.seat[data-seat="0"] .clock').get_attribute("aria-label") == clock
        # a move of yours, announced to screen readers
        # (the lines said before are marked: the region keeps the last three, each in the
        # language of the moment, so the move's line is the first unmarked one)
        page.evaluate("() => document.querySelectorAll('#announcements p').forEach((p) => { p.dataset.said = '1'; })")
        page.keyboard.press(str(int(page.evaluate(
            "document.querySelector('.color-button:not([aria-disabled])').dataset.color")) + 1))
        first = page.wait_for_function(
            "() => document.querySelector('#announcements p:not([data-said])')?.textContent").json_value()
        expected = r"You pick color \d: (\d+ cells? gained|nothing gained)" if language == "en" \
            else r"Jij kiest kleur \d: (\d+ vakjes? erbij|niets erbij)"
        assert re.match(expected, first), first
        assert not re.search(r"\b1 cells\b|\b1 vakjes\b|You picks|You wins|You's|Jij is\b", first)
    # a whole game won, from a link: the viewer played neither seat, so it is not "You
    # win!" (issue 25); test_match_table's whole match speaks to the winner
    moves = winning_moves("quick", 5)
    page.goto(f"{site_url}#variant=quick&seed=5&moves={len(moves)}-{''.join(map(str, moves))}&lang=nl")
    page.wait_for_selector(".over-panel:not([hidden]) .over-winner", timeout=BOOT_TIMEOUT_MS)
    assert page.locator(".over-winner").text_content() == "Speler 1 wint!"
    switch_language(page, "en")
    assert page.locator(".over-winner").text_content() == "Player 1 wins!"


def test_resigning_speaks_to_you_in_both_languages(booted_page):
    page = booted_page
    wait_engine(page)
    page.wait_for_function("() => document.body.dataset.turn === '0' && document.body.dataset.tableId !== '0'")
    for language, question in (("en", "You resign this game and lose it."),
                               ("nl", "Jij geeft deze partij op en verliest haar.")):
        switch_language(page, language)
        page.click('button[data-action="resign"]')
        assert page.locator("dialog.confirm[open] p").text_content() == question
        page.click('dialog.confirm button[value="cancel"]')
    switch_language(page, "en")


def greedy_game(variant, seed):
    game = filler.Game.new(variant, seed=seed)
    moves = []
    while not game.over:
        color = max(game.legal_colors(), key=game.preview_value)
        moves.append(color)
        game = game.play(color)
    return moves, game


def test_a_team_that_wins_is_spoken_of_in_the_plural(page, site_url, boot):
    moves, game = greedy_game("duos", 5)
    assert len(game.winners) == 2  # a team
    boot(page, f"{site_url}#variant=duos&seed=5&moves={len(moves)}-{''.join(map(str, moves))}&lang=en")
    winner = page.wait_for_selector(".over-panel:not([hidden]) .over-winner", timeout=BOOT_TIMEOUT_MS)
    assert winner.text_content().endswith(" win!"), winner.text_content()
    switch_language(page, "nl")
    winner = page.locator(".over-panel:not([hidden]) .over-winner")  # drawn anew
    assert winner.text_content().endswith(" winnen!"), winner.text_content()


def test_dutch_calls_a_draw_by_one_word_everywhere():
    """"Remise", the word of the rules document the game follows ("Bij een gelijk aantal
    is het remise"), in the table's texts, the puzzles, the lessons and the rules page
    alike: never "gelijkspel" beside it."""
    source = (ROOT / "js" / "i18n" / "nl.js").read_text(encoding="utf-8")
    assert not re.findall(r".*gelijkspel.*", source, flags=re.I)
    assert "'header.drawn': 'Remise'" in source and "'over.draw': 'Remise!'" in source
