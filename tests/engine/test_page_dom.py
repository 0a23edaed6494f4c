"""Nodes go into the page only through js/ui/dom.js (el, svg, append, prepend, before,
after, replaceChildren), which leave out null, undefined and false: the DOM's own
methods write them as the text "null" (the rules page once showed it in ten sections)."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
JS = ROOT / "js"
HELPERS = JS / "ui" / "dom.js"
# `x.append(`, `x?.prepend(`, `node.replaceChildren(`, `x.before(`, `x.after(`: the DOM's
# own insertion methods (and `.insertAdjacentHTML`, `.innerHTML =`, never used), outside comments.
NATIVE = re.compile(r"^(?![ \t]*//).*?\??\.(append|prepend|replaceChildren|before|after|insertAdjacent\w*)\(",
                    re.MULTILINE)


def native_insertions() -> list[str]:
    found = []
    for path in sorted(JS.rglob("*.js")):
        if path == HELPERS or path.name == "sw.js":
            continue
        text = path.read_text(encoding="utf-8")
        for match in NATIVE.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            found.append(f"{path.relative_to(ROOT).as_posix()}:{line}: .{match.group(1)}(")
    return found


def test_the_page_inserts_nodes_only_through_the_dom_helpers():
    wrong = native_insertions()
    assert not wrong, "use js/ui/dom.js's helpers, which leave out null:\n" + "\n".join(wrong)


def test_the_check_finds_a_native_insertion():
    assert NATIVE.search("  section.append(\n    lessonLinks(id),")
    assert NATIVE.search("holder?.after(x)")
    assert not NATIVE.search("  // node.append(child)")
    assert not NATIVE.search("  append(section, lessonLinks(id));")
