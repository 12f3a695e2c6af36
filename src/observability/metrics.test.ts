import fs from 'node:fs/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, adminClient } from '../../test/support/admin.js';
import { buildTestApp, type TestApp } from '../../test/support/build-test-app.js';
import { buyerHolding, checkout, removeFromCart } from '../../test/support/commerce.js';
import { makeCustomer, register } from '../../test/support/customer-factories.js';
import { submitPhotos } from '../../test/support/drafting.js';
import { makeItem } from '../../test/support/factories.js';
import { jpeg } from '../../test/support/images.js';
import {
  METRICS_TOKEN,
  metricsSnapshot,
  sampleOf,
  scrapeMetrics,
} from '../../test/support/metrics.js';
import { enqueue } from '../jobs/job-queue.js';
import { type Payments, paymentDeclined } from '../modules/commerce/payments.js';
import { CARD_OVERHEAD } from '../modules/storefront/item-cards.js';

/** Accepts, unless told to decline the next capture. */
function switchablePayments() {
  const state = { decline: false };
  const provider: Payments = {
    async capture(key) {
      if (state.decline) throw paymentDeclined();
      return { reference: `ref-${key}` };
    },
    async void() {},
    async refund() {
      return { state: 'succeeded', reference: null };
    },
  };
  return { state, provider };
}

describe('GET /metrics', () => {
  let t: TestApp;
  let unset: TestApp;
  const payments = switchablePayments();

  beforeAll(async () => {
    t = await buildTestApp({
      env: { METRICS_TOKEN, ...ADMIN_ENV },
      deps: { payments: payments.provider },
    });
    unset = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
    await unset?.close();
  });

  describe('who may scrape', () => {
    it('is 404 without METRICS_TOKEN, even with a bearer token', async () => {
      const res = await scrapeMetrics(unset.app);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    });

    it('is 404 without a token, with a wrong one, or with another scheme', async () => {
      for (const authorization of [
        undefined,
        `Bearer ${METRICS_TOKEN}x`,
        'Bearer wrong',
        `Basic ${METRICS_TOKEN}`,
        METRICS_TOKEN,
      ]) {
        const res = await t.app.inject({
          method: 'GET',
          url: '/metrics',
          ...(authorization ? { headers: { authorization } } : {}),
        });
        expect(res.statusCode, String(authorization)).toBe(404);
        expect(res.body).not.toContain('http_server');
      }
    });

    it('answers the Prometheus text format with the token', async () => {
      const res = await scrapeMetrics(t.app);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(res.body).toContain('# TYPE http_server_request_duration_seconds histogram');
    });

    it('exposes only families docs/operations.md lists, so operators know what each means', async () => {
      const docs = await fs.readFile(new URL('../../docs/operations.md', import.meta.url), 'utf8');
      const families = [...(await scrapeMetrics(t.app)).body.matchAll(/^# TYPE (\S+)/gm)]
        .map((m) => m[1]!)
        .filter((name) => name.startsWith('shop_') || name.startsWith('http_'));
      expect(families.length).toBeGreaterThan(25);
      expect(families.filter((name) => !docs.includes(`\`${name}\``))).toEqual([]);
    });

    it('is left out of the OpenAPI document', async () => {
      const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
      expect(Object.keys(doc.paths)).not.toContain('/metrics');
    });
  });

  describe('each family moves when its cause happens', () => {
    it('times requests by route template and status class, and counts the one in flight', async () => {
      const snap = await metricsSnapshot(t.app);
      const item = await makeItem(t.db);
      await t.app.inject({ method: 'GET', url: `/api/items/${item.id}` });
      await t.app.inject({ method: 'GET', url: '/api/items/999999' });
      const labels = { http_request_method: 'GET', http_route: '/api/items/:id' };
      expect(
        await snap.moved('http_server_request_duration_seconds_count', {
          ...labels,
          status_class: '2xx',
        }),
      ).toBe(1);
      expect(
        await snap.moved('http_server_request_duration_seconds_count', {
          ...labels,
          status_class: '4xx',
        }),
      ).toBe(1);
      // The scrape itself is the request in flight.
      expect(sampleOf((await scrapeMetrics(t.app)).body, 'http_server_active_requests')).toBe(1);
    });

    it('reports the runtime: event-loop delay, heap and resident memory', async () => {
      const text = (await scrapeMetrics(t.app)).body;
      expect(sampleOf(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
      expect(sampleOf(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(1_000_000);
      expect(sampleOf(text, 'process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
    });

    it('reports the database pool: a connection lent out is in use', async () => {
      let scraping: ReturnType<typeof scrapeMetrics> | undefined;
      await t.database.db.connection().execute(async () => {
        // The pool is read as the scrape starts (its own reads may wait for this connection).
        scraping = scrapeMetrics(t.app);
        await new Promise((resolve) => setTimeout(resolve, 50));
      });
      const text = (await scraping!).body;
      expect(sampleOf(text, 'shop_db_pool_connections_in_use')).toBeGreaterThanOrEqual(1);
      expect(sampleOf(text, 'shop_db_pool_waiting_requests')).toBeGreaterThanOrEqual(0);
    });

    it('reads the job queue at scrape time: ready, running, failed and the oldest ready age by kind', async () => {
      const now = t.clock.now();
      const kind = { kind: 'test.metrics' };
      await enqueue(t.db, kind.kind, {}, { now, runAt: new Date(now.getTime() - 90_000) });
      await enqueue(t.db, kind.kind, {}, { now });
      const running = await enqueue(t.db, kind.kind, {}, { now });
      const failed = await enqueue(t.db, kind.kind, {}, { now });
      await sql`UPDATE jobs SET state = 'running' WHERE id = ${running}`.execute(t.db);
      await sql`UPDATE jobs SET state = 'failed' WHERE id = ${failed}`.execute(t.db);
      const text = (await scrapeMetrics(t.app)).body;
      expect(sampleOf(text, 'shop_jobs_ready', kind)).toBe(2);
      expect(sampleOf(text, 'shop_jobs_running', kind)).toBe(1);
      expect(sampleOf(text, 'shop_jobs_failed', kind)).toBe(1);
      expect(sampleOf(text, 'shop_jobs_oldest_ready_age_seconds', kind)).toBe(90);
      await sql`DELETE FROM jobs WHERE kind = ${kind.kind}`.execute(t.db);
    });

    it('reads the mail outbox: waiting, its oldest, failed sends', async () => {
      const snap = await metricsSnapshot(t.app);
      const email = 'unlucky@example.com';
      t.mail.failFor(email, 1);
      expect((await register(t, { email })).statusCode).toBe(201);
      t.clock.advance(30_000);
      let text = (await scrapeMetrics(t.app)).body;
      expect(sampleOf(text, 'shop_mail_outbox_waiting')).toBeGreaterThanOrEqual(1);
      expect(sampleOf(text, 'shop_mail_outbox_oldest_waiting_age_seconds')).toBeGreaterThanOrEqual(
        30,
      );
      await t.app.jobs.drain();
      expect(await snap.moved('shop_mail_send_failures_total')).toBe(1);
      await sql`UPDATE jobs SET state = 'failed' WHERE kind = 'mail.send' AND state = 'queued'`.execute(
        t.db,
      );
      text = (await scrapeMetrics(t.app)).body;
      expect(sampleOf(text, 'shop_mail_outbox_failed')).toBe(1);
    });

    it('counts holds started, ended by release, expiry and checkout; items sold; checkouts and payments', async () => {
      const snap = await metricsSnapshot(t.app);
      const { buyer, items } = await buyerHolding(t, 3);
      await removeFromCart(t, buyer.cookie, items[0]!.id);
      expect((await checkout(t, buyer.cookie)).statusCode).toBe(200);
      const lapsing = await buyerHolding(t, 1);
      t.clock.advance(31 * 60_000);
      await t.app.cartJobs.releaseExpiredHolds();
      expect(await snap.moved('shop_holds_started_total')).toBe(4);
      expect(await snap.moved('shop_holds_ended_total', { reason: 'released' })).toBe(1);
      expect(await snap.moved('shop_holds_ended_total', { reason: 'checked_out' })).toBe(2);
      expect(await snap.moved('shop_holds_ended_total', { reason: 'expired' })).toBe(1);
      expect(await snap.moved('shop_items_sold_total', { channel: 'checkout' })).toBe(2);
      expect(await snap.moved('shop_checkouts_total', { outcome: 'completed' })).toBe(1);
      expect(await snap.moved('shop_payments_total', { outcome: 'captured' })).toBe(1);
      expect(lapsing.items).toHaveLength(1);
    });

    it('counts refused checkouts by outcome: an empty cart and a declined payment', async () => {
      const snap = await metricsSnapshot(t.app);
      const empty = await makeCustomer(t);
      expect((await checkout(t, empty.cookie)).statusCode).toBe(409);
      const { buyer } = await buyerHolding(t, 1);
      payments.state.decline = true;
      expect((await checkout(t, buyer.cookie)).statusCode).toBe(402);
      payments.state.decline = false;
      expect(await snap.moved('shop_checkouts_total', { outcome: 'cart_empty' })).toBe(1);
      expect(await snap.moved('shop_checkouts_total', { outcome: 'declined' })).toBe(1);
      expect(await snap.moved('shop_payments_total', { outcome: 'declined' })).toBe(1);
    });

    it('counts items published and sold by the admin, and a refund when a paid order is cancelled', async () => {
      const admin = await adminClient(t.app);
      const snap = await metricsSnapshot(t.app);
      const pending = await makeItem(t.db, { status: 'pending' });
      expect((await admin('POST', `/api/admin/items/${pending.id}/publish`)).statusCode).toBe(200);
      expect((await admin('POST', `/api/admin/items/${pending.id}/mark-sold`)).statusCode).toBe(
        200,
      );
      const { buyer, items } = await buyerHolding(t, 1);
      const sold = await checkout(t, buyer.cookie);
      const order = sold.json().order;
      const cancelled = await admin('POST', `/api/admin/orders/${order.id}/cancel`, {
        reason: 'Broken in the shop',
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      await t.app.jobs.drain();
      expect(await snap.moved('shop_items_published_total')).toBe(1);
      expect(await snap.moved('shop_items_sold_total', { channel: 'admin' })).toBe(1);
      expect(await snap.moved('shop_refunds_total', { outcome: 'refunded' })).toBe(1);
      expect(items).toHaveLength(1);
    });

    it('counts rate-limit refusals by limiter', async () => {
      const snap = await metricsSnapshot(t.app);
      for (let i = 0; i < 11; i++) {
        await t.app.inject({
          method: 'POST',
          url: '/api/admin/login',
          payload: { email: 'nobody@example.com', password: 'not the password at all' },
          remoteAddress: '198.51.100.77',
        });
      }
      expect(await snap.moved('shop_rate_limit_refusals_total', { limiter: 'adminLogin' })).toBe(1);
    });

    it('counts drafts by outcome and times them', async () => {
      const snap = await metricsSnapshot(t.app);
      const submitted = await submitPhotos(t, [await jpeg({ width: 320, height: 240 })], {
        removeBackground: false,
      });
      expect(submitted.status).toBe(201);
      await t.app.jobs.drain();
      expect(await snap.moved('shop_drafts_total', { outcome: 'drafted' })).toBe(1);
      expect(await snap.moved('shop_draft_duration_seconds_count', { outcome: 'drafted' })).toBe(1);
    });

    it('reports the storefront index: items loaded, reloads, and the lag of the last change applied', async () => {
      const snap = await metricsSnapshot(t.app);
      await t.app.inject({ method: 'GET', url: '/api/items' });
      await t.app.storefrontMemory.settled();
      let text = (await scrapeMetrics(t.app)).body;
      const loaded = sampleOf(text, 'shop_storefront_index_items')!;
      expect(loaded).toBeGreaterThan(0);
      expect(await snap.moved('shop_storefront_index_reloads_total')).toBe(1);
      const admin = await adminClient(t.app);
      const pending = await makeItem(t.db, { status: 'pending' });
      await admin('POST', `/api/admin/items/${pending.id}/publish`);
      await t.app.inject({ method: 'GET', url: '/api/items' });
      await t.app.storefrontMemory.settled();
      text = (await scrapeMetrics(t.app)).body;
      expect(sampleOf(text, 'shop_storefront_index_items')).toBe(loaded + 1);
      expect(sampleOf(text, 'shop_storefront_index_lag_seconds')).toBeGreaterThanOrEqual(0);
    });

    it('reports the kept item JSON: items and bytes with their bookkeeping', async () => {
      await t.app.inject({ method: 'GET', url: '/api/items' });
      await t.app.storefrontMemory.settled();
      const text = (await scrapeMetrics(t.app)).body;
      // Warmed after the index loaded (and read since): a card is a few hundred bytes here.
      const items = sampleOf(text, 'shop_storefront_item_json_items')!;
      expect(items).toBeGreaterThan(0);
      const perItem = sampleOf(text, 'shop_storefront_item_json_bytes')! / items;
      expect(perItem).toBeGreaterThan(CARD_OVERHEAD);
      expect(perItem).toBeLessThan(CARD_OVERHEAD + 5_000);
    });
  });
});
