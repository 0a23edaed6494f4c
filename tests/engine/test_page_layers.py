"""The page's modules import one way (js/main.js's module text): flows may import ui,
store, i18n and engine; ui may import store and i18n, never a flow; store, i18n and
engine import only inside their own folder; nothing imports main.js."""

import posixpath
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
JS = ROOT / "js"
# What each folder of js/ may import besides itself ("vendor" is dist/vendor/, npm files).
MAY_IMPORT = {
    "flows": {"ui", "store", "i18n", "engine", "vendor"},
    "ui": {"store", "i18n"},
    "store": set(),
    "i18n": set(),
    "engine": {"vendor"},
}
# `from './x.js'`, `import './x.js'` and `import('./x.js')`, outside comments.
IMPORT = re.compile(r"""^(?![ \t]*//)[^\n]*?(?:\bfrom|\bimport)[ \t]*\(?[ \t]*['"](\.\.?/[^'"]+)['"]""", re.MULTILINE)


def layer(path: str) -> str:
    """"flows" for js/flows/game.js, "main.js" for js/main.js, "vendor" for vendor/x.mjs."""
    parts = path.split("/")
    return parts[1] if parts[0] == "js" else parts[0]


def page_imports() -> list[tuple[str, str]]:
    """(importer, imported) of every relative import in js/, as paths from the root."""
    found = []
    for path in sorted(JS.rglob("*.js")):
        importer = path.relative_to(ROOT).as_posix()
        for specifier in IMPORT.findall(path.read_text(encoding="utf-8")):
            found.append((importer, posixpath.normpath(posixpath.join(posixpath.dirname(importer), specifier))))
    return found


def test_every_module_of_the_page_lives_in_a_layer():
    top = sorted(path.name for path in JS.glob("*.js"))
    assert top == ["main.js", "start.js", "sw.js"]
    assert {path.name for path in JS.iterdir() if path.is_dir()} == set(MAY_IMPORT)


def test_imports_run_one_way():
    imports = page_imports()
    assert len(imports) > 100  # the pattern still finds the imports
    wrong = [f"{importer} imports {imported}" for importer, imported in imports
             if layer(importer) in MAY_IMPORT
             and layer(imported) not in MAY_IMPORT[layer(importer)] | {layer(importer)}]
    assert not wrong, "\n".join(wrong)


def test_nothing_imports_main_or_the_service_worker():
    imports = page_imports()
    assert not [pair for pair in imports if pair[1] in ("js/main.js", "js/sw.js", "js/start.js")]
    assert not [pair for pair in imports if pair[0] in ("js/sw.js", "js/start.js")]


def test_every_import_names_a_file_of_the_page():
    missing = [f"{importer} imports {imported}" for importer, imported in page_imports()
               if layer(imported) != "vendor" and not (ROOT / imported).is_file()]
    assert not missing, "\n".join(missing)
