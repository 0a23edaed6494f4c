"""What the build does to the pages: the shared head stamped in, and module preloads.

Every page's source has a marker line where the head all pages share goes
(partials/head.html: charset, viewport, the policy, color scheme, icon, style sheet);
after its module script, a <link rel="modulepreload"> for each module that script imports,
so the browser fetches the whole graph at once (docs/boot.md "Later visits").
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


def with_module_preloads(page: bytes, contents: dict[str, bytes]) -> bytes:
    """A page with a <link rel="modulepreload"> after its module script for each module
    that script imports: the browser fetches the whole graph at once, not one level of
    imports after the other (each a round trip through the service worker)."""
    def preloads(match: re.Match) -> bytes:
        indent, entry = match.group(1), match.group(2).decode()
        links = [indent + f'<link rel="modulepreload" href="{module}">\n'.encode()
                 for module in module_graph(contents, entry)]
        return match.group(0) + b"".join(links)
    return MODULE_SCRIPT.sub(preloads, page)
