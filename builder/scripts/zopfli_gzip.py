"""gzip copies made with Zopfli (run by builder/precompress.py with the build venv's Python,
which has the pinned `zopfli` package): for each path given, `<path>.gz` beside it.

Zopfli writes the gzip format every decoder reads (the service worker's DecompressionStream
among them), some 5 % smaller than gzip's best level, at a hundred times its cost: the
builder keeps each copy by the content it was made from."""

import sys
from pathlib import Path

import zopfli.gzip

ITERATIONS = 15  # Zopfli's default; more gains a few bytes for much more time

for name in sys.argv[1:]:
    path = Path(name)
    path.with_name(path.name + ".gz").write_bytes(zopfli.gzip.compress(path.read_bytes(), numiterations=ITERATIONS))
