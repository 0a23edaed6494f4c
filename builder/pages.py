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
START_SCRIPT = "js/start.js"
STATIC_IMPORT = re.compile(rb"""^[ \t]*(?:import|export)\b[^'"`;]*?\bfrom[ \t]*['"](\.[^'"]+)['"]"""
                           rb"""|^[ \t]*import[ \t]*['"](\.[^'"]+)['"]""", re.MULTILINE)


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


def with_start_script(page: bytes, contents: dict[str, bytes]) -> bytes:
    """A page whose module script is js/start.js, with the script in its data-start and, in
    a template start.js puts in the head, a <link rel="modulepreload"> for the script and
    each module it imports, and the page's own preloads."""
    preloads = PRELOAD.findall(page)
    page = PRELOAD.sub(b"", page)

    def start(match: re.Match) -> bytes:
        indent, entry = match.group(1), match.group(2).decode()
        links = [indent + b"  " + f'<link rel="modulepreload" href="{module}">\n'.encode()
                 for module in [entry, *module_graph(contents, entry)]]
        links += [indent + b"  " + preload.strip() + b"\n" for preload in preloads]
        return (indent + f'<script type="module" src="{START_SCRIPT}" data-start="{entry}"></script>\n'.encode()
                + indent + b'<template id="start-preloads">\n' + b"".join(links) + indent + b"</template>\n")
    return MODULE_SCRIPT.sub(start, page)
