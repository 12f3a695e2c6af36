// npm run seed [-- --items 1000 --seed 1 --tags 40]
// Fills the configured database (DATABASE_URL, or PGlite in DATA_DIR) with a shop a visitor
// would believe: photographed objects in a category tree, holds, sales and orders.
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { migrateToLatest } from '../db/migrate.js';
import type { Database } from '../db/schema.js';
import { DEFAULT_SHAPE, seedCatalogue } from '../db/seed/catalogue-seed.js';
import { renderedPhotos } from '../db/seed/photos/photo-pool.js';
import { mediaStorageFrom } from '../media/storage.js';
import { fail, openConfiguredDatabase } from './open-configured-database.js';

/** Rendered photos are kept here between runs: a second seeding copies them instead of rendering. */
const PHOTO_CACHE = path.join(process.cwd(), 'node_modules', '.cache', 'shop-seed-photos');

/** A bar redrawn in place on a terminal; a line every tenth of the way in a log. */
function progressBar(what: string): (done: number, total: number) => void {
  let lastTenth = -1;
  return (done, total) => {
    if (!process.stderr.isTTY) {
      const tenth = Math.floor((done / total) * 10);
      if (tenth !== lastTenth) process.stderr.write(`${done}/${total} ${what}\n`);
      lastTenth = tenth;
      return;
    }
    const width = 30;
    const filled = Math.round((done / total) * width);
    const bar = `${'#'.repeat(filled)}${'.'.repeat(width - filled)}`;
    process.stderr.write(
      `\r[${bar}] ${Math.floor((done / total) * 100)}% ${done}/${total} ${what}`,
    );
    if (done === total) process.stderr.write('\n');
  };
}

function count(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value)) fail(`--${name} takes a whole number`);
  return Number(value);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { items: { type: 'string' }, seed: { type: 'string' }, tags: { type: 'string' } },
  });
  const items = count(values.items, 'items', 1_000);
  const { config, database } = await openConfiguredDatabase();
  // The server's connections stop any statement after 10 s; the closing VACUUM ANALYZE
  // of a million items takes longer, so it gets a connection of its own without that bound.
  const maintenance = config.databaseUrl
    ? new Kysely<Database>({
        dialect: new PostgresDialect({
          pool: new pg.Pool({ connectionString: config.databaseUrl, max: 1 }),
        }),
      })
    : database.db;
  try {
    await migrateToLatest(database.migrationDb);
    const started = performance.now();
    const photos = renderedPhotos(await mediaStorageFrom(config), {
      cacheDir: PHOTO_CACHE,
      concurrency: os.availableParallelism(),
      onProgress: progressBar('photos'),
    });
    const result = await seedCatalogue(
      database.db,
      {
        ...DEFAULT_SHAPE,
        items,
        seed: count(values.seed, 'seed', DEFAULT_SHAPE.seed),
        tags: count(values.tags, 'tags', DEFAULT_SHAPE.tags),
        holdMinutes: config.cartHoldMinutes,
        currency: config.shopCurrency,
        paymentDays: config.orderPaymentDays,
      },
      photos,
      progressBar('items'),
      new Date(),
      maintenance,
    );
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Seeded ${result.items} items with ${result.images} photos, ${result.categories} categories, ` +
        `${result.tags} tags, ${result.customers} customers and ${result.orders} orders into ${database.kind} in ${seconds} s.`,
    );
  } finally {
    if (maintenance !== database.db) await maintenance.destroy();
    await database.close();
  }
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
