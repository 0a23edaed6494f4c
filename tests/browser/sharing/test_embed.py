"""embed.html in a host page on another origin (another 127.0.0.1 port): the events of
a whole game, bad parameters, commands from the right and from a wrong origin."""

import pytest
from driver import BOOT_TIMEOUT_MS, wait_engine

HOST_HTML = """<!doctype html>
<html><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Host</title></head>
<body>
<h1>A host page</h1>
<iframe id="game" title="Filler" style="width: 700px; height: 900px; border: 0"></iframe>
<iframe id="other" title="Filler, another" style="width: 500px; height: 600px; border: 0"></iframe>
<script>
  window.events = [];
  window.addEventListener('message', (event) => {
    if (event.data && event.data.source === 'filler') {
      const frame = event.source === document.getElementById('game').contentWindow ? 'game' : 'other';
      window.events.push({frame, origin: event.origin, type: event.data.type, payload: event.data.payload});
    }
  });
  const params = new URLSearchParams(location.search);
  document.getElementById('game').src = params.get('game');
  if (params.get('other')) document.getElementById('other').src = params.get('other');
  window.send = (frame, message) =>
    document.getElementById(frame).contentWindow.postMessage(message, new URL(params.get(frame)).origin);
</script>
</body></html>
"""


@pytest.fixture(scope="module")
def host_url(tmp_path_factory, serve_directory):
    directory = tmp_path_factory.mktemp("host")
    (directory / "index.html").write_text(HOST_HTML)
    return serve_directory(directory, security_headers=False)  # another site: its own inline script


def events_of(page, frame, kind):
    return page.evaluate("([frame, kind]) => window.events.filter(e => e.frame === frame && e.type === kind)",
                         [frame, kind])


def wait_event(page, frame, kind, count=1):
    page.wait_for_function(
        "([frame, kind, count]) => window.events.filter(e => e.frame === frame && e.type === kind).length >= count",
        arg=[frame, kind, count], timeout=BOOT_TIMEOUT_MS)


def host_page(page, host_url, game, other=None):
    from urllib.parse import urlencode
    query = {"game": game}
    if other:
        query["other"] = other
    page.goto(f"{host_url}?{urlencode(query)}")


def test_a_whole_game_posts_its_events_and_commands_need_the_right_origin(page, site_url, host_url):
    host_origin = host_url.rstrip("/")
    game = (f"{site_url}embed.html?variant=practice&shape=square&width=5&height=5&colors=4&seed=11"
            f"&players=greedy,beginner&origin={host_origin}&lang=en")
    other = f"{site_url}embed.html?variant=quick&seed=3&origin=http://127.0.0.1:9"
    host_page(page, host_url, game, other)
    wait_event(page, "game", "ready")
    wait_event(page, "game", "gameEnded")
    started = events_of(page, "game", "gameStarted")
    assert started[0]["payload"]["variant"] == "practice"
    assert started[0]["payload"]["seed"] == 11
    assert started[0]["origin"] == site_url.rstrip("/")
    moves = events_of(page, "game", "move")
    assert moves and [m["payload"]["moveNumber"] for m in moves] == list(range(1, len(moves) + 1))
    assert {m["payload"]["seat"] for m in moves} == {0, 1}
    ended = events_of(page, "game", "gameEnded")[0]["payload"]
    assert ended["reason"] and len(ended["scores"]) == 2
    assert events_of(page, "game", "resize")[0]["payload"]["height"] > 100
    # the frame with a wrong `origin` posts nothing to this host
    frame = page.frame_locator("#other")
    frame.locator('body[data-ready="1"]').wait_for(state="attached", timeout=BOOT_TIMEOUT_MS)
    assert events_of(page, "other", "ready") == [] and events_of(page, "other", "resize") == []
    # commands: taken from the host's origin, ignored from any other
    page.evaluate("() => window.send('game', {type: 'setTheme', payload: {theme: 'dark'}})")
    page.frame_locator("#game").locator('html[data-theme="dark"]').wait_for(state="attached")
    page.evaluate("() => window.send('game', {type: 'newGame', payload: {seed: 12}})")
    wait_event(page, "game", "gameStarted", 2)
    assert events_of(page, "game", "gameStarted")[1]["payload"]["seed"] == 12
    page.evaluate("() => window.send('other', {type: 'setTheme', payload: {theme: 'dark'}})")
    page.evaluate("() => window.send('other', {type: 'newGame', payload: {seed: 99}})")
    # a round trip through the right frame: later than the ignored commands
    page.evaluate("() => window.send('game', {type: 'setTheme', payload: {theme: 'light'}})")
    page.frame_locator("#game").locator('html[data-theme="light"]').wait_for(state="attached")
    other_frame = page.query_selector("#other").content_frame()
    assert other_frame.evaluate("document.documentElement.dataset.theme") is None
    assert other_frame.evaluate("document.body.dataset.seed") == "3"


def test_bad_parameters_get_a_message_and_the_game_still_plays(page, site_url, boot):
    boot(page, f"{site_url}embed.html?variant=nosuch&seed=abc&clock=soon&colors=2x&bogus=1&lang=en")
    message = page.locator(".launch-message")
    message.wait_for()
    text = message.text_content()
    for part in ("nosuch", "abc", "soon", "bogus", "colors"):
        assert part in text, (part, text)
    assert page.locator(".launch-message li").count() == 5  # nothing else is wrong
    assert page.evaluate("document.body.dataset.variant") == "quick"  # the engine's first game
    assert page.locator(".board .cell").count() > 0
    # the message is text, never markup
    boot(page, f"{site_url}embed.html?variant=%3Cimg%20src=x%3E&lang=en")
    page.locator(".launch-message").wait_for()
    assert page.locator(".launch-message img").count() == 0
    assert "<img" in page.locator(".launch-message").text_content()


def test_embed_parameters_choose_language_theme_symbols_and_sound_is_off(page, site_url, boot):
    boot(page, f"{site_url}embed.html?variant=quick&seed=5&lang=nl&theme=dark&symbols=1&palette=okabe-ito&level=beginner")
    assert page.evaluate("document.documentElement.lang") == "nl"
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"
    page.wait_for_selector(".board.show-symbols", state="attached")
    assert page.evaluate("document.body.dataset.seed") == "5"
    wait_engine(page)
    assert page.locator("#new-game").text_content() == "Nieuwe partij"
    assert page.evaluate("async () => (await import('./js/ui/sound.js')).soundOn()") is False


@pytest.mark.service_worker  # Chromium refuses it in such a frame, as a player's would
@pytest.mark.full_chromium  # its headless shell lets a frame of another site keep storage
def test_embedded_in_another_site_it_still_plays(page, site_url, host_url):
    # localhost and 127.0.0.1 are different sites: a third-party frame
    cross_host = host_url.replace("127.0.0.1", "localhost")
    game = f"{site_url}embed.html?variant=practice&width=5&height=5&colors=4&seed=5&players=greedy,greedy&lang=en"
    host_page(page, cross_host, game)
    wait_event(page, "game", "ready")
    wait_event(page, "game", "gameEnded")
    frame = page.query_selector("#game").content_frame()
    info = frame.evaluate("""async () => ({
        notices: [...document.querySelectorAll('.notice:not([hidden])')].map((n) => n.dataset.kind),
        text: document.body.innerText,
    })""")
    # Chromium refuses a third-party frame both: the page says what is not kept, and
    # not that offline play is missing (expected in such a frame: issue 25 item 9)
    assert info["notices"] == ["memory"], info
    assert "ffline" not in info["text"], info


def test_a_board_size_out_of_range_gets_a_message_and_practice_at_its_default_size(page, site_url, boot):
    boot(page, f"{site_url}embed.html?variant=practice&width=99&lang=en")
    page.wait_for_selector(".launch-message:not([hidden])", timeout=BOOT_TIMEOUT_MS)
    assert "from 5 to 41, not “99”" in page.locator(".launch-message").text_content()
    page.wait_for_function("() => document.body.dataset.variant === 'practice' && document.body.dataset.tableId !== '0'")


def test_a_command_named_like_an_inherited_property_is_ignored(page, site_url, host_url):
    game = f"{site_url}embed.html?variant=quick&seed=5&origin={host_url.rstrip('/')}"
    host_page(page, host_url, game)
    wait_event(page, "game", "ready")
    for name in ("__proto__", "constructor", "toString", "hasOwnProperty"):
        page.evaluate("(type) => window.send('game', {type, payload: {theme: 'dark'}})", name)
    # a round trip through the same frame: later than the commands above
    page.evaluate("() => window.send('game', {type: 'setTheme', payload: {theme: 'dark'}})")
    page.frame_locator("#game").locator('html[data-theme="dark"]').wait_for(state="attached")
    assert page.frame_locator("#game").locator('body[data-ready="1"]').count() == 1


def test_an_all_computer_match_posts_the_end_of_every_game(page, site_url, host_url):
    # a small board (5 × 5, four colors): the computers' moves are paced for people to
    # follow (350 ms each), and the quick board's two games took 17 s of waiting
    game = (f"{site_url}embed.html?variant=practice&width=5&height=5&colors=4&players=greedy,greedy"
            f"&match=1&clock=none&seed=4242&origin={host_url.rstrip('/')}")
    host_page(page, host_url, game)
    wait_event(page, "game", "matchEnded")
    order = page.evaluate("() => window.events.filter(e => e.frame === 'game' && e.type.startsWith('game')"
                          " || e.type === 'matchEnded').map(e => [e.type, e.payload.gameIndex ?? null])")
    assert order == [["gameStarted", 0], ["gameEnded", 0], ["gameStarted", 1], ["gameEnded", 1], ["matchEnded", None]]
    ended = [event["payload"] for event in events_of(page, "game", "gameEnded")]
    points = events_of(page, "game", "matchEnded")[0]["payload"]["points"]
    # each game's winners agree with the match's points (a win is worth 1, a draw a half each)
    won = [sum(1 if side in game["winners"] else 0.5 if not game["winners"] else 0 for game in ended) for side in (0, 1)]
    assert won == points
    assert all(game["reason"] and len(game["scores"]) == 2 for game in ended)


def test_messages_say_what_is_wrong_a_long_move_list_and_the_practice_range(page, site_url, boot):
    boot(page, f"{site_url}embed.html?variant=practice&height=0&width=wide&colors=12&seed=3&moves=2-1234&lang=en")
    message = page.locator(".launch-message")
    message.wait_for()
    items = message.locator("li").all_text_contents()
    assert "“height” should be a whole number from 5 to 41, not “0”." in items
    assert "“width” should be a whole number from 5 to 41, not “wide”." in items
    assert "“colors” should be a whole number from 3 to 9, not “12”." in items
    assert "The link holds too many moves: it should hold 2, it holds 4." in items
    assert not any("cut short" in item for item in items)
    assert page.locator(".board .cell").count() > 0


@pytest.mark.service_worker  # Chromium refuses it in such a frame, as a player's would
@pytest.mark.full_chromium  # its headless shell lets a frame of another site keep storage
def test_an_embed_on_another_site_shows_its_notices_compact_and_alike(page, site_url, host_url):
    # a cross-site frame with a bad parameter stacked three notices of three looks
    # (about 240 px of a 640-px widget), one of them "Offline play does not work here."
    cross_host = host_url.replace("127.0.0.1", "localhost")
    host_page(page, cross_host, f"{site_url}embed.html?variant=nosuch&seed=5&lang=en")
    wait_event(page, "game", "ready")
    frame = page.frame_locator("#game")
    frame.locator('.notice[data-kind="memory"]').wait_for()
    frame.locator(".launch-message:not([hidden])").wait_for()
    shown = page.query_selector("#game").content_frame().evaluate("""() => {
        const board = document.querySelector('.board').getBoundingClientRect();
        const above = [...document.querySelectorAll('body *')].filter((node) => {
            const box = node.getBoundingClientRect();
            return node.children.length === 0 && box.height > 0 && box.bottom <= board.top && /\\S/.test(node.textContent);
        });
        const notices = [...document.querySelectorAll('.notice')].filter((node) => !node.hidden);
        return {kinds: notices.map((node) => node.dataset.kind),
                looks: [...new Set(notices.map((node) => getComputedStyle(node).borderLeftStyle + getComputedStyle(node).fontSize))],
                height: notices.reduce((sum, node) => sum + node.getBoundingClientRect().height, 0),
                width: innerWidth,
                texts: above.map((node) => node.textContent)};
    }""")
    assert sorted(shown["kinds"]) == ["launch", "memory"], shown
    assert len(shown["looks"]) == 1, shown  # one notice component
    assert not any("ffline" in text for text in shown["texts"]), shown
    assert shown["height"] <= 150, shown
