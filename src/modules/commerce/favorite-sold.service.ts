import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { favoriteSoldMail } from '../../mail/templates/favorite-sold.js';
import { renderMail } from '../../mail/templates/template.js';
import { favoritesRepository } from './favorites.repository.js';

/** The job a committed sale leaves behind (sales.ts `record`); its handler queues the mails. */
export const FAVORITE_SOLD_JOB = 'commerce.favorite-sold';

export interface FavoriteSoldPayload {
  item_ids: number[];
  buyer_id: number | null;
}

/** The storefront page of an item: `{PUBLIC_BASE_URL}/items/{id}`. */
const itemPageUrl = (publicBaseUrl: URL, itemId: number) =>
  new URL(`/items/${itemId}`, publicBaseUrl).href;

/**
 * The favorite-sold mail (spec 6). A sale, by checkout or admin mark-sold, commits
 * a job with the sold item ids and the buyer; this runs after that commit
 * (rule 1), so nothing here can undo the sale. Recipients: customers who
 * favorited the item, opted in, are not disabled, never the buyer; one message
 * each (rule 2): a message that cannot be rendered is logged and the others still
 * go. All of a sale's messages are queued in the transaction that marks the job
 * done (`run.complete`): a crash before that commit leaves no message and the
 * re-run after the lease queues each once; after it, the job is never run again.
 */
export function registerFavoriteSold(
  ctx: Pick<AppContext, 'db' | 'config' | 'outbox' | 'jobs'>,
  log: FastifyBaseLogger,
): void {
  ctx.jobs.register<FavoriteSoldPayload>(FAVORITE_SOLD_JOB, {
    async handle(job, run) {
      const { item_ids: itemIds, buyer_id: buyerId } = job.payload;
      if (itemIds.length === 0) return;
      await run.complete(async (trx) => {
        const recipients = await favoritesRepository(trx).soldNotificationRecipients(
          itemIds,
          buyerId,
        );
        for (const recipient of recipients) {
          let mail: ReturnType<typeof renderMail>;
          try {
            mail = renderMail(
              favoriteSoldMail,
              {
                itemTitle: recipient.title,
                itemUrl: itemPageUrl(ctx.config.publicBaseUrl, recipient.item_id),
                firstName: recipient.first_name,
              },
              recipient.language ?? ctx.config.shopLanguage,
            );
          } catch (error) {
            log.error(
              {
                err: error,
                mail: { customer_id: recipient.customer_id, item_id: recipient.item_id },
              },
              'mail not rendered; the other recipients still get theirs',
            );
            continue;
          }
          await ctx.outbox.queue(
            trx,
            { ...mail, to: recipient.email },
            { customerId: recipient.customer_id, itemId: recipient.item_id },
          );
        }
      });
    },
  });
}
