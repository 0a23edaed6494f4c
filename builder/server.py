"""The static server of a built site: `python3 build.py serve`, the browser tests, the benchmarks.

Every file with its type and the security headers (builder/headers.py); every response
revalidated, so a browser never keeps a stale service worker.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import threading
from pathlib import Path

from builder.headers import SECURITY_HEADERS

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".wasm": "application/wasm",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".webmanifest": "application/manifest+json",
    ".woff2": "font/woff2",
}


class ByteCounter:
    """Bytes a server sent (headers included), by path, since the last take(): what a
    visit cost (the page benchmark, the first visit's budget in the tests)."""

    def __init__(self):
        self.lock = threading.Lock()
        self.by_path: dict[str, int] = {}

    def add(self, path: str, count: int) -> None:
        with self.lock:
            self.by_path[path] = self.by_path.get(path, 0) + count

    def take(self) -> dict[str, int]:
        with self.lock:
            by_path, self.by_path = self.by_path, {}
        return by_path


class _CountingWriter:
    def __init__(self, inner, counter: ByteCounter, handler):
        self.inner, self.counter, self.handler = inner, counter, handler

    def write(self, data) -> int:
        self.counter.add(getattr(self.handler, "path", "?").split("?")[0], len(data))
        return self.inner.write(data)

    def __getattr__(self, name):
        return getattr(self.inner, name)


class SiteRequestHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the right types; every response revalidated (no stale service worker)."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    protocol_version = "HTTP/1.1"  # keep-alive: a boot makes a dozen requests
    quiet = False
    security_headers = True  # False: a host that sends none (tests of the service worker's)
    # True: the precompressed files go out with "Content-Encoding: zstd", as a host may
    # send them (docs/boot.md): Chromium decodes them natively and the worker passes them on
    zstd_encoding = False
    counter: ByteCounter | None = None  # counts the bytes sent, when set

    def setup(self) -> None:
        super().setup()
        if self.counter is not None:
            self.wfile = _CountingWriter(self.wfile, self.counter, self)

    def end_headers(self) -> None:
        if self.zstd_encoding and self.path.split("?")[0].endswith(("-zstd", ".snapshot")):
            self.send_header("Content-Encoding", "zstd")
        self.send_header("Cache-Control", "no-cache")
        if self.security_headers:
            for name, value in SECURITY_HEADERS.items():
                self.send_header(name, value)
        super().end_headers()

    def log_message(self, format: str, *args) -> None:
        if not self.quiet:
            super().log_message(format, *args)


def make_server(directory: Path, port: int = 0, quiet: bool = False, security_headers: bool = True,
                zstd_encoding: bool = False, counter: ByteCounter | None = None,
                handler_class: type = SiteRequestHandler) -> http.server.ThreadingHTTPServer:
    """A threaded static server of `directory` on 127.0.0.1 (port 0: a free one); with a
    counter, it counts the bytes it sends."""
    handler = functools.partial(type("Handler", (handler_class,),
                                     {"quiet": quiet, "security_headers": security_headers,
                                      "zstd_encoding": zstd_encoding, "counter": counter}),
                                directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    server.daemon_threads = True
    return server


def serve(directory: Path, port: int) -> None:
    """Serve `directory` on http://127.0.0.1:port/ until Ctrl-C."""
    server = make_server(directory, port)
    print(f"Serving {directory} at http://127.0.0.1:{server.server_address[1]}/ (Ctrl-C stops)", flush=True)
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()
    server.server_close()
