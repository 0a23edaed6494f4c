"""The project's own deterministic pseudo-random numbers.

Boards come from ``(variant, seed)`` and must be the same in every Python
(CPython, Pyodide) and every later release, so nothing here touches ``random``,
``hash()``, set order or floats: SplitMix64 on plain integers masked to 64 bits,
seeded from an FNV-1a hash of a text key.

>>> rng = SplitMix64(0)
>>> hex(rng.next())
'0xe220a8397b1dcdaf'
"""

MASK64 = (1 << 64) - 1


def fnv1a64(text: str) -> int:
    """FNV-1a 64-bit hash of the UTF-8 bytes of ``text`` (stable forever)."""
    value = 0xCBF29CE484222325
    for byte in text.encode("utf-8"):
        value = ((value ^ byte) * 0x100000001B3) & MASK64
    return value


class SplitMix64:
    """SplitMix64 (Steele, Lea, Flood 2014): tiny, fast, well mixed."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    @classmethod
    def for_key(cls, key: str, seed: int) -> "SplitMix64":
        """A stream for one board: the key names the variant and its options."""
        return cls(fnv1a64(key) ^ (seed & MASK64))

    def next(self) -> int:
        """The next 64-bit unsigned integer."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """An integer in ``range(n)`` (multiply-shift; n >= 1)."""
        return (self.next() * n) >> 64

    def choice(self, items):
        """One element of the non-empty sequence ``items``."""
        return items[self.below(len(items))]

    def shuffle(self, items: list) -> None:
        """Shuffle a list in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
