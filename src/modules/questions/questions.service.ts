import type { AppContext } from '../../context.js';
import { inTransaction } from '../../db/transaction.js';
import type { SignedInCustomer } from '../../http/customer-guard.js';
import { AppError, forbidden, notFound } from '../../http/errors.js';
import { itemQuestionMail } from '../../mail/templates/item-question.js';
import { renderMail } from '../../mail/templates/template.js';

/** "Ask about this piece" (issue 33 item 6): a signed-in customer's message to the shop. */
export function questionsService(ctx: Pick<AppContext, 'db' | 'config' | 'outbox' | 'shop'>) {
  return {
    /**
     * Queues one mail to the shop's contact address with the customer's address as
     * Reply-To, in a transaction: sent by the outbox after the commit, never lost.
     * A sold piece can still be asked about ("do you have another?"); a pending or
     * absent one is 404, as the storefront hides it (spec 4.2).
     */
    async ask(customer: SignedInCustomer, itemId: number, message: string): Promise<void> {
      // The answer goes to this address: it must be the customer's own.
      if (!customer.email_verified)
        throw forbidden(
          'email_not_verified',
          'Confirm your email address first (we sent you a link), so the shop’s answer reaches you.',
        );
      const item = await ctx.db
        .selectFrom('items')
        .select(['id', 'title', 'status'])
        .where('id', '=', itemId)
        .executeTakeFirst();
      if (!item || item.status === 'pending') throw notFound('No such item.');
      // The settings' contact address; the first admin's while none is saved.
      const to = (await ctx.shop.current()).contactEmail;
      if (to === null)
        throw new AppError(
          503,
          'shop_unreachable',
          'The shop cannot take questions yet. Please try again later.',
        );
      const name = [customer.first_name, customer.last_name].filter(Boolean).join(' ');
      // To the owner: in the shop's language, whatever the asker's.
      const mail = renderMail(
        itemQuestionMail,
        {
          itemTitle: item.title,
          itemId: String(item.id),
          itemUrl: new URL(`/items/${item.id}`, ctx.config.publicBaseUrl).href,
          customerEmail: customer.email,
          customerName: name || null,
          message: message.trim(),
        },
        ctx.config.shopLanguage,
      );
      await inTransaction(ctx.db, (trx) =>
        ctx.outbox.queue(
          trx,
          { ...mail, to, replyTo: customer.email },
          { customerId: customer.id, itemId: item.id },
        ),
      );
    },
  };
}

export type QuestionsService = ReturnType<typeof questionsService>;
