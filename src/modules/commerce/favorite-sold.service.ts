import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { favoriteSoldMail } from '../../mail/templates/favorite-sold.js';
import { renderMail } from '../../mail/templates/template.js';
import { favoritesRepository } from './favorites.repository.js';
import type { SaleListener } from './sales.js';
import { sendEach } from './send-each.js';

/** The storefront page of an item: `{PUBLIC_BASE_URL}/items/{id}`. */
const itemPageUrl = (publicBaseUrl: URL, itemId: number) =>
  new URL(`/items/${itemId}`, publicBaseUrl).href;

/**
 * The favorite-sold mail (spec 6), a listener of the shared sale announcer, so
 * checkout and admin mark-sold send it alike, after their commit (rule 1); a
 * reservation never gets here (rule 3). Recipients: customers who favorited the
 * item, opted in, are not disabled, never the buyer; one message each (rule 2).
 */
export function favoriteSoldNotifier(
  ctx: Pick<AppContext, 'db' | 'config' | 'mailer'>,
  log: FastifyBaseLogger,
): SaleListener {
  return async (sale) => {
    if (sale.soldItemIds.length === 0) return;
    const recipients = await favoritesRepository(ctx.db).soldNotificationRecipients(
      sale.soldItemIds,
      sale.buyerId,
    );
    sendEach(ctx.mailer, log, recipients, (recipient) => ({
      to: recipient.email,
      ...renderMail(favoriteSoldMail, {
        itemTitle: recipient.title,
        itemUrl: itemPageUrl(ctx.config.publicBaseUrl, recipient.item_id),
        firstName: recipient.first_name,
      }),
    }));
  };
}
