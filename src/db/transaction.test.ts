import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  onPostgres,
  type TestDatabase,
} from '../../test/support/test-database.js';
import { inTransaction, TRANSACTION_ATTEMPTS } from './transaction.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await sql`CREATE TABLE counters (id int PRIMARY KEY, n int NOT NULL)`.execute(database.handle.db);
  await sql`INSERT INTO counters VALUES (1, 0), (2, 0)`.execute(database.handle.db);
});
afterAll(() => database.drop());

const db = () => database.handle.db;
const conflictError = (code: string) => Object.assign(new Error(`conflict ${code}`), { code });
const counter = async (id: number) =>
  (await sql<{ n: number }>`SELECT n FROM counters WHERE id = ${id}`.execute(db())).rows[0]!.n;

describe('inTransaction: a deadlock or serialization failure is retried, a bounded number of times', () => {
  it.each(['40P01', '40001'])(
    '%s once: runs again from the start and commits once',
    async (code) => {
      const start = await counter(1);
      let attempts = 0;
      const result = await inTransaction(db(), async (trx) => {
        attempts++;
        await sql`UPDATE counters SET n = n + 1 WHERE id = 1`.execute(trx);
        if (attempts === 1) throw conflictError(code);
        return 'done';
      });
      expect(result).toBe('done');
      expect(attempts).toBe(2);
      expect(await counter(1)).toBe(start + 1); // the failed attempt's write was rolled back
    },
  );

  it('gives up after the last attempt with the database’s error', async () => {
    let attempts = 0;
    await expect(
      inTransaction(db(), async () => {
        attempts++;
        throw conflictError('40P01');
      }),
    ).rejects.toMatchObject({ code: '40P01' });
    expect(attempts).toBe(TRANSACTION_ATTEMPTS);
  });

  it('any other error is not retried', async () => {
    let attempts = 0;
    await expect(
      inTransaction(db(), async () => {
        attempts++;
        throw conflictError('23505');
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(attempts).toBe(1);
  });

  it.runIf(onPostgres)('a real deadlock between two transactions: both commit', async () => {
    // Each locks one row, then waits for the other to have locked its row, then
    // takes the other's: PostgreSQL aborts one (40P01), which runs again.
    let lockedFirst = 0;
    let bothLocked: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      bothLocked = resolve;
    });
    const crossing = (first: number, second: number) =>
      inTransaction(db(), async (trx) => {
        await sql`UPDATE counters SET n = n + 1 WHERE id = ${first}`.execute(trx);
        if (++lockedFirst === 2) bothLocked();
        await gate;
        await sql`UPDATE counters SET n = n + 1 WHERE id = ${second}`.execute(trx);
      });
    const [one, two] = [await counter(1), await counter(2)];
    await Promise.all([crossing(1, 2), crossing(2, 1)]);
    expect(await counter(1)).toBe(one + 2);
    expect(await counter(2)).toBe(two + 2);
  });
});
