"""What the build does to the pages: the shared head stamped in, and the start script.

Every page's source has a marker line where the head all pages share goes
(partials/head.html: charset, viewport, the policy, color scheme, icon, style sheet).
Its module script becomes js/start.js with the page's own script in data-start, and a
<template id="start-preloads"> holding a <link rel="modulepreload"> for that script and
each module it imports (so the browser fetches the whole graph at once: docs/boot.md
"Later visits") and the page's own preloads (snapshots.json): start.js lets the service
worker take the page first, then puts them in the head and imports the script, so that
a first visit gets them compressed (docs/boot.md "A first visit").
"""

from __future__ import annotations

import json
import posixpath
import re

from builder.checkout import ROOT
from builder.headers import CONTENT_SECURITY_POLICY

# The head every page shares, stamped into each page where its source has the marker line.
SHARED_HEAD = "partials/head.html"
HEAD_MARKER = re.compile(rb"^[ \t]*<!--#head-->.*\n", re.MULTILINE)
# A page's module script, and a module's static imports (`import ... from './x.js'`,
# `export ... from`, `import './x.js'`; not `import()`, which loads later when needed).
MODULE_SCRIPT = re.compile(rb'^([ \t]*)<script type="module" src="([^"]+)"></script>\n', re.MULTILINE)
PRELOAD = re.compile(rb'^[ \t]*<link rel="preload" [^>]*>\n', re.MULTILINE)
STYLESHEET = re.compile(rb'^([ \t]*)<link rel="stylesheet" href="[^"]+">\n', re.MULTILINE)
START_SCRIPT = "js/start.js"
# The one sheet left in the head: the page hidden on its background until start.js has put
# the page's own sheets in and they are loaded.
START_STYLE = b'<link rel="stylesheet" href="styles/start.css">\n'
STATIC_IMPORT = re.compile(rb"""^[ \t]*(?:import|export)\b[^'"`;]*?\bfrom[ \t]*['"](\.[^'"]+)['"]"""
                           rb"""|^[ \t]*import[ \t]*['"](\.[^'"]+)['"]""", re.MULTILINE)
# What the page loads only when it is needed (docs/boot.md "A first visit"): the modules the
# modes of main.js's MODES and the catalogs of i18n.js's CATALOGS import when needed
# (`import('./flows/puzzles.js')`), and the modes' style sheets (`style: 'styles/puzzles.css'`).
LOADED_LATER_BY = ("js/main.js", "js/i18n/i18n.js")
DYNAMIC_IMPORT = re.compile(rb"""\bimport\([ \t]*['"](\.[^'"]+)['"][ \t]*\)""")
MODE_STYLE = re.compile(rb"""\bstyle:[ \t]*['"]([^'"]+\.css)['"]""")
# The files of the main page's start-preloads in one download (docs/boot.md "A first visit"):
# the service worker's first install puts them in its cache, so that a first visit fetches
# the page's sixty-odd modules, its sheets and snapshots.json once, not in rounds of six
# requests (HTTP/1.1).
FIRST_VISIT_PAGE = "index.html"
FIRST_VISIT_PACK = "first-visit.json"
# and what the engine's worker loads before its downloads (docs/boot.md "A first visit"):
# its script, the modules that imports (module_graph) and Pyodide's loader
ENGINE_WORKER = "js/engine/worker.js"
PYODIDE_LOADER = "pyodide/pyodide.mjs"
START_PRELOAD_HREF = re.compile(rb'<link rel="(?:modulepreload|stylesheet|preload)" href="([^"]+)"')
START_TEMPLATE = re.compile(rb'<template id="start-preloads">(.*?)</template>', re.DOTALL)


def shared_head() -> bytes:
    """The head every page shares (SHARED_HEAD), with the site's one policy in it."""
    head = (ROOT / SHARED_HEAD).read_bytes()
    return head.replace(b"{{content-security-policy}}", CONTENT_SECURITY_POLICY.encode())


def with_shared_head(page: bytes) -> bytes:
    """A page's source with the shared head in place of its marker line."""
    head = shared_head()
    return HEAD_MARKER.sub(lambda _: head, page, count=1)


def module_graph(contents: dict[str, bytes], entry: str) -> list[str]:
    """Every module `entry` imports statically, directly or not (dist paths, in order)."""
    found, queue = [], [entry]
    while queue:
        module = queue.pop(0)
        if module in found:
            continue
        if module not in contents:
            raise SystemExit(f"build.py: {module} is imported but not part of the site")
        found.append(module)
        for match in STATIC_IMPORT.finditer(contents[module]):
            specifier = (match.group(1) or match.group(2)).decode()
            queue.append(posixpath.normpath(posixpath.join(posixpath.dirname(module), specifier)))
    return found[1:]


def page_entry(page: bytes) -> str | None:
    """The module script of a page's source (a dist path: the pages are at the site's top)."""
    match = MODULE_SCRIPT.search(page)
    return match.group(2).decode() if match else None


def later_files(contents: dict[str, bytes]) -> list[str]:
    """The files only a mode loaded when needed or a language not shown yet needs (dist
    paths, from the readable modules): the modules LOADED_LATER_BY import when needed and
    whatever those import that no page's start does, and the modes' style sheets. A first
    visit does not fetch them, and the service worker's first save leaves them out (LATER
    in sw.js)."""
    start = set()
    for name, page in contents.items():
        if name.endswith(".html") and "/" not in name and (entry := page_entry(page)):
            start.update([entry, *module_graph(contents, entry)])
    later = []
    for source in LOADED_LATER_BY:
        if source not in contents:
            continue
        for match in DYNAMIC_IMPORT.finditer(contents[source]):
            module = posixpath.normpath(posixpath.join(posixpath.dirname(source), match.group(1).decode()))
            later += [module, *module_graph(contents, module)]
        later += [match.group(1).decode() for match in MODE_STYLE.finditer(contents[source])]
    missing = [name for name in later if name not in contents]
    if missing:
        raise SystemExit(f"build.py: {', '.join(missing)} loaded later but not part of the site")
    return sorted(set(later) - start)


def with_start_script(page: bytes, contents: dict[str, bytes]) -> bytes:
    """A page whose module script is js/start.js, with the script in its data-start and, in
    a template start.js puts in the head, its style sheets, a <link rel="modulepreload"> for
    the script and each module it imports, and the page's own preloads; in the head, in
    place of its style sheets, START_STYLE."""
    preloads = PRELOAD.findall(page)
    page = PRELOAD.sub(b"", page)
    sheets = list(STYLESHEET.finditer(page))
    if sheets:  # START_STYLE where the first was, the sheets to the template
        first = sheets[0].start()
        page = STYLESHEET.sub(lambda match: match.group(1) + START_STYLE if match.start() == first else b"", page)

    def start(match: re.Match) -> bytes:
        indent, entry = match.group(1), match.group(2).decode()
        links = [indent + b"  " + sheet.group(0).strip() + b"\n" for sheet in sheets]  # fetched first
        links += [indent + b"  " + f'<link rel="modulepreload" href="{module}">\n'.encode()
                  for module in [entry, *module_graph(contents, entry)]]
        links += [indent + b"  " + preload.strip() + b"\n" for preload in preloads]
        return (indent + f'<script type="module" src="{START_SCRIPT}" data-start="{entry}"></script>\n'.encode()
                + indent + b'<template id="start-preloads">\n' + b"".join(links) + indent + b"</template>\n")
    return MODULE_SCRIPT.sub(start, page)


def first_visit_pack(contents: dict[str, bytes], also: list[str]) -> bytes:
    """FIRST_VISIT_PACK: {path: text} of the style sheets, modules and preloads
    FIRST_VISIT_PAGE's start-preloads name (read from the built page, after
    with_start_script), and of `also`, as they are served (minified)."""
    template = START_TEMPLATE.search(contents[FIRST_VISIT_PAGE])
    paths = [href.decode() for href in START_PRELOAD_HREF.findall(template.group(1))] if template else []
    paths += [path for path in also if path not in paths]
    return json.dumps({path: contents[path].decode() for path in paths}, ensure_ascii=False,
                      separators=(",", ":")).encode()
