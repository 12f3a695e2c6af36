import { ordersRepository } from '../../modules/orders/orders.repository.js';
import type { Db } from '../database.js';
import { addressOf, type Person } from './people.js';
import type { SeededRandom } from './random.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** A seeded sale through the shop: the buyer, their items with the prices charged, when. */
export interface SeededSale {
  buyerId: number;
  buyer: Person;
  lines: Array<{ id: number; price_cents: number }>;
  soldAt: Date;
}

/**
 * Writes each sale as checkout would have (an order with its lines, snapshots
 * taken from the sold items), then moves it along as the shop would have by now:
 * paid at once or by transfer, shipped a day or two later, delivered a few days
 * after that. Recent sales are still placed or paid; none is cancelled, so every
 * order's items stay sold.
 */
export async function recordSales(
  db: Db,
  sales: readonly SeededSale[],
  random: SeededRandom,
  options: { now: Date; currency: string; paymentDays: number },
): Promise<void> {
  const orders = ordersRepository(db);
  for (const [i, sale] of sales.entries()) {
    const placed = sale.soldAt;
    const byCard = random.next() < 0.8;
    // Most are posted; some are collected at the shop (no address, nothing to ship).
    const address = random.next() < 0.85 ? addressOf(random, sale.buyer) : null;
    const age = options.now.getTime() - placed.getTime();
    const id = await orders.insert(
      {
        customerId: sale.buyerId,
        state: byCard ? 'paid' : 'placed',
        buyerName: `${sale.buyer.firstName} ${sale.buyer.lastName}`,
        buyerEmail: sale.buyer.email,
        shippingAddress: address,
        note: null,
        currency: options.currency,
        paymentReference: `${byCard ? 'pay' : 'manual'}-seed-${placed.getTime().toString(36)}-${i}`,
        paymentProvider: byCard ? 'accept' : 'manual',
        checkoutKey: `seed-${placed.getTime().toString(36)}-${i}`,
        paymentDueAt: byCard ? null : new Date(placed.getTime() + options.paymentDays * DAY_MS),
        shippingCents: 0,
        // Demo sales: the shop starts untaxed (mode none), so nothing is contained.
        taxCents: 0,
        taxBreakdown: null,
        lines: sale.lines,
      },
      placed,
    );
    // A transfer arrives within two days; until then the order waits for it.
    let at = placed.getTime();
    if (!byCard) {
      if (age < 2 * DAY_MS) continue;
      at += random.int(6, 40) * HOUR_MS;
      await orders.transition(id, 'mark-paid', new Date(at));
    }
    if (!address || age < 3 * DAY_MS) continue;
    at += random.int(18, 48) * HOUR_MS;
    await orders.transition(id, 'ship', new Date(at), {
      carrier: random.pick(['DHL', 'PostNL', 'DPD', 'UPS']),
      tracking_reference: `${random.int(100_000_000, 999_999_999)}`,
    });
    if (age < 7 * DAY_MS) continue;
    await orders.transition(id, 'deliver', new Date(at + random.int(2, 4) * DAY_MS));
  }
}
