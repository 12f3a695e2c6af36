import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { addToCart, checkout, viewCart } from '../../../test/support/commerce.js';
import { disable, makeCustomer } from '../../../test/support/customer-factories.js';
import { itemRow, makeItem } from '../../../test/support/factories.js';

const MINUTE = 60_000;
const HOLD_MS = 30 * MINUTE;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const jobs = () => t.app.cartJobs;

/** A customer with these items in the cart, held from now. */
async function cartOf(count: number, options: { firstName?: string } = {}) {
  const customer = await makeCustomer(t, options);
  const items = [];
  for (let i = 0; i < count; i++) {
    const item = await makeItem(t.db, { title: `Lamp ${i + 1} of ${customer.id}` });
    expect((await addToCart(t, customer.cookie, item.id)).statusCode).toBe(200);
    items.push(item);
  }
  return { customer, items };
}

/** Moves the clock past every hold made so far, so reminders of earlier tests stay quiet. */
async function expireEverything() {
  t.clock.advance(HOLD_MS + MINUTE);
  await jobs().releaseExpiredHolds();
  await t.mail.settle();
  t.mail.clear();
}

describe('a hold expires after the window (spec 3: reserved → released)', () => {
  it('is held up to the deadline and not a moment after', async () => {
    const { customer, items } = await cartOf(1);
    t.clock.advance(HOLD_MS - 1);
    expect((await viewCart(t, customer.cookie)).json().items).toHaveLength(1);
    t.clock.advance(1);
    expect((await viewCart(t, customer.cookie)).json()).toEqual({
      items: [],
      reserved_until: null,
    });
    expect((await itemRow(t, items[0]!.id)).status).toBe('reserved'); // not yet swept
  });

  it('an expired hold is never checked out by its former holder, swept or not', async () => {
    const { customer, items } = await cartOf(1);
    t.clock.advance(HOLD_MS);
    const before = await itemRow(t, items[0]!.id);
    const res = await checkout(t, customer.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('cart_empty');
    expect(await itemRow(t, items[0]!.id)).toEqual(before);

    await jobs().releaseExpiredHolds();
    const swept = await checkout(t, customer.cookie);
    expect(swept.statusCode).toBe(409);
    expect(swept.json().error.code).toBe('cart_empty');
    expect(await itemRow(t, items[0]!.id)).toMatchObject({ status: 'available', sold_to: null });
  });

  it('the sweeper releases expired holds to available, and only those', async () => {
    const expired = await cartOf(2);
    t.clock.advance(10 * MINUTE);
    const live = await cartOf(1);
    t.clock.advance(HOLD_MS - 10 * MINUTE);
    const sold = await makeItem(t.db, { status: 'sold' });
    const released = await jobs().releaseExpiredHolds();
    expect(released.sort()).toEqual(expired.items.map((item) => item.id).sort());
    for (const item of expired.items) {
      expect(await itemRow(t, item.id)).toMatchObject({
        status: 'available',
        reserved_by: null,
        reserved_until: null,
      });
    }
    expect((await itemRow(t, live.items[0]!.id)).status).toBe('reserved');
    expect((await itemRow(t, sold.id)).status).toBe('sold');
    expect(await jobs().releaseExpiredHolds()).toEqual([]);
    await expireEverything();
  });

  it('an expired hold is not held: another customer may take the item before the sweep', async () => {
    const { items } = await cartOf(1);
    t.clock.advance(HOLD_MS);
    const other = await makeCustomer(t);
    const res = await addToCart(t, other.cookie, items[0]!.id);
    expect(res.statusCode).toBe(200);
    expect(await itemRow(t, items[0]!.id)).toMatchObject({
      status: 'reserved',
      reserved_by: other.id,
    });
  });

  it('an expired hold is not extended by a later add: it is gone from the cart', async () => {
    const { customer, items } = await cartOf(1);
    t.clock.advance(HOLD_MS);
    const next = await makeItem(t.db);
    const res = await addToCart(t, customer.cookie, next.id);
    expect(res.json().items.map((item: { id: number }) => item.id)).toEqual([next.id]);
    expect((await itemRow(t, items[0]!.id)).reserved_until!.getTime()).toBe(
      t.clock.now().getTime(),
    );
    await expireEverything();
  });
});

describe('cart reminder (spec 6: a scheduled job, greets by first name)', () => {
  it('goes out before expiry, once, greeting by first name and listing the items', async () => {
    await expireEverything();
    const { customer, items } = await cartOf(2, { firstName: 'Maja' });
    const deadline = new Date(t.clock.now().getTime() + HOLD_MS);

    t.clock.advance(19 * MINUTE); // 11 minutes left: not yet
    expect(await jobs().sendCartReminders()).toBe(0);
    t.clock.advance(MINUTE); // 10 minutes left
    expect(await jobs().sendCartReminders()).toBe(1);
    await t.mail.settle();
    const mail = t.mail.lastTo(customer.email);
    expect(mail.text).toMatch(/^Hello Maja,/);
    expect(mail.text).toContain(`- Lamp 1 of ${customer.id}\n- Lamp 2 of ${customer.id}`);
    expect(mail.html).toContain(
      `&bull; Lamp 1 of ${customer.id}<br>&bull; Lamp 2 of ${customer.id}`,
    );
    expect(mail.text).toContain(deadline.toISOString().slice(0, 16).replace('T', ' '));
    expect(mail.text).toContain('http://127.0.0.1:3000/cart');
    expect(mail.html).toContain('Hello Maja,');

    for (const step of [MINUTE, 5 * MINUTE, 3 * MINUTE]) {
      t.clock.advance(step);
      expect(await jobs().sendCartReminders()).toBe(0);
    }
    await t.mail.settle();
    expect(t.mail.to(customer.email)).toHaveLength(1);
    expect((await itemRow(t, items[0]!.id)).status).toBe('reserved');
  });

  it('a later add joins the reminded deadline (no second reminder); a new cart gets its own', async () => {
    await expireEverything();
    const { customer } = await cartOf(1);
    t.clock.advance(25 * MINUTE);
    expect(await jobs().sendCartReminders()).toBe(1);
    await addToCart(t, customer.cookie, (await makeItem(t.db)).id);
    expect(await jobs().sendCartReminders()).toBe(0);
    t.clock.advance(6 * MINUTE); // the cart's deadline has passed
    await jobs().releaseExpiredHolds();
    await addToCart(t, customer.cookie, (await makeItem(t.db)).id);
    t.clock.advance(25 * MINUTE);
    expect(await jobs().sendCartReminders()).toBe(1);
    await t.mail.settle();
    expect(t.mail.to(customer.email)).toHaveLength(2);
  });

  it('skips disabled customers and emptied carts', async () => {
    await expireEverything();
    const disabled = await cartOf(1);
    await disable(t, disabled.customer.id); // sets disabled_at only: the hold is still there
    const emptied = await cartOf(1);
    await checkout(t, emptied.customer.cookie);
    t.clock.advance(25 * MINUTE);
    expect(await jobs().sendCartReminders()).toBe(0);
    await t.mail.settle();
    // The buyer's order confirmation (issue 18) is the only mail: no reminder to anyone.
    expect(t.mail.messages.map((mail) => [mail.to, mail.subject])).toEqual([
      [emptied.customer.email, expect.stringMatching(/^Your order SO-/)],
    ]);
    expect((await itemRow(t, disabled.items[0]!.id)).status).toBe('reserved');
  });

  it('skips a hold that ran out before the job got to it', async () => {
    await expireEverything();
    const { customer } = await cartOf(1);
    t.clock.advance(HOLD_MS);
    expect(await jobs().sendCartReminders()).toBe(0);
    await t.mail.settle();
    expect(t.mail.to(customer.email)).toEqual([]);
  });

  it('greets plainly when the first name is unknown', async () => {
    await expireEverything();
    const { customer } = await cartOf(1);
    await t.db
      .updateTable('customers')
      .set({ first_name: null })
      .where('id', '=', customer.id)
      .execute();
    t.clock.advance(25 * MINUTE);
    await jobs().sendCartReminders();
    await t.mail.settle();
    expect(t.mail.lastTo(customer.email).text).toMatch(/^Hello,/);
  });

  it('a reminder that fails to send leaves the others and the hold alone', async () => {
    await expireEverything();
    const [failing, fine] = [await cartOf(1), await cartOf(1)];
    t.mail.failFor(failing.customer.email);
    t.clock.advance(25 * MINUTE);
    expect(await jobs().sendCartReminders()).toBe(2);
    await t.mail.settle();
    expect(t.mail.to(fine.customer.email)).toHaveLength(1);
    expect(t.mail.to(failing.customer.email)).toEqual([]);
    expect((await itemRow(t, failing.items[0]!.id)).status).toBe('reserved');
  });
});
