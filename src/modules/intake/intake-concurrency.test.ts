import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { jpeg, multipart } from '../../../test/support/images.js';
import { makeUploadLink, storedFiles } from '../../../test/support/intake.js';
import { currentDatabaseUrl, raceOnRow } from '../../../test/support/row-lock-barrier.js';
import { onPostgres } from '../../../test/support/test-database.js';

// Real concurrency needs a real server with several connections; PGlite has one.
describe.runIf(onPostgres)('concurrent submissions on PostgreSQL (spec 4.3 submit rule 4)', () => {
  let t: TestApp;
  let form: ReturnType<typeof multipart>;
  let databaseUrl: string;

  beforeAll(async () => {
    t = await buildTestApp();
    form = multipart({ note: 'race' }, [
      { filename: 'a.jpg', contentType: 'image/jpeg', bytes: await jpeg() },
    ]);
    databaseUrl = await currentDatabaseUrl(t.db);
  });
  afterAll(() => t.close());

  const submit = (token: string, i: number) =>
    t.app.inject({
      method: 'POST',
      url: `/api/upload-links/${token}/submissions`,
      headers: form.headers,
      payload: form.payload,
      remoteAddress: `198.51.100.${i + 1}`,
    });

  async function race(maxSubmissions: number, parallel: number) {
    const link = await makeUploadLink(t.db, { maxSubmissions });
    const filesBefore = await storedFiles(t.dataDir);
    // Every submission gets past the lookup, stores its photos and queues on the
    // guarded UPDATE of the link's row; released, they commit one by one, each
    // re-checking the cap.
    const answers = await raceOnRow(
      databaseUrl,
      { text: 'SELECT id FROM upload_links WHERE id = $1 FOR UPDATE', values: [link.id] },
      'update "upload_links"%',
      parallel,
      () => Array.from({ length: parallel }, (_, i) => submit(link.token, i)),
    );
    const row = await t.db
      .selectFrom('upload_links')
      .select('submission_count')
      .where('id', '=', link.id)
      .executeTakeFirstOrThrow();
    const drafts = await t.db
      .selectFrom('item_drafts')
      .select('item_id')
      .where('upload_link_id', '=', link.id)
      .execute();
    const added = (await storedFiles(t.dataDir)).filter((file) => !filesBefore.includes(file));
    return {
      statuses: answers.map((a) => a.statusCode).sort(),
      count: row.submission_count,
      drafts,
      added,
    };
  }

  it('two submissions for the last slot of a link capped at 1: exactly one succeeds', async () => {
    const result = await race(1, 2);
    expect(result.statuses).toEqual([201, 404]);
    expect(result.count).toBe(1);
    expect(result.drafts).toHaveLength(1);
    // The loser's photos were stored before it lost the race, and removed again.
    expect(result.added).toHaveLength(1);
  });

  it('ten submissions on a cap of 3: exactly three succeed', async () => {
    const result = await race(3, 10);
    expect(result.statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(result.statuses.filter((s) => s === 404)).toHaveLength(7);
    expect(result.count).toBe(3);
    expect(result.drafts).toHaveLength(3);
    expect(result.added).toHaveLength(3);
  });
});
