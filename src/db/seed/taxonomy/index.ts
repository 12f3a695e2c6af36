import { ERAS, type EraName } from '../vocabulary.js';
import { DECOR } from './decor.js';
import { FURNITURE } from './furniture.js';
import { GARDEN, KITCHEN, TEXTILES } from './home.js';
import { LIGHTING } from './lighting.js';
import type { Department, Kind } from './types.js';

export type { Category, Department, Kind, KindVariant } from './types.js';

/**
 * The shop's category tree: department › category › kind of object › era. A
 * seeded catalogue takes as many levels and as many children per level as its
 * shape asks (`categoryFanout`); items go into the leaves.
 */
export const DEPARTMENTS: readonly Department[] = [
  FURNITURE,
  LIGHTING,
  DECOR,
  KITCHEN,
  TEXTILES,
  GARDEN,
];

/** A category of the seeded tree, with the kinds of object it may hold. */
export interface TreeNode {
  name: string;
  /** Unique among the tree's slugs: the names from the root, joined. */
  slugPath: string[];
  children: TreeNode[];
  /** Every kind under it. */
  kinds: Kind[];
  /** Set on the fourth level: its items were made in that era. */
  era: EraName | null;
}

/** The tree a fanout asks for: at most `fanout[level]` children per node, the first ones. */
export function categoryTree(fanout: readonly number[]): TreeNode[] {
  const node = (name: string, parent: string[], kinds: Kind[], era: EraName | null): TreeNode => ({
    name,
    slugPath: [...parent, name],
    children: [],
    kinds,
    era,
  });
  const [departments = 0, categories = 0, kinds = 0, eras = 0] = fanout;
  return DEPARTMENTS.slice(0, departments).map((department) => {
    const top = node(
      department.name,
      [],
      department.categories.flatMap((c) => c.kinds.slice(0, kinds || undefined)),
      null,
    );
    if (fanout.length < 2) return top;
    top.children = department.categories.slice(0, categories).map((category) => {
      const second = node(category.name, top.slugPath, [...category.kinds], null);
      if (fanout.length < 3) return second;
      second.children = category.kinds.slice(0, kinds).map((k) => {
        const third = node(k.category, second.slugPath, [k], null);
        if (fanout.length < 4) return third;
        third.children = ERAS.slice(0, eras).map((era) => node(era, third.slugPath, [k], era));
        return third;
      });
      second.kinds = second.children.flatMap((child) => child.kinds);
      return second;
    });
    top.kinds = top.children.flatMap((child) => child.kinds);
    return top;
  });
}

/** The leaves of a tree, depth first. */
export function leavesOf(tree: readonly TreeNode[]): TreeNode[] {
  return tree.flatMap((node) => (node.children.length === 0 ? [node] : leavesOf(node.children)));
}
