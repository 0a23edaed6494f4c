"""The page's modules import one way (js/main.js's module text): flows may import ui,
store, i18n and engine; ui may import store and i18n, never a flow; store, i18n and
engine import only inside their own folder; nothing imports main.js; and no module
reaches itself through its imports (a circle: which of its modules runs first then
depends on where the page enters it)."""

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


def page_imports(pattern: re.Pattern = IMPORT) -> list[tuple[str, str]]:
    """(importer, imported) of every relative import in js/ (that `pattern` finds), as
    paths from the root."""
    found = []
    for path in sorted(JS.rglob("*.js")):
        importer = path.relative_to(ROOT).as_posix()
        for specifier in pattern.findall(path.read_text(encoding="utf-8")):
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


# Static imports only (`from './x.js'`, `import './x.js'`): a dynamic import('./x.js') runs
# later, when the modules are evaluated, and closes no circle.
STATIC_IMPORT = re.compile(r"""^(?![ \t]*//)[^\n]*?(?:\bfrom|\bimport)[ \t]*['"](\.\.?/[^'"]+)['"]""", re.MULTILINE)


def import_circles(imports: list[tuple[str, str]]) -> list[list[str]]:
    """The circles of `imports` ((importer, imported) pairs), each as the path of modules
    from one module back to itself: a depth-first walk, one circle for each import that
    leads back to a module still on the walk's path."""
    graph: dict[str, set[str]] = {}
    for importer, imported in imports:
        graph.setdefault(importer, set()).add(imported)
    circles, path, finished = [], [], set()

    def visit(module: str) -> None:
        path.append(module)
        for imported in sorted(graph.get(module, ())):
            if imported in path:
                circles.append(path[path.index(imported):] + [imported])
            elif imported not in finished:
                visit(imported)
        path.pop()
        finished.add(module)

    for module in sorted(graph):
        if module not in finished:
            visit(module)
    return circles


def test_no_module_of_the_page_reaches_itself_through_its_imports():
    imports = page_imports(STATIC_IMPORT)
    assert len(imports) > 100  # the pattern still finds the imports
    circles = import_circles(imports)
    assert not circles, "import circles:\n" + "\n".join(" -> ".join(circle) for circle in circles)


def test_the_circle_check_finds_a_circle_and_no_dynamic_import():
    assert import_circles([("a.js", "b.js"), ("b.js", "c.js"), ("c.js", "a.js"), ("c.js", "d.js")]) == [
        ["a.js", "b.js", "c.js", "a.js"]]
    assert import_circles([("a.js", "b.js"), ("b.js", "c.js"), ("a.js", "c.js")]) == []
    assert STATIC_IMPORT.findall("import {x} from './x.js';\nimport './y.js';\n} from '../z.js';") == [
        "./x.js", "./y.js", "../z.js"]
    assert STATIC_IMPORT.findall("const m = await import('./x.js');\n// import {y} from './y.js';") == []


# The table's modes (js/flows/modes.js): each is named only by its own module and by
# main.js's registration (its import, MODES, FIRST_OPENS). Learn is the lessons' mode.
MODES = {
    "review": "js/flows/review.js",
    "puzzles": "js/flows/puzzles.js",
    "lessons": "js/flows/lessons.js",
    "daily": "js/flows/daily.js",
    "analysis": "js/flows/analysis.js",
}
# The words of each mode, in any case, and inside a name ("reviewView", "isDaily"), but
# not inside another word ("preview").
MODE_WORDS = {
    "review": r"(?<![a-zA-Z])(?i:review)|(?<=[a-z])Review",
    "puzzles": r"(?<![a-zA-Z])(?i:puzzle)|(?<=[a-z])Puzzle",
    "lessons": r"(?<![a-zA-Z])(?i:lesson|learn)|(?<=[a-z])(?:Lesson|Learn)",
    "daily": r"(?<![a-zA-Z])(?i:daily)|(?<=[a-z])Daily",
    "analysis": r"(?<![a-zA-Z])(?i:analys[ie])|(?<=[a-z])Analys[ie]",
}
# The modules that run every mode alike: none names one, in its code or its strings.
ALIKE = ["js/main.js", "js/ui/table.js", "js/flows/modes.js", "js/flows/game.js", "js/flows/boot.js",
         "js/flows/launch.js", "js/flows/events.js", "js/flows/copy_link.js", "js/flows/embed.js"]
REGISTRATION = re.compile(r"^(?:import \{attach\w+\} from './flows/\w+\.js';|const (?:MODES|FIRST_OPENS) = .*"
                          r"|  \{name: '\w+', (?:load: \(\) => import\('./flows/\w+\.js'\)|attach: attach\w+).*"
                          r"|   style: 'styles/\w+\.css'.*)$")
# What names a mode from another mode's module: its name, its texts (`<mode>.…`), its
# classes (`<mode>-…`), its link (`#<mode>`) as a string's word, or a hook of it on app.
# (The words alone are data there: a review keeps the puzzles found in your games.)
STRING = re.compile(r"""'[^'\n]*'|"[^"\n]*"|`[^`\n]*`""")
MODE_PREFIX = {mode: re.compile(r"(?:^|[\s#'\"`(])(?:%s)(?:$|[\s.\-=:'\"`])" % words)
               for mode, words in {"review": "reviews?", "puzzles": "puzzles?", "lessons": "lessons?|learn",
                                   "daily": "daily", "analysis": "analysis|analyse"}.items()}
# A mode may hand over to another through the registry, by its name (the review's
# "Solve them": your own games' puzzles).
HANDOVER = re.compile(r"app\.modes\.open\('\w+'")


def code_lines(path: str):
    """(number, line) of a module's code: comments left out (strings kept)."""
    inside = False
    for number, line in enumerate((ROOT / path).read_text(encoding="utf-8").split("\n"), 1):
        stripped = line.strip()
        if inside or stripped.startswith("/*"):
            inside = "*/" not in stripped
            continue
        if stripped.startswith("//"):
            continue
        yield number, re.sub(r"\s//\s.*$", "", line)


def names_of(path: str, line: str) -> list[str]:
    """The modes (but the module's own) that a line of code of `path` names."""
    others = [mode for mode, module in MODES.items() if module != path]
    if path in ALIKE:
        return [mode for mode in others if re.search(MODE_WORDS[mode], line)]
    line = HANDOVER.sub("", line)
    strings = " ".join(STRING.findall(line))
    hooks = " ".join(re.findall(r"\bapp\.\w+", line))
    return [mode for mode in others
            if MODE_PREFIX[mode].search(strings) or re.search(MODE_WORDS[mode], hooks)]


def test_no_module_names_a_mode_but_its_own_and_the_registration():
    named = []
    for path in ALIKE + list(MODES.values()):
        for number, line in code_lines(path):
            if path == "js/main.js" and REGISTRATION.match(line):
                continue
            named += [f"{path}:{number} names {mode}: {line.strip()}" for mode in names_of(path, line)]
    assert not named, "\n".join(named)
    # the check sees what it looks for
    assert names_of("js/ui/table.js", "const view = this.app.reviewView?.(table);") == ["review"]
    assert names_of("js/flows/lessons.js", "if (table.puzzle) return;") == []  # a word, as data
    assert names_of("js/flows/lessons.js", "el('p', {class: 'puzzle-bar'})") == ["puzzles"]
    assert names_of("js/flows/review.js", "t('review.puzzles')") == []  # its own text
    assert names_of("js/flows/daily.js", "app.openPuzzles(choice)") == ["puzzles"]
    assert not names_of("js/ui/table.js", "this.controls.previewColor()")


def test_a_first_visit_leaves_for_later_only_what_a_mode_or_a_language_not_shown_needs():
    """builder/pages.py later_files: the files the service worker's first save leaves out
    (LATER in sw.js, docs/boot.md "A first visit") are the modules main.js's modes import
    when first needed and what those import, their style sheets and the catalogs of the
    languages not shown; never a module a page's start imports."""
    from builder.pages import later_files, module_graph, page_entry

    files = {path.relative_to(ROOT).as_posix(): path.read_bytes()
             for path in [*JS.rglob("*.js"), *(ROOT / "styles").glob("*.css"), *ROOT.glob("*.html")]}
    files.update({f"vendor/{name}": b"" for name in ("fzstd.mjs", "qrcode.mjs")})  # npm files of dist/
    later = later_files(files)
    assert {"js/flows/puzzles.js", "js/flows/review.js", "js/flows/analysis.js", "js/i18n/nl.js",
            "styles/puzzles.css", "styles/review.css", "styles/analysis.css"} <= set(later)
    assert set(later) <= set(files)
    entries = [page_entry(page) for name, page in files.items() if name.endswith(".html")]
    assert "js/main.js" in entries
    start = {module for entry in entries if entry for module in [entry, *module_graph(files, entry)]}
    assert "js/i18n/en.js" in start and "js/flows/modes.js" in start
    assert not set(later) & start
