import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_ENV, adminClient, adminSessionCookie } from '../../../test/support/admin.js';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { makeCustomer, withSession } from '../../../test/support/customer-factories.js';
import { ADDRESS, placeOrder } from '../../../test/support/orders.js';
import { pdfText } from '../../../test/support/pdf-text.js';
import { inTransaction } from '../../db/transaction.js';
import { acceptingPayments } from '../commerce/payments.js';
import { seedRow, shopSettingsSource } from '../shop/shop-settings.js';
import { invoicesRepository } from './invoices.repository.js';
import { invoicesService } from './invoices.service.js';

// Issue 34 item 4: an invoice is issued when the order becomes paid, in the same
// transaction, numbered INV-YYYY-NNNNN by the database; its PDF is drawn from what
// was stored then, for the buyer and the admin; it never changes.
let t: TestApp;
let admin: Awaited<ReturnType<typeof adminClient>>;
/** Whether the next checkout is paid at once (accept) or waits to be marked paid (manual). */
let paidAtCheckout = true;
beforeAll(async () => {
  t = await buildTestApp({
    env: { ...ADMIN_ENV, SHOP_TIME_ZONE: 'Europe/Berlin' },
    deps: {
      payments: {
        ...acceptingPayments,
        async capture(key) {
          return { reference: `pay-${key.slice(0, 8)}`, paid: paidAtCheckout };
        },
      },
    },
  });
  admin = await adminClient(t.app);
  const shop = await admin('PUT', '/api/admin/shop', {
    name: 'Werkstatt Lee',
    address: 'Marktstraße 3\n10117 Berlin',
    tax: { mode: 'included', rate_bp: 1900, rates_bp: { FR: 2000 } },
  });
  expect(shop.statusCode, shop.body).toBe(200);
});
afterAll(() => t.close());
let signIns = 0;
/** A fresh admin session: the fake clock jumps years here, past any session's life. */
async function signInAdmin() {
  admin = await adminClient(t.app, await adminSessionCookie(t.app, `192.0.2.${++signIns}`));
}
beforeEach(async () => {
  paidAtCheckout = true;
  t.mail.clear();
  await signInAdmin();
});

/** The shop's settings as the app reads them, for calling the service directly. */
const shopOf = (app: TestApp) =>
  shopSettingsSource(app.db, () => seedRow(app.config, app.clock.now()));

const customerPdf = (cookie: string, orderId: number) =>
  t.app.inject({
    method: 'GET',
    url: `/api/customers/me/orders/${orderId}/invoice.pdf`,
    ...withSession(cookie),
  });

const invoiceCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('invoices')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('issued when the order is paid', () => {
  it('paid at checkout: the order names its invoice; the PDF shows seller, buyer, lines, shipping, VAT and payment', async () => {
    t.clock.set('2026-03-10T12:00:00Z');
    await signInAdmin();
    const { buyer, order } = await placeOrder(t, {
      count: 2,
      priceCents: 11_900,
      body: { shipping_address: { ...ADDRESS, name: 'Ann Lee' } },
    });
    expect(order.state).toBe('paid');
    expect(order.invoice).toEqual({
      number: expect.stringMatching(/^INV-2026-\d{5}$/),
      issued_at: '2026-03-10T12:00:00.000Z',
    });
    expect(order.credit_notes).toEqual([]);
    // Prices include VAT: the total is the lines; the tax is what they contain.
    expect(order).toMatchObject({ total_cents: 23_800, tax_cents: 2 * 1_900 });

    const res = await customerPdf(buyer.cookie, order.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.rawPayload);
    for (const words of [
      order.invoice.number,
      'Werkstatt Lee',
      'Marktstraße 3',
      'Ann Lee',
      'Hauptstraße 5',
      '10115 Berlin',
      order.number,
      '10 March 2026',
      'VAT 19%',
      '€119.00',
      '€19.00',
      'Shipping',
      '€238.00',
      'Includes VAT 19%',
      '€38.00',
      'Paid at checkout',
    ])
      expect(text).toContain(words);
    // The admin gets the same document.
    const asAdmin = await admin('GET', `/api/admin/orders/${order.id}/invoice.pdf`);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.headers['content-type']).toBe('application/pdf');
    expect(asAdmin.rawPayload.equals(res.rawPayload)).toBe(true);
  });

  it('the paid mail carries the invoice as a PDF attachment naming its number', async () => {
    const { buyer, order } = await placeOrder(t);
    await t.mail.settle();
    const mail = t.mail.lastTo(buyer.email);
    expect(mail.text).toContain(`Your invoice ${order.invoice.number} is attached.`);
    expect(mail.attachments).toHaveLength(1);
    const [file] = mail.attachments;
    expect(file).toMatchObject({
      filename: `${order.invoice.number}.pdf`,
      contentType: 'application/pdf',
    });
    expect(pdfText(file!.content)).toContain(order.invoice.number);
    // The outbox row names the invoice; the PDF itself is not stored with the mail.
    const row = await t.db
      .selectFrom('mail_outbox')
      .select(['invoice_id', 'body_text'])
      .where('recipient', '=', buyer.email)
      .where('invoice_id', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(row.invoice_id).toEqual(expect.any(Number));
  });

  it('marked paid by hand: no invoice before (404), one after, sent with the payment-received mail', async () => {
    paidAtCheckout = false;
    const { buyer, order } = await placeOrder(t);
    expect(order.state).toBe('placed');
    expect(order.invoice).toBeNull();
    const before = await customerPdf(buyer.cookie, order.id);
    expect(before.statusCode).toBe(404);
    expect(before.json().error.code).toBe('not_found');
    expect((await admin('GET', `/api/admin/orders/${order.id}/invoice.pdf`)).statusCode).toBe(404);

    const paid = await admin('POST', `/api/admin/orders/${order.id}/mark-paid`);
    expect(paid.statusCode, paid.body).toBe(200);
    const number = paid.json().invoice.number;
    expect(number).toMatch(/^INV-\d{4}-\d{5}$/);
    expect((await customerPdf(buyer.cookie, order.id)).statusCode).toBe(200);
    await t.mail.settle();
    const mail = t.mail.lastTo(buyer.email);
    expect(mail.subject).toBe(`Payment received for your order ${order.number}`);
    expect(pdfText(mail.attachments[0]!.content)).toContain(number);
    // The order as the buyer reads it names the invoice too.
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/customers/me/orders/${order.id}`,
      ...withSession(buyer.cookie),
    });
    expect(mine.json().invoice).toEqual(paid.json().invoice);
  });

  it('another customer’s invoice is 404 not_found, as is an order that does not exist', async () => {
    const { order } = await placeOrder(t);
    const other = await makeCustomer(t);
    const res = await customerPdf(other.cookie, order.id);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
    expect((await customerPdf(other.cookie, 999_999)).statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/customers/me/orders/${order.id}/invoice.pdf`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('never changes', () => {
  it('a later change of the shop’s name, address and tax leaves the PDF byte for byte as it was', async () => {
    const { buyer, order } = await placeOrder(t, { body: { shipping_address: ADDRESS } });
    const before = (await customerPdf(buyer.cookie, order.id)).rawPayload;
    await admin('PUT', '/api/admin/shop', { name: 'Renamed', tax: { mode: 'margin' } });
    try {
      const after = (await customerPdf(buyer.cookie, order.id)).rawPayload;
      expect(after.equals(before)).toBe(true);
      expect(pdfText(after)).toContain('Werkstatt Lee');
    } finally {
      await admin('PUT', '/api/admin/shop', { name: 'Werkstatt Lee', tax: { mode: 'included' } });
    }
  });

  it('the database refuses to update or delete an invoice', async () => {
    const { order } = await placeOrder(t);
    await expect(
      sql`UPDATE invoices SET number = 'INV-1999-00001' WHERE order_id = ${order.id}`.execute(t.db),
    ).rejects.toThrow(/never change/);
    await expect(
      sql`DELETE FROM invoices WHERE order_id = ${order.id}`.execute(t.db),
    ).rejects.toThrow(/never change/);
  });
});

describe('tax on the invoice by mode', () => {
  it('margin: no VAT anywhere, the margin scheme named exactly', async () => {
    await admin('PUT', '/api/admin/shop', { tax: { mode: 'margin' } });
    try {
      const { buyer, order } = await placeOrder(t, { priceCents: 11_900 });
      expect(order.tax_cents).toBe(0);
      const text = pdfText((await customerPdf(buyer.cookie, order.id)).rawPayload);
      expect(text).toContain('Margin scheme – second-hand goods');
      expect(text).not.toContain('VAT');
    } finally {
      await admin('PUT', '/api/admin/shop', { tax: { mode: 'included' } });
    }
  });

  it('none: no VAT, the owner’s own words', async () => {
    const note = 'Kleinunternehmer: no VAT is charged (§ 19 UStG).';
    await admin('PUT', '/api/admin/shop', { tax: { mode: 'none', note } });
    try {
      const { buyer, order } = await placeOrder(t, { priceCents: 11_900 });
      expect(order.tax_cents).toBe(0);
      const text = pdfText((await customerPdf(buyer.cookie, order.id)).rawPayload);
      expect(text).toContain(note);
      expect(text).not.toContain('VAT 19%');
    } finally {
      await admin('PUT', '/api/admin/shop', { tax: { mode: 'included' } });
    }
  });

  it('a destination with its own rate (OSS): the lines and shipping at that rate', async () => {
    const { buyer, order } = await placeOrder(t, {
      priceCents: 12_000,
      body: {
        shipping_address: { ...ADDRESS, country: 'fr', city: 'Paris', postal_code: '75001' },
      },
    });
    expect(order.tax_cents).toBe(2_000);
    expect(pdfText((await customerPdf(buyer.cookie, order.id)).rawPayload)).toContain('VAT 20%');
  });
});

describe('numbering', () => {
  it('INV-YYYY-NNNNN gapless in issue order; the year is the shop’s (Europe/Berlin)', async () => {
    // 23:30 UTC on 31 December is already the new year in Berlin.
    t.clock.set('2030-12-31T23:30:00Z');
    const numbers = [];
    for (let i = 0; i < 3; i++) numbers.push((await placeOrder(t)).order.invoice.number);
    expect(numbers).toEqual(['INV-2031-00001', 'INV-2031-00002', 'INV-2031-00003']);
    t.clock.set('2031-12-31T22:59:00Z');
    expect((await placeOrder(t)).order.invoice.number).toBe('INV-2031-00004');
    t.clock.set('2031-12-31T23:00:00Z');
    expect((await placeOrder(t)).order.invoice.number).toBe('INV-2032-00001');
  });

  it('a paying transaction that rolls back gives its number back: the next one has no gap', async () => {
    t.clock.set('2033-06-01T10:00:00Z');
    await signInAdmin();
    paidAtCheckout = false;
    const { order: first } = await placeOrder(t);
    const { order: second } = await placeOrder(t);
    const invoices = invoicesService({ clock: t.clock, shop: shopOf(t) });
    await expect(
      inTransaction(t.db, async (trx) => {
        await invoices.issueInvoiceIn(trx, first.id);
        throw new Error('the payment step failed after the invoice');
      }),
    ).rejects.toThrow(/payment step failed/);
    expect(await invoiceCount()).toBeGreaterThan(0);
    const a = await admin('POST', `/api/admin/orders/${second.id}/mark-paid`);
    const b = await admin('POST', `/api/admin/orders/${first.id}/mark-paid`);
    expect([a.json().invoice.number, b.json().invoice.number]).toEqual([
      'INV-2033-00001',
      'INV-2033-00002',
    ]);
  });

  it('property: whatever commits and rolls back, each year’s committed numbers are 1…k in order', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ year: fc.integer({ min: 2090, max: 2092 }), commits: fc.boolean() }), {
          maxLength: 25,
        }),
        async (steps) => {
          await sql`DELETE FROM document_counters WHERE year >= 2090`.execute(t.db);
          const committed = new Map<number, number[]>();
          for (const step of steps) {
            const taken = await inTransaction(t.db, async (trx) => {
              const number = await invoicesRepository(trx).nextNumber('invoice', step.year);
              if (!step.commits) throw new Error('rolled back');
              return number;
            }).catch(() => null);
            if (taken !== null)
              committed.set(step.year, [...(committed.get(step.year) ?? []), taken]);
          }
          for (const numbers of committed.values())
            expect(numbers).toEqual(numbers.map((_, index) => index + 1));
        },
      ),
      { numRuns: 30 },
    );
  });
});
