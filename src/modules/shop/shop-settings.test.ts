import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, ADMIN_ENV, adminSessionCookie, adminUpload } from '../../../test/support/admin.js';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { makeCustomer, register } from '../../../test/support/customer-factories.js';
import { jpeg } from '../../../test/support/images.js';
import { storedFiles } from '../../../test/support/intake.js';
import { placeOrder } from '../../../test/support/orders.js';
import { unreferenced } from '../../media/media-deletion.js';

// Issue 33 item 1: the shop's settings live in the database, are edited in the admin,
// reach every instance without a restart, and every mail uses them.
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await buildTestApp({
    env: {
      ...ADMIN_ENV,
      PAYMENT_PROVIDER: 'manual',
      SHOP_PAYMENT_INSTRUCTIONS: 'IBAN DE02 1203 0000 0000 2020 51',
      SHOP_PICKUP_HOURS: 'Sat 10-14',
      SHOP_TIME_ZONE: 'Europe/Berlin',
    },
  });
  cookie = await adminSessionCookie(t.app);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.mail.settle();
  t.mail.clear();
});

const put = (payload: unknown, app = t.app) =>
  app.inject({
    method: 'PUT',
    url: '/api/admin/shop',
    cookies: { shop_admin: cookie },
    payload: payload as object,
  });
const adminView = (app = t.app) =>
  app.inject({ method: 'GET', url: '/api/admin/shop', cookies: { shop_admin: cookie } });
const publicView = async (app = t.app) =>
  (await app.inject({ method: 'GET', url: '/api/shop' })).json();
const settingsRow = () =>
  t.db.selectFrom('shop_settings').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();

describe('GET /api/admin/shop', () => {
  it('starts from what the environment seeds; the contact is the first admin’s address', async () => {
    const res = await adminView();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Shop',
      logo_url: null,
      contact_email: ADMIN.email,
      pickup: { address: null, hours: 'Sat 10-14' },
      payment_instructions: 'IBAN DE02 1203 0000 0000 2020 51',
      mail_sender_name: null,
      notify: { orders: true, submissions: true },
      tax: { mode: 'none', rate_bp: 0, rates_bp: {}, note: null },
      time_zone: 'Europe/Berlin',
    });
  });

  it('is for admins only: 401 without a session, and PUT writes nothing', async () => {
    const before = await settingsRow();
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/shop' })).statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/shop',
      payload: { name: 'X' },
    });
    expect(res.statusCode).toBe(401);
    expect(await settingsRow()).toEqual(before);
  });
});

describe('PUT /api/admin/shop', () => {
  it('takes any subset and leaves the rest as it was', async () => {
    expect(
      (await put({ name: 'Antique Corner', pickup: { address: 'Hof 2, Berlin' } })).statusCode,
    ).toBe(200);
    const res = await put({
      tax: { rates_bp: { DE: 1900, AT: 2000 } },
      notify: { submissions: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Antique Corner',
      pickup: { address: 'Hof 2, Berlin', hours: 'Sat 10-14' },
      notify: { orders: true, submissions: false },
      tax: { mode: 'none', rate_bp: 0, rates_bp: { DE: 1900, AT: 2000 } },
      time_zone: 'Europe/Berlin',
    });
    expect((await adminView()).json()).toEqual(res.json());
    await put({ notify: { submissions: true } });
  });

  it('stores a time zone, the tax settings and the contact, trimmed and lower-cased', async () => {
    const res = await put({
      time_zone: 'America/New_York',
      contact_email: '  Owner@Antique.Example ',
      tax: { mode: 'margin', rate_bp: 1900, note: 'Margin scheme: no VAT shown.' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await settingsRow()).toMatchObject({
      time_zone: 'America/New_York',
      contact_email: 'owner@antique.example',
      tax_mode: 'margin',
      tax_rate_bp: 1900,
      tax_note: 'Margin scheme: no VAT shown.',
    });
    // null: back to the first admin's address.
    expect(
      (await put({ contact_email: null, time_zone: 'Europe/Berlin' })).json().contact_email,
    ).toBe(ADMIN.email);
  });

  it.each([
    [{}],
    [{ colour: 'red' }],
    [{ name: '' }],
    [{ name: 'Two\nlines' }],
    [{ name: 'x'.repeat(101) }],
    [{ mail_sender_name: 'Shop\r\nBcc: x@example.com' }],
    [{ contact_email: 'not-an-address' }],
    [{ address: 'x'.repeat(501) }],
    [{ time_zone: 'Mars/Olympus' }],
    [{ time_zone: '+02:00' }],
    [{ tax: { mode: 'vat' } }],
    [{ tax: { rate_bp: 10_001 } }],
    [{ tax: { rates_bp: { de: 1900 } } }],
    [{ notify: { orders: 'yes' } }],
    // A manual shop must say how to pay (issue 30 item 12).
    [{ payment_instructions: '  ' }],
  ])('refuses %j with 400 invalid_body and changes nothing', async (body) => {
    const before = await settingsRow();
    const res = await put(body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('invalid_body');
    expect(await settingsRow()).toEqual(before);
  });
});

describe('GET /api/shop (public part)', () => {
  it('shows the name, contact, address, pickup and written pages; the browser asks again each time', async () => {
    await put({ name: 'Antique Corner', address: 'Hauptstraße 5\n10115 Berlin' });
    const res = await t.app.inject({ method: 'GET', url: '/api/shop' });
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toMatchObject({
      name: 'Antique Corner',
      logo_url: null,
      contact_email: ADMIN.email,
      address: 'Hauptstraße 5\n10115 Berlin',
      pickup: { address: 'Hof 2, Berlin', hours: 'Sat 10-14' },
      pages: [],
      checkout_button: 'Order with obligation to pay',
    });
    // The admin-only parts stay there.
    expect(res.json()).not.toHaveProperty('payment_instructions');
    expect(res.json()).not.toHaveProperty('notify');
  });

  it('a change made on one instance is what another instance answers next, without a restart', async () => {
    const other = await t.sibling();
    expect((await publicView(other)).name).toBe('Antique Corner');
    expect((await put({ name: 'Corner Antiques' })).statusCode).toBe(200);
    expect((await publicView(other)).name).toBe('Corner Antiques');
    // And the other way round.
    expect((await put({ name: 'Antique Corner' }, other)).statusCode).toBe(200);
    expect((await publicView()).name).toBe('Antique Corner');
  });
});

describe('mail uses the settings', () => {
  it('is sent under the sender name and signed with the shop’s name, address and contact', async () => {
    await put({ name: 'Antique Corner', mail_sender_name: 'Antique Corner Berlin' });
    expect((await register(t, { email: 'mia@example.com' })).statusCode).toBe(201);
    await t.mail.settle();
    const mail = t.mail.lastTo('mia@example.com');
    expect(mail.fromName).toBe('Antique Corner Berlin');
    expect(mail.text).toMatch(/Antique Corner\nHauptstraße 5\n10115 Berlin\nboss@example\.com\n$/);
    expect(mail.html).toContain(
      '<p>Antique Corner<br>Hauptstraße 5<br>10115 Berlin<br>boss@example.com</p>',
    );
    expect(mail.text).not.toContain('The shop');
  });

  it('an order’s payment instructions and pickup hours are the settings’ of now, not the environment’s', async () => {
    await put({ payment_instructions: 'IBAN DE89 3704 0044 0532 0130 00, quote the order number' });
    const { buyer, order } = await placeOrder(t, { buyer: await makeCustomer(t) });
    expect(order.payment_instructions).toBe(
      'IBAN DE89 3704 0044 0532 0130 00, quote the order number',
    );
    expect(order.pickup).toEqual({ address: 'Hof 2, Berlin', hours: 'Sat 10-14' });
    await t.mail.settle();
    expect(t.mail.titled(buyer.email, `Your order ${order.number}`).text).toContain(
      'IBAN DE89 3704 0044 0532 0130 00',
    );
  });
});

describe('the logo', () => {
  it('goes through the photo pipeline, counts as a reference, and a new one replaces the old file', async () => {
    const first = await adminUpload(t.app, cookie, 'PUT', '/api/admin/shop/logo', [
      { filename: 'logo.jpg', contentType: 'image/jpeg', bytes: await jpeg() },
    ]);
    expect(first.statusCode, first.body).toBe(200);
    const firstUrl: string = first.json().logo_url;
    expect(firstUrl).toMatch(/^\/media\/shop\/[0-9a-f]+\.jpg$/);
    expect((await publicView()).logo_url).toBe(firstUrl);
    const firstPath = firstUrl.replace('/media/', '');
    // The deletion rule keeps it: a row points at it.
    expect(await unreferenced(t.db, [firstPath])).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: firstUrl })).statusCode).toBe(200);

    const second = await adminUpload(t.app, cookie, 'PUT', '/api/admin/shop/logo', [
      {
        filename: 'logo2.jpg',
        contentType: 'image/jpeg',
        bytes: await jpeg({ width: 200, height: 100 }),
      },
    ]);
    expect(second.statusCode).toBe(200);
    expect(second.json().logo_url).not.toBe(firstUrl);
    expect(await storedFiles(t.dataDir)).not.toContain(firstPath);
    expect(await unreferenced(t.db, [firstPath])).toEqual([firstPath]);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/admin/shop/logo',
      cookies: { shop_admin: cookie },
    });
    expect(removed.json().logo_url).toBeNull();
    expect((await storedFiles(t.dataDir)).filter((file) => file.startsWith('shop'))).toEqual([]);
  });

  it('a file that is no image is refused (400) and nothing is stored or changed', async () => {
    const before = await settingsRow();
    const files = await storedFiles(t.dataDir);
    const res = await adminUpload(t.app, cookie, 'PUT', '/api/admin/shop/logo', [
      { filename: 'logo.jpg', contentType: 'image/jpeg', bytes: Buffer.from('not an image') },
    ]);
    expect(res.statusCode).toBe(400);
    expect(await settingsRow()).toEqual(before);
    expect(await storedFiles(t.dataDir)).toEqual(files);
  });
});
