import type { ItemLook } from './looks.js';
import type { SeededRandom } from './random.js';
import { FEATURES, type FeatureKey } from './taxonomy/features.js';
import type { Kind, TreeNode } from './taxonomy/index.js';
import type { Range, Size } from './taxonomy/types.js';
import { type EraName, type Material, ORIGINS, STYLES, type Style } from './vocabulary.js';

/** What one seeded item says about itself; every tag is a word of its title or description. */
export interface PlannedItem {
  title: string;
  description: string;
  priceCents: number;
  look: ItemLook;
  /** Tag names, most telling first (material, style, colour, origin, then the rest). */
  tags: string[];
}

/** Features that speak of age: a piece made last year is not restored, patinated or rewired. */
const AGED = new Set<FeatureKey>([
  'restored',
  'originalFinish',
  'originalPaint',
  'reupholstered',
  'rewired',
  'patina',
  'distressed',
  'weathered',
  'reclaimed',
  'gilded',
]);

const CONDITIONS: Record<EraName, readonly string[]> = {
  Antique: [
    'Light wear consistent with its age.',
    'Sound and sturdy, with old repairs done well.',
    'Marks and scratches, as befits its age.',
  ],
  Interwar: [
    'Light wear consistent with age.',
    'Good vintage condition.',
    'A few small marks from use.',
  ],
  'Mid-century': [
    'Light wear consistent with age.',
    'Excellent vintage condition.',
    'A few small marks from use.',
  ],
  'Late 20th century': [
    'Excellent vintage condition.',
    'A few small marks from use.',
    'Light wear consistent with age.',
  ],
  Contemporary: ['As new.', 'In excellent condition.', 'Barely used.'],
};

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a');
/** Whether a text names a tag, whatever the case or hyphens ("ladder-back" names "Ladder back"). */
export const mentions = (text: string, tag: string) =>
  text.toLowerCase().replace(/-/g, ' ').includes(tag.toLowerCase().replace(/-/g, ' '));

/**
 * Prices a buyer would believe: spread over the kind's range (more cheap pieces
 * than dear ones), nudged by the material, and rounded as a shop would: to €5
 * under €100, to €10 under €1,000, to €50 above.
 */
export function priceFor(random: SeededRandom, range: Range, value: number): number {
  const [low, high] = range;
  const raw = Math.exp(Math.log(low) + random.next() * (Math.log(high) - Math.log(low))) * value;
  const euros = Math.min(high, Math.max(low, raw));
  const step = euros < 100 ? 5 : euros < 1000 ? 10 : 50;
  const rounded = Math.round(euros / step) * step;
  // Rounding never leaves the range: up to the first step inside it, or down to the last.
  const inside =
    rounded < low
      ? Math.ceil(low / step) * step
      : rounded > high
        ? Math.floor(high / step) * step
        : rounded;
  return inside * 100;
}

function dimensions(random: SeededRandom, size: Size): string {
  const cm = (range: Range) => random.int(range[0], range[1]);
  if ('diameter' in size) return `Diameter ${cm(size.diameter)} cm, height ${cm(size.h)} cm.`;
  if ('l' in size) return `Width ${cm(size.w)} cm, length ${cm(size.l)} cm.`;
  return `Width ${cm(size.w)} cm, depth ${cm(size.d)} cm, height ${cm(size.h)} cm.`;
}

/** The styles a kind is believable in, by era (null: any era); worked out once per pair. */
const stylesCache = new Map<Kind, Map<EraName | null, readonly Style[]>>();
function stylesFor(kind: Kind, era: EraName | null): readonly Style[] {
  const ofKind = stylesCache.get(kind) ?? new Map<EraName | null, readonly Style[]>();
  stylesCache.set(kind, ofKind);
  let styles = ofKind.get(era);
  if (!styles) {
    const ofEra: readonly Style[] = era ? STYLES.filter((style) => style.era === era) : STYLES;
    const believable = ofEra.filter(
      (style) =>
        (!kind.styles || kind.styles.includes(style.name)) &&
        // A kilim is Turkish, Persian or Moroccan: never Gustavian.
        (!kind.origins ||
          !style.origins ||
          style.origins.some((place) => kind.origins!.includes(place))),
    );
    styles = believable.length > 0 ? believable : ofEra;
    ofKind.set(era, styles);
  }
  return styles;
}

/** The features a piece of this kind, material and era can have; worked out once per kind. */
const featuresCache = new Map<Kind, Map<string, readonly FeatureKey[]>>();
function possibleFeatures(kind: Kind, material: Material, style: Style): readonly FeatureKey[] {
  const ofKind = featuresCache.get(kind) ?? new Map<string, readonly FeatureKey[]>();
  featuresCache.set(kind, ofKind);
  const recent = style.era === 'Contemporary';
  const key = `${material.class}${recent ? '+new' : ''}`;
  let features = ofKind.get(key);
  if (!features) {
    features = kind.features.filter((feature) => {
      const only = FEATURES[feature].for;
      return (!only || only.includes(material.class)) && !(recent && AGED.has(feature));
    });
    ofKind.set(key, features);
  }
  return features;
}

/**
 * One item for a leaf category: the next look of one of its kinds, and words that
 * agree with it. `brief`: the description is its first sentence only (the bench's
 * catalogues: as short as they always were, so seeding and responses cost the same).
 */
export function planItem(
  random: SeededRandom,
  leaf: TreeNode,
  nextLook: (kind: Kind) => ItemLook,
  brief = false,
): PlannedItem {
  const look = nextLook(random.pick(leaf.kinds));
  const { kind, variant, material, colour } = look;
  const style = random.pick(stylesFor(kind, leaf.era));
  // Where it was made must fit both the kind (rugs) and the style (a Gustavian piece is Swedish).
  const places: readonly string[] = kind.origins ?? ORIGINS;
  const origins = style.origins ? places.filter((place) => style.origins!.includes(place)) : places;
  const origin =
    origins.length > 0 && (kind.origins || random.next() < 0.6) ? random.pick(origins) : null;
  const year = random.int(style.years[0], style.years[1]);
  // "The 1960s", but never "the 1900s" (which reads as a century): such years are given as they are.
  const decade =
    style.era === 'Contemporary' || year % 100 < 10 ? null : `${Math.floor(year / 10) * 10}s`;
  const when = decade
    ? `in the ${decade}`
    : style.era === 'Contemporary'
      ? `in ${year}`
      : `around ${year}`;

  const materialWords = colour ? `${colour.name} ${material.name}` : material.name;
  const materialNoun = colour
    ? `${colour.name} ${material.noun ?? material.name}`
    : (material.noun ?? material.name);
  const adjective = origin && random.next() < 0.35 ? origin : style.name;
  const title = capitalised(
    kind.framed
      ? `${adjective} ${kind.noun} in ${article(materialWords)} ${materialWords} frame`
      : `${adjective} ${materialWords} ${kind.noun}`,
  );

  const styleText = style.proper ? style.name : style.name.toLowerCase();
  const madeOf = kind.framed
    ? `in ${article(materialWords)} ${materialWords} frame`
    : `in ${materialNoun}`;
  const by = origin ? ` by ${article(origin)} ${origin} ${kind.maker ?? 'workshop'}` : '';
  const opening = `${capitalised(article(styleText))} ${styleText} ${kind.noun} ${madeOf}, made ${when}${by}.`;
  const sentences = brief ? [opening] : [opening, variant.blurb];
  const features = [
    ...(variant.features ?? []),
    ...random.sample(possibleFeatures(kind, material, style), random.int(1, 2)),
  ];
  const featureTags: string[] = [];
  for (const key of new Set(features)) {
    const feature = FEATURES[key];
    featureTags.push(feature.tag);
    if (!brief && !sentences.some((sentence) => mentions(sentence, feature.tag)))
      sentences.push(feature.sentence);
  }
  const rooms = random.sample(kind.rooms, random.int(1, Math.min(2, kind.rooms.length)));
  if (!brief) {
    sentences.push(random.pick(CONDITIONS[style.era]), dimensions(random, kind.size));
    sentences.push(
      `Suits ${rooms.map((room) => `${article(room)} ${room.toLowerCase()}`).join(' or ')}.`,
    );
  }

  return {
    title,
    description: sentences.join(' '),
    priceCents: priceFor(random, kind.price, material.value),
    look,
    tags: [
      capitalised(material.name),
      style.name,
      ...(colour ? [capitalised(colour.name)] : []),
      ...(origin ? [origin] : []),
      ...(decade ? [decade] : []),
      ...featureTags,
      ...rooms,
    ],
  };
}
