// What a friend's link says before the engine has checked it: whose link it is, the
// variant, one game or two, and the match's id. The page shows it at once, labelled
// "checking the link…", while Python boots; the engine's friend_open then replays and
// checks the whole link, and what it says replaces this (the position, or the problem).
//
// Read from the first fields of a version-1 link (py/filler/link.py: the body's
// length, the match id, the variant's number, a practice board's options, the seed,
// the flags, both names); never trusted, never stored. Anything else (another
// version, a damaged start) gives null, and the page says only "checking the link…".
// The variants' numbers are the engine's: snapshots.json lists them (link_variants).

const VERSION_1 = /^f1\.([A-Za-z0-9_-]+)$/;
const ID_BYTES = 6;
const PRACTICE_OPTIONS = 4; // shape, width, height, colors
const MAX_NAME = 40; // link.MAX_NAME

/** {matchId, variant, games, sender, names} from a link (a whole URL or its fragment),
 *  or null. linkVariants: the variant ids by their number in a link. */
export function peekLink(text, linkVariants) {
  const fragment = String(text).trim().split('#').pop();
  const found = VERSION_1.exec(fragment);
  if (!found || !Array.isArray(linkVariants)) return null;
  try {
    const reader = new Reader(fromBase64url(found[1]));
    reader.varint(); // the body's length
    const matchId = toBase64url(reader.take(ID_BYTES));
    const code = reader.varint();
    if (code >= linkVariants.length) return null;
    const variant = linkVariants[code];
    if (variant === 'practice') for (let index = 0; index < PRACTICE_OPTIONS; index += 1) reader.varint();
    reader.varint(); // the seed
    const [flags] = reader.take(1);
    const names = [reader.text(), reader.text()];
    if (names.some((name) => name.length > MAX_NAME)) return null;
    return {matchId, variant, games: flags & 1 ? 2 : 1, sender: (flags >> 1) & 1, names};
  } catch {
    return null; // cut short, or not UTF-8
  }
}

function fromBase64url(text) {
  const usable = text.length % 4 === 1 ? text.slice(0, -1) : text; // cut inside a character
  const binary = atob(usable.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

export function toBase64url(bytes) {
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_');
}

class Reader {
  constructor(bytes) {
    this.bytes = bytes;
    this.at = 0;
  }

  take(count) {
    if (this.at + count > this.bytes.length) throw new RangeError('the link ends early');
    const chunk = this.bytes.subarray(this.at, this.at + count);
    this.at += count;
    return chunk;
  }

  varint() {
    let value = 0;
    for (let shift = 0; shift <= 70; shift += 7) {
      const [byte] = this.take(1);
      value += (byte & 0x7f) * 2 ** shift;
      if (!(byte & 0x80)) return value;
    }
    throw new RangeError('a number in the link is too long');
  }

  text() {
    return new TextDecoder('utf-8', {fatal: true}).decode(this.take(this.varint()));
  }
}
