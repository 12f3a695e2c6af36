import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../auth/clock.js';
import type { Db } from '../../db/database.js';
import { enqueue } from '../../jobs/job-queue.js';
import type { Metrics } from '../../observability/metrics.js';
import type { WebhookEvents } from '../webhooks/webhook-events.js';
import { FAVORITE_SOLD_JOB, type FavoriteSoldPayload } from './favorite-sold.service.js';

/** What a sale hands on once committed (spec 6 favorite-sold rule 4: the sold item ids and the buyer). */
export interface Sale {
  soldItemIds: number[];
  /** Null when an admin marked the item sold: nobody in the shop bought it. */
  buyerId: number | null;
}

export type SaleListener = (sale: Sale) => Promise<void>;

/**
 * Everything that happens after a sale has committed, whichever way it came
 * (checkout or admin mark-sold): both call `announce`. It never runs inside the
 * transaction, and a listener's failure is logged without undoing the sale.
 */
export function saleAnnouncer(
  log: FastifyBaseLogger,
  clock: Clock,
  observers: { webhookEvents: WebhookEvents; metrics: Pick<Metrics, 'itemsSold'> },
  listeners: SaleListener[] = [],
) {
  return {
    /**
     * Inside the sale's transaction: leaves the favorite-sold job, which exists
     * iff the sale committed and runs after the commit (spec 6 rule 1).
     */
    async record(trx: Db, sale: Sale): Promise<void> {
      if (sale.soldItemIds.length === 0) return;
      const payload: FavoriteSoldPayload = { item_ids: sale.soldItemIds, buyer_id: sale.buyerId };
      await enqueue(trx, FAVORITE_SOLD_JOB, payload, { now: clock.now() });
      // Cross-listing tools learn of the sale iff it commits (contract, third round: webhooks).
      await observers.webhookEvents.items(trx, 'item.sold', sale.soldItemIds);
    },

    async announce(sale: Sale): Promise<void> {
      log.info({ sale: { items: sale.soldItemIds, buyer: sale.buyerId } }, 'items sold');
      observers.metrics.itemsSold.inc(
        { channel: sale.buyerId === null ? 'admin' : 'checkout' },
        sale.soldItemIds.length,
      );
      for (const listener of listeners) {
        await listener(sale).catch((error: unknown) =>
          log.error({ err: error }, 'after-sale step failed'),
        );
      }
    },
  };
}

export type SaleAnnouncer = ReturnType<typeof saleAnnouncer>;
