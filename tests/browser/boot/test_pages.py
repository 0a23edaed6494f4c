"""The pages' shared head is stated once (partials/head.html) and build.py stamps it
into every page of dist/, which is what is served."""

import json
import re

from builder.checkout import ROOT
from builder.headers import CONTENT_SECURITY_POLICY
from builder.pages import shared_head

SHARED = ('<meta charset="utf-8">', '<meta name="viewport"', 'http-equiv="Content-Security-Policy"',
          '<meta name="color-scheme"', '<link rel="icon"', '<link rel="stylesheet" href="styles/main.css">')


def pages():
    return sorted(path.name for path in ROOT.glob("*.html"))


def test_every_page_gets_the_one_shared_head(dist_dir):
    assert pages() == ["embed.html", "index.html", "rules.html"]
    head = shared_head().decode("utf-8")
    assert all(line in head for line in SHARED)
    assert f'content="{CONTENT_SECURITY_POLICY}"' in head  # the policy the headers carry too
    for name in pages():
        source = (ROOT / name).read_text(encoding="utf-8")
        assert source.count("<!--#head-->") == 1, name
        # stated in the shared head only, not again in the page
        assert not [line for line in SHARED if line in source and "Content-Security" not in line], name
        served = (dist_dir / name).read_text(encoding="utf-8")
        assert "<!--#head-->" not in served
        # the head as it is, but its style sheets: in the template js/start.js puts in the
        # head once the service worker has the page (a first visit gets them compressed),
        # styles/start.css in their place, which hides the page until they are in
        sheets = [line for line in head.splitlines() if 'rel="stylesheet"' in line]
        assert [line for line in head.splitlines() if line not in sheets] == [
            line for line in served[:served.index("</head>")].splitlines() if line in head.splitlines()], name
        template = served[served.index('<template id="start-preloads">'):served.index("</template>")]
        assert sheets and all(sheet.strip() in template for sheet in sheets), name
        assert served.count('rel="stylesheet"') == len(sheets) + 1, name
        assert served.index('<link rel="stylesheet" href="styles/start.css">') < served.index("<template"), name
        # the charset first in the head, the policy before any script
        inside = served[served.index("<head>") + len("<head>"):]
        assert inside.lstrip().startswith('<meta charset="utf-8">'), name
        assert served.index("Content-Security-Policy") < served.index("<script"), name


def test_the_rules_page_runs_its_script_under_a_policy_without_wasm(page, site_url):
    page.goto(f"{site_url}rules.html")
    page.wait_for_selector('body[data-rules-ready="1"]', state="attached")
    policies = page.evaluate(
        "[...document.querySelectorAll('meta[http-equiv=\"Content-Security-Policy\"]')].map(m => m.content)")
    assert len(policies) == 2 and not re.search("wasm", policies[1])
    compiles = page.evaluate("""async () => {
      try { await WebAssembly.compile(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0])); return true; }
      catch { return false; }
    }""")
    assert compiles is False


def test_the_main_pages_files_are_packed_for_a_first_visit(dist_dir):
    """first-visit.json holds, as served, every style sheet, module and preload the main
    page's start-preloads name, and what the engine's worker loads before its downloads
    (its script, fzstd, Pyodide's loader), nothing else (the service worker's first
    install keeps them)."""
    served = (dist_dir / "index.html").read_text(encoding="utf-8")
    template = served[served.index('<template id="start-preloads">'):served.index("</template>")]
    named = re.findall(r'<link rel="(?:modulepreload|stylesheet|preload)" href="([^"]+)"', template)
    pack = json.loads((dist_dir / "first-visit.json").read_text(encoding="utf-8"))
    assert {"js/main.js", "styles/main.css", "snapshots.json"} <= set(named) and len(named) > 40
    worker = ["js/engine/worker.js", "vendor/fzstd.mjs", "pyodide/pyodide.mjs"]
    assert sorted(pack) == sorted(named + worker)
    assert all(pack[path] == (dist_dir / path).read_text(encoding="utf-8") for path in pack)
    # not precached itself: a later visit's save does not fetch it again
    assert '"first-visit.json"' not in (dist_dir / "sw.js").read_text(encoding="utf-8").split("const PLAIN")[0]
