import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { type MailT, mailT } from '../../i18n/mail.js';
import { renderMail } from '../../mail/templates/template.js';
import { mediaUrlFor } from '../../media/storage.js';
import { formatShopMoment, orderMoney } from '../orders/mail-formats.js';
import { cancelReason } from '../orders/order-mail-text.js';
import type { Order } from '../orders/orders.schemas.js';
import { postalLines } from '../orders/postal-lines.js';
import { formatShopDay } from '../orders/shop-days.js';
import {
  newOrderMail,
  newSubmissionMail,
  paymentProblemMail,
  withdrawalMail,
} from './owner-notices.js';

const DAY_MS = 24 * 60 * 60_000;

/** Why an order ended by its payment, told to the owner in the shop's words. */
export type PaymentProblem =
  | { kind: 'failed' }
  | { kind: 'expired' }
  | { kind: 'noLongerHeld' }
  | { kind: 'afterEnd' }
  /** Not paid by its last day (`YYYY-MM-DD`, the shop's day). */
  | { kind: 'unpaid'; lastDay: string };

function buyerLines(order: Order, t: MailT): string {
  const lines = order.lines.map((line) =>
    t('order.line', { title: line.title, price: orderMoney(line.price_cents, order, t) }),
  );
  const to =
    order.fulfilment === 'pickup'
      ? t('owner.collected')
      : order.shipping_address
        ? [t('owner.shipTo'), ...postalLines(order.shipping_address, t.language)].join('\n')
        : t('owner.shipped');
  const name = order.buyer.name ?? t('owner.unknownBuyer');
  return [
    `${lines.join('\n')}\n${t('order.total', { total: orderMoney(order.total_cents, order, t) })}`,
    order.buyer.email
      ? t('owner.buyerWithEmail', { name, email: order.buyer.email })
      : t('owner.buyer', { name }),
    to,
    ...(order.note ? [`${t('owner.buyerNote')}\n${order.note}`] : []),
  ].join('\n\n');
}

/**
 * What the owner is told (issue 33 item 4), each a mail to the shop's contact
 * address queued in the transaction of its event, so it is sent iff the event
 * commits, after the commit, by the outbox's retrying worker (never lost). Each
 * kind can be switched off in the settings (notify.orders, notify.submissions).
 * In the shop's language (SHOP_LANGUAGE): the owner reads them.
 */
export function ownerNotices(ctx: Pick<AppContext, 'shop' | 'outbox' | 'config'>) {
  const adminUrl = (path: string) => new URL(path, ctx.config.publicBaseUrl).href;
  const mediaUrl = mediaUrlFor(ctx.config);
  const language = ctx.config.shopLanguage;
  const t = mailT(language);

  /** Where a notice of this kind goes, with the shop's settings; null when it is not wanted. */
  async function recipient(trx: Db, kind: 'orders' | 'submissions') {
    const shop = await ctx.shop.current(trx);
    return shop.notify[kind] && shop.contactEmail
      ? { to: shop.contactEmail, timeZone: shop.timeZone }
      : null;
  }

  const problem = (what: PaymentProblem, order: Order) =>
    what.kind === 'unpaid'
      ? t('owner.paymentProblem.unpaid', { day: formatShopDay(what.lastDay, language) })
      : t(`owner.paymentProblem.${what.kind}`, { number: order.number });

  return {
    /** A new order the buyer has been told of (placed, or paid on the hosted page). */
    async newOrder(trx: Db, order: Order): Promise<void> {
      const found = await recipient(trx, 'orders');
      if (!found) return;
      const { to } = found;
      const state =
        order.payment.provider === 'manual' && order.state === 'placed' ? 'awaiting' : order.state;
      const mail = renderMail(
        newOrderMail,
        {
          subject: t('owner.newOrder.subject', {
            number: order.number,
            total: orderMoney(order.total_cents, order, t),
          }),
          body: `${t('owner.newOrder.came', {
            number: order.number,
            state: t('owner.state', { state }),
          })}\n\n${buyerLines(order, t)}`,
          url: adminUrl(`/admin/orders/${order.id}`),
          label: t('owner.openOrder'),
        },
        language,
      );
      await ctx.outbox.queue(trx, { ...mail, to });
    },

    /** A photo submission came in through an upload link: its first photo and note. */
    async newSubmission(
      trx: Db,
      submission: { itemId: number; note: string; firstPhotoPath: string | null; photos: number },
    ): Promise<void> {
      const found = await recipient(trx, 'submissions');
      if (!found) return;
      const { to } = found;
      const note = submission.note.trim();
      const count = submission.photos;
      const mail = renderMail(
        newSubmissionMail,
        {
          subject: t('owner.submission.subject', {
            summary:
              note.split('\n', 1)[0]!.slice(0, 60) || t('owner.submission.photos', { count }),
          }),
          body: `${t('owner.submission.sent', { count })}\n\n${
            note ? `${t('owner.submission.note')}\n${note}` : t('owner.submission.noNote')
          }`,
          url: adminUrl('/admin/drafts'),
          label: t('owner.submission.open'),
          photoUrl: submission.firstPhotoPath
            ? new URL(mediaUrl(submission.firstPhotoPath), ctx.config.publicBaseUrl).href
            : null,
        },
        language,
      );
      await ctx.outbox.queue(trx, { ...mail, to }, { itemId: submission.itemId });
    },

    /** An order ended by its payment: it failed, ran out, or came after the pieces were released. */
    async paymentProblem(trx: Db, order: Order, what: PaymentProblem): Promise<void> {
      const found = await recipient(trx, 'orders');
      if (!found) return;
      const { to } = found;
      const state = t('owner.state', { state: order.state });
      const mail = renderMail(
        paymentProblemMail,
        {
          subject: t('owner.paymentProblem.subject', { number: order.number }),
          body: [
            problem(what, order),
            order.cancel_reason
              ? t('owner.paymentProblem.stateWithReason', {
                  number: order.number,
                  state,
                  reason: cancelReason(order, t, 'owner'),
                })
              : t('owner.paymentProblem.state', { number: order.number, state }),
            buyerLines(order, t),
          ].join('\n\n'),
          url: adminUrl(`/admin/orders/${order.id}`),
          label: t('owner.openOrder'),
        },
        language,
      );
      await ctx.outbox.queue(trx, { ...mail, to });
    },

    /**
     * The buyer withdrew (issue 34 item 5): which pieces, when, why, and by when the
     * money is due back (14 days from the withdrawal; Directive 2011/83/EU Art. 13).
     */
    async withdrawal(trx: Db, order: Order): Promise<void> {
      const found = await recipient(trx, 'orders');
      if (!found) return;
      const { to, timeZone } = found;
      const request = order.withdrawal!.requests.at(-1)!;
      const pieces = order.lines
        .filter((line) => line.item_id !== null && request.item_ids.includes(line.item_id))
        .map((line) =>
          t('order.line', { title: line.title, price: orderMoney(line.price_cents, order, t) }),
        )
        .join('\n');
      const by = formatShopMoment(
        new Date(new Date(request.requested_at).getTime() + 14 * DAY_MS),
        timeZone,
        t,
      );
      const next =
        order.state === 'cancelled'
          ? t('owner.withdrawal.cancelled')
          : order.state === 'paid'
            ? order.fulfilment === 'pickup'
              ? t('owner.withdrawal.doNotHandOver', { by })
              : t('owner.withdrawal.doNotShip', { by })
            : t('owner.withdrawal.refundWhenBack', { by });
      const mail = renderMail(
        withdrawalMail,
        {
          subject: t('owner.withdrawal.subject', { number: order.number }),
          body: `${t('owner.withdrawal.withdrew', {
            number: order.number,
            when: formatShopMoment(request.requested_at, timeZone, t),
          })}\n\n${pieces}${request.reason ? `\n\n${t('owner.withdrawal.reason')}\n${request.reason}` : ''}\n\n${next}\n\n${buyerLines(order, t)}`,
          url: adminUrl(`/admin/orders/${order.id}`),
          label: t('owner.openOrder'),
        },
        language,
      );
      await ctx.outbox.queue(trx, { ...mail, to });
    },
  };
}

export type OwnerNotices = ReturnType<typeof ownerNotices>;
