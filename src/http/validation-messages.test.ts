import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, adminClient } from '../../test/support/admin.js';
import { buildTestApp, type TestApp } from '../../test/support/build-test-app.js';
import { makeCustomer, nextAddress, withSession } from '../../test/support/customer-factories.js';

// A refusal's message names the field and says what is wrong in words a person
// can act on, never Ajv's own phrasing ("must NOT have fewer than 1 properties").
let t: TestApp;
let admin: Awaited<ReturnType<typeof adminClient>>;

beforeAll(async () => {
  t = await buildTestApp({ env: ADMIN_ENV });
  admin = await adminClient(t.app);
});
afterAll(() => t.close());

const messageOf = (res: { json(): unknown }) =>
  (res.json() as { error: { message: string } }).error.message;

interface Refusal {
  error: { code: string; message: string; field?: string; fields?: FieldProblem[] };
}
interface FieldProblem {
  field: string;
  message: string;
}
const refusalOf = (res: { json(): unknown }) => (res.json() as Refusal).error;

const countCustomers = async () =>
  Number(
    (
      await t.db
        .selectFrom('customers')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const BLANK_ADDRESS = { name: '', line1: ' ', postal_code: '', city: '', country: '' };
const ADDRESS_PROBLEMS = (prefix: string): FieldProblem[] => [
  { field: `${prefix}name`, message: 'Name is required.' },
  { field: `${prefix}line1`, message: 'Street and number is required.' },
  { field: `${prefix}postal_code`, message: 'Postal code is required.' },
  { field: `${prefix}city`, message: 'City is required.' },
  { field: `${prefix}country`, message: 'Country is required.' },
];

describe('validation messages', () => {
  it('a missing field is named', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/customers/register',
      payload: { email: 'a@example.com', password: 'plum-orchard-lantern-42', last_name: 'Lee' },
      remoteAddress: nextAddress(),
    });
    expect(messageOf(res)).toBe('First name is required.');
  });

  it('an edit with nothing in it says to send a field', async () => {
    const res = await admin('PATCH', '/api/admin/tags/1', {});
    expect(res.statusCode).toBe(400);
    expect(messageOf(res)).toBe('Send at least one field to change.');
  });

  it('a body that is not an object says so', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/customers/login',
      headers: { 'content-type': 'application/json' },
      payload: '[1,2]',
      remoteAddress: nextAddress(),
    });
    expect(res.statusCode).toBe(400);
    expect(messageOf(res)).toBe('The body must be a JSON object.');
  });

  it('a repeated parameter is called repeated, not the wrong type', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/items?limit=1&limit=2' });
    expect(res.statusCode).toBe(400);
    expect(messageOf(res)).toBe('The parameter "limit" is given more than once.');
  });

  it('wrong types, ranges and lengths are said in words', async () => {
    const cases: Array<[string, object, string]> = [
      ['/api/admin/items', { title: 5 }, 'Title must be text.'],
      ['/api/admin/items', { title: 'x', price_cents: -1 }, 'Price must be at least 0.'],
      ['/api/admin/items', { title: 'x', tag_ids: '5' }, 'Tags must be a list.'],
      [
        '/api/admin/items',
        { title: 'x', tag_ids: [2, 0] },
        'Each value in Tags must be at least 1.',
      ],
      [
        '/api/admin/items',
        { title: 'x'.repeat(201) },
        'Title must be at most 200 characters long.',
      ],
      [
        '/api/admin/upload-links',
        { contact_email: 'nope' },
        'Email address must look like name@example.com.',
      ],
    ];
    for (const [url, body, message] of cases) {
      const res = await admin('POST', url, body);
      expect({ url, status: res.statusCode, message: messageOf(res) }).toEqual({
        url,
        status: 400,
        message,
      });
    }
    const limit = await t.app.inject({ method: 'GET', url: '/api/items?limit=abc' });
    expect(messageOf(limit)).toBe('The parameter "limit" must be a whole number.');
  });
});

// Issue 30 item 6: a form learns every field at fault at once, each in plain words, so
// it can show each message next to its field. `code` and `field` stay as they were.
describe('every field at fault is named, in plain words', () => {
  it('an empty registration names all four fields, and no account is made', async () => {
    const before = await countCustomers();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/customers/register',
      payload: { email: '', password: '', first_name: '', last_name: '' },
      remoteAddress: nextAddress(),
    });
    expect(res.statusCode).toBe(400);
    const error = refusalOf(res);
    expect({ code: error.code, field: error.field }).toEqual({
      code: 'invalid_body',
      field: 'email',
    });
    expect(error.fields).toEqual([
      { field: 'email', message: 'Email address is required.' },
      { field: 'password', message: 'Choose a password of at least 8 characters.' },
      { field: 'first_name', message: 'First name is required.' },
      { field: 'last_name', message: 'Last name is required.' },
    ]);
    expect(error.message).toBe(
      'Email address is required. Choose a password of at least 8 characters. First name is required. Last name is required.',
    );
    expect(await countCustomers()).toBe(before);
  });

  it('a malformed address and a missing name are named together', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/customers/register',
      payload: { email: 'not an address', password: 'plum-orchard-lantern-42', last_name: 'Lee' },
      remoteAddress: nextAddress(),
    });
    const error = refusalOf(res);
    // The missing name keeps its own code (spec 4.1: each refused naming the missing one).
    expect({ code: error.code, field: error.field }).toEqual({
      code: 'first_name_required',
      field: 'first_name',
    });
    expect(error.fields).toEqual([
      { field: 'email', message: 'Email address must look like name@example.com.' },
      { field: 'first_name', message: 'First name is required.' },
    ]);
  });

  it('an empty saved address names each of its fields; nothing is saved', async () => {
    const customer = await makeCustomer(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/customers/me/addresses',
      payload: BLANK_ADDRESS,
      ...withSession(customer.cookie),
    });
    expect(res.statusCode).toBe(400);
    const error = refusalOf(res);
    expect(error.fields).toEqual(ADDRESS_PROBLEMS(''));
    expect(error.message).not.toMatch(/"/);
    const saved = await t.db
      .selectFrom('customer_addresses')
      .select('id')
      .where('customer_id', '=', customer.id)
      .execute();
    expect(saved).toEqual([]);
  });

  it('an empty address at checkout names the address fields, not "shipping_address"', async () => {
    const customer = await makeCustomer(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cart/checkout',
      payload: { shipping_address: BLANK_ADDRESS },
      ...withSession(customer.cookie),
    });
    expect(res.statusCode).toBe(400);
    const error = refusalOf(res);
    expect(error.field).toBe('shipping_address');
    expect(error.fields).toEqual(ADDRESS_PROBLEMS('shipping_address.'));
    expect(error.message).not.toContain('shipping_address');
  });

  it('reports at most 20 fields however many are wrong', async () => {
    const payload = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`unknown_${i}`, i]));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/customers/login',
      payload,
      remoteAddress: nextAddress(),
    });
    expect(res.statusCode).toBe(400);
    const error = refusalOf(res);
    expect(error.code).toBe('invalid_body');
    expect(error.fields).toHaveLength(20);
    expect(error.message.length).toBeLessThan(2_000);
  });
});
