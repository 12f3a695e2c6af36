import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { WebhookDeliveryState } from '../../db/schema.js';
import type { Delivery, Endpoint } from './delivery-states.js';

const OPEN_STATES: WebhookDeliveryState[] = ['pending', 'delivering', 'retrying'];

/** A delivery as its job works on it: with its endpoint and the event it carries. */
export interface DeliveryWork {
  id: number;
  endpoint_id: number;
  lane: string;
  delivery: Delivery;
  endpoint: Endpoint & { url: string; secret: string };
  message_id: string;
  type: string;
  body: string;
}

const toDelivery = (row: {
  state: WebhookDeliveryState;
  attempts: number;
  first_attempt_at: Date | null;
  next_attempt_at: Date | null;
  finished_at: Date | null;
}): Delivery => ({
  state: row.state,
  attempts: row.attempts,
  firstAttemptAt: row.first_attempt_at,
  nextAttemptAt: row.next_attempt_at,
  finishedAt: row.finished_at,
});

/** All SQL of outbound webhooks (migration 0055). */
export function webhooksRepository(db: Db) {
  return {
    /**
     * Endpoints that want this event type; a disabled one too: its deliveries wait
     * and go out, in order, once it is enabled (a cross-listing tool must not miss a sale).
     */
    async subscribers(type: string): Promise<number[]> {
      const rows = await db
        .selectFrom('webhook_endpoints')
        .select('id')
        .where(sql<boolean>`${type} = ANY(events)`)
        .orderBy('id')
        .execute();
      return rows.map((row) => row.id);
    },

    async insertEvent(event: {
      message_id: string;
      type: string;
      lane: string;
      body: string;
      created_at: Date;
    }): Promise<number> {
      const row = await db
        .insertInto('webhook_events')
        .values(event)
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async insertDeliveries(
      endpointIds: number[],
      eventId: number,
      lane: string,
      now: Date,
    ): Promise<number[]> {
      const rows = await db
        .insertInto('webhook_deliveries')
        .values(
          endpointIds.map((endpoint_id) => ({
            endpoint_id,
            event_id: eventId,
            lane,
            next_attempt_at: now,
            created_at: now,
          })),
        )
        .returning('id')
        .execute();
      return rows.map((row) => Number(row.id));
    },

    /** What an item event says about each item (read in the event's transaction). */
    itemSnapshots(ids: readonly number[]) {
      return db
        .selectFrom('items')
        .select(['id', 'title', 'status', 'price_cents'])
        .where('id', 'in', ids)
        .orderBy('id')
        .execute();
    },

    async countEndpoints(): Promise<number> {
      const row = await db
        .selectFrom('webhook_endpoints')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async insertEndpoint(endpoint: {
      url: string;
      events: string[];
      secret: string;
      created_at: Date;
    }) {
      return db
        .insertInto('webhook_endpoints')
        .values(endpoint)
        .returning(['id', 'url', 'events', 'state', 'failing_since', 'disabled_at', 'created_at'])
        .executeTakeFirstOrThrow();
    },

    listEndpoints() {
      return db
        .selectFrom('webhook_endpoints')
        .select(['id', 'url', 'events', 'state', 'failing_since', 'disabled_at', 'created_at'])
        .orderBy('id')
        .execute();
    },

    findEndpoint(id: number) {
      return db
        .selectFrom('webhook_endpoints')
        .select(['id', 'url', 'events', 'state', 'failing_since', 'disabled_at', 'created_at'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async deleteEndpoint(id: number): Promise<boolean> {
      const rows = await db
        .deleteFrom('webhook_endpoints')
        .where('id', '=', id)
        .returning('id')
        .execute();
      return rows.length > 0;
    },

    /** Locks the endpoint row: its state changes one delivery outcome at a time. */
    async lockEndpoint(id: number): Promise<Endpoint | undefined> {
      const row = await db
        .selectFrom('webhook_endpoints')
        .select(['state', 'failing_since', 'disabled_at'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      return row
        ? { state: row.state, failingSince: row.failing_since, disabledAt: row.disabled_at }
        : undefined;
    },

    async saveEndpoint(id: number, endpoint: Endpoint): Promise<void> {
      await db
        .updateTable('webhook_endpoints')
        .set({
          state: endpoint.state,
          failing_since: endpoint.failingSince,
          disabled_at: endpoint.disabledAt,
        })
        .where('id', '=', id)
        .execute();
    },

    /** The delivery, its endpoint and its event, the delivery row locked for this step. */
    async lockDelivery(id: number): Promise<DeliveryWork | undefined> {
      const row = await db
        .selectFrom('webhook_deliveries as d')
        .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
        .innerJoin('webhook_events as v', 'v.id', 'd.event_id')
        .select([
          'd.id',
          'd.endpoint_id',
          'd.lane',
          'd.state',
          'd.attempts',
          'd.first_attempt_at',
          'd.next_attempt_at',
          'd.finished_at',
          'e.url',
          'e.secret',
          'e.state as endpoint_state',
          'e.failing_since',
          'e.disabled_at',
          'v.message_id',
          'v.type',
          'v.body',
        ])
        .where('d.id', '=', id)
        .forUpdate('d')
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        id: Number(row.id),
        endpoint_id: row.endpoint_id,
        lane: row.lane,
        delivery: toDelivery(row),
        endpoint: {
          state: row.endpoint_state,
          failingSince: row.failing_since,
          disabledAt: row.disabled_at,
          url: row.url,
          secret: row.secret,
        },
        message_id: row.message_id,
        type: row.type,
        body: row.body,
      };
    },

    /** Whether an earlier delivery of the same endpoint and lane is still open (it goes first). */
    async hasOpenBefore(work: Pick<DeliveryWork, 'id' | 'endpoint_id' | 'lane'>): Promise<boolean> {
      const row = await db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('endpoint_id', '=', work.endpoint_id)
        .where('lane', '=', work.lane)
        .where('state', 'in', OPEN_STATES)
        .where('id', '<', work.id)
        .orderBy('id')
        .limit(1)
        .forUpdate()
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The next open delivery of the lane after `work` (its turn has come). */
    async nextOpenAfter(work: Pick<DeliveryWork, 'id' | 'endpoint_id' | 'lane'>) {
      return db
        .selectFrom('webhook_deliveries')
        .select(['id', 'next_attempt_at'])
        .where('endpoint_id', '=', work.endpoint_id)
        .where('lane', '=', work.lane)
        .where('state', 'in', OPEN_STATES)
        .where('id', '>', work.id)
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
    },

    /** Stores a step, fenced on the state and attempt count it was computed from. */
    async saveDelivery(
      id: number,
      from: Pick<Delivery, 'state' | 'attempts'>,
      to: Delivery,
      last?: { status: number | null; error: string | null },
    ): Promise<boolean> {
      const rows = await db
        .updateTable('webhook_deliveries')
        .set({
          state: to.state,
          attempts: to.attempts,
          first_attempt_at: to.firstAttemptAt,
          next_attempt_at: to.nextAttemptAt,
          finished_at: to.finishedAt,
          ...(last ? { last_status: last.status, last_error: last.error } : {}),
        })
        .where('id', '=', id)
        .where('state', '=', from.state)
        .where('attempts', '=', from.attempts)
        .returning('id')
        .execute();
      return rows.length > 0;
    },

    async insertAttempt(attempt: {
      delivery_id: number;
      attempt: number;
      at: Date;
      status_code: number | null;
      error: string | null;
      duration_ms: number;
    }): Promise<void> {
      await db.insertInto('webhook_attempts').values(attempt).execute();
    },

    /**
     * Open deliveries whose turn has come (first open one of their endpoint and lane,
     * endpoint active) and that no job is working on: what the sweep hands to jobs.
     */
    async dueHeadsWithoutJob(jobKind: string, limit: number) {
      const { rows } = await sql<{ id: number; next_attempt_at: Date | null }>`
        SELECT d.id, d.next_attempt_at
        FROM webhook_deliveries d
        JOIN webhook_endpoints e ON e.id = d.endpoint_id AND e.state = 'active'
        WHERE d.state IN ('pending', 'delivering', 'retrying')
          AND NOT EXISTS (
            SELECT 1 FROM webhook_deliveries p
            WHERE p.endpoint_id = d.endpoint_id AND p.lane = d.lane
              AND p.state IN ('pending', 'delivering', 'retrying') AND p.id < d.id)
          AND NOT EXISTS (
            SELECT 1 FROM jobs j
            WHERE j.kind = ${jobKind} AND j.state IN ('queued', 'running')
              AND j.payload->>'delivery_id' = d.id::text)
        ORDER BY d.id
        LIMIT ${limit}`.execute(db);
      return rows.map((row) => ({ id: Number(row.id), next_attempt_at: row.next_attempt_at }));
    },

    /** The first open delivery of each lane of an endpoint (an enabled endpoint starts again). */
    async openHeadsOf(endpointId: number) {
      const { rows } = await sql<{ id: number; next_attempt_at: Date | null }>`
        SELECT DISTINCT ON (lane) id, next_attempt_at FROM webhook_deliveries
        WHERE endpoint_id = ${endpointId} AND state IN ('pending', 'delivering', 'retrying')
        ORDER BY lane, id`.execute(db);
      return rows.map((row) => ({ id: Number(row.id), next_attempt_at: row.next_attempt_at }));
    },

    /** A delivery of the endpoint as the admin's log shows it, newest first. */
    async deliveriesOf(endpointId: number, limit: number, beforeId?: number) {
      let query = db
        .selectFrom('webhook_deliveries as d')
        .innerJoin('webhook_events as v', 'v.id', 'd.event_id')
        .select([
          'd.id',
          'v.type as event_type',
          'v.message_id as webhook_id',
          'd.state',
          'd.attempts',
          'd.last_status',
          'd.last_error',
          'd.next_attempt_at',
          'd.created_at',
          'd.finished_at',
        ])
        .where('d.endpoint_id', '=', endpointId)
        .orderBy('d.id', 'desc')
        .limit(limit + 1);
      if (beforeId !== undefined) query = query.where('d.id', '<', beforeId);
      return query.execute();
    },

    attemptsOf(deliveryIds: readonly number[]) {
      if (deliveryIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('webhook_attempts')
        .select(['delivery_id', 'attempt', 'at', 'status_code', 'error', 'duration_ms'])
        .where('delivery_id', 'in', deliveryIds)
        .orderBy('id')
        .execute();
    },

    async findDelivery(endpointId: number, id: number) {
      return db
        .selectFrom('webhook_deliveries')
        .select(['id', 'state', 'attempts', 'first_attempt_at', 'next_attempt_at', 'finished_at'])
        .where('endpoint_id', '=', endpointId)
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst()
        .then((row) => (row ? { id: Number(row.id), delivery: toDelivery(row) } : undefined));
    },

    /** Finished deliveries (and their attempts) older than `before`, then events left without any. */
    async pruneBefore(before: Date): Promise<number> {
      const pruned = await db
        .deleteFrom('webhook_deliveries')
        .where('finished_at', '<', before)
        .where('state', 'in', ['delivered', 'failed'])
        .returning('id')
        .execute();
      await sql`
        DELETE FROM webhook_events v
        WHERE v.created_at < ${before}
          AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = v.id)`.execute(db);
      return pruned.length;
    },

    /** The backlog /metrics reports: open and failed deliveries, the oldest open one, disabled endpoints. */
    async backlog(now: Date) {
      const { rows } = await sql<{
        waiting: number;
        failed: number;
        oldest: Date | null;
        disabled: number;
      }>`
        SELECT
          (SELECT count(*) FROM webhook_deliveries
             WHERE state IN ('pending', 'delivering', 'retrying')) AS waiting,
          (SELECT count(*) FROM webhook_deliveries WHERE state = 'failed') AS failed,
          (SELECT min(created_at) FROM webhook_deliveries
             WHERE state IN ('pending', 'delivering', 'retrying')) AS oldest,
          (SELECT count(*) FROM webhook_endpoints WHERE state = 'disabled') AS disabled`.execute(
        db,
      );
      const row = rows[0]!;
      return {
        waiting: Number(row.waiting),
        failed: Number(row.failed),
        oldest_age_seconds: row.oldest
          ? Math.max(0, (now.getTime() - new Date(row.oldest).getTime()) / 1000)
          : 0,
        endpoints_disabled: Number(row.disabled),
      };
    },
  };
}
