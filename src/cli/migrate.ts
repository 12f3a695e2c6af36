// npm run migrate -- up | down | status
import { migrateDown, migrateToLatest, migrator } from '../db/migrate.js';
import { fail, openConfiguredDatabase } from './open-configured-database.js';

const USAGE = 'usage: npm run migrate -- up | down | status';

async function main(): Promise<void> {
  const command = process.argv[2] ?? 'status';
  if (!['up', 'down', 'status'].includes(command)) fail(USAGE);
  const { database } = await openConfiguredDatabase();
  try {
    if (command === 'up') {
      const { results = [] } = await migrateToLatest(database.migrationDb);
      for (const r of results) console.log(`applied  ${r.migrationName}`);
      if (results.length === 0) console.log('already up to date');
    } else if (command === 'down') {
      const { results = [] } = await migrateDown(database.migrationDb);
      for (const r of results) console.log(`reverted ${r.migrationName}`);
      if (results.length === 0) console.log('nothing to revert');
    } else {
      for (const m of await migrator(database.db).getMigrations()) {
        console.log(`${m.executedAt ? 'applied' : 'pending'}  ${m.name}`);
      }
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
