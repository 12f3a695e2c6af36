import type { CatalogueView, Dimension } from './catalogue-version.js';
import type { ItemRow } from './items.repository.js';
import { type Kept, keptAt, stillTrue } from './kept.js';

type TagRef = ItemRow['tags'][number];

/** A tag's public fields and its place in the order the database sorts tags by (name, then id). */
interface Named {
  tag: TagRef;
  rank: number;
}

// A new, edited or deleted tag announces `tags` (0099).
const TAG_DIMENSIONS: readonly Dimension[] = ['tags'];
const NO_IDS: readonly number[] = [];

/**
 * Every tag's name and slug, read once and kept until a tag changes: an item's
 * tags are its sorted `tag_ids` looked up here, in the database's own order, not a
 * subquery per item in each statement (a third of the item statement's cost at
 * 100k items). A tag id not known yet (created since) reads them all again.
 */
export function tagNames(read: () => Promise<Array<{ id: number; name: string; slug: string }>>) {
  let kept: Kept<Map<number, Named>> | undefined;

  async function load(at: CatalogueView): Promise<Map<number, Named>> {
    const rows = await read();
    const byId = new Map(
      rows.map((row, rank) => [
        row.id,
        { tag: { id: row.id, name: row.name, slug: row.slug }, rank },
      ]),
    );
    kept = keptAt(at, byId);
    return byId;
  }

  const known = async (at: CatalogueView): Promise<Map<number, Named>> =>
    kept && stillTrue(kept, at, TAG_DIMENSIONS, NO_IDS) ? kept.value : await load(at);

  return {
    /** Every tag, ordered by name, then id. */
    async all(at: CatalogueView): Promise<TagRef[]> {
      // Read in that order, so the map's order is the rank's.
      return [...(await known(at)).values()].map((named) => named.tag);
    },

    /** Each list of tag ids as the tags themselves, ordered by name, then id; ids of deleted tags left out. */
    async of(at: CatalogueView, lists: ReadonlyArray<readonly number[]>): Promise<TagRef[][]> {
      let byId = await known(at);
      if (lists.some((ids) => ids.some((id) => !byId.has(id)))) byId = await load(at);
      return lists.map((ids) =>
        ids
          .flatMap((id) => byId.get(id) ?? [])
          .sort((a, b) => a.rank - b.rank)
          .map((named) => named.tag),
      );
    },
  };
}

export type TagNames = ReturnType<typeof tagNames>;
