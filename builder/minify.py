"""The page's modules and style sheets minified (docs/boot.md "A first visit"), each file on
its own (no bundling: every module keeps its URL, its imports and its place in the
service worker's precache), with a source map beside it that holds the readable source.

esbuild (npm, pinned in package.json) does it: `--minify` of each file, no target (the
syntax is left as written), so nothing the security policy forbids (no eval, no blob:)
comes in. The maps (`<file>.map`) are for the browser's developer tools: never precached,
never fetched by a visit. What a page preloads is read from the readable sources, before
this step (builder/pages.py).
"""

from __future__ import annotations

import json
import posixpath
import subprocess
import tempfile
from pathlib import Path

from builder.checkout import ROOT

ESBUILD = ROOT / "node_modules" / "esbuild" / "bin" / "esbuild"
MINIFIED_SUFFIXES = (".js", ".mjs", ".css")
SOURCE_MAP = ".map"


def minified(contents: dict[str, bytes], paths: list[str]) -> dict[str, bytes]:
    """{path: minified bytes, path + '.map': its source map} for each of `paths` (dist
    paths of `contents`); the map names the file by its own name and holds its readable
    text, so the developer tools show that."""
    out: dict[str, bytes] = {}
    if not paths:
        return out
    with tempfile.TemporaryDirectory() as scratch:
        source, target = Path(scratch) / "source", Path(scratch) / "minified"
        for path in paths:
            (source / path).parent.mkdir(parents=True, exist_ok=True)
            (source / path).write_bytes(contents[path])
        subprocess.run(["node", ESBUILD, *paths, "--minify", "--sourcemap", "--sources-content=true",
                        "--log-level=warning", f"--outdir={target}", f"--outbase={source}"],
                       cwd=source, check=True, timeout=300)
        for path in paths:
            written = path.removesuffix(".mjs") + ".js" if path.endswith(".mjs") else path  # (esbuild's name)
            code = (target / written).read_bytes().replace(f"{posixpath.basename(written)}{SOURCE_MAP}".encode(),
                                                           f"{posixpath.basename(path)}{SOURCE_MAP}".encode())
            source_map = json.loads((target / (written + SOURCE_MAP)).read_text())
            source_map["sources"] = [posixpath.basename(path)]
            out[path] = code
            out[path + SOURCE_MAP] = json.dumps(source_map, separators=(",", ":")).encode()
    return out
