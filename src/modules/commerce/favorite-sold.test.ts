import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, adminClient } from '../../../test/support/admin.js';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import {
  addToCart,
  checkout,
  favorite,
  optInToSoldNotifications,
  removeFromCart,
} from '../../../test/support/commerce.js';
import {
  disable,
  type MadeCustomer,
  makeCustomer,
} from '../../../test/support/customer-factories.js';
import { itemRow, makeItem } from '../../../test/support/factories.js';
import { acceptingPayments, paymentDeclined } from './payments.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof adminClient>>;
// Set by a test to look at the mailbox from inside the checkout transaction.
let duringPayment: (() => Promise<void>) | null = null;
beforeAll(async () => {
  t = await buildTestApp({
    env: ADMIN_ENV,
    deps: {
      payments: {
        ...acceptingPayments,
        capture: async (key) => {
          await duringPayment?.();
          return { reference: key };
        },
        void: async () => {},
      },
    },
  });
  admin = await adminClient(t.app);
});
afterAll(() => t.close());

/** Customers around one item: who should hear of its sale and who must not. */
async function watchers(itemId: number) {
  const fan = async (options: { optIn: boolean; favorite: boolean; disabled?: boolean }) => {
    const customer = await makeCustomer(t);
    if (options.favorite) expect((await favorite(t, customer.cookie, itemId)).statusCode).toBe(204);
    if (options.optIn) await optInToSoldNotifications(t, customer.id);
    if (options.disabled) await disable(t, customer.id);
    return customer;
  };
  return {
    fans: [await fan({ optIn: true, favorite: true }), await fan({ optIn: true, favorite: true })],
    notOptedIn: await fan({ optIn: false, favorite: true }),
    disabled: await fan({ optIn: true, favorite: true, disabled: true }),
    otherItemOnly: await fan({ optIn: true, favorite: false }),
  };
}

/** The buyer, who also favorited the item and opted in. */
async function buyerHolding(itemId: number): Promise<MadeCustomer> {
  const buyer = await makeCustomer(t);
  await favorite(t, buyer.cookie, itemId);
  await optInToSoldNotifications(t, buyer.id);
  expect((await addToCart(t, buyer.cookie, itemId)).statusCode).toBe(200);
  return buyer;
}

const mailsTo = (customer: MadeCustomer) =>
  t.mail.to(customer.email).filter((mail) => mail.subject.startsWith('Sold:'));

describe('favorite-sold recipients (spec 6)', () => {
  it('checkout: customers who favorited it and opted in hear of it; never the buyer, the disabled or the un-consenting', async () => {
    const item = await makeItem(t.db, { title: 'Teak side table' });
    const people = await watchers(item.id);
    const buyer = await buyerHolding(item.id);
    expect((await checkout(t, buyer.cookie)).statusCode).toBe(200);
    await t.mail.settle();
    for (const fan of people.fans) {
      const [mail, ...more] = mailsTo(fan);
      expect(more).toEqual([]);
      expect(mail!.subject).toBe('Sold: Teak side table');
      expect(mail!.text).toMatch(/^Hello Ann,/);
      expect(mail!.text).toContain('Teak side table');
      expect(mail!.text).toContain(`http://127.0.0.1:3000/items/${item.id}`);
      expect(mail!.html).toContain(`href="http://127.0.0.1:3000/items/${item.id}"`);
    }
    for (const nobody of [buyer, people.notOptedIn, people.disabled, people.otherItemOnly]) {
      expect(mailsTo(nobody)).toEqual([]);
    }
  });

  it('admin mark-sold sends the same mail through the same announcer (no buyer: every fan hears)', async () => {
    const item = await makeItem(t.db);
    const people = await watchers(item.id);
    expect((await admin('POST', `/api/admin/items/${item.id}/mark-sold`)).statusCode).toBe(200);
    await t.mail.settle();
    for (const fan of people.fans) expect(mailsTo(fan)).toHaveLength(1);
    for (const nobody of [people.notOptedIn, people.disabled, people.otherItemOnly]) {
      expect(mailsTo(nobody)).toEqual([]);
    }
  });

  it('a checkout of several items tells each fan about each favorite sold', async () => {
    const [lamp, chair] = [await makeItem(t.db), await makeItem(t.db)];
    const fan = await makeCustomer(t);
    await optInToSoldNotifications(t, fan.id);
    await favorite(t, fan.cookie, lamp.id);
    await favorite(t, fan.cookie, chair.id);
    const buyer = await makeCustomer(t);
    await addToCart(t, buyer.cookie, lamp.id);
    await addToCart(t, buyer.cookie, chair.id);
    await checkout(t, buyer.cookie);
    await t.mail.settle();
    expect(
      mailsTo(fan)
        .map((mail) => mail.text.match(/items\/(\d+)/)![1])
        .sort(),
    ).toEqual([String(lamp.id), String(chair.id)].sort());
  });
});

describe('favorite-sold rule 1: sent after the commit, never inside the transaction', () => {
  it('nothing is sent while the checkout transaction is open; the mail follows the commit', async () => {
    const item = await makeItem(t.db);
    const { fans } = await watchers(item.id);
    const buyer = await buyerHolding(item.id);
    let sentDuringTransaction = -1;
    duringPayment = async () => {
      await t.mail.settle();
      sentDuringTransaction = mailsTo(fans[0]!).length;
    };
    try {
      expect((await checkout(t, buyer.cookie)).statusCode).toBe(200);
    } finally {
      duringPayment = null;
    }
    await t.mail.settle();
    expect(sentDuringTransaction).toBe(0);
    expect(mailsTo(fans[0]!)).toHaveLength(1);
  });

  it('a checkout that rolls back (payment declined) sends nothing', async () => {
    const item = await makeItem(t.db);
    const { fans } = await watchers(item.id);
    const buyer = await buyerHolding(item.id);
    duringPayment = async () => {
      throw paymentDeclined();
    };
    try {
      expect((await checkout(t, buyer.cookie)).statusCode).toBe(402);
    } finally {
      duringPayment = null;
    }
    await t.mail.settle();
    expect(mailsTo(fans[0]!)).toEqual([]);
    expect((await itemRow(t, item.id)).status).toBe('reserved');
  });
});

describe('favorite-sold rule 2: each message on its own', () => {
  it('one address failing: the others are delivered and the sale stays', async () => {
    const item = await makeItem(t.db);
    const people = await watchers(item.id);
    const third = await makeCustomer(t);
    await favorite(t, third.cookie, item.id);
    await optInToSoldNotifications(t, third.id);
    const [failing, ...others] = [...people.fans, third];
    t.mail.failFor(failing!.email);
    const buyer = await buyerHolding(item.id);

    const res = await checkout(t, buyer.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().sold_item_ids).toEqual([item.id]);
    await t.mail.settle();

    // The failing one stays in the outbox for its next attempt (src/mail/outbox.test.ts).
    expect(t.mail.failures.filter((to) => to === failing!.email)).toHaveLength(1);
    expect(mailsTo(failing!)).toEqual([]);
    for (const other of others) expect(mailsTo(other)).toHaveLength(1);
    expect(await itemRow(t, item.id)).toMatchObject({ status: 'sold', sold_to: buyer.id });
    expect(t.logs.entries().some((entry) => entry.msg === 'mail not sent: will retry')).toBe(true);
    t.mail.clear(); // later tests count mail afresh
  });

  it('the same holds for admin mark-sold', async () => {
    const item = await makeItem(t.db);
    const { fans } = await watchers(item.id);
    t.mail.failFor(fans[0]!.email);
    const res = await admin('POST', `/api/admin/items/${item.id}/mark-sold`);
    expect(res.statusCode).toBe(200);
    await t.mail.settle();
    expect(mailsTo(fans[0]!)).toEqual([]);
    expect(mailsTo(fans[1]!)).toHaveLength(1);
    expect((await itemRow(t, item.id)).status).toBe('sold');
  });
});

describe('favorite-sold rule 3: reserved is not a trigger', () => {
  it('reserving, releasing and a hold running out send no mail', async () => {
    const item = await makeItem(t.db);
    const { fans } = await watchers(item.id);
    const shopper = await makeCustomer(t);
    await addToCart(t, shopper.cookie, item.id);
    await removeFromCart(t, shopper.cookie, item.id);
    await addToCart(t, shopper.cookie, item.id);
    t.clock.advance(31 * 60_000);
    await t.app.cartJobs.releaseExpiredHolds();
    await t.mail.settle();
    for (const fan of fans) expect(mailsTo(fan)).toEqual([]);
    expect((await itemRow(t, item.id)).status).toBe('available');
  });
});

describe('favorite-sold rule 4: checkout hands on the sold item ids and the buyer', () => {
  it('answers with the sold ids and announces them with the buyer', async () => {
    const [a, b] = [await makeItem(t.db), await makeItem(t.db)];
    const buyer = await makeCustomer(t);
    await addToCart(t, buyer.cookie, a.id);
    await addToCart(t, buyer.cookie, b.id);
    t.logs.clear();
    const res = await checkout(t, buyer.cookie);
    expect(res.json().sold_item_ids).toEqual([a.id, b.id]);
    const announced = t.logs.entries().filter((entry) => entry.msg === 'items sold');
    expect(announced.map((entry) => entry.sale)).toEqual([
      { items: [a.id, b.id], buyer: buyer.id },
    ]);
  });
});
