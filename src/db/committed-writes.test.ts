import { EventEmitter } from 'node:events';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import { describe, expect, it } from 'vitest';
import { reportCommittedWrites } from './committed-writes.js';
import type { OwnCommit } from './notifications.js';

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

  it("passes on the catalogue version its commit's NOTICE told, for that commit only", async () => {
    // As node-postgres does: a statement's notices are emitted before its reply.
    const told = new Map([
      ['commit', '0123456789ab:41'],
      ['update items set price_cents = 2', '0123456789ab:42'],
    ]);
    const client = Object.assign(new EventEmitter(), {
      async query(text: string) {
        const version = told.get(text);
        told.delete(text);
        if (version) client.emit('notice', { message: `catalogue_version ${version}` });
        client.emit('notice', { message: 'some other notice' });
        return { rows: [], rowCount: 1 };
      },
      release() {},
    });
    const commits: OwnCommit[] = [];
    const pool = reportCommittedWrites(
      { connect: async () => client as unknown as PostgresPoolClient, end: async () => {} },
      (commit) => commits.push(commit),
    );
    const connection = await pool.connect();
    for (const text of [
      'begin',
      'update items set price_cents = 1',
      'commit',
      "insert into customer_sessions values ('x')",
      'update items set price_cents = 2',
      'begin',
      'insert into orders values (1)',
      'commit',
    ])
      await connection.query(text, []);
    expect(commits).toEqual([
      { catalogue: '0123456789ab:41' },
      {},
      { catalogue: '0123456789ab:42' },
      {},
    ]);
    connection.release();
    expect(client.listenerCount('notice')).toBe(0);
  });
});
