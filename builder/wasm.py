"""The wasm's data segments, and the memory snapshot stored XOR them.

A memory snapshot of Pyodide holds the wasm's own static data, mostly unchanged: XORed
with the data segments it is mostly zeros, which compress to nothing (docs/boot.md
"A first visit"). js/engine/worker.js reads the segments the same way and undoes the XOR.
"""

from __future__ import annotations


def leb128(data: bytes, at: int, signed: bool = False) -> tuple[int, int]:
    """The LEB128 integer at `at` (wasm's variable-length integers), and where the next field starts."""
    value = shift = 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            if signed and byte & 0x40:
                value -= 1 << shift
            return value, at


def wasm_data_segments(wasm: bytes) -> list[tuple[int, bytes]] | None:
    """(address, bytes) of each data segment the wasm copies into memory at start, or None
    when one is not a plain active segment at a constant address (js/engine/worker.js reads the
    same, and the snapshot is then stored as it is)."""
    at, segments = 8, []
    while at < len(wasm):
        section, at = wasm[at], at + 1
        size, at = leb128(wasm, at)
        if section == 11:
            count, cursor = leb128(wasm, at)
            for _ in range(count):
                flags, cursor = leb128(wasm, cursor)
                if flags != 0 or wasm[cursor] != 0x41:  # active, memory 0, i32.const
                    return None
                address, cursor = leb128(wasm, cursor + 1, signed=True)
                if wasm[cursor] != 0x0B:
                    return None
                length, cursor = leb128(wasm, cursor + 1)
                segments.append((address, wasm[cursor:cursor + length]))
                cursor += length
        at += size
    return segments


def xor_with_wasm_data(snapshot: bytes, segments: list[tuple[int, bytes]]) -> bytes:
    """The snapshot's memory XOR the wasm's data segments (they are there, mostly
    unchanged, in both): zeros where nothing changed. Its own inverse."""
    memory_start = int.from_bytes(snapshot[4:8], "little")  # Pyodide's header length
    image = bytearray(max(address + len(data) for address, data in segments))
    for address, data in segments:
        image[address:address + len(data)] = data
    start, end = memory_start, memory_start + len(image)
    mixed = int.from_bytes(snapshot[start:end], "little") ^ int.from_bytes(image, "little")
    return snapshot[:start] + mixed.to_bytes(len(image), "little") + snapshot[end:]
