"""Draw the site's app icons (images/icon*.png and images/icon.svg) from one design.

    python3 tools/make_icons.py

A 4 × 4 board of the standard palette's colors on a dark slate square: a territory
grows from the bottom-left corner. The maskable icon has a full-bleed background and
keeps the board inside the central safe zone (a circle of 80 % of the width).
Standard library only (PNG written with zlib).
"""

import struct
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BACKGROUND = (0x2D, 0x31, 0x38)
PALETTE = ["#e5484d", "#30a46c", "#3e63dd", "#f5d90a", "#8e4ec6", "#05a2c2", "#f76b15"]
BOARD = ["2411",
         "3521",
         "0365",
         "0003"]
SAMPLES = 3  # per axis, for smooth edges


def rgb(color: str) -> tuple:
    return tuple(int(color[i:i + 2], 16) for i in (1, 3, 5))


def shapes(size: float, maskable: bool):
    """(background corner radius, board inset, cell gap, cell radius) in pixels."""
    inset = size * (0.24 if maskable else 0.14)
    return (0 if maskable else size * 0.2), inset, size * 0.018, size * 0.03


def inside_rounded(x, y, left, top, width, height, radius) -> bool:
    if not (left <= x < left + width and top <= y < top + height):
        return False
    dx = max(left + radius - x, 0, x - (left + width - radius))
    dy = max(top + radius - y, 0, y - (top + height - radius))
    return dx * dx + dy * dy <= radius * radius


def cells(size, maskable):
    _, inset, gap, radius = shapes(size, maskable)
    step = (size - 2 * inset) / 4
    for row, line in enumerate(BOARD):
        for column, digit in enumerate(line):
            yield (inset + column * step + gap, inset + row * step + gap, step - 2 * gap, step - 2 * gap,
                   radius, rgb(PALETTE[int(digit)]))


def color_at(x, y, size, maskable, board):
    corner = shapes(size, maskable)[0]
    if not inside_rounded(x, y, 0, 0, size, size, corner):
        return None
    for left, top, width, height, radius, color in board:
        if inside_rounded(x, y, left, top, width, height, radius):
            return color
    return BACKGROUND


def png(size: int, maskable: bool) -> bytes:
    board = list(cells(size, maskable))
    rows = bytearray()
    for py in range(size):
        rows.append(0)
        for px in range(size):
            total, alpha = [0, 0, 0], 0
            for sy in range(SAMPLES):
                for sx in range(SAMPLES):
                    color = color_at(px + (sx + .5) / SAMPLES, py + (sy + .5) / SAMPLES, size, maskable, board)
                    if color is not None:
                        alpha += 1
                        for i in range(3):
                            total[i] += color[i]
            if alpha:
                rows += bytes(round(total[i] / alpha) for i in range(3)) + bytes([round(255 * alpha / SAMPLES ** 2)])
            else:
                rows += b"\0\0\0\0"

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(rows), 9))
            + chunk(b"IEND", b""))


def svg_icon() -> str:
    size = 100
    corner = shapes(size, False)[0]
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}">',
             f'<rect width="{size}" height="{size}" rx="{corner:g}" fill="#{"%02x%02x%02x" % BACKGROUND}"/>']
    for left, top, width, height, radius, color in cells(size, False):
        parts.append(f'<rect x="{left:.2f}" y="{top:.2f}" width="{width:.2f}" height="{height:.2f}" '
                     f'rx="{radius:.2f}" fill="#{"%02x%02x%02x" % color}"/>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def main() -> None:
    images = ROOT / "images"
    images.mkdir(exist_ok=True)
    (images / "icon.svg").write_text(svg_icon(), encoding="utf-8")
    for name, size, maskable in (("icon-192.png", 192, False), ("icon-512.png", 512, False),
                                 ("icon-maskable-512.png", 512, True)):
        (images / name).write_bytes(png(size, maskable))
        print(f"images/{name}")


if __name__ == "__main__":
    main()
