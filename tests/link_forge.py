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
