import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { onPostgres } from '../../../test/support/test-database.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('GET /healthz', () => {
  it('answers 200 while the process runs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });
});

describe('GET /readyz', () => {
  it('answers 200 when the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
  });
});

describe('a dropped database connection', () => {
  // PostgreSQL only: PGlite runs in-process and has no connection to drop.
  it.runIf(onPostgres)('does not crash the process; the next request reconnects', async () => {
    await t.app.inject({ method: 'GET', url: '/readyz' }); // a pooled connection now exists
    const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(t.db);
    const killer = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await killer.connect();
    const killed = await killer.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [rows[0]?.name],
    );
    await killer.end();
    expect(killed.rowCount).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
  });
});

describe('GET /openapi.json', () => {
  it('serves an OpenAPI document generated from the route schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/api/client-errors'].post.requestBody).toBeDefined();
    expect(doc.paths['/api/admin/login'].post).toBeDefined();
    // Operational routes are documented too (issue 14 item 21); openapi-document.test.ts walks the rest.
    expect(doc.paths['/healthz'].get.summary).toEqual(expect.any(String));
  });
});
