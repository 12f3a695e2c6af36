import type { Item } from './items.schemas.js';

/**
 * A card (an item's JSON) packed to about 40 % of its bytes, written back out byte
 * for byte when served. At a million items every card kept as JSON would take about
 * 1.5 GB (1,170 bytes and its bookkeeping); packed, every card fits in about 440 MB
 * with its bookkeeping (card-store.ts), so a deep page is copied from memory rather
 * than read from the database (docs/performance.md).
 *
 * A packed card is a run of bytes (kept in card-store.ts's arena), a list of
 * operations:
 *
 * - the text every card shares (keys, punctuation, a status, a tag, a category, the
 *   part of a photo's URL around its hash) as the index of a fragment kept once for
 *   all cards: an operation byte below FRAGMENT_WIDE, or FRAGMENT_WIDE and a varint;
 * - a title, a description or a note as its JSON bytes (LITERAL, a varint length);
 * - a whole number as a varint (NUMBER), a photo's 32-hex-digit hash as 16 bytes
 *   (HASH), a time's 17 digits as 9 bytes of two digits each (TIME).
 *
 * Packing follows Item's schema in the serializer's order; `packCard` then writes the
 * packed card out again and compares it with the serializer's bytes, and keeps the
 * JSON itself as one literal when they differ, so a card served is always the
 * serializer's.
 */

const FRAGMENT_WIDE = 0x80;
const LITERAL = 0x81;
const NUMBER = 0x82;
const HASH = 0x83;
const TIME = 0x84;

/** A photo's sizes below this are shared text (bounds the fragments a shop's photos can make). */
const SHARED_NUMBER_BOUND = 100_000;

/** Fragments are kept for the life of the cards; past this many, shared text is packed as literals. */
const MAX_FRAGMENTS = 65_536;

const HEX_DIGITS = Buffer.from('0123456789abcdef', 'latin1');
const ZERO = 0x30;
const HASHED_URL = /^("[^"\\]*?)([0-9a-f]{32})([^"\\]*")$/;
const ISO_TIME = /^"(\d\d)(\d\d)-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)\.(\d\d)(\d)Z"$/;
/** "00" to "99": a time's digits two at a time. */
const DIGIT_PAIRS = Buffer.from(
  Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0')).join(''),
  'latin1',
);
/** What a time's JSON has between its pairs of digits: after pair k, TIME_PUNCTUATION[k] (0: none). */
const TIME_PUNCTUATION = [0, 0x2d, 0x2d, 0x54, 0x3a, 0x3a, 0x2e, 0];

/** The text shared by cards, each piece kept once: its index is what a card holds. */
export function cardFragments(max = MAX_FRAGMENTS) {
  const indexOf = new Map<string, number>();
  const bytes: Buffer[] = [];
  return {
    bytes,
    /** Whether less than half the table is used: room kept for text every card shares. */
    roomy(): boolean {
      return bytes.length < max / 2;
    },
    /** The fragment's index, kept on first sight; undefined once the table is full. */
    intern(text: string): number | undefined {
      let index = indexOf.get(text);
      if (index === undefined && bytes.length < max) {
        index = bytes.length;
        indexOf.set(text, index);
        bytes.push(Buffer.from(text, 'utf8'));
      }
      return index;
    },
  };
}

export type CardFragments = ReturnType<typeof cardFragments>;

/** Operations written into a growing buffer; shared text gathered until a value breaks it. */
class Packer {
  private out = Buffer.allocUnsafeSlow(4096);
  private at = 0;
  private shared = '';

  constructor(private readonly fragments: CardFragments) {}

  reset(): void {
    this.at = 0;
    this.shared = '';
  }

  /** Text every card of its kind has: joins the shared text before it. */
  common(text: string): void {
    this.shared += text;
  }

  /** Ends the shared text here: what follows (a value, a tag) does not join it. */
  cut(): void {
    const text = this.shared;
    if (text === '') return;
    // Emptied first: a full table packs the text as a literal, and `bytes` cuts again.
    this.shared = '';
    const index = this.fragments.intern(text);
    if (index === undefined) this.bytes(Buffer.from(text, 'utf8'));
    else if (index < FRAGMENT_WIDE) this.byte(index);
    else {
      this.byte(FRAGMENT_WIDE);
      this.varint(index);
    }
  }

  /** A JSON string's bytes as they are (a title, a description). */
  string(value: string): void {
    this.bytes(Buffer.from(JSON.stringify(value), 'utf8'));
  }

  number(value: number): void {
    if (!Number.isSafeInteger(value) || value < 0) {
      this.bytes(Buffer.from(String(value)));
      return;
    }
    this.cut();
    this.byte(NUMBER);
    this.varint(value);
  }

  /**
   * A number that repeats across cards (a photo's size): part of the shared text
   * when small, while the table has room. Photos in a thousand shapes (cropped
   * uploads) then fill at most half of it, leaving the rest for tags and categories.
   */
  size(value: number): void {
    const shared =
      Number.isSafeInteger(value) &&
      value >= 0 &&
      value < SHARED_NUMBER_BOUND &&
      this.fragments.roomy();
    if (shared) this.common(String(value));
    else this.number(value);
  }

  nullableNumber(value: number | null): void {
    if (value === null) this.common('null');
    else this.number(value);
  }

  /**
   * A URL: the hash in it as 16 bytes, the text around it shared. One without a hash
   * (a placeholder every seeded item shows) is shared text whole while the table is
   * roomy, as a photo's size is: it joins the text around it rather than breaking it
   * with a literal.
   */
  url(value: string): void {
    const json = JSON.stringify(value);
    const hashed = HASHED_URL.exec(json);
    if (!hashed) {
      if (this.fragments.roomy()) this.common(json);
      else this.bytes(Buffer.from(json, 'utf8'));
      return;
    }
    this.common(hashed[1]!);
    this.cut();
    this.byte(HASH);
    this.reserve(16);
    this.at += this.out.write(hashed[2]!, this.at, 'hex');
    this.common(hashed[3]!);
  }

  time(value: Date | string | null): void {
    if (value === null) {
      this.common('null');
      return;
    }
    const json = JSON.stringify(typeof value === 'string' ? value : value.toISOString());
    const digits = ISO_TIME.exec(json);
    if (!digits) {
      this.bytes(Buffer.from(json, 'utf8'));
      return;
    }
    this.cut();
    this.byte(TIME);
    for (let k = 1; k <= 8; k++) this.byte(Number(digits[k]));
    this.byte(Number(digits[9]) * 10);
  }

  bytes(value: Buffer): void {
    this.cut();
    this.byte(LITERAL);
    this.varint(value.length);
    this.reserve(value.length);
    this.at += value.copy(this.out, this.at);
  }

  /** The packed card: a view of the packer's buffer, good until the next card is packed. */
  finish(): Buffer {
    this.cut();
    return this.out.subarray(0, this.at);
  }

  private byte(value: number): void {
    this.reserve(1);
    this.out[this.at++] = value;
  }

  private varint(value: number): void {
    this.reserve(8);
    while (value >= 0x80) {
      this.out[this.at++] = (value % 0x80) | 0x80;
      value = Math.floor(value / 0x80);
    }
    this.out[this.at++] = value;
  }

  private reserve(length: number): void {
    if (this.at + length <= this.out.length) return;
    const grown = Buffer.allocUnsafeSlow(Math.max(this.out.length * 2, this.at + length));
    this.out.copy(grown, 0, 0, this.at);
    this.out = grown;
  }
}

/** Item's fields in the serializer's order (items.schemas.ts), shared text where cards agree. */
function packItem(item: Item, p: Packer): void {
  p.common('{"id":');
  p.number(item.id);
  p.common(',"title":');
  p.string(item.title);
  p.common(',"description":');
  p.string(item.description);
  p.common(`,"status":${JSON.stringify(item.status)},"price_cents":`);
  p.number(item.price_cents);
  // A category joins the text around it (after the price, up to the first photo's
  // id, the first tag or the creation time): three fragments a category at most.
  p.common(',"category":');
  if (item.category === null) p.common('null');
  else {
    const { id, name, slug } = item.category;
    p.common(`{"id":${id},"name":${JSON.stringify(name)},"slug":${JSON.stringify(slug)}}`);
  }
  p.common(',"images":[');
  item.images.forEach((image, i) => {
    p.common(i === 0 ? '{"id":' : ',{"id":');
    p.number(image.id);
    p.common(',"url":');
    p.url(image.url);
    // A photo's sizes and place repeat across cards (a camera's few shapes, the
    // variants' fixed widths): shared text with the keys around them, so a photo
    // costs two fragments rather than eight and seven numbers.
    p.common(',"width":');
    p.size(image.width);
    p.common(',"height":');
    p.size(image.height);
    p.common(',"position":');
    p.size(image.position);
    p.common(',"variants":[');
    image.variants.forEach((variant, j) => {
      p.common(j === 0 ? '{"width":' : ',{"width":');
      p.size(variant.width);
      p.common(',"height":');
      p.size(variant.height);
      p.common(',"url":');
      p.url(variant.url);
      p.common('}');
    });
    p.common(']}');
  });
  p.common('],"tags":[');
  // A tag is a fragment with the comma before it and, for the last, the text after
  // it: four fragments a tag at most, one operation each.
  const last = item.tags.length - 1;
  item.tags.forEach((tag, i) => {
    if (i === 0) p.cut();
    else p.common(',');
    const { id, name, slug, colour } = tag;
    p.common(
      `{"id":${id},"name":${JSON.stringify(name)},"slug":${JSON.stringify(slug)},"colour":${JSON.stringify(colour)}}`,
    );
    if (i < last) p.cut();
  });
  p.common('],"created_at":');
  p.time(item.created_at);
  p.common(',"published_at":');
  p.time(item.published_at);
  p.common(',"sold_at":');
  p.time(item.sold_at);
  p.common(',"weight_grams":');
  p.nullableNumber(item.weight_grams);
  p.common(',"dimensions":{"width_mm":');
  p.nullableNumber(item.dimensions.width_mm);
  p.common(',"height_mm":');
  p.nullableNumber(item.dimensions.height_mm);
  p.common(',"depth_mm":');
  p.nullableNumber(item.dimensions.depth_mm);
  p.common(`},"condition":${item.condition === null ? 'null' : JSON.stringify(item.condition)}`);
  p.common(',"condition_note":');
  if (item.condition_note === null) p.common('null');
  else p.string(item.condition_note);
  p.common('}');
}

/** Packs and unpacks the cards of one store, sharing its fragments. */
export function cardPacking(fragments: CardFragments = cardFragments()) {
  const packer = new Packer(fragments);
  let check = Buffer.allocUnsafeSlow(4096);
  let fallbacks = 0;

  /**
   * Writes a packed card's JSON into `out` at `at`; returns where it ends. Runs of
   * more than 16 bytes are copied by the runtime (`set`, `write`: about 25 ns whatever
   * their length), shorter ones byte by byte (about 1.5 ns a byte).
   */
  function unpack(packed: Uint8Array, start: number, end: number, out: Buffer, at: number): number {
    const shared = fragments.bytes;
    let i = start;
    while (i < end) {
      const op = packed[i++]!;
      if (op < FRAGMENT_WIDE) {
        at = writeFragment(shared[op]!, out, at);
        continue;
      }
      if (op === TIME) {
        at = writeTime(packed, i, out, at);
        i += 9;
        continue;
      }
      if (op === HASH) {
        for (const stop = i + 16; i < stop; i++) {
          const b = packed[i]!;
          out[at++] = HEX_DIGITS[b >> 4]!;
          out[at++] = HEX_DIGITS[b & 15]!;
        }
        continue;
      }
      // A varint: seven bits a byte, least significant first.
      let b = packed[i++]!;
      let value = b & 0x7f;
      for (let shift = 0x80; b >= 0x80; shift *= 0x80) {
        b = packed[i++]!;
        value += (b & 0x7f) * shift;
      }
      if (op === FRAGMENT_WIDE) at = writeFragment(shared[value]!, out, at);
      else if (op === LITERAL) {
        if (value > 16) out.set(packed.subarray(i, i + value), at);
        else for (let k = 0; k < value; k++) out[at + k] = packed[i + k]!;
        at += value;
        i += value;
      } else at = writeDigits(value, out, at);
    }
    return at;
  }

  /** Whether `packed` is written out as `json`; one that would run past `check` is not. */
  function givesBack(packed: Buffer, json: Buffer): boolean {
    try {
      return (
        unpack(packed, 0, packed.length, check, 0) === json.length &&
        check.compare(json, 0, json.length, 0, json.length) === 0
      );
    } catch (error) {
      if (error instanceof RangeError) return false;
      throw error;
    }
  }

  return {
    unpack,

    /**
     * The packed form of `item`, whose JSON (the serializer's) is `json`: checked by
     * writing it out again, and the JSON itself, as one literal, where they differ.
     * A view of the packer's buffer: copied away before the next card is packed.
     */
    pack(item: Item, json: Buffer): Buffer {
      packer.reset();
      packItem(item, packer);
      const packed = packer.finish();
      if (check.length < json.length) check = Buffer.allocUnsafeSlow(json.length * 2);
      if (givesBack(packed, json)) return packed;
      fallbacks++;
      packer.reset();
      packer.bytes(json);
      return packer.finish();
    },

    /** How many cards were kept as their JSON because packing did not give it back. */
    fallbacks(): number {
      return fallbacks;
    },
  };
}

export type CardPacking = ReturnType<typeof cardPacking>;

function writeFragment(fragment: Buffer, out: Buffer, at: number): number {
  const length = fragment.length;
  if (length > 16) out.set(fragment, at);
  else for (let k = 0; k < length; k++) out[at + k] = fragment[k]!;
  return at + length;
}

/**
 * A whole number's decimal digits. Below 2^31 (every id and price a shop has) in
 * 32-bit integer arithmetic, two digits a division: a division by a constant is
 * then a multiplication, where a float's is a division each. A seed-shaped page of
 * 24 cards unpacked in 11.4 µs this way, 13.0 the other (docs/performance.md).
 */
function writeDigits(value: number, out: Uint8Array, at: number): number {
  if (value >= INT32_BOUND) return writeLargeDigits(value, out, at);
  let rest = value | 0;
  const end = at + digitsOf(rest);
  let i = end;
  while (rest >= 100) {
    const higher = (rest / 100) | 0;
    const pair = (rest - higher * 100) * 2;
    out[--i] = DIGIT_PAIRS[pair + 1]!;
    out[--i] = DIGIT_PAIRS[pair]!;
    rest = higher;
  }
  if (rest >= 10) {
    out[--i] = DIGIT_PAIRS[rest * 2 + 1]!;
    out[--i] = DIGIT_PAIRS[rest * 2]!;
  } else out[--i] = ZERO + rest;
  return end;
}

const INT32_BOUND = 0x8000_0000;

/** 10, 100, … 10^9: a number below 2^31 has one digit more than the powers it reaches. */
const POWERS_OF_TEN = Array.from({ length: 9 }, (_, k) => 10 ** (k + 1));

/** How many digits a number below 2^31 has. */
function digitsOf(n: number): number {
  let digits = 1;
  while (digits < 10 && n >= POWERS_OF_TEN[digits - 1]!) digits++;
  return digits;
}

/** writeDigits for a number of 2^31 and above (up to 2^53), a digit at a time. */
function writeLargeDigits(value: number, out: Uint8Array, at: number): number {
  let digits = 1;
  for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) digits++;
  const end = at + digits;
  for (let i = end - 1; i >= at; i--) {
    out[i] = ZERO + (value % 10);
    value = Math.floor(value / 10);
  }
  return end;
}

/** A time's JSON from its digit pairs at `packed[i]`: "YYYY-MM-DDTHH:mm:ss.sssZ". */
function writeTime(packed: Uint8Array, i: number, out: Buffer, at: number): number {
  out[at++] = 0x22;
  for (let k = 0; k < 8; k++) {
    const pair = packed[i + k]! * 2;
    out[at++] = DIGIT_PAIRS[pair]!;
    out[at++] = DIGIT_PAIRS[pair + 1]!;
    const punctuation = TIME_PUNCTUATION[k]!;
    if (punctuation !== 0) out[at++] = punctuation;
  }
  out[at++] = DIGIT_PAIRS[packed[i + 8]! * 2]!;
  out[at++] = 0x5a;
  out[at++] = 0x22;
  return at;
}
