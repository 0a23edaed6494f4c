"""Run inside Pyodide by zstd.mjs: defines compress(), which the script calls per file."""

from compression import zstd


def compress(source: str, target: str) -> None:
    """zstd level 19 of the file `source`, written to `target` (paths in Pyodide's file system)."""
    with open(source, "rb") as file:
        data = file.read()
    with open(target, "wb") as file:
        file.write(zstd.compress(data, level=19))
