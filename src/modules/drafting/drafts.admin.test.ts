import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_ENV, adminClient } from '../../../test/support/admin.js';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import {
  type ChatCompletionsServer,
  chatCompletionsServer,
} from '../../../test/support/chat-completions-server.js';
import { dbFingerprint } from '../../../test/support/db-fingerprint.js';
import { draftRow, itemRow, submitPhotos } from '../../../test/support/drafting.js';
import { makeCategory, makeTag } from '../../../test/support/factories.js';
import {
  holdLocks,
  type Tracked,
  track,
  waitForLockWaiters,
} from '../../../test/support/lock-holder.js';
import { discOnPlainBackground } from '../../../test/support/product-photos.js';
import { currentDatabaseUrl } from '../../../test/support/row-lock-barrier.js';
import { onPostgres } from '../../../test/support/test-database.js';

let server: ChatCompletionsServer;
let t: TestApp;
let admin: Awaited<ReturnType<typeof adminClient>>;
let photo: Buffer;
let category: { id: number };
let teak: { id: number };
let answer: object;

beforeAll(async () => {
  server = await chatCompletionsServer();
  t = await buildTestApp({
    env: {
      ...ADMIN_ENV,
      DRAFT_PROVIDER: 'openai',
      DRAFT_API_BASE: server.apiBase,
      DRAFT_MODEL: 'vision-test',
    },
  });
  admin = await adminClient(t.app);
  photo = await discOnPlainBackground();
  category = await makeCategory(t.db, { name: 'Tables', slug: 'tables' });
  teak = await makeTag(t.db, { name: 'Teak', slug: 'teak' });
  answer = {
    title: 'Teak side table',
    description: 'A small teak side table.',
    price_cents: 12_000,
    category_id: category.id,
    tags: ['teak', 'danish'],
    proposed_tags: [],
  };
}, 300_000);
afterAll(async () => {
  await t.close();
  await server.close();
}, 120_000);
beforeEach(() => server.answerWith(answer));

/** A submission drafted by the worker. */
async function drafted(options: { label?: string } = {}) {
  const submission = await submitPhotos(t, [photo], { note: 'From the attic', ...options });
  await t.app.jobs.drain();
  expect((await draftRow(t, submission.draftId)).state).toBe('drafted');
  return submission;
}

describe('GET /api/admin/drafts', () => {
  it('is for admins only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/drafts' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('not_signed_in');
  });

  it('lists drafts by state with photos, note, link, suggestions and model', async () => {
    const { draftId, itemId } = await drafted({ label: 'Market stall' });
    const queued = await submitPhotos(t, [photo]);

    const res = await admin('GET', '/api/admin/drafts?state=drafted');
    expect(res.statusCode).toBe(200);
    const ids = res.json().drafts.map((d: { id: number }) => d.id);
    expect(ids).toContain(draftId);
    expect(ids).not.toContain(queued.draftId);
    const draft = res.json().drafts.find((d: { id: number }) => d.id === draftId);
    expect(draft).toMatchObject({
      item_id: itemId,
      state: 'drafted',
      note: 'From the attic',
      remove_background: true,
      attempts: 1,
      last_error: null,
      model: 'openai:vision-test',
      link: { label: 'Market stall', contact_email: 'seller@example.com' },
      suggestions: {
        title: 'Teak side table',
        price_cents: 12_000,
        category_id: category.id,
        tag_ids: [teak.id],
        proposed_tags: ['danish'],
      },
      item: { status: 'pending', price_cents: 12_000, price_source: 'model' },
    });
    // The cut-out and its original, side by side.
    expect(draft.photos).toHaveLength(1);
    expect(draft.photos[0]).toMatchObject({ has_original: true });
    expect(draft.photos[0].url).toMatch(/^\/media\/items\/.+\.webp$/);
    expect(draft.photos[0].original_url).toMatch(/^\/media\/items\/.+\.jpg$/);
    expect(draft.cutouts).toEqual([{ image_id: draft.photos[0].id, applied: true, reason: null }]);

    const queuedOnes = await admin('GET', '/api/admin/drafts?state=queued');
    expect(queuedOnes.json().drafts.map((d: { id: number }) => d.id)).toContain(queued.draftId);
    await t.app.jobs.drain();
  });

  it('refuses an unknown state with 400', async () => {
    const res = await admin('GET', '/api/admin/drafts?state=published');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_parameter');
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    for (const path of [
      '/api/admin/drafts',
      '/api/admin/drafts/{id}/accept',
      '/api/admin/drafts/{id}/rerun',
      '/api/admin/drafts/{id}/dismiss',
    ])
      expect(doc.paths[path]).toBeDefined();
  });
});

describe('the inbox holds drafts of pending items (issue 30, item 14)', () => {
  const listed = async (query: string) => {
    const res = await admin('GET', `/api/admin/drafts?${query}`);
    expect(res.statusCode).toBe(200);
    return res.json().drafts as Array<{ id: number; state: string; item: { status: string } }>;
  };
  const ids = (drafts: Array<{ id: number }>) => drafts.map((draft) => draft.id);

  it('item_pending=true lists drafts whose item is pending; false the ones whose item moved on, with their state kept', async () => {
    const waiting = await drafted();
    const published = await drafted();
    expect((await admin('POST', `/api/admin/items/${published.itemId}/publish`)).statusCode).toBe(
      200,
    );
    const sold = await drafted();
    expect(
      (await admin('POST', `/api/admin/drafts/${sold.draftId}/accept`, { title: true })).statusCode,
    ).toBe(200);
    expect((await admin('POST', `/api/admin/items/${sold.itemId}/mark-sold`)).statusCode).toBe(200);

    const inbox = await listed('item_pending=true');
    expect(ids(inbox)).toContain(waiting.draftId);
    expect(ids(inbox)).not.toContain(published.draftId);
    expect(ids(inbox)).not.toContain(sold.draftId);
    expect(inbox.every((draft) => draft.item.status === 'pending')).toBe(true);
    expect(ids(await listed('state=drafted&item_pending=true'))).toContain(waiting.draftId);
    expect(ids(await listed('state=drafted&item_pending=true'))).not.toContain(published.draftId);

    const movedOn = await listed('item_pending=false');
    expect(ids(movedOn)).not.toContain(waiting.draftId);
    expect(movedOn.find((draft) => draft.id === published.draftId)).toMatchObject({
      state: 'drafted',
      item: { status: 'available' },
    });
    expect(movedOn.find((draft) => draft.id === sold.draftId)).toMatchObject({
      state: 'accepted',
      item: { status: 'sold' },
    });
    // Without the parameter, every draft, as before.
    expect(ids(await listed('limit=100'))).toEqual(
      expect.arrayContaining([waiting.draftId, published.draftId, sold.draftId]),
    );
  });

  it('says which model drafting uses, or that none is set up', async () => {
    expect((await admin('GET', '/api/admin/drafts')).json().configured_model).toBe(
      'openai:vision-test',
    );
    const none = await t.sibling({ DRAFT_PROVIDER: 'none', DRAFT_WORKERS: '0' });
    const res = await (await adminClient(none))('GET', '/api/admin/drafts');
    expect(res.statusCode).toBe(200);
    expect(res.json().configured_model).toBeNull();
  });
});

describe('POST /api/admin/drafts/:id/accept', () => {
  it('accepting everything applies the suggestions; the price is the model’s; nothing is published', async () => {
    const { draftId, itemId } = await drafted();
    const res = await admin('POST', `/api/admin/drafts/${draftId}/accept`, {
      title: true,
      description: true,
      price_cents: true,
      category_id: true,
      tag_ids: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ state: 'accepted', item: { status: 'pending' } });
    expect(await itemRow(t, itemId)).toMatchObject({
      title: 'Teak side table',
      description: 'A small teak side table.',
      price_cents: 12_000,
      price_source: 'model',
      category_id: category.id,
      status: 'pending',
    });
    const tags = await t.db
      .selectFrom('item_tags')
      .select('tag_id')
      .where('item_id', '=', itemId)
      .execute();
    expect(tags).toEqual([{ tag_id: teak.id }]);
  });

  it('an edited price is a person’s price (manual); fields not sent stay as they were', async () => {
    const { draftId, itemId } = await drafted();
    const before = await itemRow(t, itemId);
    const res = await admin('POST', `/api/admin/drafts/${draftId}/accept`, {
      title: true,
      price_cents: 9_900,
    });
    expect(res.statusCode).toBe(200);
    const after = await itemRow(t, itemId);
    expect(after).toMatchObject({
      title: 'Teak side table',
      price_cents: 9_900,
      price_source: 'manual',
    });
    expect([after.description, after.category_id]).toEqual([
      before.description,
      before.category_id,
    ]);
  });

  it('a draft that is not drafted cannot be accepted: 409, nothing written', async () => {
    const { draftId } = await submitPhotos(t, [photo], { removeBackground: false });
    const before = await dbFingerprint(t.db);
    const res = await admin('POST', `/api/admin/drafts/${draftId}/accept`, { title: true });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('invalid_transition');
    expect(await dbFingerprint(t.db)).toEqual(before);
    expect((await draftRow(t, draftId)).state).toBe('queued');
    await t.app.jobs.drain();
  });

  it('an empty body or an unknown field is 400; an unknown draft 404', async () => {
    const { draftId } = await drafted();
    const empty = await admin('POST', `/api/admin/drafts/${draftId}/accept`, {});
    expect([empty.statusCode, empty.json().error.code]).toEqual([400, 'invalid_body']);
    const unknown = await admin('POST', `/api/admin/drafts/${draftId}/accept`, { status: true });
    expect([unknown.statusCode, unknown.json().error.code]).toEqual([400, 'invalid_body']);
    const missing = await admin('POST', '/api/admin/drafts/999999/accept', { title: true });
    expect([missing.statusCode, missing.json().error.code]).toEqual([404, 'not_found']);
    expect((await draftRow(t, draftId)).state).toBe('drafted');
  });
});

describe('POST /api/admin/drafts/:id/rerun and /dismiss', () => {
  it('re-run queues the draft again and the worker drafts it anew', async () => {
    const { draftId } = await drafted();
    const calls = server.calls.length;
    const res = await admin('POST', `/api/admin/drafts/${draftId}/rerun`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ state: 'queued', attempts: 0 });
    await t.app.jobs.drain();
    expect(server.calls.length).toBe(calls + 1);
    expect(await draftRow(t, draftId)).toMatchObject({ state: 'drafted', attempts: 1 });
  });

  it('re-run of a queued draft is refused: 409, nothing written', async () => {
    const { draftId } = await submitPhotos(t, [photo], { removeBackground: false });
    const before = await dbFingerprint(t.db);
    const res = await admin('POST', `/api/admin/drafts/${draftId}/rerun`);
    expect([res.statusCode, res.json().error.code]).toEqual([409, 'invalid_transition']);
    expect(await dbFingerprint(t.db)).toEqual(before);
    await t.app.jobs.drain();
  });

  it('dismiss sets the suggestions aside; a dismissed draft is not drafted and not dismissed twice', async () => {
    const { draftId, itemId } = await submitPhotos(t, [photo], { removeBackground: false });
    const res = await admin('POST', `/api/admin/drafts/${draftId}/dismiss`);
    expect(res.statusCode).toBe(200);
    expect(res.json().state).toBe('dismissed');
    const calls = server.calls.length;
    await t.app.jobs.drain();
    expect(server.calls.length).toBe(calls);
    expect((await draftRow(t, draftId)).state).toBe('dismissed');
    expect((await itemRow(t, itemId)).status).toBe('pending');

    const before = await dbFingerprint(t.db);
    const again = await admin('POST', `/api/admin/drafts/${draftId}/dismiss`);
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'invalid_transition']);
    expect(await dbFingerprint(t.db)).toEqual(before);
  });
});

describe('a draft applies only while its item is pending (issue 30, item 16)', () => {
  /** Everything accept or re-run could change: the item, its tags, the draft, the queue. */
  async function snapshot(draftId: number, itemId: number) {
    return {
      rows: await dbFingerprint(t.db),
      item: await itemRow(t, itemId),
      draft: await draftRow(t, draftId),
      tags: await t.db.selectFrom('item_tags').selectAll().where('item_id', '=', itemId).execute(),
    };
  }

  it('accept of a drafted draft whose item was published is 409 item_not_pending; nothing changes', async () => {
    const { draftId, itemId } = await drafted();
    expect((await admin('POST', `/api/admin/items/${itemId}/publish`)).statusCode).toBe(200);
    const before = await snapshot(draftId, itemId);
    const res = await admin('POST', `/api/admin/drafts/${draftId}/accept`, {
      title: true,
      price_cents: true,
      tag_ids: true,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'item_not_pending',
      message: expect.stringMatching(/available/),
    });
    expect(await snapshot(draftId, itemId)).toEqual(before);
  });

  it('re-run of an accepted draft whose item was sold is 409 item_not_pending; nothing is queued', async () => {
    const { draftId, itemId } = await drafted();
    expect(
      (await admin('POST', `/api/admin/drafts/${draftId}/accept`, { title: true })).statusCode,
    ).toBe(200);
    expect((await admin('POST', `/api/admin/items/${itemId}/mark-sold`)).statusCode).toBe(200);
    const before = await snapshot(draftId, itemId);
    const calls = server.calls.length;
    const res = await admin('POST', `/api/admin/drafts/${draftId}/rerun`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'item_not_pending',
      message: expect.stringMatching(/sold/),
    });
    expect(await snapshot(draftId, itemId)).toEqual(before);
    await t.app.jobs.drain();
    expect(server.calls.length).toBe(calls);
  });

  it('both work again once the item is back in pending (unpublished)', async () => {
    const { draftId, itemId } = await drafted();
    expect((await admin('POST', `/api/admin/items/${itemId}/publish`)).statusCode).toBe(200);
    expect((await admin('POST', `/api/admin/items/${itemId}/unpublish`)).statusCode).toBe(200);
    const res = await admin('POST', `/api/admin/drafts/${draftId}/accept`, { price_cents: true });
    expect(res.statusCode).toBe(200);
    expect(await itemRow(t, itemId)).toMatchObject({ price_cents: 12_000, status: 'pending' });
    expect((await admin('POST', `/api/admin/drafts/${draftId}/rerun`)).statusCode).toBe(200);
    await t.app.jobs.drain();
  });
});

describe.runIf(onPostgres)('accept racing publish (PostgreSQL)', () => {
  it('an accept that reached the item after a publish committed writes nothing', async () => {
    const { draftId, itemId } = await drafted();
    const url = await currentDatabaseUrl(t.db);
    // The publish holds the item row until the accept waits on it, then commits.
    const publish = await holdLocks(url, [
      {
        text: "UPDATE items SET status = 'available', published_at = now() WHERE id = $1",
        values: [itemId],
      },
    ]);
    let accept: Tracked<{ statusCode: number; json(): { error: { code: string } } }>;
    try {
      accept = track(
        admin('POST', `/api/admin/drafts/${draftId}/accept`, { title: true, price_cents: true }),
      );
      await waitForLockWaiters(url, '%items%', 1, accept.done);
    } finally {
      await publish.release();
    }
    const res = await accept.promise;
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('item_not_pending');
    expect(await itemRow(t, itemId)).toMatchObject({
      status: 'available',
      price_cents: 12_000,
      price_source: 'model',
      title: 'From the attic',
    });
    expect((await draftRow(t, draftId)).state).toBe('drafted');
  });
});

describe('item details the model suggests (issue 34)', () => {
  const details = {
    condition: 'good',
    weight_grams: 3_400,
    dimensions: { width_mm: 450, height_mm: 550, depth_mm: null },
  };

  it('are kept on the draft and land on the pending item only when taken', async () => {
    server.answerWith({ ...answer, ...details });
    const { draftId, itemId } = await drafted();
    const draft = (await admin('GET', `/api/admin/drafts/${draftId}`)).json();
    expect(draft.suggestions).toMatchObject(details);
    // Drafting alone writes none of them to the item.
    expect(await itemRow(t, itemId)).toMatchObject({
      condition: null,
      weight_grams: null,
      width_mm: null,
    });
    const res = await admin('POST', `/api/admin/drafts/${draftId}/accept`, {
      title: true,
      condition: true,
      weight_grams: true,
      dimensions: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await itemRow(t, itemId)).toMatchObject({
      status: 'pending',
      condition: 'good',
      weight_grams: 3_400,
      width_mm: 450,
      height_mm: 550,
      depth_mm: null,
    });
  });

  it('an answer without them still drafts; taking a detail not suggested leaves the item’s', async () => {
    const { draftId, itemId } = await drafted();
    await t.db.updateTable('items').set({ condition: 'fair' }).where('id', '=', itemId).execute();
    const res = await admin('POST', `/api/admin/drafts/${draftId}/accept`, {
      condition: true,
      weight_grams: 1_200,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await itemRow(t, itemId)).toMatchObject({ condition: 'fair', weight_grams: 1_200 });
  });

  it('a condition the shop does not know fails the answer’s check: no suggestions stored', async () => {
    server.answerWith({ ...answer, condition: 'mint' });
    const submission = await submitPhotos(t, [photo], { note: 'From the attic' });
    await t.app.jobs.drain();
    const row = await draftRow(t, submission.draftId);
    expect(row.suggestions).toBeNull();
  });

  it('accepting details for an item published meanwhile is 409 item_not_pending; nothing changes', async () => {
    server.answerWith({ ...answer, ...details });
    const { draftId, itemId } = await drafted();
    expect((await admin('POST', `/api/admin/items/${itemId}/publish`)).statusCode).toBe(200);
    const before = await dbFingerprint(t.db);
    const item = await itemRow(t, itemId);
    const res = await admin('POST', `/api/admin/drafts/${draftId}/accept`, { condition: true });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('item_not_pending');
    expect(await itemRow(t, itemId)).toEqual(item);
    expect(await dbFingerprint(t.db)).toEqual(before);
  });
});
