// npm run seed -- --items 100000 [--seed 1] [--tags 40]
// Fills the configured database (DATABASE_URL, or PGlite in DATA_DIR) with a realistic catalogue.
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { migrateToLatest } from '../db/migrate.js';
import { DEFAULT_SHAPE, seedCatalogue } from '../db/seed/catalogue-seed.js';
import { type MediaStorage, mediaStorageFrom } from '../media/storage.js';
import { fail, openConfiguredDatabase } from './open-configured-database.js';

const PLACEHOLDER_COLOURS = [
  '#c8b6a6',
  '#a4907c',
  '#8d7b68',
  '#f1dec9',
  '#d5bdaf',
  '#e3d5ca',
  '#b7b7a4',
  '#6b705c',
];

/**
 * A few real JPEGs, so seeded image URLs show something in a browser. Written
 * through the configured store (a folder or the bucket), like every other photo.
 */
async function placeholderImages(storage: MediaStorage): Promise<string[]> {
  return Promise.all(
    PLACEHOLDER_COLOURS.map(async (colour) => {
      const bytes = await sharp({
        create: { width: 1600, height: 1200, channels: 3, background: colour },
      })
        .jpeg({ quality: 70 })
        .toBuffer();
      return storage.put('seed', 'jpg', bytes);
    }),
  );
}

function progressBar(done: number, total: number): void {
  const width = 30;
  const filled = Math.round((done / total) * width);
  const bar = `${'#'.repeat(filled)}${'.'.repeat(width - filled)}`;
  process.stderr.write(`\r[${bar}] ${Math.floor((done / total) * 100)}% ${done}/${total} items`);
  if (done === total) process.stderr.write('\n');
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
  try {
    await migrateToLatest(database.migrationDb);
    const started = performance.now();
    const result = await seedCatalogue(
      database.db,
      {
        ...DEFAULT_SHAPE,
        items,
        seed: count(values.seed, 'seed', DEFAULT_SHAPE.seed),
        tags: count(values.tags, 'tags', DEFAULT_SHAPE.tags),
        imagePaths: await placeholderImages(mediaStorageFrom(config)),
      },
      progressBar,
    );
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Seeded ${result.items} items, ${result.images} images, ${result.itemTags} tag links, ` +
        `${result.categories} categories and ${result.tags} tags into ${database.kind} in ${seconds} s.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
