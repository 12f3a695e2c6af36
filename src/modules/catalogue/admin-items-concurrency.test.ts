import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, adminClient } from '../../../test/support/admin.js';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { makeItem } from '../../../test/support/factories.js';
import { currentDatabaseUrl, raceOnRow } from '../../../test/support/row-lock-barrier.js';
import { onPostgres } from '../../../test/support/test-database.js';

describe.runIf(onPostgres)('two admins racing on one item, on PostgreSQL', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof adminClient>>;
  let url: string;
  beforeAll(async () => {
    t = await buildTestApp({ env: ADMIN_ENV });
    admin = await adminClient(t.app);
    url = await currentDatabaseUrl(t.db);
  });
  afterAll(() => t.close());

  const lockItem = (id: number) => ({
    text: 'SELECT id FROM items WHERE id = $1 FOR UPDATE',
    values: [id],
  });

  it('two publish calls: exactly one transition happens', async () => {
    const item = await makeItem(t.db, { status: 'pending' });
    const answers = await raceOnRow(url, lockItem(item.id), 'update "items"%', 2, () => [
      admin('POST', `/api/admin/items/${item.id}/publish`),
      admin('POST', `/api/admin/items/${item.id}/publish`),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)?.json().error.code).toBe('invalid_transition');
  });

  it('two mark-sold calls: exactly one sale, announced once', async () => {
    const item = await makeItem(t.db, { status: 'available' });
    t.logs.clear();
    const answers = await raceOnRow(url, lockItem(item.id), 'update "items"%', 2, () => [
      admin('POST', `/api/admin/items/${item.id}/mark-sold`),
      admin('POST', `/api/admin/items/${item.id}/mark-sold`),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)?.json().error.code).toBe('item_sold');
    expect(t.logs.entries().filter((entry) => entry.msg === 'items sold')).toHaveLength(1);
  });
});
