import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, ADMIN_ENV, adminClient, adminSessionCookie } from '../../../test/support/admin.js';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import {
  addToCart,
  buyerHolding,
  checkout,
  removeFromCart,
} from '../../../test/support/commerce.js';
import { makeCustomer } from '../../../test/support/customer-factories.js';
import { submitPhotos } from '../../../test/support/drafting.js';
import { makeItem } from '../../../test/support/factories.js';
import { jpeg } from '../../../test/support/images.js';
import { ADDRESS } from '../../../test/support/orders.js';
import { type WebhookReceiver, webhookReceiver } from '../../../test/support/webhook-receiver.js';
import { jobWorker } from '../../jobs/job-queue.js';
import { mailOutbox } from '../../mail/outbox.js';
import { createMetrics } from '../../observability/metrics.js';
import { DAY } from './delivery-states.js';
import { webhookDeliveryHandler } from './webhook-delivery.js';
import { WEBHOOK_DELIVER_JOB } from './webhook-events.js';
import { WEBHOOK_EVENT_TYPES } from './webhook-payloads.js';
import { webhookSender } from './webhook-sender.js';

const PRIVATE_OK = { ...ADMIN_ENV, WEBHOOK_ALLOW_PRIVATE: 'true' };

// Each sign-in from its own address: the admin sign-in limit counts per caller.
let caller = 0;
const freshAdmin = async (app: TestApp['app']) =>
  adminClient(app, await adminSessionCookie(app, `192.0.2.${(++caller % 250) + 1}`));

async function register(t: TestApp, url: string, events: readonly string[] = WEBHOOK_EVENT_TYPES) {
  const admin = await freshAdmin(t.app);
  return admin('POST', '/api/admin/webhooks', { url, events });
}

const countRows = async (t: TestApp, table: 'webhook_endpoints' | 'webhook_deliveries') =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('/api/admin/webhooks', () => {
  let t: TestApp;
  let strict: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: PRIVATE_OK });
    strict = await buildTestApp({ env: ADMIN_ENV });
  });
  afterAll(async () => {
    await t?.close();
    await strict?.close();
  });

  it('registers an endpoint and shows its Standard Webhooks secret once', async () => {
    const created = await register(t, 'http://127.0.0.1:9/hooks', ['item.sold', 'order.paid']);
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({
      url: 'http://127.0.0.1:9/hooks',
      events: ['item.sold', 'order.paid'],
      state: 'active',
    });
    expect(body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const admin = await freshAdmin(t.app);
    const list = (await admin('GET', '/api/admin/webhooks')).json();
    expect(list.webhooks).toHaveLength(1);
    expect(JSON.stringify(list)).not.toContain(body.secret);
    const deliveries = await admin('GET', `/api/admin/webhooks/${body.id}/deliveries`);
    expect(deliveries.json()).toEqual({ deliveries: [], next_cursor: null });
    expect((await admin('DELETE', `/api/admin/webhooks/${body.id}`)).statusCode).toBe(204);
    expect((await admin('DELETE', `/api/admin/webhooks/${body.id}`)).statusCode).toBe(404);
    expect(await countRows(t, 'webhook_endpoints')).toBe(0);
  });

  it('refuses plain http, loopback, localhost and link-local addresses with WEBHOOK_ALLOW_PRIVATE off; nothing is stored', async () => {
    for (const url of [
      'http://shop-receiver.example/hooks',
      'https://localhost:8443/hooks',
      'https://127.0.0.1/hooks',
      'https://127.1.2.3:9443/hooks',
      'https://[::1]/hooks',
      'https://[::ffff:127.0.0.1]/hooks',
      'https://169.254.169.254/latest/meta-data',
    ]) {
      const res = await register(strict, url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'url_not_allowed', field: 'url' });
    }
    expect(await countRows(strict, 'webhook_endpoints')).toBe(0);
  });

  it('refuses unknown events, no events and a missing session', async () => {
    expect((await register(t, 'http://127.0.0.1:9/h', ['item.stolen'])).statusCode).toBe(400);
    expect((await register(t, 'http://127.0.0.1:9/h', [])).statusCode).toBe(400);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/admin/webhooks',
      payload: { url: 'http://127.0.0.1:9/h', events: ['item.sold'] },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await countRows(t, 'webhook_endpoints')).toBe(0);
  });
});

describe('webhook delivery', () => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  let endpointId: number;

  beforeAll(async () => {
    t = await buildTestApp({ env: PRIVATE_OK });
  });
  afterAll(async () => t?.close());
  beforeEach(async () => {
    // Standard Webhooks receivers refuse timestamps more than 5 minutes from their own clock.
    t.clock.set(new Date());
    receiver = await webhookReceiver();
    const created = (await register(t, receiver.url)).json();
    endpointId = created.id;
    receiver.useSecret(created.secret);
  });
  afterEach(async () => {
    await t.app.jobs.drain();
    const admin = await freshAdmin(t.app);
    await admin('DELETE', `/api/admin/webhooks/${endpointId}`);
    await receiver.close();
  });

  it('sends item.sold once per sale, signed so the Standard Webhooks library verifies it', async () => {
    const { buyer, items } = await buyerHolding(t, 2);
    expect((await checkout(t, buyer.cookie)).statusCode).toBe(200);
    await t.app.jobs.drain();
    const sold = receiver.requests.filter((r) => r.type === 'item.sold');
    expect(sold.map((r) => r.data.id).sort()).toEqual(items.map((item) => item.id).sort());
    expect(sold.every((r) => r.verified)).toBe(true);
    expect(new Set(sold.map((r) => r.id)).size).toBe(2);
    expect(sold[0]!.data).toMatchObject({ status: 'sold', currency: 'EUR' });
    expect(receiver.requests.map((r) => r.type)).toEqual(
      expect.arrayContaining(['order.placed', 'order.paid']),
    );
  });

  it('emits every event where its cause commits', async () => {
    const admin = await freshAdmin(t.app);
    const pending = await makeItem(t.db, { status: 'pending' });
    // Unpublishing what is pending already changes nothing: no event.
    await admin('POST', `/api/admin/items/${pending.id}/unpublish`);
    await admin('POST', `/api/admin/items/${pending.id}/publish`);
    await admin('POST', `/api/admin/items/${pending.id}/unpublish`);
    await admin('POST', `/api/admin/items/${pending.id}/publish`);
    const shopper = await makeCustomer(t);
    const browser = await makeCustomer(t);
    await addToCart(t, browser.cookie, pending.id);
    await removeFromCart(t, browser.cookie, pending.id);
    expect((await addToCart(t, shopper.cookie, pending.id)).statusCode).toBe(200);
    const sale = await t.app.inject({
      method: 'POST',
      url: '/api/cart/checkout',
      payload: { shipping_address: ADDRESS },
      cookies: { shop_session: shopper.cookie },
    });
    const order = sale.json().order;
    await admin('POST', `/api/admin/orders/${order.id}/ship`, {
      carrier: 'DHL',
      tracking_reference: 'JD0001',
    });
    await admin('POST', `/api/admin/orders/${order.id}/deliver`);
    const second = await buyerHolding(t, 1);
    const cancelled = (await checkout(t, second.buyer.cookie)).json().order;
    await admin('POST', `/api/admin/orders/${cancelled.id}/cancel`, { reason: 'Damaged' });
    expect((await submitPhotos(t, [await jpeg()])).status).toBe(201);
    await t.app.jobs.drain();
    const seen = new Set(receiver.events.map((r) => r.type));
    expect([...seen].sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
    const lane = receiver.events.filter(
      (r) => r.data.id === pending.id && r.type.startsWith('item.'),
    );
    expect(lane.map((r) => r.type)).toEqual([
      'item.published',
      'item.unpublished',
      'item.published',
      'item.reserved',
      'item.released',
      'item.reserved',
      'item.sold',
    ]);
    const refunded = receiver.events.find((r) => r.type === 'order.refunded')!;
    expect(refunded.data).toMatchObject({
      id: cancelled.id,
      refund: { amount_cents: cancelled.total_cents },
    });
    expect(JSON.stringify(receiver.requests.map((r) => r.data))).not.toContain(shopper.email);
  });

  it('keeps each item in order: a sale waits while its reservation is being retried', async () => {
    let failures = 2;
    receiver.answerWith((r) => (r.type === 'item.reserved' && failures-- > 0 ? 503 : 200));
    const { buyer, items } = await buyerHolding(t, 1);
    expect((await checkout(t, buyer.cookie)).statusCode).toBe(200);
    await t.app.jobs.drain();
    const mine = () =>
      receiver.requests.filter((r) => r.data.id === items[0]!.id).map((r) => r.type);
    expect(mine()).toEqual(['item.reserved']);
    t.clock.advance(30_000);
    await t.app.jobs.drain();
    expect(mine()).toEqual(['item.reserved', 'item.reserved']);
    t.clock.advance(60_000);
    await t.app.jobs.drain();
    expect(mine()).toEqual(['item.reserved', 'item.reserved', 'item.reserved', 'item.sold']);
    const admin = await freshAdmin(t.app);
    const log = (await admin('GET', `/api/admin/webhooks/${endpointId}/deliveries`)).json();
    const reserved = log.deliveries.find(
      (d: { event_type: string }) => d.event_type === 'item.reserved',
    );
    expect(reserved.state).toBe('delivered');
    expect(reserved.attempts.map((a: { status_code: number }) => a.status_code)).toEqual([
      503, 503, 200,
    ]);
    expect(reserved.attempts.every((a: { duration_ms: number }) => a.duration_ms >= 0)).toBe(true);
  });

  it('delivers item.sold exactly once to a receiver that dedupes, across a crash between sending and recording', async () => {
    // A worker that sends and then dies before it records the delivery (its lease lapses).
    let die!: (error: Error) => void;
    const dead = new Promise<never>((_, reject) => {
      die = reject;
    });
    const send = webhookSender({ allowPrivate: true });
    const doomed = jobWorker({ db: t.db, clock: t.clock, log: t.app.log, pollMs: 60_000 });
    doomed.register(WEBHOOK_DELIVER_JOB, {
      leaseMs: 60_000,
      maxAttempts: 100,
      handle: webhookDeliveryHandler({
        db: t.db,
        clock: t.clock,
        log: t.app.log,
        metrics: createMetrics(),
        outbox: mailOutbox({ config: t.config, clock: t.clock }),
        config: t.config,
        send: async (request) => {
          await send(request);
          return dead;
        },
      }),
    });
    const admin = await freshAdmin(t.app);
    const item = await makeItem(t.db);
    expect((await admin('POST', `/api/admin/items/${item.id}/mark-sold`)).statusCode).toBe(200);
    const crashed = doomed.drain();
    await expect.poll(() => receiver.requests.length).toBe(1);

    t.clock.advance(61_000);
    await t.app.jobs.drain();
    die(new Error('the process was killed'));
    await crashed;

    const sold = receiver.requests.filter((r) => r.type === 'item.sold');
    expect(sold).toHaveLength(2);
    expect(new Set(sold.map((r) => r.id)).size).toBe(1);
    expect(sold.every((r) => r.verified)).toBe(true);
    expect(receiver.events.filter((r) => r.type === 'item.sold')).toHaveLength(1);
    const delivery = await t.db
      .selectFrom('webhook_deliveries')
      .select(['state', 'attempts'])
      .where('endpoint_id', '=', endpointId)
      .executeTakeFirstOrThrow();
    expect(delivery).toEqual({ state: 'delivered', attempts: 2 });
  });

  it('gives the same webhook-id to a manual redelivery', async () => {
    const admin = await freshAdmin(t.app);
    const item = await makeItem(t.db);
    await admin('POST', `/api/admin/items/${item.id}/mark-sold`);
    await t.app.jobs.drain();
    const log = (await admin('GET', `/api/admin/webhooks/${endpointId}/deliveries`)).json();
    const id = log.deliveries[0].id;
    const again = await admin(
      'POST',
      `/api/admin/webhooks/${endpointId}/deliveries/${id}/redeliver`,
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().state).toBe('pending');
    await t.app.jobs.drain();
    expect(receiver.requests).toHaveLength(2);
    expect(receiver.requests[1]!.id).toBe(receiver.requests[0]!.id);
    const open = await admin(
      'POST',
      `/api/admin/webhooks/${endpointId}/deliveries/${id}/redeliver`,
    );
    expect(open.statusCode).toBe(200);
    const twice = await admin(
      'POST',
      `/api/admin/webhooks/${endpointId}/deliveries/${id}/redeliver`,
    );
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('invalid_transition');
  });

  it('disables an endpoint after a day of failures, tells the admins, and delivers in order once enabled', async () => {
    receiver.answerWith(() => 500);
    let admin = await freshAdmin(t.app);
    const item = await makeItem(t.db);
    await admin('POST', `/api/admin/items/${item.id}/mark-sold`);
    for (let waited = 0; waited <= DAY + 2 * 3_600_000; waited += 3_600_000) {
      await t.app.jobs.drain();
      t.clock.advance(3_600_000);
    }
    await t.app.jobs.drain();
    // A day later: the morning's admin session has ended.
    admin = await freshAdmin(t.app);
    const endpoint = (await admin('GET', '/api/admin/webhooks')).json().webhooks[0];
    expect(endpoint.state).toBe('disabled');
    expect(t.mail.to(ADMIN.email).map((m) => m.subject)).toContain(
      'A webhook endpoint was disabled',
    );
    const tried = receiver.requests.length;
    // Events meanwhile are kept, not sent.
    const later = await makeItem(t.db);
    await admin('POST', `/api/admin/items/${later.id}/mark-sold`);
    await t.app.jobs.drain();
    expect(receiver.requests.length).toBe(tried);
    const states = await t.db
      .selectFrom('webhook_deliveries')
      .select(['state'])
      .where('endpoint_id', '=', endpointId)
      .orderBy('id')
      .execute();
    // The first was tried for its day and failed; the second waits for the endpoint.
    expect(states.map((row) => row.state)).toEqual(['failed', 'pending']);
    receiver.answerWith(() => 200);
    expect((await admin('POST', `/api/admin/webhooks/${endpointId}/enable`)).json().state).toBe(
      'active',
    );
    await t.app.jobs.drain();
    expect(receiver.requests.slice(tried).map((r) => r.data.id)).toEqual([later.id]);
  });
});

describe('webhook delivery to a private address with WEBHOOK_ALLOW_PRIVATE off', () => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    t = await buildTestApp({ env: ADMIN_ENV });
    receiver = await webhookReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
    await t?.close();
  });

  it('is refused when it is made, not only at registration: nothing reaches the receiver', async () => {
    // Registered while private addresses were allowed (or while the name resolved elsewhere).
    const permissive = await t.sibling({ WEBHOOK_ALLOW_PRIVATE: 'true' });
    for (const url of [receiver.url, `https://localhost:${receiver.port}/hooks`]) {
      const created = await register({ ...t, app: permissive }, url, ['item.sold']);
      expect(created.statusCode, created.body).toBe(201);
    }
    const admin = await freshAdmin(t.app);
    const item = await makeItem(t.db);
    await admin('POST', `/api/admin/items/${item.id}/mark-sold`);
    await t.app.jobs.drain();
    expect(receiver.requests).toHaveLength(0);
    const errors = await t.db
      .selectFrom('webhook_attempts')
      .select(['error', 'status_code'])
      .execute();
    expect(errors).toHaveLength(2);
    for (const attempt of errors) {
      expect(attempt.status_code).toBeNull();
      expect(attempt.error).toMatch(/^address not allowed/);
    }
    // A second app on the database: its build (migrations checked, index loaded) takes a while.
  }, 90_000);
});
