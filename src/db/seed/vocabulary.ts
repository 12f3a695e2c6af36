import type { Finish } from './photos/looks.js';

// The words a seeded item is made of. Each is also a tag, so an item's tags are
// the words of its own title and description, never a stranger's.

/** What a material is, for what can be said of it (only clay is hand-thrown, only glass hand-blown). */
export type MaterialClass =
  | 'wood'
  | 'painted'
  | 'gilt'
  | 'metal'
  | 'stone'
  | 'clay'
  | 'glass'
  | 'fabric'
  | 'fibre';

/** A material as a title names it, how it photographs, and what it does to the price. */
export interface Material {
  name: string;
  /** How a sentence says "in …" when the name is an adjective ("silver-plated" → "silver plate"). */
  noun?: string;
  class: MaterialClass;
  finish: Finish;
  /** 1 = the kind's usual price; dear woods and metals more, pine and resin less. */
  value: number;
  /** Colours it comes in, named in the title ("green velvet"); none: its own colour. */
  colours?: readonly Colour[];
}

export interface Colour {
  name: string;
  hex: string;
}

const colour = (name: string, hex: string): Colour => ({ name, hex });
export const COLOURS = {
  green: colour('green', '#3f6b5a'),
  sage: colour('sage', '#8a9a7b'),
  blue: colour('blue', '#34587a'),
  navy: colour('navy', '#26344d'),
  teal: colour('teal', '#2f6f73'),
  ochre: colour('ochre', '#c08a2e'),
  mustard: colour('mustard', '#c9a13b'),
  rust: colour('rust', '#a4532f'),
  red: colour('red', '#8c2f2a'),
  pink: colour('pink', '#d49a94'),
  cream: colour('cream', '#e8e0cc'),
  white: colour('white', '#ece9e2'),
  grey: colour('grey', '#8b8d8a'),
  black: colour('black', '#2b2b2b'),
  amber: colour('amber', '#b87a2a'),
} as const;
const C = COLOURS;

const wood = (name: string, hex: string, value: number): Material => ({
  name,
  class: 'wood',
  finish: { colour: hex, sheen: 'satin', texture: 'grain' },
  value,
});
const metal = (name: string, hex: string, value: number, noun?: string): Material => ({
  name,
  ...(noun ? { noun } : {}),
  class: 'metal',
  finish: { colour: hex, sheen: 'shiny' },
  value,
});
const coloured = (
  name: string,
  materialClass: MaterialClass,
  sheen: Finish['sheen'],
  value: number,
  colours: Colour[],
): Material => ({
  name,
  class: materialClass,
  finish: { colour: colours[0]!.hex, sheen },
  value,
  colours,
});
const plain = (
  name: string,
  materialClass: MaterialClass,
  hex: string,
  sheen: Finish['sheen'],
  value: number,
  texture?: Finish['texture'],
): Material => ({
  name,
  class: materialClass,
  finish: { colour: hex, sheen, ...(texture ? { texture } : {}) },
  value,
});

export const MATERIALS = {
  teak: wood('teak', '#a86b3c', 1.1),
  oak: wood('oak', '#c49a62', 1),
  walnut: wood('walnut', '#6b4a33', 1.2),
  pine: wood('pine', '#d2ad72', 0.75),
  beech: wood('beech', '#d4b07e', 0.85),
  elm: wood('elm', '#9a7048', 0.95),
  ash: wood('ash', '#d8c09a', 0.9),
  cherry: wood('cherry', '#8e4a2c', 1.1),
  mahogany: wood('mahogany', '#6e2f1f', 1.2),
  rosewood: wood('rosewood', '#4f2a1c', 1.3),
  birch: wood('birch', '#dcc49c', 0.85),
  bamboo: plain('bamboo', 'wood', '#d8b878', 'matt', 0.7, 'grain'),
  rattan: plain('rattan', 'fibre', '#c8a265', 'matt', 0.8, 'weave'),
  wicker: plain('wicker', 'fibre', '#b99257', 'matt', 0.7, 'weave'),
  seagrass: plain('seagrass', 'fibre', '#a99a6a', 'matt', 0.7, 'weave'),
  jute: plain('jute', 'fibre', '#b39a6b', 'matt', 0.7, 'weave'),
  brass: metal('brass', '#c9a13b', 1.1),
  copper: metal('copper', '#b87333', 1.1),
  bronze: metal('bronze', '#7f5a2e', 1.3),
  pewter: metal('pewter', '#9a9a94', 0.9),
  chrome: metal('chrome', '#b8bcc2', 0.95),
  silverPlate: metal('silver-plated', '#c9ccd0', 1.1, 'silver plate'),
  castIron: plain('cast iron', 'metal', '#2f2e2c', 'satin', 0.9),
  wroughtIron: plain('wrought iron', 'metal', '#2b2b2b', 'satin', 0.9),
  steel: plain('enamelled steel', 'metal', '#2f4858', 'satin', 0.85),
  zinc: plain('zinc', 'metal', '#9ea3a3', 'satin', 0.85),
  gilt: { ...metal('giltwood', '#c9a13b', 1.3), class: 'gilt' },
  ebonised: plain('ebonised wood', 'wood', '#231f1c', 'satin', 1),
  paintedWood: coloured('painted wood', 'painted', 'matt', 0.85, [
    C.sage,
    C.blue,
    C.cream,
    C.green,
  ]),
  marble: plain('marble', 'stone', '#e6e1d8', 'satin', 1.2, 'veins'),
  stone: plain('reconstituted stone', 'stone', '#bdb6a8', 'matt', 1, 'veins'),
  terracotta: plain('terracotta', 'clay', '#b5603c', 'matt', 0.7),
  stoneware: coloured('stoneware', 'clay', 'satin', 0.9, [
    C.sage,
    C.ochre,
    C.blue,
    C.rust,
    C.cream,
    C.grey,
  ]),
  earthenware: coloured('earthenware', 'clay', 'shiny', 0.8, [C.green, C.ochre, C.cream, C.blue]),
  porcelain: plain('porcelain', 'clay', '#f2efe8', 'shiny', 1.1),
  ceramic: coloured('ceramic', 'clay', 'shiny', 0.9, [
    C.teal,
    C.green,
    C.mustard,
    C.white,
    C.blue,
    C.pink,
  ]),
  glass: coloured('glass', 'glass', 'glass', 0.9, [C.green, C.amber, C.blue, C.grey, C.pink]),
  opaline: plain('opaline glass', 'glass', '#f4f1ea', 'glass', 1),
  velvet: coloured('velvet', 'fabric', 'satin', 1.1, [C.green, C.mustard, C.pink, C.navy, C.rust]),
  linen: coloured('linen', 'fabric', 'matt', 1, [C.cream, C.sage, C.grey, C.blue]),
  leather: coloured('leather', 'fabric', 'satin', 1.2, [
    colour('tan', '#9a5b30'),
    colour('brown', '#5a3a26'),
    C.black,
  ]),
  boucle: coloured('bouclé', 'fabric', 'matt', 1.1, [C.cream, C.white, C.grey]),
  wool: coloured('wool', 'fabric', 'matt', 1, [C.red, C.rust, C.navy, C.cream, C.ochre, C.green]),
  cotton: coloured('cotton', 'fabric', 'matt', 0.8, [C.cream, C.blue, C.sage, C.pink, C.ochre]),
  silk: coloured('silk', 'fabric', 'satin', 1.3, [C.red, C.teal, C.ochre]),
} as const satisfies Record<string, Material>;
export type MaterialKey = keyof typeof MATERIALS;

/** A style, the years it belongs to, and so the era an item of it was made in. */
export interface Style {
  name: string;
  era: EraName;
  years: readonly [number, number];
  /** A proper name, capitalised in running text ("a Victorian chair", "a rustic chair"). */
  proper: boolean;
  /** Where pieces of this style come from (a Gustavian piece is Swedish); anywhere when absent. */
  origins?: readonly string[];
}

export const ERAS = [
  'Antique',
  'Interwar',
  'Mid-century',
  'Late 20th century',
  'Contemporary',
] as const;
export type EraName = (typeof ERAS)[number];

const BRITISH = ['English', 'Scottish', 'Irish'];
const NORDIC = ['Danish', 'Swedish', 'Norwegian', 'Finnish'];
const style = (
  name: string,
  era: EraName,
  from: number,
  to: number,
  proper = false,
  origins?: readonly string[],
): Style => ({ name, era, years: [from, to], proper, ...(origins ? { origins } : {}) });

/** Most asked for first. */
export const STYLES = [
  style('Mid-century', 'Mid-century', 1950, 1969),
  style('Victorian', 'Antique', 1850, 1900, true, BRITISH),
  style('Art Deco', 'Interwar', 1922, 1939, true),
  style('Scandinavian', 'Mid-century', 1950, 1972, true, NORDIC),
  style('Industrial', 'Interwar', 1920, 1950),
  style('Contemporary', 'Contemporary', 2005, 2024),
  style('Edwardian', 'Antique', 1901, 1914, true, BRITISH),
  style('Handmade', 'Contemporary', 2010, 2025),
  style('Georgian', 'Antique', 1760, 1830, true, BRITISH),
  style('Arts and Crafts', 'Antique', 1880, 1915, true, [...BRITISH, 'American']),
  style('Art Nouveau', 'Antique', 1895, 1912, true),
  style('Space age', 'Late 20th century', 1965, 1978),
  style('Bauhaus', 'Interwar', 1925, 1935, true, ['German', 'Dutch', 'Czech', 'Austrian', 'Swiss']),
  style('Rustic', 'Late 20th century', 1970, 1999),
  style('Regency', 'Antique', 1800, 1837, true, BRITISH),
  style('Shaker', 'Antique', 1850, 1900, true, ['American']),
  style('Gustavian', 'Antique', 1780, 1810, true, ['Swedish']),
  style('Hollywood Regency', 'Mid-century', 1950, 1969, true, ['American', 'Italian', 'French']),
  style('Postmodern', 'Late 20th century', 1980, 1995),
  style('Brutalist', 'Late 20th century', 1965, 1980),
  style('Minimalist', 'Contemporary', 2000, 2024),
] as const satisfies readonly Style[];

/** The styles of pieces made in or after `year` (electric lamps, say). */
export const stylesSince = (year: number): string[] =>
  STYLES.filter((s) => s.years[1] >= year).map((s) => s.name);

/** Where a piece was made, as an adjective ("a Danish teak sideboard"). */
export const ORIGINS = [
  'Danish',
  'French',
  'English',
  'Italian',
  'Swedish',
  'German',
  'Dutch',
  'Belgian',
  'Finnish',
  'Norwegian',
  'Spanish',
  'Portuguese',
  'Austrian',
  'Czech',
  'Japanese',
  'Scottish',
  'Irish',
  'American',
  'Swiss',
  'Polish',
  'Hungarian',
  'Turkish',
] as const;

/** Rooms a piece suits: a tag each. */
export const ROOMS = [
  'Living room',
  'Dining room',
  'Bedroom',
  'Hallway',
  'Kitchen',
  'Study',
  'Garden',
  'Bathroom',
  'Nursery',
  'Office',
] as const;
