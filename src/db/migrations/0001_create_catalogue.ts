import { type Kysely, sql } from 'kysely';

// The first catalogue: items were published on creation, so status defaulted to
// 'available'. 0005 later changes only that default (spec 9).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE categories (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      parent_id integer REFERENCES categories (id) ON DELETE RESTRICT,
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
      slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
      position integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (parent_id IS DISTINCT FROM id)
    )`.execute(db);
  await sql`CREATE INDEX categories_parent_id_idx ON categories (parent_id)`.execute(db);

  await sql`
    CREATE TABLE tags (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
      slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`
    CREATE TABLE items (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
      description text NOT NULL DEFAULT '',
      status text NOT NULL DEFAULT 'available'
        CHECK (status IN ('pending', 'available', 'reserved', 'sold')),
      price_cents integer NOT NULL DEFAULT 8000 CHECK (price_cents >= 0),
      price_source text NOT NULL DEFAULT 'default'
        CHECK (price_source IN ('model', 'default', 'manual')),
      category_id integer REFERENCES categories (id) ON DELETE RESTRICT,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      published_at timestamptz,
      sold_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX items_status_idx ON items (status)`.execute(db);
  await sql`CREATE INDEX items_category_id_idx ON items (category_id)`.execute(db);
  await sql`CREATE INDEX items_price_cents_idx ON items (price_cents)`.execute(db);
  await sql`CREATE INDEX items_created_at_idx ON items (created_at DESC, id DESC)`.execute(db);

  await sql`
    CREATE TABLE item_images (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      item_id integer NOT NULL REFERENCES items (id) ON DELETE CASCADE,
      path text NOT NULL,
      original_image_path text,
      width integer NOT NULL CHECK (width > 0),
      height integer NOT NULL CHECK (height > 0),
      position integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX item_images_item_id_idx ON item_images (item_id, position)`.execute(db);

  await sql`
    CREATE TABLE item_tags (
      item_id integer NOT NULL REFERENCES items (id) ON DELETE CASCADE,
      tag_id integer NOT NULL REFERENCES tags (id) ON DELETE CASCADE,
      PRIMARY KEY (item_id, tag_id)
    )`.execute(db);
  // The primary key serves "tags of an item"; this one serves "items with a tag".
  await sql`CREATE INDEX item_tags_tag_id_idx ON item_tags (tag_id, item_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE item_tags`.execute(db);
  await sql`DROP TABLE item_images`.execute(db);
  await sql`DROP TABLE items`.execute(db);
  await sql`DROP TABLE tags`.execute(db);
  await sql`DROP TABLE categories`.execute(db);
}
