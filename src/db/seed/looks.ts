import type { Finish } from './photos/looks.js';
import type { SeededRandom } from './random.js';
import type { Kind, KindVariant } from './taxonomy/index.js';
import { type Colour, MATERIALS, type Material, type MaterialKey } from './vocabulary.js';

/**
 * One object as photographed: a kind in one of its forms, one material and
 * colour. Items share looks (and so photos): a catalogue of a million items is
 * photographed once per look, not per item.
 */
export interface ItemLook {
  /** Its index in the catalogue's list of looks: the key of its photos. */
  id: number;
  kind: Kind;
  variant: KindVariant;
  materialKey: MaterialKey;
  material: Material;
  colour: Colour | null;
  /** How many photos are taken of it: the whole object, then closer. */
  photos: number;
}

/** How the look's material photographs: in its colour, when it comes in several. */
export function finishOf(look: ItemLook): Finish {
  return look.colour ? { ...look.material.finish, colour: look.colour.hex } : look.material.finish;
}

/**
 * The looks of each kind, one per entry of `photosPerLook` (how many photos each
 * gets): every form of the kind in turn, each in a different material where the
 * kind has enough. Deterministic for a seed.
 */
export function looksOf(
  kinds: readonly Kind[],
  photosPerLook: readonly number[],
  random: SeededRandom,
): Map<Kind, ItemLook[]> {
  const out = new Map<Kind, ItemLook[]>();
  let id = 0;
  for (const kind of kinds) {
    if (out.has(kind)) continue;
    const looks: ItemLook[] = [];
    // Each form's materials in a shuffled order: the looks of a form differ in material.
    const materials = kind.variants.map((variant) => {
      const allowed = variant.materials ?? kind.materials;
      return random.sample(allowed, allowed.length);
    });
    for (const [i, photos] of photosPerLook.entries()) {
      const form = i % kind.variants.length;
      const list = materials[form]!;
      const materialKey = list[Math.floor(i / kind.variants.length) % list.length]!;
      const material: Material = MATERIALS[materialKey];
      const colour = material.colours ? random.pick(material.colours) : null;
      looks.push({
        id: id++,
        kind,
        variant: kind.variants[form]!,
        materialKey,
        material,
        colour,
        photos,
      });
    }
    out.set(kind, looks);
  }
  return out;
}

/**
 * The looks of each kind in turn, so that items of a kind use all its photos
 * evenly and two of them in a row never share one (when the kind has two looks or more).
 */
export function lookRotation(
  looks: ReadonlyMap<Kind, readonly ItemLook[]>,
): (kind: Kind) => ItemLook {
  const next = new Map<Kind, number>();
  return (kind) => {
    const ofKind = looks.get(kind)!;
    const at = next.get(kind) ?? 0;
    next.set(kind, at + 1);
    return ofKind[at % ofKind.length]!;
  };
}
