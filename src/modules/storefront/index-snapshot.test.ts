import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StatementRecorder } from '../../../test/support/statement-recorder.js';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-database.js';
import { migrateToLatest } from '../../db/migrate.js';
import { itemsRepository } from './items.repository.js';

// The index's snapshot runs while the server answers customers. A parallel count of
// a million rows took both cores of a 2-core host for ~0.1 s, and the event loop
// stalled as long (docs/performance.md, bench/index-load.ts): it reads in one backend.

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await migrateToLatest(database.handle.db);
});
afterAll(async () => database.drop());

describe('the index snapshot', () => {
  it('reads in one backend: parallel workers are off before it counts the catalogue', async () => {
    const recorder = new StatementRecorder();
    await itemsRepository(database.handle.db.withPlugin(recorder)).indexSnapshot(async () => {});
    const turnedOff = recorder.statements.findIndex((statement) =>
      /set_config\('max_parallel_workers_per_gather', '0', true\)/i.test(statement),
    );
    const counted = recorder.statements.findIndex((statement) => /count\(\*\)/i.test(statement));
    expect(turnedOff).toBeGreaterThanOrEqual(0);
    expect(counted).toBeGreaterThan(turnedOff);
  });
});
