import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, adminClient, adminSessionCookie } from '../../../test/support/admin.js';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import {
  type IndependentInstance,
  independentInstance,
} from '../../../test/support/independent-instance.js';
import { placeOrder } from '../../../test/support/orders.js';
import { currentDatabaseUrl, raceOnRow } from '../../../test/support/row-lock-barrier.js';
import { onPostgres } from '../../../test/support/test-database.js';
import { acceptingPayments } from '../commerce/payments.js';

// Issue 34 item 4: two orders paid at the same moment on two instances get invoice
// numbers N and N+1, decided by the database. The counter row is held locked by a
// third connection while both payments reach it, then released.
describe.runIf(onPostgres)('invoice numbers under concurrency, on PostgreSQL', () => {
  let t: TestApp;
  let other: IndependentInstance;
  let url: string;
  beforeAll(async () => {
    t = await buildTestApp({
      env: ADMIN_ENV,
      deps: {
        payments: {
          ...acceptingPayments,
          // A manual payment: the order waits as placed until marked paid.
          async capture(key) {
            return { reference: `bank-${key}`, paid: false };
          },
        },
      },
    });
    other = await independentInstance(t, 'invoices-b', ADMIN_ENV);
    other.clock.set(t.clock.now());
    url = await currentDatabaseUrl(t.db);
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  it('two payments on two instances at once: N and N+1, no gap, no duplicate', async () => {
    const { order: first } = await placeOrder(t);
    const { order: second } = await placeOrder(t);
    const { order: third } = await placeOrder(t);
    const cookie = await adminSessionCookie(t.app);
    const onA = await adminClient(t.app, cookie);
    const onB = await adminClient(other.app, cookie);
    // The year's counter exists once one invoice is out.
    const opening = await onA('POST', `/api/admin/orders/${first.id}/mark-paid`);
    expect(opening.statusCode, opening.body).toBe(200);
    const n = Number(opening.json().invoice.number.slice(-5));
    const year = opening.json().invoice.number.slice(4, 8);

    const [a, b] = await raceOnRow(
      url,
      {
        text: 'SELECT last_number FROM document_counters WHERE kind = $1 AND year = $2 FOR UPDATE',
        values: ['invoice', Number(year)],
      },
      '%INSERT INTO document_counters%',
      2,
      () => [
        onA('POST', `/api/admin/orders/${second.id}/mark-paid`),
        onB('POST', `/api/admin/orders/${third.id}/mark-paid`),
      ],
    );
    expect(a!.statusCode, a!.body).toBe(200);
    expect(b!.statusCode, b!.body).toBe(200);
    const numbers = [a!.json().invoice.number, b!.json().invoice.number].sort();
    const at = (k: number) => `INV-${year}-${String(k).padStart(5, '0')}`;
    expect(numbers).toEqual([at(n + 1), at(n + 2)]);
    // As stored: one invoice per order, the numbers in the order they were issued.
    const stored = await t.db
      .selectFrom('invoices')
      .select(['order_id', 'number'])
      .where('order_id', 'in', [first.id, second.id, third.id])
      .orderBy('number')
      .execute();
    expect(stored.map((row) => row.number)).toEqual([at(n), at(n + 1), at(n + 2)]);
  });
});
