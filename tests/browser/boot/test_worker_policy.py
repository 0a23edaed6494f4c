"""The Content-Security-Policy reaches the engine's worker, not only the page: no eval,
no new Function, no request to another origin, whether the host sends the headers
(build.py's server, dist/_headers) or sends none (then the service worker attaches them
from the second visit on)."""

import pytest
from driver import BOOT_TIMEOUT_MS, engine_worker


# Run inside the worker: what each forbidden thing did. Each runs in a task of the
# worker's own (a timer), not in DevTools' evaluation, which is exempt from the policy.
TRY_FORBIDDEN = """async (elsewhere) => {
  const attempt = (run) => new Promise((resolve) => setTimeout(async () => {
    try { await run(); resolve('ran'); } catch (error) { resolve(error.name); }
  }));
  return {
    eval: await attempt(() => (0, eval)('1 + 1')),
    function: await attempt(() => new Function('return 1')()),
    fetch: await attempt(() => fetch(elsewhere)),
    own: await attempt(() => fetch('build.json')),
  };
}"""
BLOCKED = {"eval": "EvalError", "function": "EvalError", "fetch": "TypeError", "own": "ran"}


def test_the_worker_runs_under_the_policy_the_host_sends(new_guarded_context, site_url, serve_directory, tmp_path):
    elsewhere = serve_directory(tmp_path)  # another port: another origin
    context, guard = new_guarded_context()
    guard.allow_console(r"Refused to (evaluate|connect)|violates the following Content Security Policy")
    page = context.new_page()
    response = page.goto(site_url)
    assert "script-src 'self' 'wasm-unsafe-eval'" in response.headers["content-security-policy"]
    assert engine_worker(page).evaluate(TRY_FORBIDDEN, elsewhere) == BLOCKED


@pytest.mark.service_worker
def test_the_service_worker_gives_the_worker_the_policy_when_the_host_sends_none(
        new_guarded_context, site_dir, serve_directory, tmp_path):
    plain = serve_directory(site_dir, security_headers=False)
    elsewhere = serve_directory(tmp_path)
    context, guard = new_guarded_context()
    guard.allow_console(r"Refused to (evaluate|connect)|violates the following Content Security Policy")
    page = context.new_page()
    assert "content-security-policy" not in page.goto(plain).headers
    engine_worker(page)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=BOOT_TIMEOUT_MS)
    page.reload()
    assert engine_worker(page).evaluate(TRY_FORBIDDEN, elsewhere) == BLOCKED
    served = page.evaluate("fetch('js/engine/worker.js').then(r => r.headers.get('content-security-policy'))")
    assert "connect-src 'self'" in served


def test_the_build_writes_the_headers_file_static_hosts_read(site_dir):
    lines = (site_dir / "_headers").read_text().splitlines()
    assert "/*" in lines
    assert any(line.strip().startswith("Content-Security-Policy: default-src 'self'; script-src 'self' 'wasm-unsafe-eval'")
               for line in lines)
    assert "  X-Content-Type-Options: nosniff" in lines
