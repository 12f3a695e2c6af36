import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/support/test-database.js';
import type { Db } from './database.js';
import { migrateTo, migrateToLatest } from './migrate.js';

// Each rule gets its own fresh database, migrated only as far as the rule needs,
// so rows can be written in the shape they had before the migration under test.
function freshDatabase(): () => Db {
  let testDb: TestDatabase | undefined;
  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(async () => {
    await testDb?.drop();
  });
  return () => {
    if (!testDb) throw new Error('database not ready');
    return testDb.handle.db;
  };
}

async function insertItem(db: Db, title: string): Promise<number> {
  const { rows } = await sql<{ id: number }>`
    INSERT INTO items (title) VALUES (${title}) RETURNING id`.execute(db);
  return rows[0]!.id;
}

async function itemById(db: Db, id: number) {
  const { rows } = await sql<{ status: string; price_cents: number; price_source: string }>`
    SELECT status, price_cents, price_source FROM items WHERE id = ${id}`.execute(db);
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

async function insertCustomer(db: Db, email: string, name: string | null): Promise<void> {
  await sql`
    INSERT INTO customers (email, password_hash, name)
    VALUES (${email}, 'hash', ${name})`.execute(db);
}

async function customerNames(db: Db, email: string) {
  const { rows } = await sql<{ first_name: string | null; last_name: string | null }>`
    SELECT first_name, last_name FROM customers WHERE email = ${email}`.execute(db);
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

async function insertLink(db: Db, digest: string): Promise<number> {
  const { rows } = await sql<{ id: number }>`
    INSERT INTO upload_links (token_digest) VALUES (${digest}) RETURNING id`.execute(db);
  return rows[0]!.id;
}

async function insertDraft(db: Db, itemId: number, linkId: number | null): Promise<number> {
  const { rows } = await sql<{ id: number }>`
    INSERT INTO item_drafts (item_id, upload_link_id) VALUES (${itemId}, ${linkId})
    RETURNING id`.execute(db);
  return rows[0]!.id;
}

async function columnsOf(db: Db, table: string): Promise<string[]> {
  const { rows } = await sql<{ column_name: string }>`
    SELECT column_name FROM information_schema.columns
    WHERE table_schema = 'public' AND table_name = ${table}
    ORDER BY column_name`.execute(db);
  return rows.map((r) => r.column_name);
}

describe('items: changing the status default to pending never backfills (0005)', () => {
  const db = freshDatabase();
  let oldItem = 0;
  let newItem = 0;

  beforeAll(async () => {
    await migrateTo(db(), '0004_create_admins');
    oldItem = await insertItem(db(), 'before 0005');
    await migrateToLatest(db());
    newItem = await insertItem(db(), 'after 0005');
  });

  it('an item inserted before 0005 without a status still reads available at latest', async () => {
    expect((await itemById(db(), oldItem)).status).toBe('available');
  });

  it('an item inserted after 0005 without a status reads pending', async () => {
    expect((await itemById(db(), newItem)).status).toBe('pending');
  });
});

describe('items: a price always exists, defaulting to 8000 from the default source', () => {
  const db = freshDatabase();
  let oldItem = 0;
  let newItem = 0;

  beforeAll(async () => {
    await migrateTo(db(), '0001_create_catalogue');
    oldItem = await insertItem(db(), 'first catalogue');
    await migrateToLatest(db());
    newItem = await insertItem(db(), 'latest catalogue');
  });

  it('an item inserted at 0001 without a price has 8000 / default at latest', async () => {
    expect(await itemById(db(), oldItem)).toEqual({
      status: 'available',
      price_cents: 8000,
      price_source: 'default',
    });
  });

  it('an item inserted at latest without a price has 8000 / default', async () => {
    expect(await itemById(db(), newItem)).toEqual({
      status: 'pending',
      price_cents: 8000,
      price_source: 'default',
    });
  });
});

// name → [first_name, last_name] exactly as 0006's SQL produces them: trim all
// surrounding whitespace, split at the first space, strip the whitespace that
// touches the split on either side and keep the remainder's inner spacing.
const splitCases: Array<[string, string | null, string | null, string | null]> = [
  ['three-words@example.com', 'A B C', 'A', 'B C'],
  ['padded-single@example.com', '  Ann  ', 'Ann', null],
  ['single@example.com', 'Ann', 'Ann', null],
  ['inner-spacing@example.com', '  Mary   Jane  Smith ', 'Mary', 'Jane  Smith'],
  ['tabs-newlines@example.com', '\tAnn Lee\n', 'Ann', 'Lee'],
  ['tab-before-space@example.com', 'Ann\t Lee', 'Ann', 'Lee'],
  ['null@example.com', null, null, null],
  ['whitespace@example.com', '   ', null, null],
  ['empty@example.com', '', null, null],
];

describe('customers: 0006 splits name into first_name / last_name', () => {
  const db = freshDatabase();

  beforeAll(async () => {
    await migrateTo(db(), '0005_items_default_pending');
    for (const [email, name] of splitCases) await insertCustomer(db(), email, name);
    await migrateTo(db(), '0006_split_customer_names');
  });

  it('the single name column is gone and the two parts exist', async () => {
    const columns = await columnsOf(db(), 'customers');
    expect(columns).not.toContain('name');
    expect(columns).toEqual(expect.arrayContaining(['first_name', 'last_name']));
  });

  for (const [email, name, first, last] of splitCases) {
    it(`splits ${JSON.stringify(name)} into ${JSON.stringify(first)} / ${JSON.stringify(last)}`, async () => {
      expect(await customerNames(db(), email)).toEqual({ first_name: first, last_name: last });
    });
  }
});

describe('customers: the down of 0006 rejoins first_name and last_name into name', () => {
  const db = freshDatabase();

  async function nameOf(email: string): Promise<string | null> {
    const { rows } = await sql<{ name: string | null }>`
      SELECT name FROM customers WHERE email = ${email}`.execute(db());
    expect(rows).toHaveLength(1);
    return rows[0]!.name;
  }

  beforeAll(async () => {
    await migrateTo(db(), '0005_items_default_pending');
    for (const [email, name] of splitCases) await insertCustomer(db(), email, name);
    await migrateTo(db(), '0006_split_customer_names');
    // Rows written in the new shape, with one part missing.
    await sql`
      INSERT INTO customers (email, password_hash, first_name, last_name) VALUES
        ('first-only@example.com', 'hash', 'Zoe', NULL),
        ('last-only@example.com', 'hash', NULL, 'Doe'),
        ('neither@example.com', 'hash', NULL, NULL)`.execute(db());
    await migrateTo(db(), '0005_items_default_pending');
  });

  it('the two parts are gone and name is back', async () => {
    const columns = await columnsOf(db(), 'customers');
    expect(columns).toContain('name');
    expect(columns).not.toContain('first_name');
    expect(columns).not.toContain('last_name');
  });

  it('a split name rejoins with one space', async () => {
    expect(await nameOf('three-words@example.com')).toBe('A B C');
  });

  it('a first-only name rejoins to the first name alone', async () => {
    expect(await nameOf('single@example.com')).toBe('Ann');
    expect(await nameOf('padded-single@example.com')).toBe('Ann');
  });

  it('the split is lossy: surrounding whitespace is gone, inner spacing after the first space kept', async () => {
    expect(await nameOf('inner-spacing@example.com')).toBe('Mary Jane  Smith');
  });

  it('null, whitespace-only and empty names come back as null', async () => {
    expect(await nameOf('null@example.com')).toBeNull();
    expect(await nameOf('whitespace@example.com')).toBeNull();
    expect(await nameOf('empty@example.com')).toBeNull();
  });

  it('a row inserted after 0006 with first_name Zoe only rejoins to Zoe', async () => {
    expect(await nameOf('first-only@example.com')).toBe('Zoe');
  });

  it('a row inserted after 0006 with last_name Doe only rejoins to Doe', async () => {
    expect(await nameOf('last-only@example.com')).toBe('Doe');
  });

  it('a row inserted after 0006 with neither part rejoins to null', async () => {
    expect(await nameOf('neither@example.com')).toBeNull();
  });
});

describe('upload_links: contact_email is null for links created before 0007', () => {
  const db = freshDatabase();
  let linkId = 0;

  beforeAll(async () => {
    await migrateTo(db(), '0006_split_customer_names');
    linkId = await insertLink(db(), 'digest-before-0007');
    await migrateToLatest(db());
  });

  it('a link inserted before 0007 has contact_email null at latest', async () => {
    const { rows } = await sql<{ token_digest: string; contact_email: string | null }>`
      SELECT token_digest, contact_email FROM upload_links WHERE id = ${linkId}`.execute(db());
    expect(rows).toEqual([{ token_digest: 'digest-before-0007', contact_email: null }]);
  });
});

describe('item_drafts: remove_background is NOT NULL and defaults to true (0008)', () => {
  const db = freshDatabase();
  let oldDraft = 0;
  let newDraft = 0;

  async function removeBackground(draftId: number): Promise<boolean | null> {
    const { rows } = await sql<{ remove_background: boolean | null }>`
      SELECT remove_background FROM item_drafts WHERE id = ${draftId}`.execute(db());
    expect(rows).toHaveLength(1);
    return rows[0]!.remove_background;
  }

  beforeAll(async () => {
    await migrateTo(db(), '0007_upload_links_contact_email');
    oldDraft = await insertDraft(db(), await insertItem(db(), 'draft before 0008'), null);
    await migrateToLatest(db());
    newDraft = await insertDraft(db(), await insertItem(db(), 'draft at latest'), null);
  });

  it('a draft inserted before 0008 reads remove_background true', async () => {
    expect(await removeBackground(oldDraft)).toBe(true);
  });

  it('a draft inserted at latest without mentioning remove_background reads true', async () => {
    expect(await removeBackground(newDraft)).toBe(true);
  });

  it('remove_background refuses null', async () => {
    const itemId = await insertItem(db(), 'null intent');
    await expect(
      sql`INSERT INTO item_drafts (item_id, remove_background) VALUES (${itemId}, NULL)`.execute(
        db(),
      ),
    ).rejects.toMatchObject({ code: '23502' });
  });
});

describe('upload_links: deleting a link keeps its items and unlinks their drafts', () => {
  const db = freshDatabase();
  const itemIds: number[] = [];
  let otherLinkId = 0;

  beforeAll(async () => {
    // The link/draft relation dates from 0003; write rows there and carry them
    // through every later migration before deleting.
    await migrateTo(db(), '0003_create_intake');
    const linkId = await insertLink(db(), 'digest-deleted');
    otherLinkId = await insertLink(db(), 'digest-kept');
    for (const title of ['via link 1', 'via link 2']) {
      const itemId = await insertItem(db(), title);
      await insertDraft(db(), itemId, linkId);
      itemIds.push(itemId);
    }
    const otherItem = await insertItem(db(), 'via other link');
    await insertDraft(db(), otherItem, otherLinkId);
    itemIds.push(otherItem);
    await migrateToLatest(db());
    await sql`DELETE FROM upload_links WHERE id = ${linkId}`.execute(db());
  });

  it('the items that arrived through the deleted link still exist', async () => {
    const { rows } = await sql<{ id: number }>`SELECT id FROM items ORDER BY id`.execute(db());
    expect(rows.map((r) => r.id)).toEqual(itemIds);
  });

  it("the drafts remain, with upload_link_id set to null; other links' drafts are untouched", async () => {
    const { rows } = await sql<{ item_id: number; upload_link_id: number | null }>`
      SELECT item_id, upload_link_id FROM item_drafts ORDER BY item_id`.execute(db());
    expect(rows).toEqual([
      { item_id: itemIds[0], upload_link_id: null },
      { item_id: itemIds[1], upload_link_id: null },
      { item_id: itemIds[2], upload_link_id: otherLinkId },
    ]);
  });
});

describe('constraints that protect data at latest', () => {
  const db = freshDatabase();

  beforeAll(async () => {
    await migrateToLatest(db());
  });

  it('items.status accepts pending, available, reserved and sold', async () => {
    for (const status of ['pending', 'available', 'reserved', 'sold']) {
      const { rows } = await sql<{ status: string }>`
        INSERT INTO items (title, status) VALUES (${`status ${status}`}, ${status})
        RETURNING status`.execute(db());
      expect(rows).toEqual([{ status }]);
    }
  });

  it('items.status refuses a value outside pending/available/reserved/sold', async () => {
    await expect(
      sql`INSERT INTO items (title, status) VALUES ('bad status', 'archived')`.execute(db()),
    ).rejects.toMatchObject({ code: '23514' });
    await expect(
      sql`INSERT INTO items (title, status) VALUES ('bad case', 'Pending')`.execute(db()),
    ).rejects.toMatchObject({ code: '23514' });
  });

  it('customers refuses a second row whose email differs only by case', async () => {
    await sql`
      INSERT INTO customers (email, password_hash) VALUES ('Ann@Example.com', 'hash')`.execute(
      db(),
    );
    await expect(
      sql`
        INSERT INTO customers (email, password_hash) VALUES ('ann@EXAMPLE.com', 'hash')`.execute(
        db(),
      ),
    ).rejects.toMatchObject({ code: '23505' });
    const { rows } = await sql<{ email: string }>`SELECT email FROM customers`.execute(db());
    expect(rows).toEqual([{ email: 'Ann@Example.com' }]);
  });
});

describe('why a draft or an order ended, as codes: rows written before 0097 and 0098', () => {
  const db = freshDatabase();
  const drafts: Record<string, number> = {};
  const orders: Record<string, number> = {};

  beforeAll(async () => {
    await migrateTo(db(), '0096_page_languages');
    const errors = {
      published: 'Not drafted: the item was published before the drafting step reached it.',
      paused: 'Paused: The model server could not be reached.',
      failed: 'The model answered 500.',
      none: null,
    };
    for (const [name, error] of Object.entries(errors)) {
      drafts[name] = await insertDraft(db(), await insertItem(db(), name), null);
      await sql`UPDATE item_drafts SET last_error = ${error} WHERE id = ${drafts[name]}`.execute(
        db(),
      );
    }
    const reasons = {
      failed: 'The payment failed.',
      unpaid: 'No payment arrived by Thursday, 5 March 2026.',
      owner: 'The piece is damaged.',
    };
    for (const [name, reason] of Object.entries(reasons)) {
      const { rows } = await sql<{ id: number }>`
        INSERT INTO orders (number, state, total_cents, currency, payment_reference, checkout_key,
                            placed_at, updated_at, cancelled_at, cancel_reason, payment_due_at)
        VALUES (${`SO-${name}`}, 'cancelled', 1200, 'EUR', ${`ref-${name}`}, ${`key-${name}`},
                now(), now(), now(), ${reason}, now())
        RETURNING id`.execute(db());
      orders[name] = rows[0]!.id;
    }
    await migrateToLatest(db());
  });

  it('a draft’s code is the one its sentence says (0097)', async () => {
    const { rows } = await sql<{ id: number; last_error_code: string | null }>`
      SELECT id, last_error_code FROM item_drafts ORDER BY id`.execute(db());
    expect(Object.fromEntries(rows.map((r) => [r.id, r.last_error_code]))).toEqual({
      [drafts.published!]: 'published_first',
      [drafts.paused!]: 'paused',
      [drafts.failed!]: 'run_failed',
      [drafts.none!]: null,
    });
  });

  it('an order cancelled by the shop gets its reason’s code (and a last day to pay), one cancelled by the owner none (0098)', async () => {
    const { rows } = await sql<{ id: number; code: string | null; day: string | null }>`
      SELECT id, cancel_reason_code AS code, cancel_reason_day AS day FROM orders ORDER BY id`.execute(
      db(),
    );
    expect(Object.fromEntries(rows.map((r) => [r.id, [r.code, r.day]]))).toEqual({
      [orders.failed!]: ['payment_failed', null],
      [orders.unpaid!]: ['not_paid_by', '2026-03-05'],
      [orders.owner!]: [null, null],
    });
  });
});
