import type { FastifyBaseLogger } from 'fastify';

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
export function saleAnnouncer(log: FastifyBaseLogger, listeners: SaleListener[] = []) {
  return {
    async announce(sale: Sale): Promise<void> {
      log.info({ sale: { items: sale.soldItemIds, buyer: sale.buyerId } }, 'items sold');
      for (const listener of listeners) {
        await listener(sale).catch((error: unknown) =>
          log.error({ err: error }, 'after-sale step failed'),
        );
      }
    },
  };
}

export type SaleAnnouncer = ReturnType<typeof saleAnnouncer>;
