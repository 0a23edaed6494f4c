"""The tests' browser reaches nothing but this machine, and a request that tries is a
test's failure (driver.Guard, conftest.py CHROMIUM_ARGS)."""

from driver import guard_context

OUTSIDE = ["http://example.com/a.png", "http://192.0.2.1/b.png"]  # a name; an address (TEST-NET-1)


def test_a_request_outside_the_machine_fails_and_the_guard_names_it(browser):
    context = browser.new_context(service_workers="block")
    try:
        guard = guard_context(context, "isolation")
        page = context.new_page()
        failed = []
        page.on("requestfailed", lambda request: failed.append((request.url, request.failure)))
        # a page without the site's policy (about:blank), so the browser makes the requests
        with page.expect_event("requestfailed", lambda request: request.url == OUTSIDE[0]), \
             page.expect_event("requestfailed", lambda request: request.url == OUTSIDE[1]):
            page.set_content("".join(f'<img src="{url}" alt="">' for url in OUTSIDE))
        assert sorted(url for url, _ in failed) == sorted(OUTSIDE), failed
        # the resolver's rule holds an address given as numbers too
        assert all(failure == "net::ERR_NAME_NOT_RESOLVED" for _, failure in failed), failed
        problems = guard.problems()
        assert all(f"request outside 127.0.0.1: {url}" in problems for url in OUTSIDE), problems
    finally:
        context.close()
