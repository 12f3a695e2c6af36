/**
 * Tag colours: derived from the slug, never stored or chosen (contract: Admin tags).
 * Every colour here keeps white text readable (contrast at least 4.5:1, WCAG AA).
 */
export const TAG_PALETTE = [
  '#2f7d6d',
  '#1d4ed8',
  '#6d28d9',
  '#b91c1c',
  '#b45309',
  '#15803d',
  '#be185d',
  '#0e7490',
  '#4338ca',
  '#7c2d12',
  '#374151',
  '#9d174d',
] as const;

// Every answer with tags colours them again (/api/filters: all of them): each
// slug's colour is worked out once. Slugs are the shop's own tags, few; the
// bound only keeps years of renames from adding up.
const KNOWN_COLOURS = 10_000;
const colours = new Map<string, string>();

/** FNV-1a over the slug's UTF-8 bytes: the same slug gives the same colour on every machine. */
export function tagColour(slug: string): string {
  const known = colours.get(slug);
  if (known !== undefined) return known;
  const colour = hashedColour(slug);
  if (colours.size >= KNOWN_COLOURS) colours.clear();
  colours.set(slug, colour);
  return colour;
}

function hashedColour(slug: string): string {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(slug, 'utf8')) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return TAG_PALETTE[hash % TAG_PALETTE.length]!;
}

/** A tag as answered: with its colour. */
export const withColour = <T extends { slug: string }>(tag: T) => ({
  ...tag,
  colour: tagColour(tag.slug),
});
