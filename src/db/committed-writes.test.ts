import type { PostgresPool, PostgresPoolClient } from 'kysely';
import { describe, expect, it } from 'vitest';
import { reportCommittedWrites } from './committed-writes.js';

/** A pool whose one client answers every statement; counts commits reported. */
async function session(statements: string[], failing?: string) {
  let commits = 0;
  const client = {
    async query(text: string) {
      if (text === failing) throw new Error('refused');
      // A statement saying "nothing" changes no row, as a sweep that finds nothing.
      return { rows: [], rowCount: text.includes('nothing') ? 0 : 1 };
    },
    release() {},
  } as unknown as PostgresPoolClient;
  const pool = reportCommittedWrites(
    { connect: async () => client, end: async () => {} } as PostgresPool,
    () => commits++,
  );
  const connection = await pool.connect();
  for (const text of statements) await connection.query(text, []).catch(() => {});
  return commits;
}

describe('committed writes of this process', () => {
  it('reports a write outside a transaction as it completes', async () => {
    expect(await session(['insert into items (title) values ($1)'])).toBe(1);
    expect(await session(['\n  UPDATE items SET title = $1'])).toBe(1);
    expect(
      await session(['with gone as (delete from tags returning id) select count(*) from gone']),
    ).toBe(1);
  });

  it('does not report reads', async () => {
    expect(
      await session(['select 1', '  SELECT * FROM items FOR UPDATE', 'explain select 1']),
    ).toBe(0);
  });

  it("reports a transaction's writes once, at its commit", async () => {
    expect(await session(['begin', 'insert into a values (1)', 'update b set c = 1'])).toBe(0);
    expect(
      await session(['begin', 'insert into a values (1)', 'update b set c = 1', 'commit']),
    ).toBe(1);
    expect(
      await session(['start transaction isolation level serializable', 'delete from a', 'commit']),
    ).toBe(1);
  });

  it('after ABORT a write stands alone again, and is reported as it completes', async () => {
    const statements = ['begin', 'insert into a values (1)', 'abort', 'insert into a values (2)'];
    expect(await session(statements)).toBe(1);
  });

  it('reports nothing for a read-only transaction or one rolled back', async () => {
    expect(await session(['begin', 'select 1', 'commit'])).toBe(0);
    expect(await session(['begin', 'insert into a values (1)', 'rollback'])).toBe(0);
    expect(
      await session(['begin', 'insert into a values (1)', 'rollback', 'begin', 'commit']),
    ).toBe(0);
  });

  it('reports nothing for a plain write that changed no row, in a transaction or not', async () => {
    expect(await session(["update items set status = 'available' where 'nothing'"])).toBe(0);
    expect(await session(['begin', "delete from tags where 'nothing'", 'commit'])).toBe(0);
    // A WITH may have written in a part the row count does not show.
    expect(await session(["with gone as (delete from tags) select 'nothing'"])).toBe(1);
  });

  it('reports nothing for a write the database refused', async () => {
    expect(await session(['insert into a values (1)'], 'insert into a values (1)')).toBe(0);
  });
});
