import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { htmlBody, htmlButton, textBody } from '../../mail/templates/layout.js';
import { defineTemplate, renderMail } from '../../mail/templates/template.js';
import { mediaUrlFor } from '../../media/storage.js';
import { formatMoney, formatShopMoment } from '../orders/order-mails.js';
import type { Order } from '../orders/orders.schemas.js';
import { postalLines } from '../orders/postal-lines.js';

const paragraphs = (text: string) =>
  text
    .split('\n\n')
    .map((part) => part.replace(/\n/g, '<br>'))
    .join('</p><p>');

/** Every notice to the owner: a subject, plain paragraphs, a link into the admin, maybe a photo. */
export const ownerNoticeMail = (name: string) =>
  defineTemplate<'subject' | 'body' | 'url' | 'label', 'photoUrl'>({
    name,
    required: ['subject', 'body', 'url', 'label'],
    subject: (v) => v.subject,
    text: (v) => textBody(v.body, `${v.label}: ${v.url}`),
    html: (v) =>
      htmlBody(
        v.subject,
        paragraphs(v.body),
        ...(v.photoUrl
          ? [`<img src="${v.photoUrl}" alt="The first photo" width="320" style="max-width: 100%">`]
          : []),
        htmlButton(v.url, v.label),
      ),
  });

const newOrderMail = ownerNoticeMail('owner-new-order');
const newSubmissionMail = ownerNoticeMail('owner-new-submission');
const paymentProblemMail = ownerNoticeMail('owner-payment-problem');
const withdrawalMail = ownerNoticeMail('owner-withdrawal');

const DAY_MS = 24 * 60 * 60_000;

function buyerLines(order: Order): string {
  const lines = order.lines.map(
    (line) => `- ${line.title}: ${formatMoney(line.price_cents, order.currency)}`,
  );
  const to =
    order.fulfilment === 'pickup'
      ? 'Collected at the shop.'
      : order.shipping_address
        ? ['Ship to:', ...postalLines(order.shipping_address)].join('\n')
        : 'Shipped.';
  return [
    `${lines.join('\n')}\nTotal: ${formatMoney(order.total_cents, order.currency)}`,
    `Buyer: ${order.buyer.name ?? 'unknown'}${order.buyer.email ? ` <${order.buyer.email}>` : ''}`,
    to,
    ...(order.note ? [`Note from the buyer:\n${order.note}`] : []),
  ].join('\n\n');
}

/**
 * What the owner is told (issue 33 item 4), each a mail to the shop's contact
 * address queued in the transaction of its event, so it is sent iff the event
 * commits, after the commit, by the outbox's retrying worker (never lost). Each
 * kind can be switched off in the settings (notify.orders, notify.submissions).
 */
export function ownerNotices(ctx: Pick<AppContext, 'shop' | 'outbox' | 'config'>) {
  const adminUrl = (path: string) => new URL(path, ctx.config.publicBaseUrl).href;
  const mediaUrl = mediaUrlFor(ctx.config);

  /** The contact address when this kind is on; null: nobody to tell, or switched off. */
  async function recipient(trx: Db, kind: 'orders' | 'submissions'): Promise<string | null> {
    const shop = await ctx.shop.current(trx);
    return shop.notify[kind] ? shop.contactEmail : null;
  }

  return {
    /** A new order the buyer has been told of (placed, or paid on the hosted page). */
    async newOrder(trx: Db, order: Order): Promise<void> {
      const to = await recipient(trx, 'orders');
      if (!to) return;
      const mail = renderMail(newOrderMail, {
        subject: `New order ${order.number}: ${formatMoney(order.total_cents, order.currency)}`,
        body: `A new order came in: ${order.number} (${order.payment.provider === 'manual' && order.state === 'placed' ? 'awaiting payment' : order.state}).\n\n${buyerLines(order)}`,
        url: adminUrl(`/admin/orders/${order.id}`),
        label: 'Open the order',
      });
      await ctx.outbox.queue(trx, { ...mail, to });
    },

    /** A photo submission came in through an upload link: its first photo and note. */
    async newSubmission(
      trx: Db,
      submission: { itemId: number; note: string; firstPhotoPath: string | null; photos: number },
    ): Promise<void> {
      const to = await recipient(trx, 'submissions');
      if (!to) return;
      const note = submission.note.trim();
      const mail = renderMail(newSubmissionMail, {
        subject: `New photo submission: ${note.split('\n', 1)[0]!.slice(0, 60) || `${submission.photos} photos`}`,
        body: `Someone sent ${submission.photos} photo${submission.photos === 1 ? '' : 's'} through an upload link.\n\n${note ? `Their note:\n${note}` : 'They wrote no note.'}`,
        url: adminUrl('/admin/drafts'),
        label: 'Open the drafts inbox',
        photoUrl: submission.firstPhotoPath
          ? new URL(mediaUrl(submission.firstPhotoPath), ctx.config.publicBaseUrl).href
          : null,
      });
      await ctx.outbox.queue(trx, { ...mail, to }, { itemId: submission.itemId });
    },

    /** An order ended by its payment: it failed, ran out, or came after the pieces were released. */
    async paymentProblem(trx: Db, order: Order, what: string): Promise<void> {
      const to = await recipient(trx, 'orders');
      if (!to) return;
      const mail = renderMail(paymentProblemMail, {
        subject: `Order ${order.number} cancelled: payment problem`,
        body: `${what}\n\nOrder ${order.number} is ${order.state}${order.cancel_reason ? ` (${order.cancel_reason})` : ''}; its pieces are back on sale.\n\n${buyerLines(order)}`,
        url: adminUrl(`/admin/orders/${order.id}`),
        label: 'Open the order',
      });
      await ctx.outbox.queue(trx, { ...mail, to });
    },

    /**
     * The buyer withdrew (issue 34 item 5): which pieces, when, why, and by when the
     * money is due back (14 days from the withdrawal; Directive 2011/83/EU Art. 13).
     */
    async withdrawal(trx: Db, order: Order): Promise<void> {
      const to = await recipient(trx, 'orders');
      if (!to) return;
      const { timeZone } = await ctx.shop.current(trx);
      const request = order.withdrawal!.requests.at(-1)!;
      const pieces = order.lines
        .filter((line) => line.item_id !== null && request.item_ids.includes(line.item_id))
        .map((line) => `- ${line.title}: ${formatMoney(line.price_cents, order.currency)}`)
        .join('\n');
      const refundBy = new Date(new Date(request.requested_at).getTime() + 14 * DAY_MS);
      const next =
        order.state === 'cancelled'
          ? 'The order was not paid yet: it is cancelled and its pieces are back on sale.'
          : order.state === 'paid'
            ? `Do not ${order.fulfilment === 'pickup' ? 'hand over' : 'ship'} these pieces. Refund them by ${formatShopMoment(refundBy, timeZone)}.`
            : `Refund them once they are back (or the buyer shows they sent them), at the latest by ${formatShopMoment(refundBy, timeZone)}.`;
      const mail = renderMail(withdrawalMail, {
        subject: `Withdrawal from order ${order.number}`,
        body: `The buyer withdrew from order ${order.number} on ${formatShopMoment(request.requested_at, timeZone)}.\n\n${pieces}${request.reason ? `\n\nTheir reason:\n${request.reason}` : ''}\n\n${next}\n\n${buyerLines(order)}`,
        url: adminUrl(`/admin/orders/${order.id}`),
        label: 'Open the order',
      });
      await ctx.outbox.queue(trx, { ...mail, to });
    },
  };
}

export type OwnerNotices = ReturnType<typeof ownerNotices>;
