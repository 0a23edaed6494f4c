"""Friend links taken apart into their fields and put together again with a correct
check sum: what someone who knows the format (py/filler/link.py, version 1) could
forge. For the tests of links that are well formed but wrong (engine and browser)."""

import base64
import zlib

from filler import link


def fields_of(text: str) -> dict:
    """The fields of a version-1 link (a whole URL or its fragment), as raw numbers
    and bytes: ratings as the integers the link holds (r and rd ×10, vol ×1e6)."""
    payload = text.rsplit("#", 1)[-1].split(".", 1)[1]
    data = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    reader = link._Reader(data)
    length = reader.varint()
    reader = link._Reader(data[reader.at:reader.at + length])
    fields = {"id": reader.take(link.ID_BYTES), "variant": reader.varint()}
    practice = link.VARIANT_CODES[fields["variant"]] == "practice"
    fields["options"] = [reader.varint() for _ in range(4)] if practice else []
    fields["seed"] = reader.varint()
    fields["flags"] = reader.take(1)[0]
    fields["names"] = [reader.take(reader.varint()) for _ in range(2)]
    fields["ratings"] = [[reader.varint() for _ in range(3)] if fields["flags"] >> (2 + seat) & 1 else None
                         for seat in range(2)]
    fields["count"] = reader.varint()
    fields["specials"] = [[reader.varint(), reader.varint()] for _ in range(reader.varint())]
    fields["moves"] = int.from_bytes(reader.rest(), "little")
    return fields


def packed(fields: dict) -> str:
    """The fragment of a link with these fields (see fields_of) and a valid check sum;
    the flags' rating bits follow the ratings given."""
    ratings = fields["ratings"]
    flags = fields["flags"] & 0b11 | (ratings[0] is not None) << 2 | (ratings[1] is not None) << 3
    body = bytearray(fields["id"]) + link._varint(fields["variant"])
    for value in fields["options"]:
        body += link._varint(value)
    body += link._varint(fields["seed"]) + bytes([flags])
    for name in fields["names"]:
        raw = name.encode("utf-8") if isinstance(name, str) else bytes(name)
        body += link._varint(len(raw)) + raw
    for rating in ratings:
        for value in rating or ():
            body += link._varint(value)
    body += link._varint(fields["count"]) + link._varint(len(fields["specials"]))
    for index, code in fields["specials"]:
        body += link._varint(index) + link._varint(code)
    body += fields["moves"].to_bytes((fields["moves"].bit_length() + 7) // 8, "little")
    data = bytes(link._varint(len(body))) + bytes(body)
    data += zlib.crc32(data).to_bytes(4, "big")
    return "f1." + base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def with_rating(text: str, seat: int, r: float, rd: float, vol: float = 0.06) -> str:
    """The link with seat ``seat``'s rating replaced by these values (as a forger
    would write them, not kept in any range)."""
    fields = fields_of(text)
    fields["ratings"][seat] = [round(r * 10), round(rd * 10), round(vol * 1_000_000)]
    return packed(fields)


BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
FIELDS = ("moves", "sender", "seed", "games", "variant", "count", "specials", "rating", "name", "id")


def mutated(text: str, rng, ids=()) -> str:
    """The link (its fragment) changed at random (``rng``: a random.Random): character
    by character, as a message or a copy might (flipped, dropped, repeated, inserted,
    cut), or re-encoded well formed with fields changed (another move, seat, seed,
    result, rating, name, or one of the match ``ids`` (base64url) or a random id)."""
    if rng.random() < 0.4:
        for _ in range(rng.randint(1, 3)):
            at, other = rng.randrange(len(text)), rng.choice(BASE64URL + "=.#%+/ é")
            how = rng.choice(("flip", "drop", "repeat", "insert", "cut"))
            text = (text[:at] + other + text[at + 1:] if how == "flip" else
                    text[:at] + text[at + 1:] if how == "drop" else
                    text[:at] + text[at] * rng.randint(2, 4) + text[at + 1:] if how == "repeat" else
                    text[:at] + other + text[at:] if how == "insert" else text[:at]) or "f"
        return text
    fields = fields_of(text)
    for _ in range(rng.randint(1, 2)):
        _change(fields, rng.choice(FIELDS), rng, ids)
    return packed(fields)


def _change(fields: dict, field: str, rng, ids) -> None:
    if field == "moves":
        fields["moves"] = max(0, fields["moves"] + rng.randint(-9, 9)) if rng.random() < 0.7 else rng.getrandbits(64)
    elif field in ("sender", "games"):
        fields["flags"] ^= 0b10 if field == "sender" else 0b1
    elif field == "seed":
        fields["seed"] = fields["seed"] + 1 if rng.random() < 0.5 else rng.getrandbits(53)
    elif field == "variant":
        fields["variant"] = rng.randrange(len(link.VARIANT_CODES) + 2)
        if fields["variant"] == link.VARIANT_CODES.index("practice") and not fields["options"]:
            fields["options"] = [0, 8, 7, 6]
    elif field == "count":
        fields["count"] = max(0, fields["count"] + rng.randint(-3, 3))
    elif field == "specials":
        specials = fields["specials"]
        what = rng.choice(("add", "drop", "code", "index"))
        if what == "add" or not specials:
            specials.append([rng.randint(0, fields["count"]), rng.randint(0, 4)])
        elif what == "drop":
            specials.pop(rng.randrange(len(specials)))
        elif what == "code":
            specials[-1][1] = rng.randint(0, 4)
        else:
            specials[-1][0] = max(0, specials[-1][0] + rng.randint(-3, 3))
    elif field == "rating":
        values = (0, 1, 299, 300, 3500, 3501, 40_000, 40_001, 10**20)
        fields["ratings"][rng.randrange(2)] = None if rng.random() < 0.2 else [
            rng.choice(values) if rng.random() < 0.5 else rng.randint(0, 50_000) for _ in range(3)]
    elif field == "name":
        fields["names"][rng.randrange(2)] = rng.choice((
            "".join(rng.choice("Anna Bob<b>é\u202e\u0000") for _ in range(rng.randint(0, 45))).encode(),
            rng.randbytes(rng.randint(0, 8)), "é".encode() * 41))
    else:
        fields["id"] = base64.urlsafe_b64decode(rng.choice(ids)) if ids and rng.random() < 0.5 else rng.randbytes(6)
