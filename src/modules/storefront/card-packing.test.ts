import fc from 'fast-check';
import fastJson from 'fast-json-stringify';
import { describe, expect, it } from 'vitest';
import { cardFragments, cardPacking } from './card-packing.js';
import { Item } from './items.schemas.js';

const serializeItem = fastJson(Item);
const jsonOf = (item: Item) => Buffer.from(serializeItem(item), 'utf8');

function unpacked(
  packing: ReturnType<typeof cardPacking>,
  packed: Uint8Array,
  size: number,
): Buffer {
  // Packed bytes amid others, as they lie in a chunk of the arena.
  const chunk = Buffer.alloc(packed.length + 5, 0xff);
  chunk.set(packed, 3);
  const out = Buffer.alloc(size + 16);
  const end = packing.unpack(chunk, 3, 3 + packed.length, out, 8);
  return out.subarray(8, end);
}

const hash = fc.stringMatching(/^[0-9a-f]{32}$/);
/** A photo URL as the shop makes them (a hash in a path), or any text at all. */
const url = fc.oneof(
  fc
    .tuple(fc.constantFrom('/media/items/', 'https://cdn.example/m/', '/media/variants/'), hash)
    .map(([base, h]) => `${base}${h}.${h.length % 2 ? 'jpg' : 'webp'}`),
  fc.string({ unit: 'binary' }),
);
const whole = fc.oneof(fc.nat(), fc.maxSafeNat(), fc.integer());
/** Millimetres and grams: the schema's own bounds, which the serializer checks. */
const measure = (max: number) => fc.option(fc.integer({ min: 1, max }), { nil: null });
const time = fc.oneof(
  fc.date({ min: new Date(0), max: new Date(253_402_300_799_999), noInvalidDate: true }),
  fc
    // Years 0000–9999 as strings: those before 1970 are not packed as times.
    .date({
      min: new Date(-62_167_219_200_000),
      max: new Date(253_402_300_799_999),
      noInvalidDate: true,
    })
    .map((d) => d.toISOString()),
  fc.constantFrom('2026-01-01T00:00:00Z', '2026-01-01T00:00:00.000+01:00'),
);
const text = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' }));
const category = fc.record({ id: fc.nat(), name: text, slug: text });
const tag = fc.record({ id: fc.nat(), name: text, slug: text, colour: text });

const anyItem: fc.Arbitrary<Item> = fc.record({
  id: whole,
  title: text,
  description: text,
  status: fc.constantFrom('available', 'reserved', 'sold'),
  price_cents: whole,
  category: fc.option(category, { nil: null }),
  images: fc.array(
    fc.record({
      id: whole,
      url,
      width: whole,
      height: whole,
      position: whole,
      variants: fc.array(fc.record({ width: whole, height: whole, url }), { maxLength: 3 }),
    }),
    { maxLength: 3 },
  ),
  tags: fc.array(tag, { maxLength: 4 }),
  created_at: time,
  published_at: fc.option(time, { nil: null }),
  sold_at: fc.option(time, { nil: null }),
  weight_grams: measure(1_000_000),
  dimensions: fc.record({
    width_mm: measure(100_000),
    height_mm: measure(100_000),
    depth_mm: measure(100_000),
  }),
  condition: fc.option(fc.constantFrom('new', 'good', 'for_parts'), { nil: null }),
  condition_note: fc.option(text, { nil: null }),
}) as fc.Arbitrary<Item>;

/** An item as the shop stores them: photo URLs with hashes, times in range, whole numbers ≥ 0. */
const shopItem: fc.Arbitrary<Item> = anyItem.chain((item) =>
  fc
    .record({
      id: fc.nat(),
      price_cents: fc.nat(),
      created_at: fc.date({ min: new Date(0), max: new Date('2100-01-01'), noInvalidDate: true }),
      urls: fc.array(hash, { minLength: 16, maxLength: 16 }),
    })
    .map(({ id, price_cents, created_at, urls }) => ({
      ...item,
      id,
      price_cents,
      created_at,
      published_at: null,
      sold_at: null,
      weight_grams: null,
      dimensions: { width_mm: null, height_mm: null, depth_mm: 12 },
      images: item.images.map((image, i) => ({
        ...image,
        id: i,
        url: `/media/items/${urls[i]}.jpg`,
        width: 1040,
        height: 1300,
        position: i,
        variants: image.variants.map((_, j) => ({
          width: 480 * (j + 1),
          height: 600 * (j + 1),
          url: `/media/variants/${urls[4 + i * 3 + j]}.webp`,
        })),
      })),
    })),
);

// Issue 35: every card of a million items kept in memory, served byte for byte.
describe('a packed card', () => {
  it('is written out as the serializer’s bytes, whatever the item holds', () => {
    const packing = cardPacking();
    fc.assert(
      fc.property(anyItem, (item) => {
        const json = jsonOf(item);
        const packed = packing.pack(item, json);
        expect(unpacked(packing, packed, json.length).equals(json)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('packs the shop’s own items without falling back to their JSON, in under half their bytes', () => {
    const packing = cardPacking();
    fc.assert(
      fc.property(shopItem, (item) => {
        const json = jsonOf(item);
        const packed = packing.pack(item, json);
        expect(unpacked(packing, packed, json.length).equals(json)).toBe(true);
        // Every part but the free text is packed: a card is mostly its title and description;
        // a photo is its id, its hashes and shared text (its sizes among it).
        const words = Buffer.byteLength(
          JSON.stringify(item.title) +
            JSON.stringify(item.description) +
            JSON.stringify(item.condition_note),
        );
        const variants = item.images.reduce((n, image) => n + image.variants.length, 0);
        expect(packed.length).toBeLessThanOrEqual(
          words + 60 + 6 * item.tags.length + 28 * item.images.length + 20 * variants,
        );
      }),
      { numRuns: 300 },
    );
    expect(packing.fallbacks()).toBe(0);
  });

  it('writes every number of every length back as its digits, packed and not fallen back', () => {
    // Each side of each power of ten, and of 2^31 where the digits' arithmetic changes.
    const edges = [0, 2 ** 31 - 1, 2 ** 31, 2 ** 31 + 1, Number.MAX_SAFE_INTEGER];
    for (let ten = 10; ten <= Number.MAX_SAFE_INTEGER; ten *= 10) edges.push(ten - 1, ten, ten + 1);
    const packing = cardPacking();
    const base = fc.sample(shopItem, { numRuns: 1, seed: 35 })[0]!;
    for (const n of edges) {
      const item = { ...base, id: n, price_cents: n };
      const json = jsonOf(item);
      expect(unpacked(packing, packing.pack(item, json), json.length).toString()).toBe(
        json.toString(),
      );
    }
    expect(packing.fallbacks()).toBe(0);
  });

  it('packs shared text as literals once the fragment table is full, served the same', () => {
    // 200 fragments: far fewer than the first card's 1+ per tag, category and URL.
    const packing = cardPacking(cardFragments(200));
    fc.assert(
      fc.property(shopItem, (item) => {
        const json = jsonOf(item);
        expect(unpacked(packing, packing.pack(item, json), json.length).equals(json)).toBe(true);
      }),
      { numRuns: 300 },
    );
    expect(packing.fallbacks()).toBe(0);
  });

  it('shares photo sizes in at most half the fragment table: tags still shared after a thousand shapes', () => {
    const fragments = cardFragments(100);
    const packing = cardPacking(fragments);
    // Each item's photo in a shape of its own, as cropped uploads would be.
    const [base] = fc.sample(shopItem, { numRuns: 1, seed: 35 });
    const item = (n: number, tag: string): Item => ({
      ...base!,
      id: n,
      category: null,
      images: [
        {
          id: n,
          url: `/media/items/${'ab'.repeat(16)}.jpg`,
          width: 2_000 + n,
          height: 3_000 + n,
          position: 0,
          variants: [
            { width: 480, height: 700 + n, url: `/media/variants/${'cd'.repeat(16)}.webp` },
          ],
        },
      ],
      tags: [{ id: 1, name: tag, slug: tag, colour: '#112233' }],
    });
    for (let n = 0; n < 1_000; n++) {
      const shaped = item(n, 'oak');
      const json = jsonOf(shaped);
      expect(unpacked(packing, packing.pack(shaped, json), json.length).equals(json)).toBe(true);
    }
    const late = item(1_000, 'walnut');
    const json = jsonOf(late);
    expect(unpacked(packing, packing.pack(late, json), json.length).equals(json)).toBe(true);
    const shared = fragments.bytes.map((fragment) => fragment.toString());
    expect(shared.some((text) => text.includes('"slug":"walnut"'))).toBe(true);
    expect(packing.fallbacks()).toBe(0);
  });

  it('shares a URL without a hash (a placeholder) as text; unique ones fill at most half the table', () => {
    const fragments = cardFragments(100);
    const packing = cardPacking(fragments);
    const [base] = fc.sample(shopItem, { numRuns: 1, seed: 36 });
    const photo = (url: string) => ({
      id: 1,
      url,
      width: 1040,
      height: 1300,
      position: 0,
      variants: [],
    });
    const item = (n: number, url: string, tag: string): Item => ({
      ...base!,
      id: n,
      category: null,
      images: [photo(url), { ...photo(url), id: 2, position: 1 }],
      tags: [{ id: 1, name: tag, slug: tag, colour: '#112233' }],
    });
    const placeholder = '/media/seed/placeholder-0.jpg';
    const first = item(1, placeholder, 'oak');
    const firstJson = jsonOf(first);
    const firstPacked = packing.pack(first, firstJson);
    // Twice the placeholder's bytes fewer than packed as literals: it joined the shared text.
    const again = item(2, placeholder, 'oak');
    const json = jsonOf(again);
    const packed = Buffer.from(packing.pack(again, json));
    expect(unpacked(packing, packed, json.length).equals(json)).toBe(true);
    expect(packed.includes(placeholder)).toBe(false);
    expect(packed.length).toBeLessThanOrEqual(firstPacked.length);
    // A thousand URLs of their own, none with a hash: at most half the table, then literals.
    for (let n = 0; n < 1_000; n++) {
      const unique = item(n, `/media/seed/photo-${n}.jpg`, 'oak');
      const uniqueJson = jsonOf(unique);
      expect(unpacked(packing, packing.pack(unique, uniqueJson), uniqueJson.length)).toEqual(
        uniqueJson,
      );
    }
    const late = item(1_000, '/media/seed/photo-late.jpg', 'walnut');
    const lateJson = jsonOf(late);
    expect(unpacked(packing, packing.pack(late, lateJson), lateJson.length)).toEqual(lateJson);
    const shared = fragments.bytes.map((fragment) => fragment.toString());
    expect(shared.some((text) => text.includes('"slug":"walnut"'))).toBe(true);
    expect(shared.some((text) => text.includes('photo-late'))).toBe(false);
    expect(packing.fallbacks()).toBe(0);
  });

  it('writes every time of years 1970–9999 as Date#toISOString does', () => {
    const packing = cardPacking();
    const [base] = fc.sample(shopItem, { numRuns: 1, seed: 3 }) as [Item];
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 253_402_300_799_999 }), (ms) => {
        const item = { ...base, created_at: new Date(ms) };
        const json = jsonOf(item);
        expect(unpacked(packing, packing.pack(item, json), json.length).toString()).toContain(
          `"created_at":"${new Date(ms).toISOString()}"`,
        );
      }),
      { numRuns: 2000 },
    );
    expect(packing.fallbacks()).toBe(0);
  });

  it('is the JSON it was given when packing the item would write more than it holds', () => {
    const packing = cardPacking();
    const [item, other] = fc.sample(shopItem, { numRuns: 2, seed: 2 }) as [Item, Item];
    const json = jsonOf(other);
    const packed = packing.pack({ ...item, description: 'x'.repeat(10_000) }, json);
    expect(unpacked(packing, packed, json.length).equals(json)).toBe(true);
    expect(packing.fallbacks()).toBe(1);
  });

  it('is the JSON it was given, as one literal, when packing the item does not give it back', () => {
    const packing = cardPacking();
    const [item, other] = fc.sample(shopItem, { numRuns: 2, seed: 1 }) as [Item, Item];
    // The serializer's bytes for another item: what a serializer that disagreed would give.
    const json = jsonOf({ ...other, title: `${item.title}!` });
    const packed = packing.pack(item, json);
    expect(unpacked(packing, packed, json.length).equals(json)).toBe(true);
    expect(packing.fallbacks()).toBe(1);
  });
});
