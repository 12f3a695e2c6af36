import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, ADMIN_ENV, adminClient, adminSessionCookie } from '../../../test/support/admin.js';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import {
  type MadeCustomer,
  makeCustomer,
  withSession,
} from '../../../test/support/customer-factories.js';
import { ADDRESS, placeOrder } from '../../../test/support/orders.js';
import { renderMail } from '../../mail/templates/template.js';
import { webhookDisabledMail } from '../webhooks/webhook-disabled-mail.js';

// Issue 37: the buyer's order mails in their stored language (else the shop's,
// SHOP_LANGUAGE), subjects too, money and dates through Intl in it; the owner's
// notices in the shop's language, whoever bought.
const INSTRUCTIONS = 'Überweisung an Werkstatt Lee\nIBAN DE02 1203 0000 0000 2020 51';
const DAY = 24 * 60 * 60_000;
const EURO = (amount: string) => `${amount}\u00a0€`;

let signIns = 0;
const titleOf = (order: { lines: Array<{ item_id: number | null; title: string }> }, id: number) =>
  order.lines.find((line) => line.item_id === id)!.title;
const freshAdmin = async (t: TestApp) =>
  adminClient(t.app, await adminSessionCookie(t.app, `192.0.2.${++signIns}`));

async function speaking(t: TestApp, language: 'en' | 'de'): Promise<MadeCustomer> {
  const buyer = await makeCustomer(t, { verified: true });
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/customers/me',
    payload: { language },
    ...withSession(buyer.cookie),
  });
  expect(res.statusCode, res.body).toBe(200);
  return buyer;
}

describe('a German customer in an English shop (manual payments)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      env: {
        ...ADMIN_ENV,
        PAYMENT_PROVIDER: 'manual',
        ORDER_PAYMENT_DAYS: '3',
        SHOP_PAYMENT_INSTRUCTIONS: INSTRUCTIONS,
        SHOP_TIME_ZONE: 'Europe/Berlin',
      },
    });
  }, 120_000);
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.mail.settle();
    t.mail.clear();
  });

  it('placed, paid, shipped: each mail German (subject, body, lang="de", "12,00 €"); the owner’s stays English', async () => {
    t.clock.set(new Date('2026-02-02T10:15:00Z'));
    const buyer = await speaking(t, 'de');
    const { order } = await placeOrder(t, {
      buyer,
      count: 2,
      priceCents: 1200,
      body: { shipping_address: ADDRESS },
    });
    await t.mail.settle();
    const placed = t.mail.lastTo(buyer.email);
    expect(placed.subject).toBe(`Ihre Bestellung ${order.number}`);
    expect(placed.html).toContain('<html lang="de">');
    expect(placed.text).toContain('Hallo Ann,');
    expect(placed.text).toContain(`vielen Dank für Ihre Bestellung ${order.number}.`);
    expect(placed.text).toContain(`: ${EURO('12,00')}`);
    const total = EURO((order.total_cents / 100).toFixed(2).replace('.', ','));
    // The last day to pay: three days on, named in German with the zone it counts in.
    expect(placed.text).toContain(
      `Bitte überweisen Sie ${total} bis Donnerstag, 5. Februar 2026 (Zeitzone Europe/Berlin)`,
    );
    expect(placed.text).toContain(`So bezahlen Sie:\n${INSTRUCTIONS}`);
    expect(placed.text).toContain('Wir senden sie an:');
    expect(placed.text).toContain('Deutschland');
    expect(placed.html).toContain('Zu Ihrer Bestellung');
    expect(placed.text).not.toMatch(/Thank you|Total|Please pay|See your order/);
    // The owner reads the shop's language, whoever bought.
    const owner = t.mail.lastTo(ADMIN.email);
    expect(owner.subject).toBe(
      `New order ${order.number}: €${(order.total_cents / 100).toFixed(2)}`,
    );
    expect(owner.html).toContain('<html lang="en">');

    const admin = await freshAdmin(t);
    expect((await admin('POST', `/api/admin/orders/${order.id}/mark-paid`)).statusCode).toBe(200);
    await t.mail.settle();
    const paid = t.mail.lastTo(buyer.email);
    expect(paid.subject).toBe(`Zahlung für Ihre Bestellung ${order.number} erhalten`);
    expect(paid.text).toContain(
      `wir haben Ihre Zahlung von ${total} für Ihre Bestellung ${order.number} erhalten. Vielen Dank!`,
    );
    expect(paid.html).toContain('<html lang="de">');

    const shipped = await admin('POST', `/api/admin/orders/${order.id}/ship`, {
      carrier: 'DHL',
      tracking_reference: 'JJD0001',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    await t.mail.settle();
    const sent = t.mail.lastTo(buyer.email);
    expect(sent.subject).toBe(`Ihre Bestellung ${order.number} ist unterwegs`);
    expect(sent.text).toContain(`Ihre Bestellung ${order.number} wurde mit DHL verschickt.`);
    expect(sent.text).toContain('Sendungsnummer: JJD0001');
    expect(sent.html).toContain('<html lang="de">');
  });

  it('cancelled by the shop: German, with the owner’s reason as written', async () => {
    const buyer = await speaking(t, 'de');
    const { order } = await placeOrder(t, { buyer, priceCents: 1200 });
    const admin = await freshAdmin(t);
    const res = await admin('POST', `/api/admin/orders/${order.id}/cancel`, {
      reason: 'Das Stück ist beschädigt.',
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.mail.settle();
    const mail = t.mail.titled(buyer.email, `Ihre Bestellung ${order.number} wurde storniert`);
    expect(mail.text).toContain(
      `Ihre Bestellung ${order.number} wurde storniert: Das Stück ist beschädigt.`,
    );
    expect(mail.text).toContain(`Gesamt: ${EURO('12,00')}`);
    expect(mail.text).toContain('Bereits geleistete Zahlungen erhalten Sie zurück.');
    expect(mail.html).toContain('<html lang="de">');
  });

  it('not paid in time: the reminder and the cancellation German, the shop’s own reason too', async () => {
    t.clock.set(new Date('2026-03-02T09:00:00Z'));
    const buyer = await speaking(t, 'de');
    const { order } = await placeOrder(t, { buyer, priceCents: 1200 });
    const due = new Date(order.payment_due_at).getTime();
    t.clock.set(new Date(due - DAY + 60_000));
    expect((await t.app.orders.settleUnpaid()).reminded).toContain(order.id);
    await t.mail.settle();
    const reminder = t.mail.lastTo(buyer.email);
    expect(reminder.subject).toBe(`Zahlung für Ihre Bestellung ${order.number}`);
    expect(reminder.text).toContain(
      `wir haben die ${EURO('12,00')} für Ihre Bestellung ${order.number} noch nicht erhalten.`,
    );
    t.clock.set(new Date(due + 2 * 60_000));
    expect((await t.app.orders.settleUnpaid()).cancelled).toContain(order.id);
    await t.mail.settle();
    const cancelled = t.mail.lastTo(buyer.email);
    expect(cancelled.subject).toBe(`Ihre Bestellung ${order.number} wurde storniert`);
    // Kept as a code beside the English words, so the mail and the pages can say it.
    const row = await t.db
      .selectFrom('orders')
      .select(['cancel_reason', 'cancel_reason_code', 'cancel_reason_day'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      cancel_reason: 'No payment arrived by Thursday, 5 March 2026.',
      cancel_reason_code: 'not_paid_by',
      cancel_reason_day: '2026-03-05',
    });
    expect(cancelled.text).toContain(
      'wurde storniert: Bis Donnerstag, 5. März 2026 ist keine Zahlung eingegangen.',
    );
    // The owner's notice stays in the shop's language.
    const owner = t.mail.titled(ADMIN.email, `Order ${order.number} cancelled: payment problem`);
    expect(owner.text).toContain(
      'No payment arrived by Thursday, 5 March 2026, the last day to pay.',
    );
  });
});

describe('a German customer’s refund and withdrawal (card payments)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { ...ADMIN_ENV, SHOP_TIME_ZONE: 'Europe/Berlin' } });
    const admin = await freshAdmin(t);
    const res = await admin('PUT', '/api/admin/shop', {
      address: 'Werkstatt Lee\nHafenstraße 3\n20095 Hamburg',
    });
    expect(res.statusCode, res.body).toBe(200);
  }, 120_000);
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.mail.settle();
    t.mail.clear();
  });

  async function delivered(buyer: MadeCustomer) {
    const placed = await placeOrder(t, {
      buyer,
      count: 2,
      priceCents: 1200,
      body: { shipping_address: ADDRESS },
    });
    const admin = await freshAdmin(t);
    const id = placed.order.id;
    await admin('POST', `/api/admin/orders/${id}/ship`, {
      carrier: 'DHL',
      tracking_reference: 'J',
    });
    expect((await admin('POST', `/api/admin/orders/${id}/deliver`)).statusCode).toBe(200);
    await t.mail.settle();
    t.mail.clear();
    return placed;
  }

  it('the withdrawal acknowledgment is German, its moment in German and the shop’s zone', async () => {
    t.clock.set(new Date('2026-02-01T09:00:00Z'));
    const buyer = await speaking(t, 'de');
    const { order, items } = await delivered(buyer);
    t.clock.set(new Date('2026-02-02T10:15:00Z'));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/customers/me/orders/${order.id}/withdraw`,
      ...withSession(buyer.cookie),
      payload: { item_ids: [items[0]!.id], reason: 'Passt nicht' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.mail.settle();
    const mail = t.mail.lastTo(buyer.email);
    expect(mail.subject).toBe(`Wir haben Ihren Widerruf der Bestellung ${order.number} erhalten`);
    expect(mail.text).toContain(
      `wir haben Ihren Widerruf Ihrer Bestellung ${order.number} am Montag, 2. Februar 2026 um 11:15 (Zeitzone Europe/Berlin) erhalten.`,
    );
    expect(mail.text).toContain(
      `Sie haben widerrufen:\n- ${titleOf(order, items[0]!.id)}: ${EURO('12,00')}`,
    );
    expect(mail.text).toContain('Ihr Grund: Passt nicht');
    expect(mail.text).toContain(
      'Bitte senden Sie die Stücke innerhalb von 14 Tagen zurück an:\nWerkstatt Lee',
    );
    expect(mail.text).toContain('Bitte bewahren Sie diese E-Mail auf');
    expect(mail.html).toContain('<html lang="de">');
  });

  it('the refund mail is German, amounts as "12,00 €"', async () => {
    const buyer = await speaking(t, 'de');
    const { order, items } = await delivered(buyer);
    const admin = await freshAdmin(t);
    const res = await admin('POST', `/api/admin/orders/${order.id}/refund`, {
      item_ids: [items[0]!.id],
      include_shipping: false,
      restock: 'available',
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.mail.settle();
    const mail = t.mail.lastTo(buyer.email);
    expect(mail.subject).toBe(`Ihre Rückerstattung für die Bestellung ${order.number}`);
    expect(mail.text).toContain(
      `wir haben Ihnen ${EURO('12,00')} für Ihre Bestellung ${order.number} erstattet:\n- ${titleOf(order, items[0]!.id)}: ${EURO('12,00')}`,
    );
    expect(mail.html).toContain('<html lang="de">');
  });
});

describe('a German shop (SHOP_LANGUAGE=de)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { ...ADMIN_ENV, SHOP_LANGUAGE: 'de' } });
  }, 120_000);
  afterAll(() => t.close());

  it('a customer who chose no language gets German mails; the owner’s notice is German', async () => {
    const { buyer, order } = await placeOrder(t, {
      priceCents: 1200,
      body: { shipping_address: ADDRESS, note: 'Bitte gut verpacken.' },
    });
    await t.mail.settle();
    const mail = t.mail.lastTo(buyer.email);
    expect(mail.subject).toBe(`Ihre Bestellung ${order.number}`);
    expect(mail.text).toContain('Ihre Zahlung ist bei uns eingegangen.');
    expect(mail.html).toContain('<html lang="de">');

    const owner = t.mail.lastTo(ADMIN.email);
    expect(owner.subject).toBe(
      `Neue Bestellung ${order.number}: ${EURO((order.total_cents / 100).toFixed(2).replace('.', ','))}`,
    );
    expect(owner.text).toContain(
      `Eine neue Bestellung ist eingegangen: ${order.number} (bezahlt).`,
    );
    expect(owner.text).toContain(`Kunde: ${order.buyer.name} <${buyer.email}>`);
    expect(owner.text).toContain('Versand an:');
    expect(owner.text).toContain('Anmerkung des Kunden:\nBitte gut verpacken.');
    expect(owner.text).toContain('Bestellung öffnen: ');
    expect(owner.html).toContain('<html lang="de">');
    expect(owner.text).not.toMatch(/New order|Buyer|Total|Open the order/);
  });

  it('an English customer in the German shop still gets English', async () => {
    const buyer = await speaking(t, 'en');
    const { order } = await placeOrder(t, { buyer, priceCents: 1200 });
    await t.mail.settle();
    const mail = t.mail.lastTo(buyer.email);
    expect(mail.subject).toBe(`Your order ${order.number}`);
    expect(mail.text).toContain('Your payment has been received.');
  });
});

describe('the webhook-disabled mail', () => {
  const values = {
    url: 'https://hooks.example/in',
    lastError: 'HTTP 500',
    adminUrl: 'https://shop.example/admin/webhooks',
  };

  it('is English in an English shop, as before', () => {
    const mail = renderMail(webhookDisabledMail, values, 'en');
    expect(mail.subject).toBe('A webhook endpoint was disabled');
    expect(mail.text).toBe(
      'Hello,\n\nDeliveries to https://hooks.example/in have failed for a day, so the shop stopped sending to it. The last attempt failed with: HTTP 500.\n\nEvents since then are kept. Once the receiver works again, enable the endpoint in the admin and they are delivered in order:\n\nhttps://shop.example/admin/webhooks\n',
    );
    expect(mail.html).toContain('Deliveries to <strong>https://hooks.example/in</strong>');
  });

  it('is German in a German shop', () => {
    const mail = renderMail(webhookDisabledMail, values, 'de');
    expect(mail.subject).toBe('Ein Webhook-Endpunkt wurde deaktiviert');
    expect(mail.text).toContain(
      'Zustellungen an https://hooks.example/in schlagen seit einem Tag fehl',
    );
    expect(mail.html).toContain('<html lang="de">');
    expect(mail.html).toContain('Zustellungen an <strong>https://hooks.example/in</strong>');
    expect(mail.html).toContain('Webhooks öffnen');
  });
});
