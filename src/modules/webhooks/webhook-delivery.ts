import { Webhook } from 'standardwebhooks';
import type { Clock } from '../../auth/clock.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import {
  type ClaimedJob,
  enqueue,
  type JobWorker,
  PermanentJobError,
} from '../../jobs/job-queue.js';
import type { MailOutbox } from '../../mail/outbox.js';
import { renderMail } from '../../mail/templates/template.js';
import type { Metrics } from '../../observability/metrics.js';
import {
  type Delivery,
  isOpen,
  nextDelivery,
  nextEndpoint,
  webhookBackoff,
} from './delivery-states.js';
import { webhookDisabledMail } from './webhook-disabled-mail.js';
import { WEBHOOK_DELIVER_JOB } from './webhook-events.js';
import type { WebhookResponse, WebhookSend } from './webhook-sender.js';
import { type DeliveryWork, webhooksRepository } from './webhooks.repository.js';

export const WEBHOOK_SWEEP_JOB = 'webhooks.sweep';
export const WEBHOOK_PRUNE_JOB = 'webhooks.prune';
const SWEEP_EVERY_MS = 60_000;
const PRUNE_EVERY_MS = 60 * 60_000;
/** Finished deliveries and their attempts stay this long in the admin's log. */
export const DELIVERY_RETENTION_MS = 14 * 24 * 60 * 60_000;
/** Attempts in all (about thirty fit in the day); the day, not this, ends a delivery. */
const MAX_JOB_ATTEMPTS = 100;
/** Well past the 10 s request bound: a claim lapses only when its worker died. */
const CLAIM_MS = 60_000;

interface DeliveryLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface WebhookDeliveryDeps {
  db: Db;
  clock: Clock;
  log: DeliveryLog;
  send: WebhookSend;
  metrics: Pick<Metrics, 'webhookAttempts'>;
  outbox: MailOutbox;
  config: Pick<Config, 'publicBaseUrl' | 'shopLanguage'>;
}

/** A job for the delivery, due when it is (a duplicate finds it claimed and does nothing). */
export function enqueueDelivery(trx: Db, deliveryId: number, now: Date, runAt?: Date | null) {
  return enqueue(
    trx,
    WEBHOOK_DELIVER_JOB,
    { delivery_id: deliveryId },
    { now, ...(runAt && runAt > now ? { runAt } : {}) },
  );
}

/**
 * The job that delivers one event to one endpoint (after the commit that wrote
 * it): at least once, in order per lane, signed per Standard Webhooks. Three
 * steps, none holding a transaction over the network: the attempt is marked
 * (delivering), the request is sent, the outcome is stored. A worker that dies
 * between sending and storing leaves the delivery `delivering`; its job's lease
 * lapses, another worker sends it again with the same `webhook-id`, and the
 * receiver drops the repeat by that id.
 */
export function webhookDeliveryHandler(deps: WebhookDeliveryDeps) {
  const { db, clock, log } = deps;

  /** Step 1: the attempt, if this delivery's turn has come and its endpoint is active. */
  function begin(id: number) {
    return inTransaction(db, async (trx) => {
      const rows = webhooksRepository(trx);
      const work = await rows.lockDelivery(id);
      // Gone (endpoint deleted), finished, or waiting for its endpoint to be enabled.
      if (!work || !isOpen(work.delivery.state) || work.endpoint.state !== 'active') return null;
      // An earlier delivery of its lane goes first; its end hands the turn on. The
      // earlier ones are locked: one whose end is committing now is waited for.
      if (await rows.hasOpenBefore(work)) return null;
      // Not due yet, or claimed by a worker that is alive: nothing to do here.
      const delivery = nextDelivery(work.delivery, {
        kind: 'attempt',
        at: clock.now(),
        claimMs: CLAIM_MS,
      });
      if (!delivery) return null;
      await rows.saveDelivery(work.id, work.delivery, delivery);
      return { work, delivery };
    });
  }

  function send(work: DeliveryWork): Promise<WebhookResponse> {
    const at = clock.now();
    const signature = new Webhook(work.endpoint.secret).sign(work.message_id, at, work.body);
    return deps.send({
      url: work.endpoint.url,
      body: work.body,
      headers: {
        'webhook-id': work.message_id,
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': signature,
      },
    });
  }

  /** Step 3: the outcome, the endpoint's health, and the lane's next delivery when this one ended. */
  function finish(work: DeliveryWork, from: Delivery, response: WebhookResponse, attempt: number) {
    return inTransaction(db, async (trx) => {
      const rows = webhooksRepository(trx);
      const at = clock.now();
      const ok = response.error === null;
      const next = nextDelivery(
        from,
        ok ? { kind: 'succeeded', at } : { kind: 'failed', at, retryInMs: webhookBackoff(attempt) },
      )!;
      const saved = await rows.saveDelivery(work.id, from, next, {
        status: response.status,
        error: response.error,
      });
      // Another worker took this delivery over (this one's lease lapsed): its outcome counts.
      if (!saved) return null;
      await rows.insertAttempt({
        delivery_id: work.id,
        attempt: from.attempts,
        at,
        status_code: response.status,
        error: response.error,
        duration_ms: response.durationMs,
      });
      const endpoint = await rows.lockEndpoint(work.endpoint_id);
      if (endpoint) {
        const step = nextEndpoint(endpoint, { kind: ok ? 'delivered' : 'failed', at });
        if (step.endpoint !== endpoint) await rows.saveEndpoint(work.endpoint_id, step.endpoint);
        if (step.disabled) await tellTheShop(trx, work, response);
      }
      if (!isOpen(next.state)) {
        const following = await rows.nextOpenAfter(work);
        if (following)
          await enqueueDelivery(trx, Number(following.id), at, following.next_attempt_at);
      }
      return next;
    });
  }

  async function tellTheShop(trx: Db, work: DeliveryWork, response: WebhookResponse) {
    log.warn(
      { webhook: { endpoint_id: work.endpoint_id }, error: response.error },
      'webhook endpoint disabled after a day of failures',
    );
    const mail = renderMail(
      webhookDisabledMail,
      {
        url: work.endpoint.url,
        lastError: response.error ?? 'unknown',
        adminUrl: new URL('/admin/webhooks', deps.config.publicBaseUrl).href,
      },
      // To the shop's admins: in the shop's language.
      deps.config.shopLanguage,
    );
    const admins = await trx.selectFrom('admins').select('email').execute();
    for (const admin of admins) await deps.outbox.queue(trx, { ...mail, to: admin.email });
  }

  return async function handle(job: ClaimedJob<{ delivery_id: number }>): Promise<void> {
    const begun = await begin(job.payload.delivery_id);
    if (!begun) return;
    const response = await send(begun.work);
    deps.metrics.webhookAttempts.inc({
      outcome: response.refused ? 'refused' : response.error ? 'failed' : 'delivered',
    });
    const ended = await finish(begun.work, begun.delivery, response, job.attempt);
    if (!ended || ended.state === 'delivered') return;
    log.info(
      {
        webhook: { delivery_id: begun.work.id, endpoint_id: begun.work.endpoint_id },
        attempt: begun.delivery.attempts,
        error: response.error,
      },
      ended.state === 'failed'
        ? 'webhook not delivered: giving up'
        : 'webhook not delivered: will retry',
    );
    // The queue retries after webhookBackoff(job.attempt), as next_attempt_at says.
    if (ended.state === 'failed') throw new PermanentJobError(response.error ?? 'failed');
    throw new Error(response.error ?? 'failed');
  };
}

/** Registers delivery, the sweep that hands out turns nobody holds, and the log's pruning. */
export function registerWebhookDelivery(jobs: JobWorker, deps: WebhookDeliveryDeps): void {
  jobs.register<{ delivery_id: number }>(WEBHOOK_DELIVER_JOB, {
    handle: webhookDeliveryHandler(deps),
    backoffMs: webhookBackoff,
    maxAttempts: MAX_JOB_ATTEMPTS,
    // Several endpoints at once, so one slow receiver does not hold the others.
    concurrency: 4,
    leaseMs: CLAIM_MS,
  });

  // A delivery whose turn came while nobody could hand it on (a race between a lane's
  // last delivery ending and a new one committing; a job lost with its worker) is
  // handed to a job here.
  jobs.register(WEBHOOK_SWEEP_JOB, {
    everyMs: SWEEP_EVERY_MS,
    maxAttempts: 1,
    async handle() {
      const now = deps.clock.now();
      const due = await webhooksRepository(deps.db).dueHeadsWithoutJob(WEBHOOK_DELIVER_JOB, 500);
      for (const head of due) await enqueueDelivery(deps.db, head.id, now, head.next_attempt_at);
    },
  });

  jobs.register(WEBHOOK_PRUNE_JOB, {
    everyMs: PRUNE_EVERY_MS,
    maxAttempts: 1,
    async handle() {
      const before = new Date(deps.clock.now().getTime() - DELIVERY_RETENTION_MS);
      const pruned = await webhooksRepository(deps.db).pruneBefore(before);
      if (pruned > 0) deps.log.info({ pruned }, 'finished webhook deliveries pruned');
    },
  });
}
