import type { Drawer } from '../photos/canvas.js';
import type { MaterialKey, ROOMS } from '../vocabulary.js';
import type { FeatureKey } from './features.js';

export type Range = readonly [number, number];

/** One form of a kind, as its photos show it, and the sentence that describes that form. */
export interface KindVariant {
  /** The drawer's variant number. */
  drawing: number;
  blurb: string;
  /** What the photo shows (tags). */
  features?: readonly FeatureKey[];
  /** Only in these materials (a tripod lamp is wooden); otherwise any of the kind's. */
  materials?: readonly MaterialKey[];
  /** When this form's size differs from the kind's (a round top has a diameter). */
  size?: Size;
}

/** Centimetres: width, depth and height; a diameter and a height for round things; width and length for flat ones. */
export type Size =
  | { w: Range; d: Range; h: Range }
  | { diameter: Range; h: Range }
  | { w: Range; l: Range };

/** A kind of object: one level-3 category, its title noun, its photos, and what it costs. */
export interface Kind {
  category: string;
  noun: string;
  draw: Drawer;
  variants: readonly KindVariant[];
  materials: readonly MaterialKey[];
  /** Euros. */
  price: Range;
  size: Size;
  features: readonly FeatureKey[];
  rooms: ReadonlyArray<(typeof ROOMS)[number]>;
  /** Styles it is believable in (all when absent). */
  styles?: readonly string[];
  /** Where it may come from, as adjectives ("Turkish"); anywhere when absent. */
  origins?: readonly string[];
  /** "…in a giltwood frame" rather than "giltwood …". */
  framed?: boolean;
  /** Who makes such a piece: "made in the 1960s by a Danish workshop" (the default). */
  maker?: string;
}

export interface Category {
  name: string;
  kinds: readonly Kind[];
}

export interface Department {
  name: string;
  categories: readonly Category[];
}

/** A kind with `category` as its name and the rest given. */
export const kind = (
  category: string,
  noun: string,
  draw: Drawer,
  rest: Omit<Kind, 'category' | 'noun' | 'draw'>,
): Kind => ({
  category,
  noun,
  draw,
  ...rest,
});

/** Blurbs with the drawer's variant numbers. */
export const v = (
  drawing: number,
  blurb: string,
  features?: readonly FeatureKey[],
  materials?: readonly MaterialKey[],
  size?: Size,
): KindVariant => ({
  drawing,
  blurb,
  ...(features ? { features } : {}),
  ...(materials ? { materials } : {}),
  ...(size ? { size } : {}),
});
