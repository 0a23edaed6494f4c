"""The same game gets the same review on every device and every run (issue 25): a
quick game reviewed in two fresh pages, one after the other, gives the same marks,
the same best moves, the same chart and the same summary, and they are the ones the
engine gives in CPython. Each position's analysis was bounded by 0.4 s, so the
verdict depended on the machine and its load."""

import filler
from filler.ai import choose, review, review_summary

from driver import BOOT_TIMEOUT_MS, REVIEW_DONE, wait_engine


def master_game_link(variant="quick", seed=4):
    """A shared link of a whole game of the master (a node budget: always the same
    game) against greedy, and the game."""
    game = filler.Game.new(variant, seed=seed)
    while not game.over:
        level = "master" if game.turn == 0 else "greedy"
        game = game.play(choose(game, level, 60, max_nodes=2000))
    colors = "".join(str(color) for _, color in game.moves)
    return f"#variant={variant}&seed={seed}&players=human,master&moves={len(game.moves)}-{colors}", game


def open_review(page, url):
    """The review of the link `url`'s game in `page`, once it is done."""
    page.goto(url)
    wait_engine(page)
    page.wait_for_selector(".shared-replay:not([hidden])", timeout=BOOT_TIMEOUT_MS)
    page.click('.over-panel button[data-action="review"]')
    page.wait_for_selector(REVIEW_DONE, state="attached", timeout=BOOT_TIMEOUT_MS)


def reviewed(page, url):
    """What a fresh page shows of the link's review once it is done."""
    open_review(page, url)
    return {
        "moves": page.eval_on_selector_all(".review-moves li", """nodes => nodes.map((n) =>
            [n.dataset.mark, n.dataset.best, n.querySelector('.review-mark').textContent])"""),
        "chart": page.eval_on_selector_all(".advantage-chart .advantage-point", "nodes => nodes.map(n => n.getAttribute('cy'))"),
        "summary": page.inner_text(".review-summary"),
        "status": page.inner_text(".review-status"),
    }


def test_the_same_game_gets_the_same_review_in_two_fresh_pages(new_guarded_context, site_url):
    link, game = master_game_link()
    first = reviewed(new_guarded_context(locale="en-US")[0].new_page(), site_url + link)
    page = new_guarded_context(locale="en-US")[0].new_page()
    second = reviewed(page, site_url + link)
    assert len(first["moves"]) == len(game.moves)
    assert first["moves"] == second["moves"]
    assert first["chart"] == second["chart"]
    assert first["summary"] == second["summary"] and first["status"] == second["status"]
    # and the engine's own review in CPython (another Python, another machine's speed)
    results = list(review(game))
    assert [mark for mark, _, _ in first["moves"]] == [r["mark"] for r in results]
    assert [int(best) for _, best, _ in first["moves"]] == [r["best"] for r in results]
    told = review_summary(results)
    decided = told["decided"]
    assert (f"Decided at move {decided + 1}" in first["summary"]) if decided is not None \
        else "did not see the game decided" in first["summary"]

    # the safety time stopped nothing here; where it does, the review says so (a kept
    # review with one move shortened, as a far slower device would make it)
    assert "Shortened" not in first["status"] and page.locator(".review-shortened").count() == 0
    page.evaluate("""() => {
        const kept = JSON.parse(localStorage.getItem('filler:reviews'));
        const review = kept.reviews[0].review;
        if (review.version !== 2 || review.results.some((r) => r.shortened !== false)) throw new Error('not kept as shape 2');
        review.results[2].shortened = true;
        review.summary.shortened = 1;
        localStorage.setItem('filler:reviews', JSON.stringify(kept));
    }""")
    page.goto("about:blank")
    open_review(page, site_url + link)  # kept: done at once
    assert page.inner_text(".review-shortened").startswith("Shortened on this device: for 1 move the master")
    assert page.locator('.review-moves li[data-ply="2"] .review-shortened-move').count() == 1
    assert page.locator(".review-moves .review-shortened-move").count() == 1
