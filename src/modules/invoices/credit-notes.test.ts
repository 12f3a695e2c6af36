import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_ENV, adminClient } from '../../../test/support/admin.js';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { withSession } from '../../../test/support/customer-factories.js';
import { ADDRESS, placeOrder } from '../../../test/support/orders.js';
import { pdfText } from '../../../test/support/pdf-text.js';
import { inTransaction } from '../../db/transaction.js';
import { acceptingPayments } from '../commerce/payments.js';
import { seedRow, shopSettingsSource } from '../shop/shop-settings.js';
import { renderDocumentPdf } from './invoice-pdf.js';
import type { DocumentSnapshot } from './invoice-snapshot.js';
import { type CreditNoteInput, invoicesService } from './invoices.service.js';

// Issue 34 item 4: a refund issues a credit note CN-YYYY-NNNNN referring to the
// invoice. The refund endpoint (item 5) calls issueCreditNote in its transaction;
// these tests call it directly.
let t: TestApp;
let paidAtCheckout = true;
beforeAll(async () => {
  t = await buildTestApp({
    env: ADMIN_ENV,
    deps: {
      payments: {
        ...acceptingPayments,
        async capture(key) {
          return { reference: `pay-${key.slice(0, 8)}`, paid: paidAtCheckout };
        },
      },
    },
  });
  const admin = await adminClient(t.app);
  await admin('PUT', '/api/admin/shop', {
    name: 'Werkstatt Lee',
    tax: { mode: 'included', rate_bp: 1900 },
    time_zone: 'Europe/Berlin',
  });
  await t.db
    .insertInto('shipping_settings')
    .values({
      zones: JSON.stringify([
        { name: 'Home', countries: ['DE'], rates: [{ up_to_grams: null, price_cents: 490 }] },
      ]),
      free_over_cents: null,
      updated_at: t.clock.now(),
    })
    .execute();
});
afterAll(() => t.close());
beforeEach(() => {
  paidAtCheckout = true;
});

const invoices = () =>
  invoicesService({
    clock: t.clock,
    shop: shopSettingsSource(t.db, () => seedRow(t.config, t.clock.now())),
  });
const credit = (input: CreditNoteInput) =>
  inTransaction(t.db, (trx) => invoices().issueCreditNote(trx, input));
const creditNotesOf = (orderId: number) =>
  t.db.selectFrom('credit_notes').selectAll().where('order_id', '=', orderId).execute();
const errorOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error as { statusCode: number; code: string };
  }
  throw new Error('expected a refusal');
};

describe('issueCreditNote', () => {
  it('credits items and shipping of the invoice: CN-YYYY-NNNNN, referring to it, on the order', async () => {
    t.clock.set('2026-05-04T09:00:00Z');
    const { buyer, order, items } = await placeOrder(t, {
      count: 2,
      priceCents: 11_900,
      body: { shipping_address: ADDRESS },
    });
    expect(order.total_cents).toBe(2 * 11_900 + 490);
    const note = await credit({
      orderId: order.id,
      itemIds: [items[0]!.id],
      includeShipping: true,
    });
    expect(note).toMatchObject({ number: 'CN-2026-00001', amountCents: 11_900 + 490 });
    const [row] = await creditNotesOf(order.id);
    const snapshot = row!.snapshot as DocumentSnapshot;
    expect(snapshot).toMatchObject({
      kind: 'credit_note',
      refers_to: order.invoice.number,
      total_cents: 12_390,
      lines: [{ item_id: items[0]!.id, gross_cents: 11_900, tax_cents: 1_900 }],
      shipping: { gross_cents: 490, tax_cents: 78 },
      tax: { mode: 'included', rate_bp: 1900, tax_cents: 1_978 },
    });
    // The order names it.
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/customers/me/orders/${order.id}`,
      ...withSession(buyer.cookie),
    });
    expect(mine.json().credit_notes).toEqual([
      { number: 'CN-2026-00001', issued_at: '2026-05-04T09:00:00.000Z', amount_cents: 12_390 },
    ]);
    // Its PDF says what it is and which invoice it corrects.
    const text = pdfText(await renderDocumentPdf(snapshot));
    for (const words of ['Credit note', 'CN-2026-00001', order.invoice.number, '-€123.90'])
      expect(text).toContain(words);
    // The next one is numbered on.
    const second = await credit({
      orderId: order.id,
      itemIds: [items[1]!.id],
      includeShipping: false,
    });
    expect(second.number).toBe('CN-2026-00002');
  });

  it('never credits more than the invoice: 409 credit_exceeds_invoice, nothing written', async () => {
    const { order, items } = await placeOrder(t, { priceCents: 5_000 });
    await credit({
      orderId: order.id,
      itemIds: [items[0]!.id],
      includeShipping: false,
      amountCents: 3_000,
    });
    const counter = await sql<{ last_number: number }>`
      SELECT last_number FROM document_counters WHERE kind = 'credit_note'`.execute(t.db);
    const error = await errorOf(
      credit({ orderId: order.id, itemIds: [items[0]!.id], includeShipping: false }),
    );
    expect(error).toMatchObject({ statusCode: 409, code: 'credit_exceeds_invoice' });
    expect(await creditNotesOf(order.id)).toHaveLength(1);
    // No number was used up by the refusal.
    const after = await sql<{ last_number: number }>`
      SELECT last_number FROM document_counters WHERE kind = 'credit_note'`.execute(t.db);
    expect(after.rows).toEqual(counter.rows);
    // The rest is still creditable; a partial amount carries its share of VAT.
    const rest = await credit({
      orderId: order.id,
      itemIds: [items[0]!.id],
      includeShipping: false,
      amountCents: 2_000,
    });
    const stored = (await creditNotesOf(order.id)).find((note) => note.number === rest.number)!;
    expect((stored.snapshot as DocumentSnapshot).tax.tax_cents).toBe(319);
  });

  it('an item not on the invoice is 400 invalid_body; an order not paid has no invoice: 409 not_invoiced', async () => {
    const { order } = await placeOrder(t);
    const error = await errorOf(
      credit({ orderId: order.id, itemIds: [999_999], includeShipping: false }),
    );
    expect(error).toMatchObject({ statusCode: 400, code: 'invalid_body' });
    expect(await creditNotesOf(order.id)).toHaveLength(0);

    paidAtCheckout = false;
    const { order: unpaid, items } = await placeOrder(t);
    const refused = await errorOf(
      credit({ orderId: unpaid.id, itemIds: [items[0]!.id], includeShipping: false }),
    );
    expect(refused).toMatchObject({ statusCode: 409, code: 'not_invoiced' });
    expect(await creditNotesOf(unpaid.id)).toHaveLength(0);
  });

  it('a credit note is as immutable as an invoice', async () => {
    const { order, items } = await placeOrder(t);
    await credit({ orderId: order.id, itemIds: [items[0]!.id], includeShipping: false });
    await expect(
      sql`UPDATE credit_notes SET amount_cents = 1 WHERE order_id = ${order.id}`.execute(t.db),
    ).rejects.toThrow(/never change/);
    await expect(
      sql`DELETE FROM credit_notes WHERE order_id = ${order.id}`.execute(t.db),
    ).rejects.toThrow(/never change/);
  });
});

describe('a paid order cancelled', () => {
  it('is credited in full by a credit note in the cancellation; an unpaid one has nothing to credit', async () => {
    const admin = await adminClient(t.app);
    const { order, items } = await placeOrder(t, {
      count: 2,
      priceCents: 11_900,
      body: { shipping_address: ADDRESS },
    });
    const cancelled = await admin('POST', `/api/admin/orders/${order.id}/cancel`, {
      reason: 'Damaged in the workshop',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const notes = cancelled.json().credit_notes;
    expect(notes).toEqual([
      {
        number: expect.stringMatching(/^CN-\d{4}-\d{5}$/),
        issued_at: expect.any(String),
        amount_cents: 24_290,
      },
    ]);
    const [row] = await creditNotesOf(order.id);
    expect(row!.snapshot as DocumentSnapshot).toMatchObject({
      refers_to: order.invoice.number,
      lines: items.map((item) => ({ item_id: item.id, gross_cents: 11_900, tax_cents: 1_900 })),
      shipping: { gross_cents: 490, tax_cents: 78 },
      tax: { tax_cents: 3_878 },
    });

    paidAtCheckout = false;
    const { order: unpaid } = await placeOrder(t);
    const withdrawn = await admin('POST', `/api/admin/orders/${unpaid.id}/cancel`, {
      reason: 'Never paid',
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().credit_notes).toEqual([]);
    expect(await creditNotesOf(unpaid.id)).toHaveLength(0);
  });
});
