"""The Pyodide worker boots, answers requests by id, and reports a failed boot as data."""

import json
import shutil
import zipfile

import pytest
from driver import ANSWERED, BOOT_ENDED, BOOT_TIMEOUT_MS, READY_SELECTOR, EngineHold, open_harness

from filler import link as friend_link
from filler.match import Match


def wheel_has_api(site_dir):
    info = json.loads((site_dir / "build.json").read_text())
    with zipfile.ZipFile(site_dir / info["engine_wheel"]) as wheel:
        return "filler/api/__init__.py" in wheel.namelist()


def test_worker_boots_to_ready_with_progress(page, site_url, site_dir):
    open_harness(page, site_url)
    page.wait_for_function(BOOT_ENDED, timeout=BOOT_TIMEOUT_MS)
    messages = page.evaluate("window.messages")
    boot_end = messages[-1]
    assert boot_end["type"] == "ready", boot_end
    build_info = json.loads((site_dir / "build.json").read_text())
    assert boot_end["version"] == build_info["version"]
    # With a memory snapshot in the build, the worker restores it (the fast boot).
    assert boot_end["timings"].get("snapshot") is ("snapshot" in build_info or None)
    progress = [m for m in messages if m.get("type") == "progress"]
    assert progress, "no progress before ready"
    fractions = [m["fraction"] for m in progress]
    assert fractions == sorted(fractions) and 0 <= fractions[0] and fractions[-1] <= 1
    assert all(isinstance(m["stage"], str) and m["stage"] for m in progress)


def test_requests_round_trip_including_those_sent_during_boot(page, site_url, site_dir):
    if not wheel_has_api(site_dir):
        pytest.skip("filler.api is not written yet")
    open_harness(page, site_url)
    # Sent at once, while Python is still booting: it must wait, not get lost.
    page.evaluate("() => engineWorker.postMessage({id: 'early', method: 'no-such-method', params: {}})")
    page.wait_for_function(BOOT_ENDED, timeout=BOOT_TIMEOUT_MS)
    boot_end = next(m for m in page.evaluate("window.messages") if m.get("type") != "progress" and "id" not in m)
    assert boot_end["type"] == "ready", boot_end
    page.evaluate("() => engineWorker.postMessage({id: 2, method: 'no-such-method', params: {}})")
    page.wait_for_function(ANSWERED, arg=["early", 2], timeout=BOOT_TIMEOUT_MS)
    answers = {m["id"]: m for m in page.evaluate("window.messages") if "id" in m}
    for answer_id in ("early", 2):
        answer = answers[answer_id]
        # An unknown method is refused as data, with a message a person can read.
        assert answer["ok"] is False, answer
        assert answer["error"]["type"] not in ("BootError", "InternalError"), answer
        assert answer["error"]["message"], answer


@pytest.fixture
def broken_site_url(site_dir, tmp_path, serve_directory):
    """The site with build.json pointing at an engine wheel that is not there, and naming
    no snapshot (which holds the engine: a boot from it downloads no wheel)."""
    broken = tmp_path / "broken"
    shutil.copytree(site_dir, broken)
    info = json.loads((broken / "build.json").read_text())
    info["engine_wheel"] = "wheels/missing-0.0.0-py3-none-any.whl"
    info.pop("snapshot", None)
    (broken / "build.json").write_text(json.dumps(info))
    return serve_directory(broken)


def test_failed_boot_is_reported_and_requests_are_refused(page, page_guard, broken_site_url):
    page_guard.allow_console(r"404|Failed to load resource")
    open_harness(page, broken_site_url)
    page.evaluate("() => engineWorker.postMessage({id: 7, method: 'anything', params: {}})")
    page.wait_for_function(BOOT_ENDED, timeout=BOOT_TIMEOUT_MS)
    page.wait_for_function(ANSWERED, arg=[7], timeout=BOOT_TIMEOUT_MS)
    messages = page.evaluate("window.messages")
    boot_error = next(m for m in messages if m.get("type") in ("boot-error", "ready", "worker-error"))
    assert boot_error["type"] == "boot-error", boot_error
    assert boot_error["problem"]["code"] == "boot.download_engine"
    assert boot_error["problem"]["params"]["reason"] == "HTTP 404"
    assert "missing-0.0.0" in boot_error["problem"]["params"]["path"] and "404" in boot_error["message"]
    answer = next(m for m in messages if m.get("id") == 7)
    assert answer["ok"] is False and answer["error"]["type"] == "BootError"
    assert answer["error"]["code"] == "boot.download_engine"


def test_page_boots_to_a_playable_board(page, boot, site_dir):
    if not (site_dir / "index.html").exists():
        pytest.skip("index.html is not written yet")
    boot(page)
    assert page.locator(READY_SELECTOR).count() == 1


@pytest.fixture
def site_with_bad_snapshot_url(site_dir, tmp_path, serve_directory):
    """The site with its memory snapshot damaged: the worker must boot Python from scratch."""
    info = json.loads((site_dir / "build.json").read_text())
    if "snapshot" not in info:
        pytest.skip("this build has no memory snapshot")
    damaged = tmp_path / "damaged"
    shutil.copytree(site_dir, damaged)
    (damaged / info["snapshot"]).write_bytes(b"not a snapshot" * 1000)
    return serve_directory(damaged)


def test_a_damaged_snapshot_falls_back_to_a_full_boot(page, site_with_bad_snapshot_url, site_dir):
    open_harness(page, site_with_bad_snapshot_url)
    page.evaluate("() => engineWorker.postMessage({id: 1, method: 'no-such-method', params: {}})")
    page.wait_for_function(BOOT_ENDED, timeout=BOOT_TIMEOUT_MS)
    page.wait_for_function(ANSWERED, arg=[1], timeout=BOOT_TIMEOUT_MS)
    messages = page.evaluate("window.messages")
    ready = next(m for m in messages if m.get("type") in ("ready", "boot-error", "worker-error"))
    assert ready["type"] == "ready", ready
    assert ready["timings"]["snapshot"] is False
    answer = next(m for m in messages if m.get("id") == 1)
    if wheel_has_api(site_dir):
        assert answer["error"]["type"] not in ("BootError", "InternalError"), answer


def test_each_boot_draws_its_own_random_numbers(page, site_url, site_dir):
    """A restored snapshot holds the random state of the moment it was taken: the worker
    reseeds it, so two visits do not deal the same 'random' boards."""
    if not wheel_has_api(site_dir):
        pytest.skip("filler.api is not written yet")
    open_harness(page, site_url)
    seeds = page.evaluate("""() => Promise.all([0, 1].map(() => new Promise((resolve) => {
        const worker = new Worker(new URL('js/engine/worker.js', location.href), {type: 'module'});
        worker.onmessage = (event) => {
            if (event.data.id === 'seed') {
                resolve(event.data.ok ? event.data.result.layout.seed : event.data.error);
                worker.terminate();
            }
        };
        worker.postMessage({id: 'seed', method: 'new_game', params: {variant: 'quick'}});
    })))""")
    assert all(isinstance(seed, int) for seed in seeds), seeds
    assert seeds[0] != seeds[1]


MICROPIP_CHECK = """
import { loadPyodide } from "%s/pyodide.mjs";
const pyodide = await loadPyodide({ indexURL: "%s/" });
let failure = "";
await pyodide.loadPackage("micropip", { errorCallback: (message) => { failure += message; } });
console.log(failure || pyodide.runPython("import micropip; micropip.__version__"));
"""


def test_micropip_loads_from_the_site_itself(site_dir):
    """The micropip wheel beside the rewritten lock file (its real sha256) loads offline.

    Run in Node with the site's own Pyodide files: the same loader as in the browser, and
    nothing but the local folder to load from."""
    import subprocess
    pyodide_dir = (site_dir / "pyodide").as_posix()
    result = subprocess.run(["node", "--input-type=module", "-e", MICROPIP_CHECK % (pyodide_dir, pyodide_dir)],
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-2000:]
    lines = result.stdout.strip().splitlines()
    assert lines and lines[-1] == "0.11.1", result.stdout[-2000:]


def test_what_links_and_buttons_ask_before_the_engine_is_up_opens_in_one_order(new_guarded_context, site_url, site_dir):
    # main.js FIRST_OPENS: a friend's link, then a puzzle's, a lesson's, the board of the
    # day; the first opens once the engine is up, and what the others were asked is
    # dropped (no "waiting" line beside it). Each page: a link, then the buttons of the
    # later ones pressed while the engine is held down.
    match = Match.new("classic", 7, games=1)
    match = match.play(match.game.legal_colors()[0])
    invitation = friend_link.encode(match, match_id="OrDeRaaa", sender=0, names=("Zoë", ""))
    puzzle = json.loads((site_dir / "puzzles" / "quick.json").read_text())["puzzles"][0]["id"]
    panels = {"puzzles": ".puzzle-panel", "lessons": ".lesson-panel", "daily": ".daily-panel"}
    cases = [
        ("#" + invitation, ["open-puzzles", "open-learn", "open-daily"], "friend",
         "() => document.body.dataset.matchId?.startsWith('f-') && !document.querySelector('.friend-panel').hidden"),
        (f"#puzzle={puzzle}", ["open-learn", "open-daily"], "puzzles",
         f"() => document.querySelector('.puzzle-about')?.dataset.id === '{puzzle}'"),
        ("#learn=chain", ["open-daily"], "lessons",
         "() => document.querySelector('.lesson-bar:not([hidden])')?.dataset.lesson === 'chain'"),
    ]
    for hash_, buttons, winner, opened in cases:
        context, _ = new_guarded_context(service_workers="block")
        engine = EngineHold(context)
        page = context.new_page()
        page.goto(site_url + hash_)
        # The page's script runs once start.js has imported it, after the load event.
        page.wait_for_selector("body[data-engine]", state="attached")
        for button in buttons:
            page.click(f"#{button}")
        assert page.evaluate("document.body.dataset.engine") == "booting"
        for name in buttons:  # each asked: its panel says it waits for the engine
            mode = {"open-puzzles": "puzzles", "open-learn": "lessons", "open-daily": "daily"}[name]
            page.wait_for_selector(f"{panels[mode]}:not([hidden])", state="attached")
        engine.release()
        page.wait_for_function(opened, timeout=BOOT_TIMEOUT_MS)
        others = [selector for mode, selector in panels.items() if mode != winner]
        # (a mode never asked for is not even loaded: no panel at all)
        page.wait_for_function("(selectors) => selectors.every((s) => document.querySelector(s)?.hidden ?? true)",
                               arg=others)
        context.close()
