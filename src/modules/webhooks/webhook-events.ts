import type { Clock } from '../../auth/clock.js';
import type { RandomBytes } from '../../auth/tokens.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { enqueue } from '../../jobs/job-queue.js';
import type { Order } from '../orders/orders.schemas.js';
import {
  type ItemEventData,
  type ItemEventType,
  laneOf,
  type OrderEventData,
  type WebhookData,
  type WebhookEventType,
} from './webhook-payloads.js';
import { webhooksRepository } from './webhooks.repository.js';

/**
 * The job that delivers one delivery (one event to one endpoint). A delivery may
 * get more than one job (a hand-on, the sweep, a redelivery): its state decides,
 * and a second job finds it claimed and does nothing.
 */
export const WEBHOOK_DELIVER_JOB = 'webhooks.deliver';

/**
 * Writes webhook events in the transaction that causes them (contract, third
 * round): the event and its deliveries exist iff that transaction commits, and
 * the job queue delivers them after the commit. One line where the cause is:
 *
 *   await ctx.webhookEvents.record(trx, 'order.paid', orderEventData(order));
 *   await ctx.webhookEvents.items(trx, 'item.sold', soldItemIds);
 *
 * With no endpoint wanting the type, this costs one indexed read of a small table.
 */
export interface WebhookEvents {
  record<T extends WebhookEventType>(trx: Db, type: T, data: WebhookData<T>): Promise<void>;
  /** One event per item, each as the item is in this transaction (read here). */
  items(trx: Db, type: ItemEventType, itemIds: readonly number[]): Promise<void>;
}

export function webhookEvents(deps: {
  clock: Clock;
  random: RandomBytes;
  config: Pick<Config, 'publicBaseUrl' | 'shopCurrency'>;
}): WebhookEvents {
  async function write(trx: Db, endpoints: number[], type: WebhookEventType, data: object) {
    const now = deps.clock.now();
    const rows = webhooksRepository(trx);
    const lane = laneOf(type, data as { id?: number; item_id?: number });
    const body = JSON.stringify({ type, timestamp: now.toISOString(), data });
    const eventId = await rows.insertEvent({
      message_id: `msg_${deps.random(16).toString('hex')}`,
      type,
      lane,
      body,
      created_at: now,
    });
    for (const deliveryId of await rows.insertDeliveries(endpoints, eventId, lane, now)) {
      await enqueue(trx, WEBHOOK_DELIVER_JOB, { delivery_id: deliveryId }, { now });
    }
  }

  return {
    async record(trx, type, data) {
      const endpoints = await webhooksRepository(trx).subscribers(type);
      if (endpoints.length === 0) return;
      await write(trx, endpoints, type, data);
    },

    async items(trx, type, itemIds) {
      if (itemIds.length === 0) return;
      const rows = webhooksRepository(trx);
      const endpoints = await rows.subscribers(type);
      if (endpoints.length === 0) return;
      for (const item of await rows.itemSnapshots(itemIds)) {
        const data: ItemEventData = {
          id: item.id,
          title: item.title,
          status: item.status,
          price_cents: item.price_cents,
          currency: deps.config.shopCurrency,
          url: new URL(`/items/${item.id}`, deps.config.publicBaseUrl).href,
        };
        await write(trx, endpoints, type, data);
      }
    },
  };
}

/** An order as its webhook events carry it (no buyer's personal data). */
export function orderEventData(
  order: Pick<
    Order,
    'id' | 'number' | 'state' | 'fulfilment' | 'total_cents' | 'currency' | 'lines'
  >,
): OrderEventData {
  return {
    id: order.id,
    number: order.number,
    state: order.state,
    fulfilment: order.fulfilment,
    total_cents: order.total_cents,
    currency: order.currency,
    item_ids: order.lines.flatMap((line) => (line.item_id === null ? [] : [line.item_id])),
  };
}
