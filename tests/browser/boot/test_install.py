"""The site as an installable web app: manifest, icons, precached, and Chromium's own
installability check (the DevTools protocol's Page.getInstallabilityErrors)."""

import struct

import pytest
from driver import wait_engine

# An installable app is precached by the service worker.
pytestmark = pytest.mark.service_worker


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_the_manifest_and_its_icons_load_and_chromium_reports_no_installability_error(
        persistent_context, site_url, tmp_path):
    # a profile of its own: Chromium never offers to install from an incognito context
    context = persistent_context(tmp_path / "profile")
    page = context.pages[0] if context.pages else context.new_page()
    page.goto(site_url)
    wait_engine(page)
    href = page.locator('link[rel="manifest"]').get_attribute("href")
    assert href == "manifest.webmanifest"  # relative: works under any sub-path
    response = page.request.get(site_url + href)
    assert response.ok and response.headers["content-type"].startswith("application/manifest+json")
    manifest = response.json()
    assert manifest["name"] and manifest["short_name"] == "Filler"
    assert (manifest["start_url"], manifest["scope"], manifest["display"]) == ("./", "./", "standalone")
    assert manifest["theme_color"] and manifest["background_color"]
    themes = page.locator('meta[name="theme-color"]')
    assert sorted(themes.nth(i).get_attribute("media") for i in range(themes.count())) == [
        "(prefers-color-scheme: dark)", "(prefers-color-scheme: light)"]
    sizes = {}
    for icon in manifest["icons"]:
        loaded = page.request.get(site_url + icon["src"])
        assert loaded.ok, icon
        if icon["type"] == "image/png":
            assert png_size(loaded.body()) == tuple(int(n) for n in icon["sizes"].split("x"))
        else:
            assert icon["type"] == "image/svg+xml" and b"<svg" in loaded.body()
        sizes.setdefault(icon.get("purpose", "any"), set()).add(icon["sizes"])
    assert {"192x192", "512x512", "any"} <= sizes["any"] and "512x512" in sizes["maskable"]

    session = page.context.new_cdp_session(page)
    errors = session.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert errors == [], errors
    fetched = session.send("Page.getAppManifest")
    assert not fetched.get("errors"), fetched.get("errors")

    # precached by the service worker, so an installed app starts offline
    sw = page.request.get(site_url + "sw.js").text()
    for name in ["manifest.webmanifest", *(icon["src"] for icon in manifest["icons"]), "vendor/qrcode.mjs"]:
        assert f'"{name}"' in sw, name


def test_every_page_links_the_manifest_and_the_icon(page, site_url):
    for name in ("index.html", "rules.html", "embed.html"):
        page.goto(site_url + name)
        assert page.locator('link[rel="manifest"]').get_attribute("href") == "manifest.webmanifest", name
        assert page.locator('link[rel="icon"]').get_attribute("href") == "images/icon.svg", name
