"""Whatever is stored, imported or refused, the page holds up and loses nothing
(issue 10). Each test puts hostile data where the page reads it, in a real Chromium
with real localStorage, then checks what a player would see: a playable board, a
notice in the page's language, and every intact entry kept as it was.
"""

import json

import pytest

from conftest import BOOT_TIMEOUT_MS, boot_page

ENGINE_READY = 'body[data-engine="ready"]'


def with_storage(context, site_url, items):
    """Before the site's first script runs, put `items` ({key: raw}) in its localStorage."""
    context.add_init_script("""(() => {
      if (location.href.indexOf(%s) !== 0 || sessionStorage.getItem('hostile-set')) return;
      sessionStorage.setItem('hostile-set', '1');
      for (const [key, raw] of Object.entries(%s)) localStorage.setItem(key, raw);
    })()""" % (json.dumps(site_url), json.dumps(items)))


def stored_items(page):
    return page.evaluate("() => Object.fromEntries(Object.entries(localStorage))")


@pytest.mark.parametrize("name", ["__proto__", "constructor", "toString", "hasOwnProperty"])
def test_a_stored_setting_named_like_an_inherited_property_does_not_break_the_page(new_guarded_context, site_url, name):
    context, _ = new_guarded_context()
    raw = '{"version":1,"settings":{"%s":1,"theme":"dark"}}' % name
    with_storage(context, site_url, {"filler:settings": raw})
    page = context.new_page()
    boot_page(page, site_url)
    page.wait_for_selector(ENGINE_READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    assert page.locator(".color-button:not([aria-disabled])").count() > 0
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"
    page.reload()
    boot_page(page)
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"
