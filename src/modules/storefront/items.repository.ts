import { type Expression, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { reusePlan } from '../../db/prepared-statements.js';
import type {
  Database,
  ItemCondition,
  ItemStatus,
  PriceSource,
  StoredVariant,
} from '../../db/schema.js';
import type { IndexRow } from './catalogue-index.js';
import type { Cursor, ItemFilters } from './item-filters.js';

/** An item row with its category, images and tags gathered in the same statement. */
export interface ItemRow {
  id: number;
  title: string;
  description: string;
  status: ItemStatus;
  price_cents: number;
  price_source: PriceSource;
  created_at: Date;
  published_at: Date | null;
  sold_at: Date | null;
  weight_grams: number | null;
  width_mm: number | null;
  height_mm: number | null;
  depth_mm: number | null;
  condition: ItemCondition | null;
  condition_note: string | null;
  category_id: number | null;
  category_name: string | null;
  category_slug: string | null;
  images: Array<{
    id: number;
    path: string;
    width: number;
    height: number;
    position: number;
    has_original: boolean;
    variants: StoredVariant[];
  }>;
  tags: Array<{ id: number; name: string; slug: string }>;
  /** The newest-first sort key at microsecond precision, for cursors. */
  listed_at: string;
  /** Admin views only: the intake draft beside the item, if it came through intake. */
  draft?: {
    note: string;
    state: string;
    remove_background: boolean;
    created_at: string;
    /** The upload link it came through; null when none, or the link was deleted. */
    link: { id: number; label: string | null; contact_email: string | null } | null;
  } | null;
}

// Images and tags come from correlated aggregate subqueries, one JSON array per
// item: no join of both, so 2 images and 3 tags stay 2 and 3 (spec 4.2 rule 8),
// and the whole page is one round trip.
const IMAGES = sql<ItemRow['images']>`(
  SELECT coalesce(json_agg(json_build_object(
           'id', im.id, 'path', im.path, 'width', im.width, 'height', im.height,
           'position', im.position, 'has_original', im.original_image_path IS NOT NULL,
           'variants', im.variants)
         ORDER BY im.position, im.id), '[]'::json)
  FROM item_images im WHERE im.item_id = i.id)`;

// From the item's own sorted tag_ids (0023): a primary-key lookup per tag.
const TAGS = sql<ItemRow['tags']>`(
  SELECT coalesce(json_agg(json_build_object('id', t.id, 'name', t.name, 'slug', t.slug) ORDER BY t.name, t.id), '[]'::json)
  FROM tags t WHERE t.id = ANY (i.tag_ids))`;

// Newest means newest on the shelf: when it was published, or created if it never was.
const LISTED_AT = sql`coalesce(i.published_at, i.created_at)`;

// The cursor carries the key as text with microseconds: a JS Date would round to
// milliseconds and make the next page repeat or skip an item.
const LISTED_AT_TEXT = sql<string>`to_char(${LISTED_AT} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

// The intake draft, for admin views: one row per item at most (item_drafts.item_id is unique).
const DRAFT = sql<ItemRow['draft']>`(
  SELECT json_build_object('note', d.note, 'state', d.state, 'remove_background', d.remove_background,
                           'created_at', to_char(d.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                           'link', CASE WHEN l.id IS NULL THEN NULL ELSE
                             json_build_object('id', l.id, 'label', l.label, 'contact_email', l.contact_email) END)
  FROM item_drafts d LEFT JOIN upload_links l ON l.id = d.upload_link_id WHERE d.item_id = i.id)`;

/** A submission still waiting for the owner: pending, its draft not yet accepted or dismissed. */
const NEW_SUBMISSION = sql<SqlBool>`i.status = 'pending' AND EXISTS (
  SELECT 1 FROM item_drafts d WHERE d.item_id = i.id AND d.state NOT IN ('accepted', 'dismissed'))`;

/** An item's own columns, its category and its images: everything but its tags. */
function itemColumns(db: Db) {
  return db
    .selectFrom('items as i')
    .leftJoin('categories as c', 'c.id', 'i.category_id')
    .select([
      'i.id',
      'i.title',
      'i.description',
      'i.status',
      'i.price_cents',
      'i.price_source',
      'i.created_at',
      'i.published_at',
      'i.sold_at',
      'i.weight_grams',
      'i.width_mm',
      'i.height_mm',
      'i.depth_mm',
      'i.condition',
      'i.condition_note',
      'c.id as category_id',
      'c.name as category_name',
      'c.slug as category_slug',
    ])
    .select(IMAGES.as('images'));
}

function baseQuery(db: Db, admin: boolean) {
  const query = itemColumns(db).select(TAGS.as('tags')).select(LISTED_AT_TEXT.as('listed_at'));
  return admin ? query.select(DRAFT.as('draft')) : query;
}

/**
 * The category and every category beneath it (spec 4.2 rule 1): the item's
 * category path (0023) holds the id, served by the GIN index over non-pending
 * items. The admin list includes pending, which that index leaves out: there the
 * subtree's ids come from categories.path and items are found by category_id.
 */
const inCategoryTree = (categoryId: number, includePending: boolean) =>
  includePending
    ? sql<SqlBool>`i.category_id IN (SELECT id FROM categories WHERE path @> ARRAY[${categoryId}]::integer[])`
    : sql<SqlBool>`i.category_path @> ARRAY[${categoryId}]::integer[]`;

/**
 * The item carries every listed tag (spec 4.2 rule 2): its tag_ids (0023)
 * contain all their ids. A slug that names no tag leaves the array NULL, and
 * containment of NULL is never true: no item carries a tag that does not exist.
 * The admin list (pending included, outside the GIN index) intersects the tags'
 * links instead: grouped by item, kept when all N are there (a link is unique).
 */
const hasAllTags = (slugs: string[], includePending: boolean) =>
  includePending
    ? sql<SqlBool>`i.id IN (
        SELECT it.item_id FROM item_tags it JOIN tags t ON t.id = it.tag_id
        WHERE t.slug IN (${sql.join(slugs)})
        GROUP BY it.item_id HAVING count(*) = ${slugs.length})`
    : sql<SqlBool>`i.tag_ids @> (
        SELECT CASE WHEN count(*) = ${slugs.length} THEN array_agg(t.id) END
        FROM tags t WHERE t.slug IN (${sql.join(slugs)}))`;

function afterCursor(cursor: Cursor): Expression<SqlBool> {
  switch (cursor.sort) {
    case 'newest':
      return sql<SqlBool>`(${LISTED_AT}, i.id) < (${cursor.key}::timestamptz, ${cursor.id})`;
    case 'price_asc':
      return sql<SqlBool>`(i.price_cents, i.id) > (${cursor.key}, ${cursor.id})`;
    case 'price_desc':
      return sql<SqlBool>`(i.price_cents, i.id) < (${cursor.key}, ${cursor.id})`;
  }
}

/** A storefront item as read for its JSON: its tags as ids, named from memory (tag-names.ts). */
export type VisibleItemRow = Omit<ItemRow, 'tags' | 'listed_at' | 'draft'> & { tag_ids: number[] };

/** A page's sort keys: enough to order it and to write the next cursor. */
export interface ItemKey {
  id: number;
  price_cents: number;
  listed_at: string;
}

/**
 * The filters and sort order of a list (spec 4.2), on any selection from
 * `items as i`: the full rows of the admin list, or the storefront's keys.
 */
// biome-ignore lint/suspicious/noExplicitAny: every selection from `items as i` takes the same conditions
function filteredAndOrdered<Q extends SelectQueryBuilder<any, 'i', any>>(
  query: Q,
  filters: ItemFilters,
): Q {
  let q = query as SelectQueryBuilder<Database & { i: Database['items'] }, 'i', unknown>;
  // Pending is excluded unless the admin list asks; there is no way to opt out publicly (spec 4.2 rule 5).
  if (!filters.includePending) q = q.where('i.status', '<>', 'pending');
  if (filters.status) q = q.where('i.status', '=', filters.status);
  if (filters.conditions?.length) q = q.where('i.condition', 'in', filters.conditions);
  if (filters.newSubmissions) q = q.where(NEW_SUBMISSION);
  if (filters.categoryId !== undefined)
    q = q.where(inCategoryTree(filters.categoryId, filters.includePending));
  if (filters.tagSlugs?.length) q = q.where(hasAllTags(filters.tagSlugs, filters.includePending));
  if (filters.minPrice !== undefined) q = q.where('i.price_cents', '>=', filters.minPrice);
  if (filters.maxPrice !== undefined) q = q.where('i.price_cents', '<=', filters.maxPrice);
  if (filters.search) {
    q = q.where(sql<SqlBool>`i.search_vector @@ to_tsquery('shop_search', ${filters.search})`);
  }
  if (filters.cursor) q = q.where(afterCursor(filters.cursor));
  if (filters.sort === 'newest') q = q.orderBy(LISTED_AT, 'desc').orderBy('i.id', 'desc');
  else {
    const direction = filters.sort === 'price_asc' ? 'asc' : 'desc';
    q = q.orderBy('i.price_cents', direction).orderBy('i.id', direction);
  }
  return q as unknown as Q;
}

async function versionSeenBy(db: Db): Promise<{ epoch: string; version: number }> {
  const { rows } = await sql<{ epoch: string; version: number | null }>`
    SELECT catalogue_epoch() AS epoch,
           (SELECT max(version) FROM catalogue_changes) AS version`.execute(db);
  return { epoch: rows[0]!.epoch, version: Number(rows[0]!.version ?? 0) };
}

/**
 * Rows of the index's snapshot read at a time: a page arrives and is parsed by the
 * driver in one go (5,000 rows took 50-100 ms of the event loop), then added in
 * slices. Its rows are alive until then, and each young-generation collection
 * copies them: at 1,000 a page a fifth of those collections took over 10 ms, at 250
 * one in twenty, for a load about a tenth longer. At 125 the 1M reload's loop delay
 * fell from p99 10.1-11.1 ms to 7.9-8.3 (and the load's from 7.5 to 6.5), for a load
 * of 20-22 s rather than 18-19 (docs/performance.md).
 */
const SNAPSHOT_PAGE = 125;

/** What the storefront's in-memory index holds of each visible item (catalogue-index.ts). */
function indexRowsQuery(db: Db) {
  return (
    db
      .selectFrom('items as i')
      .select(['i.id', 'i.status', 'i.price_cents', 'i.category_path', 'i.tag_ids', 'i.condition'])
      .select(LISTED_AT_TEXT.as('listed_at'))
      // As JSON, parsed by JSON.parse: as a text[] the driver parsed it a character at a
      // time, a quarter of a million-row load's time and most of its garbage.
      .select(sql<string[]>`array_to_json(tsvector_to_array(i.search_vector))`.as('lexemes'))
      .where('i.status', '<>', 'pending')
  );
}

async function tagSlugs(db: Db): Promise<Map<string, number>> {
  const rows = await db.selectFrom('tags').select(['id', 'slug']).execute();
  return new Map(rows.map((row) => [row.slug, row.id]));
}

export function itemsRepository(db: Db) {
  return {
    /** One page, plus one row more than asked when there is a next page. */
    async list(filters: ItemFilters): Promise<ItemRow[]> {
      return (await this.listQuery(filters).execute()) as ItemRow[];
    },

    /** The list statement itself, unexecuted: benchmarks compile it to EXPLAIN the very SQL served. */
    listQuery(filters: ItemFilters) {
      return filteredAndOrdered(baseQuery(db, filters.includePending), filters).limit(
        filters.limit + 1,
      );
    },

    /**
     * The storefront page's items as ids and sort keys only, one more than asked
     * when there is a next page: the search without building any item's JSON
     * (most of a full page's cost), which the storefront keeps per item.
     */
    listKeys(filters: ItemFilters): Promise<ItemKey[]> {
      return this.listKeysQuery(filters).execute();
    },

    listKeysQuery(filters: ItemFilters) {
      const keys = db
        .selectFrom('items as i')
        .select(['i.id', 'i.price_cents'])
        .select(LISTED_AT_TEXT.as('listed_at'));
      return filteredAndOrdered(keys, filters).limit(filters.limit + 1);
    },

    /**
     * The visible ones of these items, in no particular order (pending and absent
     * left out), with their tags as sorted ids (tag-names.ts names them).
     */
    async findVisibleByIds(ids: number[]): Promise<VisibleItemRow[]> {
      if (ids.length === 0) return [];
      // One text for any number of ids: its plan is kept per connection.
      const compiled = itemColumns(db)
        .select('i.tag_ids')
        .where('i.id', '=', sql<number>`ANY(${ids}::integer[])`)
        .where('i.status', '<>', 'pending')
        .compile();
      return (await db.executeQuery(reusePlan(compiled))).rows as VisibleItemRow[];
    },

    /** One item; `includePending` is the admin view, which also carries the draft. */
    async findById(id: number, options: { includePending: boolean }): Promise<ItemRow | undefined> {
      let query = baseQuery(db, options.includePending).where('i.id', '=', id);
      if (!options.includePending) query = query.where('i.status', '<>', 'pending');
      return (await query.executeTakeFirst()) as ItemRow | undefined;
    },

    /** The status now (undefined when there is no such item): to say why a guarded write did nothing. */
    async statusOf(id: number): Promise<ItemStatus | undefined> {
      const row = await db
        .selectFrom('items')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirst();
      return row?.status;
    },

    /**
     * The customer's live holds as items, in the order the items were created,
     * each with its deadline: the cart in one statement.
     */
    async heldBy(
      customerId: number,
      now: Date,
    ): Promise<Array<ItemRow & { reserved_until: Date }>> {
      return (await baseQuery(db, false)
        .select('i.reserved_until')
        .where('i.status', '=', 'reserved')
        .where('i.reserved_by', '=', customerId)
        .where('i.reserved_until', '>', now)
        .orderBy('i.id')
        .execute()) as Array<ItemRow & { reserved_until: Date }>;
    },

    /** Newest favorite first; a favorite whose item went pending is kept but not listed. */
    async favoritesOf(customerId: number): Promise<ItemRow[]> {
      return (await baseQuery(db, false)
        .innerJoin('favorites as f', 'f.item_id', 'i.id')
        .where('f.customer_id', '=', customerId)
        .where('i.status', '<>', 'pending')
        .orderBy('f.created_at', 'desc')
        .orderBy('i.id', 'desc')
        .execute()) as ItemRow[];
    },

    /** Every tag's public fields in the order item tags are listed in: name, then id. */
    tagNames() {
      return db
        .selectFrom('tags')
        .select(['id', 'name', 'slug'])
        .orderBy('name')
        .orderBy('id')
        .execute();
    },

    categories() {
      return db
        .selectFrom('categories')
        .select(['id', 'parent_id', 'name', 'slug'])
        .orderBy('position')
        .orderBy('name')
        .orderBy('id')
        .execute();
    },

    /**
     * Every tag, counted over non-pending items only; a tag with only pending
     * items counts 0 (spec 4.2 filters 1-2). The counts are kept at write time (0023).
     */
    tagCounts() {
      return db
        .selectFrom('tags as t')
        .leftJoin('tag_counts as tc', 'tc.tag_id', 't.id')
        .select(['t.id', 't.name', 't.slug', sql<number>`coalesce(tc.items, 0)`.as('count')])
        .orderBy('t.name')
        .orderBy('t.id')
        .execute();
    },

    /** Price bounds over non-pending items only (spec 4.2 filters 3); nulls when there are none. */
    priceBounds() {
      return db
        .selectFrom('items')
        .where('status', '<>', 'pending')
        .select([
          sql<number | null>`min(price_cents)`.as('min'),
          sql<number | null>`max(price_cents)`.as('max'),
        ])
        .executeTakeFirstOrThrow();
    },

    /**
     * The newest catalogue version this statement's snapshot sees, and the epoch
     * it belongs to (0014). Versions are numbered in commit order, so every write
     * announced with this number or a lower one is visible to later statements.
     */
    catalogueVersion(): Promise<{ epoch: string; version: number }> {
      return versionSeenBy(db);
    },

    /**
     * The epoch alone: the mirror needs to know which life of the data the rows it just
     * read belong to, not their version (which max() over catalogue_changes would add).
     */
    async catalogueEpoch(): Promise<string> {
      const { rows } = await sql<{ epoch: string }>`SELECT catalogue_epoch() AS epoch`.execute(db);
      return rows[0]!.epoch;
    },

    /** These items' sort keys and facets; pending and deleted ones are left out. */
    async indexRows(ids: readonly number[]): Promise<IndexRow[]> {
      if (ids.length === 0) return [];
      return indexRowsQuery(db)
        .where('i.id', '=', sql<number>`ANY(${[...ids]}::integer[])`)
        .execute() as Promise<IndexRow[]>;
    },

    /**
     * Every visible item's sort keys and facets, a page at a time to `onPage`
     * (with how many there are in all), then every tag's slug, with the
     * catalogue version they are as of: one snapshot, so each later change is
     * known to be newer or already in. Paged so that a million rows are never
     * held at once: each page is added to the index being loaded and let go.
     */
    indexSnapshot(
      onPage: (rows: IndexRow[], total: number) => Promise<void>,
      pageSize = SNAPSHOT_PAGE,
    ) {
      return db
        .transaction()
        .setIsolationLevel('repeatable read')
        .execute(async (trx) => {
          // One backend for the snapshot: a parallel count of a million rows takes
          // both cores of a small host for ~0.1 s, and the event loop, serving
          // customers meanwhile, stalled as long (docs/performance.md).
          // set_config(…, true) is SET LOCAL as a SELECT: a read, as the statement is.
          await sql`SELECT set_config('max_parallel_workers_per_gather', '0', true)`.execute(trx);
          const version = await versionSeenBy(trx);
          const { total } = await trx
            .selectFrom('items')
            .select((eb) => eb.fn.countAll<string>().as('total'))
            .where('status', '<>', 'pending')
            .executeTakeFirstOrThrow();
          for (let after = 0; ; ) {
            const rows = (await indexRowsQuery(trx)
              .where('i.id', '>', after)
              .orderBy('i.id')
              .limit(pageSize)
              .execute()) as IndexRow[];
            if (rows.length > 0) await onPage(rows, Number(total));
            if (rows.length < pageSize) break;
            after = rows[rows.length - 1]!.id;
          }
          const slugs = await tagSlugs(trx);
          return { ...version, slugs };
        });
    },

    /** Every tag's id by slug. */
    tagSlugs: () => tagSlugs(db),

    /**
     * The lexemes a search's `word:*` terms stand for, as PostgreSQL parses them
     * (stemmed and unaccented by shop_search); none when every word is a stop word;
     * undefined when the query is more than terms joined by AND (a word the parser
     * splits becomes a phrase), which only SQL answers.
     */
    async searchTerms(search: string): Promise<string[] | undefined> {
      const { rows } = await sql<{ query: string }>`
        SELECT to_tsquery('shop_search', ${search})::text AS query`.execute(db);
      const query = rows[0]!.query;
      // Only stop words ("the", "t"): no lexeme to match, and SQL's `@@` matches nothing.
      if (query === '') return [];
      const terms = query.split(' & ').map((term) => /^'([^'\\]+)':\*$/.exec(term)?.[1]);
      return terms.every((term) => term !== undefined) ? (terms as string[]) : undefined;
    },
  };
}
